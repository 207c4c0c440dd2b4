<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>AccessGate</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>EntityField</name>
    <message>
        <source>Entity id</source>
        <translation>Rechtsträger-ID</translation>
    </message>
    <message>
        <source>Legal name</source>
        <translation>Eingetragener Name</translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation>Rechtsform</translation>
    </message>
    <message>
        <source>Jurisdiction of formation</source>
        <translation>Gründungsrechtsordnung</translation>
    </message>
    <message>
        <source>Formation date</source>
        <translation>Gründungsdatum</translation>
    </message>
    <message>
        <source>Registered agent</source>
        <translation>Registered Agent</translation>
    </message>
    <message>
        <source>Registered agent&apos;s address</source>
        <translation>Anschrift des Registered Agent</translation>
    </message>
    <message>
        <source>Registered agent&apos;s status</source>
        <translation>Status des Registered Agent</translation>
    </message>
    <message>
        <source>Principal office</source>
        <translation>Hauptgeschäftssitz</translation>
    </message>
    <message>
        <source>Officers and managers</source>
        <translation>Officers und Geschäftsführung</translation>
    </message>
    <message>
        <source>EIN</source>
        <translation>EIN</translation>
    </message>
    <message>
        <source>Fiscal year end</source>
        <translation>Ende des Geschäftsjahres</translation>
    </message>
    <message>
        <source>Authorized shares</source>
        <translation>Genehmigte Aktien</translation>
    </message>
    <message>
        <source>State file number</source>
        <translation>Registernummer des Staates</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Risk tier</source>
        <translation>Risikostufe</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Verantwortlich</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
</context>
<context>
    <name>FilingTask</name>
    <message>
        <source>withdrawn by %1: will not file (%2)</source>
        <translation>zurückgezogen von %1: wird nicht übermittelt (%2)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Copy rows</source>
        <translation>Zeilen kopieren</translation>
    </message>
</context>
<context>
    <name>StateLabel</name>
    <message>
        <source>Planned (opens %1)</source>
        <translation>Geplant (freigegeben ab %1)</translation>
    </message>
    <message>
        <source>Planned (window not open yet)</source>
        <translation>Geplant (Zeitfenster noch nicht offen)</translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation>Daten fehlen</translation>
    </message>
    <message>
        <source>Nothing to file</source>
        <translation>Nichts einzureichen</translation>
    </message>
    <message>
        <source>Row could not be read</source>
        <translation>Zeile nicht lesbar</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Wird geprüft</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>Wird gesendet</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Übermittelt</translation>
    </message>
    <message>
        <source>Will try again</source>
        <translation>Wird erneut versucht</translation>
    </message>
    <message>
        <source>Halted — needs a person</source>
        <translation>Angehalten — braucht einen Menschen</translation>
    </message>
    <message>
        <source>Could not be filed — needs a person</source>
        <translation>Übermittlung gescheitert — braucht einen Menschen</translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation>Zurückgezogen — wird nicht übermittelt</translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>no FilingDesk role</source>
        <translation>keine FilingDesk-Rolle</translation>
    </message>
    <message>
        <source>worker or operator</source>
        <translation>Worker oder Operator</translation>
    </message>
    <message>
        <source>needs the %1 role (%2 has: %3)</source>
        <translation>erfordert die Rolle %1 (%2 hat: %3)</translation>
    </message>
</context>
<context>
    <name>UnsentRebuild</name>
    <message>
        <source>payload rebuilt from the entity register before it was sent: sha256 %1 -&gt; %2</source>
        <translation>Nutzdaten vor dem Senden aus dem Rechtsträgerregister neu erstellt: SHA-256 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>its due date is now %1 (admitted with %2)</source>
        <translation>seine Fälligkeit ist jetzt %1 (aufgenommen mit %2)</translation>
    </message>
    <message>
        <source>its expected fee is now %1 (admitted with %2)</source>
        <translation>seine erwartete Gebühr ist jetzt %1 (aufgenommen mit %2)</translation>
    </message>
    <message>
        <source>it is no longer owed: %1</source>
        <translation>es ist nicht mehr geschuldet: %1</translation>
    </message>
    <message>
        <source>it cannot be planned until %1 is filled in</source>
        <translation>es kann erst geplant werden, wenn %1 ausgefüllt ist</translation>
    </message>
    <message>
        <source>the register&apos;s data gives no filing of this kind</source>
        <translation>die Daten des Registers ergeben keine Einreichung dieser Art</translation>
    </message>
    <message>
        <source>the register&apos;s data gives other filings: %1</source>
        <translation>die Daten des Registers ergeben andere Einreichungen: %1</translation>
    </message>
    <message>
        <source>the entity is now registered in %1: it is no longer owed in %2 as admitted</source>
        <translation>der Rechtsträger ist jetzt in %1 eingetragen: in %2 ist die Einreichung so, wie sie aufgenommen wurde, nicht mehr geschuldet</translation>
    </message>
    <message>
        <source>the entity register changed after this filing was admitted and %1; withdraw it, or requeue it to send it as the register now gives it</source>
        <translation>das Rechtsträgerregister hat sich geändert, nachdem diese Einreichung aufgenommen wurde, und %1; ziehen Sie sie zurück oder reihen Sie sie neu ein, um sie so zu senden, wie das Register sie jetzt ergibt</translation>
    </message>
</context>
<context>
    <name>fd::Compliance</name>
    <message>
        <source>Filed</source>
        <translation>Übermittelt</translation>
    </message>
    <message>
        <source>Filed — fee differs</source>
        <translation>Übermittelt — Gebühr weicht ab</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>Überfällig</translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation>Daten fehlen</translation>
    </message>
    <message>
        <source>Will not file</source>
        <translation>Wird nicht übermittelt</translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation>Braucht einen Menschen</translation>
    </message>
</context>
<context>
    <name>fd::Engine</name>
    <message>
        <source>the built-in rules file does not load</source>
        <translation>die eingebaute Regeldatei lässt sich nicht laden</translation>
    </message>
    <message>
        <source>connecting to Redis</source>
        <translation>Verbindung zu Redis wird hergestellt</translation>
    </message>
    <message>
        <source>batch %1: %2 task(s)</source>
        <translation>Lauf %1: %2 Aufgabe(n)</translation>
    </message>
    <message>
        <source>batch %1 paused</source>
        <translation>Lauf %1 angehalten</translation>
    </message>
    <message>
        <source>batch %1 resumed</source>
        <translation>Lauf %1 fortgesetzt</translation>
    </message>
    <message>
        <source>batch %1 cancelled; %2 task(s) back to PENDING</source>
        <translation>Lauf %1 abgebrochen; %2 Aufgabe(n) zurück auf PENDING</translation>
    </message>
    <message>
        <source>entity name is empty</source>
        <translation>der Name des Rechtsträgers ist leer</translation>
    </message>
    <message>
        <source>negative fee</source>
        <translation>negative Gebühr</translation>
    </message>
    <message>
        <source>no registry URL is configured for %1</source>
        <translation>für %1 ist keine Register-URL eingerichtet</translation>
    </message>
    <message>
        <source>looked up before sending again: the registry has no filing under this key; it will be sent</source>
        <translation>vor erneutem Senden nachgefragt: das Register kennt unter diesem Schlüssel kein Filing; es wird gesendet</translation>
    </message>
    <message>
        <source>the outcome of an earlier submission is unknown and this registry has no look-up: a person must check before anything is re-sent</source>
        <translation>das Ergebnis einer früheren Übermittlung ist unbekannt und dieses Register bietet keine Abfrage: vor einem erneuten Senden muss ein Mensch prüfen</translation>
    </message>
    <message>
        <source>idempotent replay: filed earlier</source>
        <translation>idempotente Wiederholung: bereits früher übermittelt</translation>
    </message>
    <message>
        <source>the %1 registry keeps failing (last: %2 %3); nothing more is sent there until a trial request at %4 UTC</source>
        <translation>das Register %1 ist weiterhin gestört (zuletzt: %2 %3); dorthin wird bis zu einer Probeanfrage um %4 UTC nichts mehr gesendet</translation>
    </message>
    <message>
        <source>retries exhausted after %1 attempts</source>
        <translation>Wiederholungen nach %1 Versuchen ausgeschöpft</translation>
    </message>
    <message>
        <source>%1 after %2 attempts</source>
        <translation>%1 nach %2 Versuchen</translation>
    </message>
    <message>
        <source>the %1 registry answers again; dispatch there resumes</source>
        <translation>das Register %1 antwortet wieder; das Senden dorthin wird fortgesetzt</translation>
    </message>
    <message>
        <source>no portfolio is loaded</source>
        <translation>kein Portfolio geladen</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>a replay needs a reason</source>
        <translation>ein erneutes Senden braucht eine Begründung</translation>
    </message>
    <message>
        <source>resolving a halt needs a reason</source>
        <translation>das Auflösen eines Halts braucht eine Begründung</translation>
    </message>
    <message>
        <source>only a reconciliation exception with a confirmation number can be accepted as filed; requeue or withdraw %1 instead</source>
        <translation>nur eine Abgleichsausnahme mit Bestätigungsnummer kann als übermittelt anerkannt werden; %1 stattdessen neu einreihen oder zurückziehen</translation>
    </message>
    <message>
        <source>withdrawing a filing needs a reason</source>
        <translation>das Zurückziehen eines Filings braucht eine Begründung</translation>
    </message>
    <message>
        <source>batch %1 has nothing left to send</source>
        <translation>Lauf %1 hat nichts mehr zu senden</translation>
    </message>
    <message>
        <source>%1; rules %2; database %3; %4 task(s) resumed, %5 to look up first</source>
        <translation>%1; Regeln %2; Datenbank %3; %4 Aufgabe(n) wieder aufgenommen, %5 zuerst beim Register nachzufragen</translation>
    </message>
    <message>
        <source>cannot store the admitted tasks: %1</source>
        <translation>die aufgenommenen Aufgaben können nicht gespeichert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>launch of %n task(s)</source>
        <translation>
            <numerusform>Start von %n Aufgabe</numerusform>
            <numerusform>Start von %n Aufgaben</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 resumed after the audit database failed</source>
        <translation>Lauf %1 nach dem Ausfall der Prüfpfad-Datenbank fortgesetzt</translation>
    </message>
    <message>
        <source>cancel of %1</source>
        <translation>Abbruch von %1</translation>
    </message>
    <message>
        <source>transition %1 -&gt; %2 of %3</source>
        <translation>Übergang %1 -&gt; %2 von %3</translation>
    </message>
    <message>
        <source>audit write failed: %1</source>
        <translation>Schreiben in den Prüfpfad fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>audit write failed: %1: %2</source>
        <translation>Schreiben in den Prüfpfad fehlgeschlagen: %1: %2</translation>
    </message>
    <message>
        <source>%1; dispatch is paused until an operator resumes it</source>
        <translation>%1; das Senden ist angehalten, bis eine Bedienperson es fortsetzt</translation>
    </message>
    <message>
        <source>looking the filing up before anything is sent again</source>
        <translation>das Filing wird vor einem erneuten Senden beim Register nachgefragt</translation>
    </message>
    <message numerus="yes">
        <source>DISPATCHING of %n filing(s)</source>
        <translation>
            <numerusform>DISPATCHING von %n Filing</numerusform>
            <numerusform>DISPATCHING von %n Filings</numerusform>
        </translation>
    </message>
    <message>
        <source>the fleet gate reclaimed the permit of this request on %1 while it was on the wire (its lease ran out): the fleet cap may have been exceeded</source>
        <translation>die Flotten-Sendesteuerung hat die Sendeberechtigung dieser Anfrage in %1 zurückgenommen, während sie in Übertragung war (ihre Lease war abgelaufen): die flottenweite Obergrenze wurde womöglich überschritten</translation>
    </message>
    <message>
        <source>%1; the outcome is unknown: the filing is looked up before anything is sent again</source>
        <translation>%1; das Ergebnis ist unbekannt: das Filing wird vor einem erneuten Senden beim Register nachgefragt</translation>
    </message>
    <message>
        <source>a change of settings needs a reason</source>
        <translation>eine Änderung der Einstellungen braucht eine Begründung</translation>
    </message>
    <message>
        <source>%1; rules %2; team ledger %3 as member %4 (%5); %6 task(s) in the ledger%7</source>
        <translation>%1; Regeln %2; Team-Ledger %3 als Mitglied %4 (%5); %6 Aufgabe(n) im Ledger%7</translation>
    </message>
    <message>
        <source>, read from this desk&apos;s mirror: the ledger is unreachable</source>
        <translation>, gelesen aus dem Spiegel dieses Arbeitsplatzes: der Ledger ist nicht erreichbar</translation>
    </message>
    <message>
        <source>the ledger cannot be reached (%1): nothing is sent until it answers again; the audit shown is this desk&apos;s mirror</source>
        <translation>der Ledger ist nicht erreichbar (%1): nichts wird gesendet, bis er wieder antwortet; der angezeigte Prüfpfad ist der Spiegel dieses Arbeitsplatzes</translation>
    </message>
    <message>
        <source>the ledger answers again; sending resumes</source>
        <translation>der Ledger antwortet wieder; der Versand geht weiter</translation>
    </message>
    <message>
        <source>the batch was not launched: %1</source>
        <translation>der Lauf wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message numerus="yes">
        <source>member %1 stops sending; %n request(s) on the wire finish</source>
        <translation>
            <numerusform>Mitglied %1 sendet nicht mehr; %n Anfrage in Übertragung wird abgeschlossen</numerusform>
            <numerusform>Mitglied %1 sendet nicht mehr; %n Anfragen in Übertragung werden abgeschlossen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>in review by %1 on %2 since %3 UTC</source>
        <translation>in Prüfung bei %1 auf %2 seit %3 UTC</translation>
    </message>
    <message numerus="yes">
        <source>VALIDATING of %n filing(s)</source>
        <translation>
            <numerusform>VALIDATING von %n Filing</numerusform>
            <numerusform>VALIDATING von %n Filings</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing was admitted: the team ledger&apos;s audit trail does not verify</source>
        <translation>nichts wurde aufgenommen: der Prüfpfad des Team-Ledgers ist nicht intakt</translation>
    </message>
    <message>
        <source>the team ledger&apos;s audit trail does not verify (%1): this desk admits, launches, claims and sends nothing more; run &quot;filingdesk audit verify&quot; and call the ledger&apos;s administrator</source>
        <translation>der Prüfpfad des Team-Ledgers ist nicht intakt (%1): dieser Arbeitsplatz nimmt nichts mehr auf, startet, beansprucht und sendet nichts mehr; „filingdesk audit verify“ ausführen und die Administration des Ledgers verständigen</translation>
    </message>
    <message>
        <source>the batch was not launched: the team ledger&apos;s audit trail does not verify</source>
        <translation>der Lauf wurde nicht gestartet: der Prüfpfad des Team-Ledgers ist nicht intakt</translation>
    </message>
    <message>
        <source>no batch is running or paused: nothing was cancelled</source>
        <translation>kein Lauf läuft oder ist angehalten: nichts wurde abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es) are running or paused (%1): name the one to cancel</source>
        <translation>
            <numerusform>%n Lauf läuft oder ist angehalten (%1): den abzubrechenden Lauf nennen</numerusform>
            <numerusform>%n Läufe laufen oder sind angehalten (%1): den abzubrechenden Lauf nennen</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 is not this desk&apos;s batch (%2): nothing was cancelled</source>
        <translation>Lauf %1 ist nicht der Lauf dieses Arbeitsplatzes (%2): nichts wurde abgebrochen</translation>
    </message>
    <message>
        <source>not found %1 s after it was sent, but the registry may still be working on it: looked up again; only after %2 UTC does &quot;not found&quot; mean it was not filed</source>
        <translation>%1 s nach dem Senden nicht gefunden, das Register kann aber noch daran arbeiten: es wird erneut nachgefragt; erst nach %2 UTC bedeutet „nicht gefunden“, dass nichts übermittelt wurde</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are: only %2 can be acted on this way (%3)</source>
        <translation>
            <numerusform>%1: %n Filing unverändert gelassen: so behandeln lassen sich nur %2 (%3)</numerusform>
            <numerusform>%1: %n Filings unverändert gelassen: so behandeln lassen sich nur %2 (%3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation>Neu einreihen</translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation>Als übermittelt anerkennen</translation>
    </message>
    <message>
        <source>filings halted for a person</source>
        <translation>für einen Menschen angehaltene Filings</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>Zurückziehen</translation>
    </message>
    <message>
        <source>batch %1 is not running or paused: nothing changed</source>
        <translation>Lauf %1 läuft nicht und ist nicht angehalten: nichts geändert</translation>
    </message>
    <message>
        <source>no fleet gate (Redis) configured</source>
        <translation>keine Flotten-Sendesteuerung (Redis) eingerichtet</translation>
    </message>
    <message>
        <source>no registry configured for its jurisdictions</source>
        <translation>kein Register für seine Rechtsordnungen eingerichtet</translation>
    </message>
    <message>
        <source>cannot read the entity register: %1</source>
        <translation>das Rechtsträgerregister ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>%1: the entities could not be recorded in the register (nothing was loaded): %2</source>
        <translation>%1: die Rechtsträger konnten nicht ins Register geschrieben werden (nichts wurde geladen): %2</translation>
    </message>
    <message>
        <source>an edit of an entity needs a reason</source>
        <translation>eine Änderung an einem Rechtsträger braucht eine Begründung</translation>
    </message>
    <message>
        <source>%1 is not in the entity register</source>
        <translation>%1 ist nicht im Rechtsträgerregister</translation>
    </message>
    <message>
        <source>%1 was not changed: %2</source>
        <translation>%1 wurde nicht geändert: %2</translation>
    </message>
    <message>
        <source>deciding a conflict needs a reason</source>
        <translation>die Entscheidung eines Widerspruchs braucht eine Begründung</translation>
    </message>
    <message>
        <source>no open conflict on %1 of %2</source>
        <translation>kein offener Widerspruch bei %1 von %2</translation>
    </message>
    <message>
        <source>the conflict was not settled: %1</source>
        <translation>der Widerspruch wurde nicht entschieden: %1</translation>
    </message>
    <message>
        <source>payload unchanged (sha256 %1); was %2</source>
        <translation>Nutzdaten unverändert (SHA-256 %1); zuvor %2</translation>
    </message>
    <message>
        <source>payload rebuilt from the entity register: sha256 %1 -&gt; %2; was %3</source>
        <translation>Nutzdaten aus dem Rechtsträgerregister neu erstellt: SHA-256 %1 -&gt; %2; zuvor %3</translation>
    </message>
    <message>
        <source>a filing made outside FilingDesk needs its confirmation number and a reason</source>
        <translation>ein außerhalb von FilingDesk übermitteltes Filing braucht seine Bestätigungsnummer und eine Begründung</translation>
    </message>
    <message>
        <source>a filing made outside FilingDesk needs the fee charged and the date filed</source>
        <translation>ein außerhalb von FilingDesk übermitteltes Filing braucht die berechnete Gebühr und das Datum</translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation>Außerhalb von FilingDesk übermittelt</translation>
    </message>
    <message>
        <source>filings halted for a person or dead letters</source>
        <translation>für einen Menschen angehaltene Filings oder Dead Letters</translation>
    </message>
    <message>
        <source>filed outside FilingDesk on %1: confirmation %2, charged %3</source>
        <translation>am %1 außerhalb von FilingDesk übermittelt: Bestätigung %2, berechnet %3</translation>
    </message>
    <message>
        <source>charged %1, the rule&apos;s fee is %2</source>
        <translation>berechnet %1, die Gebühr laut Regel beträgt %2</translation>
    </message>
    <message>
        <source>as-of date changed from %1 to %2: %3 rows planned again</source>
        <translation>Stichtag von %1 auf %2 geändert: %3 Zeilen neu geplant</translation>
    </message>
    <message>
        <source> (grouped by day)</source>
        <translation> (nach Tag gruppiert)</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n Termin</numerusform>
            <numerusform>%n Termine</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> for %n filing(s) due by %1 written to %2</source>
        <translation>
            <numerusform> für %n Filing mit Fälligkeit bis %1 nach %2 geschrieben</numerusform>
            <numerusform> für %n Filings mit Fälligkeit bis %1 nach %2 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>no reminders</source>
        <translation>keine Erinnerungen</translation>
    </message>
    <message>
        <source>reminders %1 day(s) before</source>
        <translation>Erinnerungen %1 Tag(e) vorher</translation>
    </message>
    <message numerus="yes">
        <source>%n overdue filing(s) not filed in it, on their due dates</source>
        <translation>
            <numerusform>%n überfälliges, nicht übermitteltes Filing darin, an seinem Fälligkeitstag</numerusform>
            <numerusform>%n überfällige, nicht übermittelte Filings darin, an ihren Fälligkeitstagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) without a due date left out</source>
        <translation>
            <numerusform>%n Filing ohne Fälligkeit ausgelassen</numerusform>
            <numerusform>%n Filings ohne Fälligkeit ausgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due after %1 left out</source>
        <translation>
            <numerusform>%n Filing mit Fälligkeit nach %1 ausgelassen</numerusform>
            <numerusform>%n Filings mit Fälligkeit nach %1 ausgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) filed with a due date before %1 left out</source>
        <translation>
            <numerusform>%n übermitteltes Filing mit Fälligkeit vor %1 ausgelassen</numerusform>
            <numerusform>%n übermittelte Filings mit Fälligkeit vor %1 ausgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) with a due date before %1 left out</source>
        <translation>
            <numerusform>%n zurückgezogenes Filing mit Fälligkeit vor %1 ausgelassen</numerusform>
            <numerusform>%n zurückgezogene Filings mit Fälligkeit vor %1 ausgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) not filed of entities outside the portfolio left out</source>
        <translation>
            <numerusform>%n nicht übermitteltes Filing von Rechtsträgern außerhalb des Portfolios ausgelassen</numerusform>
            <numerusform>%n nicht übermittelte Filings von Rechtsträgern außerhalb des Portfolios ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>not allowed: %1</source>
        <translation>nicht erlaubt: %1</translation>
    </message>
    <message>
        <source>not sent: the permit&apos;s lease ran out before the request could leave (the desk was busy); it is sent again under a new permit</source>
        <translation>nicht gesendet: die Lease der Sendeberechtigung lief ab, bevor die Anfrage abgehen konnte (der Arbeitsplatz war ausgelastet); sie wird mit einer neuen Sendeberechtigung erneut gesendet</translation>
    </message>
    <message>
        <source>this login may not file: it %1</source>
        <translation>dieses Login darf nicht übermitteln: es %1</translation>
    </message>
    <message numerus="yes">
        <source>; %n filing(s) whose outcome is unknown stay in it and are looked up at the registry</source>
        <translation>
            <numerusform>; %n Einreichung mit unbekanntem Ausgang bleibt darin und wird beim Register nachgefragt</numerusform>
            <numerusform>; %n Einreichungen mit unbekanntem Ausgang bleiben darin und werden beim Register nachgefragt</numerusform>
        </translation>
    </message>
    <message>
        <source>replay</source>
        <translation>erneutes Senden</translation>
    </message>
    <message>
        <source>requeue</source>
        <translation>Neueinreihen</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1; rules %2; team ledger %3 as worker %4; it holds only the tasks it claims%5</source>
        <translation>%1; Regeln %2; Team-Ledger %3 als Worker %4; er hält nur die Aufgaben, die er beansprucht%5</translation>
    </message>
    <message>
        <source>%1 is a team member&apos;s copy of the team ledger%2, not a single desk&apos;s database: its filings are the team&apos;s and are worked from the ledger (give --ledger URL); give a database of this desk&apos;s own with --db</source>
        <translation>%1 ist die Kopie eines Team-Mitglieds vom Team-Ledger%2, keine Datenbank eines einzelnen Arbeitsplatzes: ihre Einreichungen gehören dem Team und werden aus dem Ledger bearbeitet (--ledger URL angeben); geben Sie mit --db eine eigene Datenbank dieses Arbeitsplatzes an</translation>
    </message>
    <message>
        <source> %1 (last reached at %2)</source>
        <translation> %1 (zuletzt erreicht unter %2)</translation>
    </message>
    <message>
        <source>%1 was not changed: another member was writing the team&apos;s entity register at the same moment; save again</source>
        <translation>%1 wurde nicht geändert: ein anderes Teammitglied schrieb im selben Moment in das Rechtsträgerregister des Teams; bitte erneut speichern</translation>
    </message>
    <message>
        <source>%1 was not changed: the team ledger does not let you change the entity register: %2</source>
        <translation>%1 wurde nicht geändert: der Team-Ledger erlaubt Ihnen keine Änderung des Rechtsträgerregisters: %2</translation>
    </message>
    <message>
        <source>%1 was not changed: the register could not be written: %2</source>
        <translation>%1 wurde nicht geändert: das Register konnte nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n filing(s)</source>
        <translation>
            <numerusform>%1 von %n Meldung</numerusform>
            <numerusform>%1 von %n Meldungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was not recorded: another member changed %2 first. Nothing of it was written; the filings are read again from the team ledger: look at them and decide again</source>
        <translation>%1 wurde nicht aufgezeichnet: ein anderes Mitglied hat %2 zuerst geändert. Nichts davon wurde geschrieben; die Meldungen werden neu aus dem Team-Ledger gelesen: bitte prüfen und erneut entscheiden</translation>
    </message>
    <message>
        <source>%1 was not recorded: the team ledger was busy with another member&apos;s write. Nothing of it was written; do it again</source>
        <translation>%1 wurde nicht aufgezeichnet: das Team-Ledger war mit dem Schreibvorgang eines anderen Mitglieds beschäftigt. Nichts davon wurde geschrieben; bitte erneut ausführen</translation>
    </message>
    <message>
        <source>%1 was not recorded: %2. Nothing of it was written; do it again once the team ledger answers</source>
        <translation>%1 wurde nicht aufgezeichnet: %2. Nichts davon wurde geschrieben; bitte erneut ausführen, sobald das Team-Ledger antwortet</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are because an earlier decision or change of theirs is still being recorded (%2); act on them again once it is</source>
        <translation>
            <numerusform>%1: %n Meldung unverändert gelassen, weil eine frühere Entscheidung oder Änderung dazu noch aufgezeichnet wird (%2); danach erneut ausführen</numerusform>
            <numerusform>%1: %n Meldungen unverändert gelassen, weil eine frühere Entscheidung oder Änderung dazu noch aufgezeichnet wird (%2); danach erneut ausführen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are because they are being sent right now or the registry&apos;s answer is still being checked (%2); that answer, or a look-up at the registry, decides what happens next (filed, tried again or halted for a person); act on them again once it has</source>
        <translation>
            <numerusform>%1: %n Filing unverändert gelassen, weil es gerade gesendet wird oder die Antwort des Registers noch geprüft wird (%2); diese Antwort oder eine Nachfrage beim Register entscheidet, wie es weitergeht (übermittelt, erneut versucht oder für eine Person angehalten); danach erneut ausführen</numerusform>
            <numerusform>%1: %n Filings unverändert gelassen, weil sie gerade gesendet werden oder die Antwort des Registers noch geprüft wird (%2); diese Antwort oder eine Nachfrage beim Register entscheidet, wie es weitergeht (übermittelt, erneut versucht oder für eine Person angehalten); danach erneut ausführen</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>being checked</source>
        <translation>wird geprüft</translation>
    </message>
    <message>
        <source>being sent</source>
        <translation>wird gesendet</translation>
    </message>
    <message>
        <source>filed</source>
        <translation>übermittelt</translation>
    </message>
    <message>
        <source>to be tried again</source>
        <translation>wird erneut versucht</translation>
    </message>
    <message>
        <source>halted</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>zurückgezogen</translation>
    </message>
    <message>
        <source>could not be filed</source>
        <translation>konnte nicht übermittelt werden</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>filings that could not be filed</source>
        <translation>Filings, die nicht übermittelt werden konnten</translation>
    </message>
    <message>
        <source>Nothing changed in the data the registry refused (%1): the same payload would be refused again. Edit the entity first, or send it anyway.</source>
        <translation>An den Daten, die das Register abgelehnt hat, hat sich nichts geändert (%1): dieselben Nutzdaten würden wieder abgelehnt. Zuerst den Rechtsträger bearbeiten oder trotzdem senden.</translation>
    </message>
    <message>
        <source>filings neither filed nor withdrawn yet, and not being sent or looked up at the registry</source>
        <translation>Filings, die weder übermittelt noch zurückgezogen sind und gerade weder gesendet noch beim Register nachgefragt werden</translation>
    </message>
    <message>
        <source>%1 was not recorded: the batch was paused or cancelled meanwhile. Nothing of it was written</source>
        <translation>%1 wurde nicht erfasst: der Lauf wurde inzwischen angehalten oder abgebrochen. Nichts davon wurde geschrieben</translation>
    </message>
    <message>
        <source>%1: %2 rows, %3 with obligations, %4 need data, %5 out of scope, %6 row errors (as of %7); register: %8 added, %9 completed, %10 in conflict, %11 decided before</source>
        <translation>%1: %2 Zeilen, %3 mit Pflichten, %4 brauchen Daten, %5 außerhalb des Umfangs, %6 fehlerhafte Zeilen (Stand %7); Register: %8 hinzugefügt, %9 ergänzt, %10 im Widerspruch, %11 früher entschieden</translation>
    </message>
</context>
<context>
    <name>fd::LocalPermitGate</name>
    <message>
        <source>in-process gate (this console only; no Redis configured)</source>
        <translation>prozessinterne Sendesteuerung (nur diese Konsole; kein Redis eingerichtet)</translation>
    </message>
</context>
<context>
    <name>fd::Reconciler</name>
    <message>
        <source>the receipt has no confirmation number</source>
        <translation>die Empfangsbestätigung enthält keine Bestätigungsnummer</translation>
    </message>
    <message>
        <source>charged %1, the rule&apos;s fee is %2</source>
        <translation>berechnet %1, die Gebühr laut Regel beträgt %2</translation>
    </message>
</context>
<context>
    <name>fd::RedisPermitGate</name>
    <message>
        <source>connecting to %1</source>
        <translation>verbindet mit %1</translation>
    </message>
    <message>
        <source>fleet gate on %1 (key prefix &quot;%2&quot;, lease %3 ms)</source>
        <translation>Flotten-Sendesteuerung auf %1 (Schlüsselpräfix „%2“, Lease %3 ms)</translation>
    </message>
</context>
<context>
    <name>fd::RegistryClient</name>
    <message>
        <source>this registry is configured without look-up</source>
        <translation>dieses Register ist ohne Abfragemöglichkeit eingerichtet</translation>
    </message>
    <message>
        <source>request withdrawn: FilingDesk is stopping</source>
        <translation>Anfrage zurückgezogen: FilingDesk wird beendet</translation>
    </message>
    <message>
        <source>the registry did not answer in time (%1)</source>
        <translation>das Register hat nicht rechtzeitig geantwortet (%1)</translation>
    </message>
    <message>
        <source>the registry could not be reached (%1)</source>
        <translation>das Register war nicht erreichbar (%1)</translation>
    </message>
    <message>
        <source>the connection to the registry was lost before its answer (%1)</source>
        <translation>die Verbindung zum Register brach vor seiner Antwort ab (%1)</translation>
    </message>
</context>
<context>
    <name>fd::ui::AboutDialog</name>
    <message>
        <source>About FilingDesk</source>
        <translation>Über FilingDesk</translation>
    </message>
    <message>
        <source>&lt;h2&gt;FilingDesk %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;FilingDesk %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Annual reports and franchise taxes for a portfolio of entities, filed once each with the US Secretary of State registries, with an append-only audit trail.</source>
        <translation>Jahresberichte und Franchise Tax für ein Portfolio von Rechtsträgern, jeweils genau einmal an die Register der US-Secretaries of State übermittelt, mit einem nur fortschreibbaren Prüfpfad.</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation>%1 (erstellt mit %2)</translation>
    </message>
    <message>
        <source>Program version:</source>
        <translation>Programmversion:</translation>
    </message>
    <message>
        <source>Rules file version:</source>
        <translation>Version der Regeldatei:</translation>
    </message>
    <message>
        <source>Qt version:</source>
        <translation>Qt-Version:</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>fd::ui::AlertNotifier</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source> (and %n more)</source>
        <translation>
            <numerusform> (und %n weiterer)</numerusform>
            <numerusform> (und %n weitere)</numerusform>
        </translation>
    </message>
    <message>
        <source>Registry failing — %1</source>
        <translation>Register gestört — %1</translation>
    </message>
    <message>
        <source>Registry answering again — %1</source>
        <translation>Register antwortet wieder — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n new statutory halt(s)</source>
        <translation>
            <numerusform>%n neuer rechtlicher Halt</numerusform>
            <numerusform>%n neue rechtliche Halts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new reconciliation exception(s)</source>
        <translation>
            <numerusform>%n neue Abgleichsausnahme</numerusform>
            <numerusform>%n neue Abgleichsausnahmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) &quot;%1&quot; — %2</source>
        <translation>
            <numerusform>%n Warnung „%1“ — %2</numerusform>
            <numerusform>%n Warnungen „%1“ — %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>FilingDesk</source>
        <translation>FilingDesk</translation>
    </message>
    <message>
        <source>FilingDesk needs a person</source>
        <translation>FilingDesk braucht eine Entscheidung</translation>
    </message>
    <message>
        <source>Team ledger unreachable — %1</source>
        <translation>Team-Ledger nicht erreichbar — %1</translation>
    </message>
    <message>
        <source>Team ledger answering again — %1</source>
        <translation>Team-Ledger antwortet wieder — %1</translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify — %1</source>
        <translation>Prüfpfad des Team-Ledgers nicht intakt — %1</translation>
    </message>
    <message>
        <source>A filing</source>
        <translation>Ein Filing</translation>
    </message>
    <message>
        <source>The audit trail cannot be written — %1</source>
        <translation>Der Prüfpfad kann nicht geschrieben werden — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) lost their turn under a registry&apos;s limit</source>
        <translation>
            <numerusform>%n Filing hat seinen Sendeplatz im Limit eines Registers verloren</numerusform>
            <numerusform>%n Filings haben ihren Sendeplatz im Limit eines Registers verloren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) charged a fee other than expected</source>
        <translation>
            <numerusform>%n Filing mit abweichend berechneter Gebühr</numerusform>
            <numerusform>%n Filings mit abweichend berechneter Gebühr</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new filing(s) that could not be filed</source>
        <translation>
            <numerusform>%n neues Filing mit gescheiterter Übermittlung</numerusform>
            <numerusform>%n neue Filings mit gescheiterter Übermittlung</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::AuditModel</name>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>Übergang</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>%1 (OS user) as database login %2</source>
        <translation>%1 (Betriebssystem-Benutzer) als Datenbank-Login %2</translation>
    </message>
    <message>
        <source>batch launched</source>
        <translation>Lauf gestartet</translation>
    </message>
    <message>
        <source>batch paused</source>
        <translation>Lauf angehalten</translation>
    </message>
    <message>
        <source>batch resumed</source>
        <translation>Lauf fortgesetzt</translation>
    </message>
    <message>
        <source>batch cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <source>tried again after it could not be filed</source>
        <translation>nach gescheiterter Übermittlung erneut versucht</translation>
    </message>
    <message>
        <source>halt resolved and requeued</source>
        <translation>Halt aufgelöst und neu eingereiht</translation>
    </message>
    <message>
        <source>accepted as filed</source>
        <translation>als übermittelt anerkannt</translation>
    </message>
    <message>
        <source>filing withdrawn</source>
        <translation>Filing zurückgezogen</translation>
    </message>
    <message>
        <source>note added</source>
        <translation>Notiz hinzugefügt</translation>
    </message>
    <message>
        <source>entity edited</source>
        <translation>Rechtsträger bearbeitet</translation>
    </message>
    <message>
        <source>entity added to the register</source>
        <translation>Rechtsträger ins Register aufgenommen</translation>
    </message>
    <message>
        <source>entity completed from a file</source>
        <translation>Rechtsträger aus einer Datei ergänzt</translation>
    </message>
    <message>
        <source>file differs from the register</source>
        <translation>Datei weicht vom Register ab</translation>
    </message>
    <message>
        <source>conflict decided</source>
        <translation>Widerspruch entschieden</translation>
    </message>
    <message>
        <source>portfolio imported</source>
        <translation>Portfolio importiert</translation>
    </message>
    <message>
        <source>filings ready to launch</source>
        <translation>Filings startbereit</translation>
    </message>
    <message>
        <source>filing progressed</source>
        <translation>Statuswechsel des Filings</translation>
    </message>
    <message>
        <source>receipt reconciled</source>
        <translation>Empfangsbestätigung abgeglichen</translation>
    </message>
    <message>
        <source>registry look-up</source>
        <translation>Nachfrage beim Register</translation>
    </message>
    <message>
        <source>sending slot lost</source>
        <translation>Sendeplatz verloren</translation>
    </message>
    <message>
        <source>FilingDesk started</source>
        <translation>FilingDesk gestartet</translation>
    </message>
    <message>
        <source>batch has nothing left to send</source>
        <translation>Lauf hat nichts mehr zu senden</translation>
    </message>
    <message>
        <source>FilingDesk (automatic)</source>
        <translation>FilingDesk (automatisch)</translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation>Filing-Referenz</translation>
    </message>
    <message>
        <source>Taken out of the queue</source>
        <translation>Aus der Warteschlange genommen</translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation>Zurückgezogen — wird nicht übermittelt</translation>
    </message>
</context>
<context>
    <name>fd::ui::AuditPage</name>
    <message>
        <source>Audit free text</source>
        <translation>Freitext im Prüfpfad</translation>
    </message>
    <message>
        <source>Entity id</source>
        <translation>Rechtsträger-ID</translation>
    </message>
    <message>
        <source>entity id</source>
        <translation>Rechtsträger-ID</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>From time</source>
        <translation>Ab Zeitpunkt</translation>
    </message>
    <message>
        <source>To time</source>
        <translation>Bis Zeitpunkt</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Search the audit trail (F5)</source>
        <translation>Prüfpfad durchsuchen (F5)</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>Als CSV &amp;exportieren …</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>Prüfpfad</translation>
    </message>
    <message>
        <source>first %1 rows (narrow the search)</source>
        <translation>erste %1 Zeilen (Suche eingrenzen)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Export audit rows</source>
        <translation>Prüfpfad-Zeilen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>any text: entity, person, action, detail, reason</source>
        <translation>beliebiger Text: Rechtsträger, Person, Aktion, Detail, Begründung</translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation>Filing-Referenz</translation>
    </message>
    <message>
        <source>a filing&apos;s reference, as a detail pane shows it</source>
        <translation>die Referenz eines Filings, wie sie in der Detailansicht steht</translation>
    </message>
    <message>
        <source>person (computer login), or FilingDesk</source>
        <translation>Person (Computer-Login) oder FilingDesk</translation>
    </message>
</context>
<context>
    <name>fd::ui::BatchPanel</name>
    <message>
        <source>Launch window in days</source>
        <translation>Startfenster in Tagen</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>Batch progress</source>
        <translation>Fortschritt des Laufs</translation>
    </message>
    <message>
        <source>Due &amp;within:</source>
        <translation>Fällig &amp;innerhalb:</translation>
    </message>
    <message>
        <source>No batch yet</source>
        <translation>Noch kein Lauf</translation>
    </message>
    <message>
        <source>nothing launched</source>
        <translation>nichts gestartet</translation>
    </message>
    <message>
        <source>The team&apos;s batches — PAUSED</source>
        <translation>Die Läufe des Teams — ANGEHALTEN</translation>
    </message>
    <message>
        <source>Team ledger unreachable — nothing is sent</source>
        <translation>Team-Ledger nicht erreichbar — nichts wird gesendet</translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify — nothing is sent</source>
        <translation>Prüfpfad des Team-Ledgers nicht bestätigt — nichts wird gesendet</translation>
    </message>
    <message>
        <source> · this desk reviews and takes no filings to send</source>
        <translation> · dieser Arbeitsplatz prüft und übernimmt keine Filings zum Senden</translation>
    </message>
    <message>
        <source>PAUSED — %v of %m filed</source>
        <translation>ANGEHALTEN — %v von %m übermittelt</translation>
    </message>
    <message>
        <source>%v of %m filed — %1 wait for a person, %2 will not be filed</source>
        <translation>%v von %m übermittelt — %1 warten auf einen Menschen, %2 werden nicht übermittelt</translation>
    </message>
    <message>
        <source>%v of %m filed (%p%)</source>
        <translation>%v von %m übermittelt (%p %)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Batch started %1</source>
        <translation>Lauf vom %1</translation>
    </message>
    <message>
        <source>This batch</source>
        <translation>Dieser Lauf</translation>
    </message>
    <message>
        <source>Batch id: %1</source>
        <translation>Lauf-ID: %1</translation>
    </message>
    <message>
        <source>%1 — team ledger unreachable, nothing is sent</source>
        <translation>%1 — Team-Ledger nicht erreichbar, nichts wird gesendet</translation>
    </message>
    <message>
        <source>%1 — PAUSED</source>
        <translation>%1 — ANGEHALTEN</translation>
    </message>
    <message>
        <source>%1 — sending</source>
        <translation>%1 — sendet</translation>
    </message>
    <message>
        <source>%1 — finished</source>
        <translation>%1 — abgeschlossen</translation>
    </message>
    <message>
        <source>Engine states: %1</source>
        <translation>Engine-Zustände: %1</translation>
    </message>
    <message>
        <source>Being sent now: %1 · waiting for the registry&apos;s limit: %2 · to be tried again: %3%4</source>
        <translation>Wird gerade gesendet: %1 · wartet wegen des Limits des Registers: %2 · wird erneut versucht: %3%4</translation>
    </message>
    <message>
        <source> · NOTHING IS BEING SENT: the filing limiter cannot be reached</source>
        <translation> · ES WIRD NICHTS GESENDET: die Sendebegrenzung ist nicht erreichbar</translation>
    </message>
    <message>
        <source>In flight %1 · awaiting permit %2 · waiting to retry %3 (engine terms)</source>
        <translation>In Übertragung %1 · wartet auf Sendeberechtigung %2 · wartet auf Wiederholung %3 (Engine-Begriffe)</translation>
    </message>
    <message>
        <source> · this desk: %1 taken to send, %2 filed since it started</source>
        <translation> · dieser Arbeitsplatz: %1 zum Senden übernommen, %2 seit dem Start übermittelt</translation>
    </message>
    <message>
        <source>Time left: —</source>
        <translation>Restzeit: —</translation>
    </message>
    <message>
        <source>Time left: paused</source>
        <translation>Restzeit: angehalten</translation>
    </message>
    <message>
        <source>Time left: about %1</source>
        <translation>Restzeit: etwa %1</translation>
    </message>
    <message>
        <source>No batch running</source>
        <translation>Kein Lauf aktiv</translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed: %1</source>
        <translation>Zurückgezogen — wird nicht übermittelt: %1</translation>
    </message>
</context>
<context>
    <name>fd::ui::BreakerBoard</name>
    <message>
        <source>A jurisdiction</source>
        <translation>Eine Jurisdiktion</translation>
    </message>
    <message>
        <source>%1: registry failing</source>
        <translation>%1: Register gestört</translation>
    </message>
    <message>
        <source>%1: registry failing, retry at %2</source>
        <translation>%1: Register gestört, neuer Versuch um %2</translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarExport</name>
    <message>
        <source>Calendar exported</source>
        <translation>Kalender exportiert</translation>
    </message>
    <message>
        <source>Calendar not exported</source>
        <translation>Kalender nicht exportiert</translation>
    </message>
    <message>
        <source>Export calendar</source>
        <translation>Kalender exportieren</translation>
    </message>
    <message>
        <source>iCalendar files (*.ics)</source>
        <translation>iCalendar-Dateien (*.ics)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>&amp;One event per day and jurisdiction</source>
        <translation>&amp;Ein Termin je Tag und Jurisdiktion</translation>
    </message>
    <message>
        <source>&quot;3 filings due — Delaware (US-DE)&quot; listing each entity, instead of one event per filing. The default is set in Settings.</source>
        <translation>„3 Filings fällig — Delaware (US-DE)“ mit jedem Rechtsträger aufgeführt, statt eines Termins je Filing. Die Vorgabe wird in den Einstellungen festgelegt.</translation>
    </message>
    <message>
        <source>No reminders (Settings).</source>
        <translation>Keine Erinnerungen (Einstellungen).</translation>
    </message>
    <message>
        <source>Reminders %1 day(s) before each due date (Settings).</source>
        <translation>Erinnerungen %1 Tag(e) vor jeder Fälligkeit (Einstellungen).</translation>
    </message>
    <message>
        <source>Deadlines due &amp;within:</source>
        <translation>Fälligkeiten &amp;innerhalb von:</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) written to %1.</source>
        <translation>
            <numerusform>%n Termin nach %1 geschrieben.</numerusform>
            <numerusform>%n Termine nach %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>They list %n filing(s): one event per day and jurisdiction.</source>
        <translation>
            <numerusform>Sie enthalten %n Filing: ein Termin je Tag und Jurisdiktion.</numerusform>
            <numerusform>Sie enthalten %n Filings: ein Termin je Tag und Jurisdiktion.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) have no due date yet and are not in the calendar (they need data).</source>
        <translation>
            <numerusform>%n Filing hat noch keine Fälligkeit und steht nicht im Kalender (es fehlen Daten).</numerusform>
            <numerusform>%n Filings haben noch keine Fälligkeit und stehen nicht im Kalender (es fehlen Daten).</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing it again updates the same events.</source>
        <translation>Ein erneuter Import aktualisiert dieselben Termine.</translation>
    </message>
    <message numerus="yes">
        <source>%n overdue filing(s) not filed are in it on their due dates, marked [OVERDUE].</source>
        <translation>
            <numerusform>%n überfälliges, nicht übermitteltes Filing steht an seinem Fälligkeitstag darin, markiert mit [OVERDUE].</numerusform>
            <numerusform>%n überfällige, nicht übermittelte Filings stehen an ihren Fälligkeitstagen darin, markiert mit [OVERDUE].</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due after %1 are not in the calendar (beyond its horizon).</source>
        <translation>
            <numerusform>%n Filing mit Fälligkeit nach %1 ist nicht im Kalender (jenseits seines Zeitraums).</numerusform>
            <numerusform>%n Filings mit Fälligkeit nach %1 sind nicht im Kalender (jenseits seines Zeitraums).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) filed with a due date before %1 are not in the calendar (nothing left to do).</source>
        <translation>
            <numerusform>%n übermitteltes Filing mit Fälligkeit vor %1 ist nicht im Kalender (nichts mehr zu tun).</numerusform>
            <numerusform>%n übermittelte Filings mit Fälligkeit vor %1 sind nicht im Kalender (nichts mehr zu tun).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) with a due date before %1 are not in the calendar (they will not be filed).</source>
        <translation>
            <numerusform>%n zurückgezogenes Filing mit Fälligkeit vor %1 ist nicht im Kalender (es wird nicht übermittelt).</numerusform>
            <numerusform>%n zurückgezogene Filings mit Fälligkeit vor %1 sind nicht im Kalender (sie werden nicht übermittelt).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) not filed for entities outside the loaded portfolio are not in the calendar.</source>
        <translation>
            <numerusform>%n nicht übermitteltes Filing von Rechtsträgern außerhalb des geladenen Portfolios ist nicht im Kalender.</numerusform>
            <numerusform>%n nicht übermittelte Filings von Rechtsträgern außerhalb des geladenen Portfolios sind nicht im Kalender.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarListProxy</name>
    <message>
        <source>%1 %2 today</source>
        <translation>%1 %2 heute</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 in %n day(s)</source>
        <translation>
            <numerusform>%1 %2 in %n Tag</numerusform>
            <numerusform>%1 %2 in %n Tagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 by %n day(s)</source>
        <translation>
            <numerusform>%1 %2 seit %n Tag</numerusform>
            <numerusform>%1 %2 seit %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>(depends on the missing data)</source>
        <translation>(hängt von den fehlenden Daten ab)</translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarPage</name>
    <message>
        <source>Each day shows how many filings are due, marked by the most pressing of them. Today (the as-of date) is framed.</source>
        <translation>Jeder Tag zeigt, wie viele Filings fällig sind, markiert nach dem dringendsten von ihnen. Heute (der Stichtag) ist eingerahmt.</translation>
    </message>
    <message>
        <source>&amp;Today</source>
        <translation>&amp;Heute</translation>
    </message>
    <message>
        <source>Show &amp;all days</source>
        <translation>&amp;Alle Tage anzeigen</translation>
    </message>
    <message>
        <source>Previous month</source>
        <translation>Vorheriger Monat</translation>
    </message>
    <message>
        <source>Previous month (Page Up)</source>
        <translation>Vorheriger Monat (Bild auf)</translation>
    </message>
    <message>
        <source>Next month</source>
        <translation>Nächster Monat</translation>
    </message>
    <message>
        <source>Next month (Page Down)</source>
        <translation>Nächster Monat (Bild ab)</translation>
    </message>
    <message>
        <source>The month of the as-of date</source>
        <translation>Der Monat des Stichtags</translation>
    </message>
    <message>
        <source>Month grid of due dates</source>
        <translation>Monatsübersicht der Fälligkeiten</translation>
    </message>
    <message>
        <source>Filings by due date</source>
        <translation>Filings nach Fälligkeit</translation>
    </message>
    <message>
        <source>List the filings of every day again</source>
        <translation>Wieder die Filings aller Tage auflisten</translation>
    </message>
    <message>
        <source>Filings whose due date is unknown</source>
        <translation>Filings mit unbekannter Fälligkeit</translation>
    </message>
    <message>
        <source>These filings need data (a formation date, an entity type ...) before their due date can be worked out. They are in no day of the grid and in no exported calendar.</source>
        <translation>Diesen Filings fehlen Daten (ein Gründungsdatum, eine Rechtsform …), bevor sich ihre Fälligkeit berechnen lässt. Sie stehen an keinem Tag der Monatsübersicht und in keinem exportierten Kalender.</translation>
    </message>
    <message numerus="yes">
        <source>Due on %1: %n filing(s)</source>
        <translation>
            <numerusform>Fällig am %1: %n Filing</numerusform>
            <numerusform>Fällig am %1: %n Filings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All filings with a due date: %n</source>
        <translation>
            <numerusform>Alle Filings mit Fälligkeit: %n</numerusform>
            <numerusform>Alle Filings mit Fälligkeit: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Date unknown (%1)</source>
        <translation>Datum unbekannt (%1)</translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarTone</name>
    <message>
        <source>Overdue</source>
        <translation>Überfällig</translation>
    </message>
    <message numerus="yes">
        <source>Due within %n day(s)</source>
        <translation>
            <numerusform>Fällig innerhalb von %n Tag</numerusform>
            <numerusform>Fällig innerhalb von %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Übermittelt</translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation>Daten fehlen</translation>
    </message>
    <message>
        <source>On track</source>
        <translation>Im Plan</translation>
    </message>
</context>
<context>
    <name>fd::ui::ConsoleOptions</name>
    <message>
        <source>FilingDesk operator console. Headless: filingdesk run --help, filingdesk calendar --help.</source>
        <translation>FilingDesk-Bedienkonsole. Ohne Oberfläche: filingdesk run --help, filingdesk calendar --help.</translation>
    </message>
    <message>
        <source>Portfolio CSV to load at start.</source>
        <translation>Portfolio-CSV, die beim Start geladen wird.</translation>
    </message>
    <message>
        <source>Date to compute due dates from (default today).</source>
        <translation>Stichtag für die Fälligkeitsberechnung (Vorgabe: heute).</translation>
    </message>
    <message>
        <source>Start the sandbox registry and file against it.</source>
        <translation>Das Sandbox-Register starten und dorthin übermitteln.</translation>
    </message>
    <message>
        <source>Extra argument for the sandbox (repeatable), e.g. --sandbox-arg=--latency-ms=200:800.</source>
        <translation>Zusätzliches Argument für die Sandbox (wiederholbar), z. B. --sandbox-arg=--latency-ms=200:800.</translation>
    </message>
    <message>
        <source>Registry base URL (registry-api-v1).</source>
        <translation>Basis-URL des Registers (registry-api-v1).</translation>
    </message>
    <message>
        <source>Fleet gate Redis URL (empty: in-process gate).</source>
        <translation>Redis-URL der Flotten-Sendesteuerung (leer: prozessinterne Sendesteuerung).</translation>
    </message>
    <message>
        <source>Fleet cap for a jurisdiction, e.g. US-DE=4 (repeatable).</source>
        <translation>Flottenweite Obergrenze einer Jurisdiktion, z. B. US-DE=4 (wiederholbar).</translation>
    </message>
    <message>
        <source>Audit database.</source>
        <translation>Prüfpfad-Datenbank.</translation>
    </message>
    <message>
        <source>Settings file (INI) instead of the user&apos;s settings.</source>
        <translation>Einstellungsdatei (INI) anstelle der Einstellungen des Benutzers.</translation>
    </message>
    <message>
        <source>Preset of the launch window in days (default 30).</source>
        <translation>Voreinstellung des Startfensters in Tagen (Vorgabe 30).</translation>
    </message>
    <message>
        <source>Do not read secrets from the keychain this session.</source>
        <translation>In dieser Sitzung keine Geheimnisse aus dem Schlüsselbund lesen.</translation>
    </message>
    <message>
        <source>Portfolio CSV to load at start (as --portfolio).</source>
        <translation>Portfolio-CSV, die beim Start geladen wird (wie --portfolio).</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot; (headless commands: run, calendar, launch, worker, audit)</source>
        <translation>unerwartetes Argument „%1“ (Befehle ohne Oberfläche: run, calendar, launch, worker, audit)</translation>
    </message>
    <message>
        <source>--as-of &quot;%1&quot; is not a YYYY-MM-DD date</source>
        <translation>--as-of „%1“ ist kein Datum der Form JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>--registry and --sandbox exclude each other</source>
        <translation>--registry und --sandbox schließen einander aus</translation>
    </message>
    <message>
        <source>--registry &quot;%1&quot; is not an http(s) URL</source>
        <translation>--registry „%1“ ist keine http(s)-URL</translation>
    </message>
    <message>
        <source>--due-within &quot;%1&quot; is not a number of days</source>
        <translation>--due-within „%1“ ist keine Anzahl von Tagen</translation>
    </message>
    <message>
        <source>Team ledger: postgresql://USER@HOST:PORT/DB[?sslmode=MODE] (empty: this desk alone). The password comes from the keychain.</source>
        <translation>Team-Ledger: postgresql://BENUTZER@RECHNER:PORT/DB[?sslmode=MODUS] (leer: dieser Arbeitsplatz allein). Das Passwort kommt aus dem Schlüsselbund.</translation>
    </message>
    <message>
        <source>--ledger &quot;%1&quot;: %2</source>
        <translation>--ledger „%1“: %2</translation>
    </message>
    <message>
        <source>--redis: %1</source>
        <translation>--redis: %1</translation>
    </message>
</context>
<context>
    <name>fd::ui::ConsoleSession</name>
    <message>
        <source>Could not read %1 from the keychain: %2</source>
        <translation>%1 konnte nicht aus dem Schlüsselbund gelesen werden: %2</translation>
    </message>
    <message>
        <source>No registry is configured: filings would be quarantined. Set one in Settings (Ctrl+,) or start with --sandbox.</source>
        <translation>Kein Register eingerichtet: Filings würden zurückgehalten. In den Einstellungen (Strg+,) eines eintragen oder mit --sandbox starten.</translation>
    </message>
    <message numerus="yes">
        <source>FilingDesk started again with %n filing(s) of an unfinished batch not sent yet: they wait for a person to resume sending</source>
        <translation>
            <numerusform>FilingDesk wurde neu gestartet; %n Einreichung eines nicht abgeschlossenen Laufs war noch nicht gesendet: sie wartet, bis eine Person das Senden fortsetzt</numerusform>
            <numerusform>FilingDesk wurde neu gestartet; %n Einreichungen eines nicht abgeschlossenen Laufs waren noch nicht gesendet: sie warten, bis eine Person das Senden fortsetzt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>FilingDesk started again: %n filing(s) whose outcome is unknown are looked up at the registry before anything else</source>
        <translation>
            <numerusform>FilingDesk wurde neu gestartet: %n Einreichung mit unbekanntem Ergebnis wird vor allem anderen beim Register nachgefragt</numerusform>
            <numerusform>FilingDesk wurde neu gestartet: %n Einreichungen mit unbekanntem Ergebnis werden vor allem anderen beim Register nachgefragt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadLetterModel</name>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <source>Registry kept failing</source>
        <translation>Register blieb gestört</translation>
    </message>
    <message>
        <source>Legal requirement not met</source>
        <translation>Rechtliche Voraussetzung nicht erfüllt</translation>
    </message>
    <message>
        <source>Data the registry would not accept</source>
        <translation>Daten, die das Register nicht angenommen hat</translation>
    </message>
    <message>
        <source>FilingDesk or network problem</source>
        <translation>Problem in FilingDesk oder im Netzwerk</translation>
    </message>
    <message>
        <source>Receipt does not match</source>
        <translation>Empfangsbestätigung passt nicht</translation>
    </message>
    <message>
        <source>Registry&apos;s answer</source>
        <translation>Antwort des Registers</translation>
    </message>
    <message>
        <source>Support reference</source>
        <translation>Referenz für den Support</translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation>Filing-Referenz</translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadLettersPage</name>
    <message>
        <source>&amp;Try again…</source>
        <translation>&amp;Erneut versuchen …</translation>
    </message>
    <message>
        <source>Try the &amp;selection again…</source>
        <translation>Aus&amp;wahl erneut versuchen …</translation>
    </message>
    <message>
        <source>Filings that could not be filed</source>
        <translation>Filings mit gescheiterter Übermittlung</translation>
    </message>
    <message>
        <source>What the registry answered and what was sent</source>
        <translation>Was das Register geantwortet hat und was gesendet wurde</translation>
    </message>
    <message>
        <source>Select a filing to see what the registry answered and what was sent (for support: the trace id, the registry&apos;s raw answer and the data sent).</source>
        <translation>Wählen Sie ein Filing aus, um zu sehen, was das Register geantwortet hat und was gesendet wurde (für den Support: die Trace-ID, die unveränderte Antwort des Registers und die gesendeten Daten).</translation>
    </message>
    <message>
        <source>Try the current filing again</source>
        <translation>Das aktuelle Filing erneut versuchen</translation>
    </message>
    <message>
        <source>Try the selected filings again</source>
        <translation>Die ausgewählten Filings erneut versuchen</translation>
    </message>
    <message>
        <source>Try every filing matching the filter again</source>
        <translation>Jedes zum Filter passende Filing erneut versuchen</translation>
    </message>
    <message>
        <source>1 filing</source>
        <translation>1 Filing</translation>
    </message>
    <message numerus="yes">
        <source>%n selected filing(s)</source>
        <translation>
            <numerusform>%n ausgewähltes Filing</numerusform>
            <numerusform>%n ausgewählte Filings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n filing(s) matching the filter</source>
        <translation>
            <numerusform>%n zum Filter passendes Filing</numerusform>
            <numerusform>alle %n zum Filter passenden Filings</numerusform>
        </translation>
    </message>
    <message>
        <source>Try &amp;all %1 matching the filter again…</source>
        <translation>Alle %1 &amp;Treffer des Filters erneut versuchen …</translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation>&amp;Notiz hinzufügen …</translation>
    </message>
    <message>
        <source>Add a note to the selected filings</source>
        <translation>Den ausgewählten Filings eine Notiz hinzufügen</translation>
    </message>
    <message>
        <source>the filing of %1</source>
        <translation>das Filing von %1</translation>
    </message>
    <message>
        <source>the selected filing of %1</source>
        <translation>das ausgewählte Filing von %1</translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) are left out: a person decided they will not be filed (select one to try it again).</source>
        <translation>
            <numerusform>%n zurückgezogenes Filing ist ausgelassen: jemand hat entschieden, es nicht einzureichen (zum erneuten Versuch einzeln auswählen).</numerusform>
            <numerusform>%n zurückgezogene Filings sind ausgelassen: jemand hat entschieden, sie nicht einzureichen (zum erneuten Versuch einzeln auswählen).</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Withdraw (will not file)…</source>
        <translation>&amp;Zurückziehen (wird nicht übermittelt) …</translation>
    </message>
    <message>
        <source>Withdraw the selected filings: they will not be filed</source>
        <translation>Die ausgewählten Filings zurückziehen: sie werden nicht übermittelt</translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadlineReminders</name>
    <message numerus="yes">
        <source>%n day(s) overdue</source>
        <translation>
            <numerusform>seit %n Tag überfällig</numerusform>
            <numerusform>seit %n Tagen überfällig</numerusform>
        </translation>
    </message>
    <message>
        <source>due today</source>
        <translation>heute fällig</translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n Tag</numerusform>
            <numerusform>in %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 (%3), due %4, %5</source>
        <translation>%1 — %2 (%3), fällig %4, %5</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (Calendar view)</source>
        <translation>
            <numerusform>… und %n weiteres (Ansicht Kalender)</numerusform>
            <numerusform>… und %n weitere (Ansicht Kalender)</numerusform>
        </translation>
    </message>
    <message>
        <source>Due in %1 days: %2</source>
        <translation>Fällig in %1 Tagen: %2</translation>
    </message>
    <message>
        <source>%1 · Overdue: %2</source>
        <translation>%1 · Überfällig: %2</translation>
    </message>
    <message>
        <source>%1 · Needs data: %2</source>
        <translation>%1 · Daten fehlen: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due within %1 days</source>
        <translation>
            <numerusform>%n Filing innerhalb von %1 Tagen fällig</numerusform>
            <numerusform>%n Filings innerhalb von %1 Tagen fällig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deadline reminder: %n filing(s) overdue</source>
        <translation>
            <numerusform>Fristerinnerung: %n Filing überfällig</numerusform>
            <numerusform>Fristerinnerung: %n Filings überfällig</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source>Deadline reminder: %1</source>
        <translation>Fristerinnerung: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due today</source>
        <translation>
            <numerusform>%n Filing heute fällig</numerusform>
            <numerusform>%n Filings heute fällig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due by tomorrow</source>
        <translation>
            <numerusform>%n Filing bis morgen fällig</numerusform>
            <numerusform>%n Filings bis morgen fällig</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::EntityEditDelegate</name>
    <message>
        <source>Formation date</source>
        <translation>Gründungsdatum</translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation>Rechtsform</translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation>Corporation</translation>
    </message>
    <message>
        <source>LLC</source>
        <translation>LLC</translation>
    </message>
    <message>
        <source>Limited partnership</source>
        <translation>Limited Partnership</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>The formation date, as %1 (or YYYY-MM-DD)</source>
        <translation>Das Gründungsdatum, als %1 (oder JJJJ-MM-TT)</translation>
    </message>
</context>
<context>
    <name>fd::ui::EntityPage</name>
    <message>
        <source>&amp;Save changes…</source>
        <translation>Änderungen &amp;speichern …</translation>
    </message>
    <message>
        <source>Filing</source>
        <translation>Filing</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Gebühr</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Bestätigung</translation>
    </message>
    <message>
        <source>Fee charged</source>
        <translation>Berechnete Gebühr</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>The portfolio file says otherwise</source>
        <translation>Die Portfoliodatei sagt etwas anderes</translation>
    </message>
    <message>
        <source>Name (Title); Name (Title)</source>
        <translation>Name (Titel); Name (Titel)</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>MM-DD</source>
        <translation>MM-TT</translation>
    </message>
    <message>
        <source>Asks for the reason; every change is kept in the audit trail with the old and new value</source>
        <translation>Fragt nach der Begründung; jede Änderung bleibt mit altem und neuem Wert im Prüfpfad</translation>
    </message>
    <message>
        <source>&amp;Data</source>
        <translation>&amp;Daten</translation>
    </message>
    <message>
        <source>&amp;Filings</source>
        <translation>&amp;Filings</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>%1 — FilingDesk</source>
        <translation>%1 — FilingDesk</translation>
    </message>
    <message>
        <source>%1: the register has “%2”, %3 has “%4”. FilingDesk plans with the register&apos;s value until someone decides.</source>
        <translation>%1: das Register hat „%2“, %3 hat „%4“. FilingDesk plant mit dem Wert des Registers, bis jemand entscheidet.</translation>
    </message>
    <message>
        <source>Keep the register&apos;s</source>
        <translation>Wert des Registers behalten</translation>
    </message>
    <message>
        <source>Take the file&apos;s</source>
        <translation>Wert der Datei übernehmen</translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation>Datum unbekannt</translation>
    </message>
    <message>
        <source>No filings in the loaded portfolio.</source>
        <translation>Keine Filings im geladenen Portfolio.</translation>
    </message>
    <message>
        <source>Filings as of %1 — %2</source>
        <translation>Filings zum %1 — %2</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Not known</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation>Corporation</translation>
    </message>
    <message>
        <source>Limited liability company (LLC)</source>
        <translation>Limited Liability Company (LLC)</translation>
    </message>
    <message>
        <source>Limited partnership (LP)</source>
        <translation>Limited Partnership (LP)</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Abgelaufen</translation>
    </message>
    <message>
        <source>Resigned</source>
        <translation>Mandat niedergelegt</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>Inaktiv</translation>
    </message>
    <message>
        <source>Dissolved</source>
        <translation>Aufgelöst</translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>Verschmolzen</translation>
    </message>
    <message>
        <source>Save and &amp;requeue…</source>
        <translation>Speichern und &amp;neu einreihen …</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Saves the changes with your reason, then sends the halted filing again with the corrected data (one reason for both, kept in the audit trail)</source>
        <translation>Speichert die Änderungen mit Ihrer Begründung und sendet dann das angehaltene Filing mit den korrigierten Daten erneut (eine Begründung für beides, im Prüfpfad festgehalten)</translation>
    </message>
    <message>
        <source>Saved, but not every field is as you typed it: the register kept the values shown. Check the fields.</source>
        <translation>Gespeichert, aber nicht jedes Feld ist so, wie Sie es eingegeben haben: das Register hat die angezeigten Werte behalten. Bitte prüfen Sie die Felder.</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Nicht gespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Your changes to %1 are not saved. Close the page and lose them?</source>
        <translation>Ihre Änderungen an %1 sind nicht gespeichert. Seite schließen und die Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>Not saved yet: save your changes, or close again to lose them.</source>
        <translation>Noch nicht gespeichert: speichern Sie Ihre Änderungen, oder schließen Sie erneut, um sie zu verwerfen.</translation>
    </message>
    <message>
        <source>Saved; %1 is sent again with the corrected data.</source>
        <translation>Gespeichert; %1 wird mit den korrigierten Daten erneut gesendet.</translation>
    </message>
    <message>
        <source>Saving your changes…</source>
        <translation>Ihre Änderungen werden gespeichert …</translation>
    </message>
    <message>
        <source>Nothing was saved: the reason was not given. Your changes are still in the fields; save again when you are ready.</source>
        <translation>Nichts wurde gespeichert: es wurde keine Begründung angegeben. Ihre Änderungen stehen noch in den Feldern; speichern Sie erneut, wenn Sie so weit sind.</translation>
    </message>
    <message>
        <source>Nothing was saved: %1 Your changes are still in the fields.</source>
        <translation>Nichts wurde gespeichert: %1 Ihre Änderungen stehen noch in den Feldern.</translation>
    </message>
    <message>
        <source>the halted filing</source>
        <translation>das angehaltene Filing</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 (engine state %2)</source>
        <translation>%1 (Engine-Zustand %2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Needs data before it can be filed:
%1</source>
        <translation>Vor der Übermittlung fehlen Daten:
%1</translation>
    </message>
    <message>
        <source>Complete the marked field(s): %1.</source>
        <translation>Bitte ergänzen Sie, was markiert ist: %1.</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Referenz: %1</translation>
    </message>
    <message>
        <source>Nothing was saved: %1. Correct it and save again; your changes are still in the fields.</source>
        <translation>Nichts wurde gespeichert: %1. Korrigieren Sie den Wert und speichern Sie erneut; Ihre Änderungen stehen noch in den Feldern.</translation>
    </message>
    <message>
        <source>FilingDesk (automatic)</source>
        <translation>FilingDesk (automatisch)</translation>
    </message>
    <message>
        <source>Not saved: %1. Your changes are still in the fields; save again when you are ready.</source>
        <translation>Nicht gespeichert: %1. Ihre Änderungen stehen noch in den Feldern; speichern Sie erneut, wenn Sie so weit sind.</translation>
    </message>
    <message>
        <source>Saved, and the halted filing was sent again with the corrected data.</source>
        <translation>Gespeichert, und die angehaltene Einreichung wurde mit den korrigierten Daten erneut gesendet.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity not yet sent will go out with the change.</source>
        <translation>
            <numerusform>%n noch nicht gesendete Einreichung dieses Rechtsträgers geht mit der Änderung hinaus.</numerusform>
            <numerusform>%n noch nicht gesendete Einreichungen dieses Rechtsträgers gehen mit der Änderung hinaus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity not yet sent are no longer owed as they were admitted: they wait in Halts &amp; exceptions for you to withdraw or requeue them.</source>
        <translation>
            <numerusform>%n noch nicht gesendete Einreichung dieses Rechtsträgers ist so, wie sie aufgenommen wurde, nicht mehr geschuldet: Sie wartet unter „Angehalten &amp; Ausnahmen“, bis Sie sie zurückziehen oder neu einreihen.</numerusform>
            <numerusform>%n noch nicht gesendete Einreichungen dieses Rechtsträgers sind so, wie sie aufgenommen wurden, nicht mehr geschuldet: Sie warten unter „Angehalten &amp; Ausnahmen“, bis Sie sie zurückziehen oder neu einreihen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The change and your reason are in the audit trail.</source>
        <translation>Die Änderung und Ihre Begründung stehen im Prüfpfad.</translation>
    </message>
    <message>
        <source>Your changes are being saved; close the page once it says they are saved.</source>
        <translation>Ihre Änderungen werden gespeichert; schließen Sie die Seite, sobald sie als gespeichert gemeldet werden.</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity had already left and go on with the data they were sent with; if the registry refuses one, cure it from here.</source>
        <translation>
            <numerusform>%n Einreichung dieses Rechtsträgers war bereits unterwegs und wird mit den Daten fortgeführt, mit denen sie gesendet wurde; weist das Register sie zurück, beheben Sie es von hier aus.</numerusform>
            <numerusform>%n Einreichungen dieses Rechtsträgers waren bereits unterwegs und werden mit den Daten fortgeführt, mit denen sie gesendet wurden; weist das Register eine zurück, beheben Sie es von hier aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>the refused filing</source>
        <translation>das abgelehnte Filing</translation>
    </message>
    <message>
        <source>Save and &amp;try again…</source>
        <translation>Speichern und &amp;erneut versuchen …</translation>
    </message>
    <message>
        <source>Saves the changes with your reason, then tries the refused filing again with the corrected data, as the same filing (one reason for both, kept in the audit trail)</source>
        <translation>Speichert die Änderungen mit Ihrer Begründung und versucht dann das abgelehnte Filing mit den korrigierten Daten erneut, als dasselbe Filing (eine Begründung für beides, im Prüfpfad festgehalten)</translation>
    </message>
    <message>
        <source>Saved, and the refused filing was tried again with the corrected data.</source>
        <translation>Gespeichert, und die abgelehnte Einreichung wurde mit den korrigierten Daten erneut versucht.</translation>
    </message>
</context>
<context>
    <name>fd::ui::ExceptionModel</name>
    <message>
        <source>Reconciliation exception</source>
        <translation>Abgleichsausnahme</translation>
    </message>
    <message>
        <source>Statutory halt</source>
        <translation>Rechtlicher Halt</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation>Säumnisrisiko</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Citation</source>
        <translation>Rechtsgrundlage</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Bestätigung</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation>Filing-Referenz</translation>
    </message>
</context>
<context>
    <name>fd::ui::ExceptionsPage</name>
    <message>
        <source>Resolve and &amp;requeue…</source>
        <translation>Auflösen und &amp;neu einreihen …</translation>
    </message>
    <message>
        <source>&amp;Accept as filed…</source>
        <translation>Als übermittelt &amp;anerkennen …</translation>
    </message>
    <message>
        <source>&amp;Withdraw (will not file)…</source>
        <translation>&amp;Zurückziehen (wird nicht übermittelt) …</translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation>No&amp;tiz hinzufügen …</translation>
    </message>
    <message>
        <source>Statutory halts and reconciliation exceptions</source>
        <translation>Rechtliche Halts und Abgleichsausnahmen</translation>
    </message>
    <message>
        <source>Resolve and requeue the selected items</source>
        <translation>Die ausgewählten Einträge auflösen und neu einreihen</translation>
    </message>
    <message>
        <source>Accept the selected reconciliation exceptions as filed</source>
        <translation>Die ausgewählten Abgleichsausnahmen als übermittelt anerkennen</translation>
    </message>
    <message>
        <source>Withdraw the selected items: they will not be filed</source>
        <translation>Die ausgewählten Einträge zurückziehen: sie werden nicht übermittelt</translation>
    </message>
    <message>
        <source>Add a note to the selected items</source>
        <translation>Den ausgewählten Einträgen eine Notiz hinzufügen</translation>
    </message>
    <message>
        <source>Why it halted: rule, statute, what the registry answered, what was sent</source>
        <translation>Warum angehalten wurde: Regel, Rechtsgrundlage, Antwort des Registers, gesendete Daten</translation>
    </message>
    <message>
        <source>Select an item to see its rule, the statute, what the registry answered and what was sent.</source>
        <translation>Wählen Sie einen Eintrag aus, um seine Regel, die Rechtsgrundlage, die Antwort des Registers und die gesendeten Daten zu sehen.</translation>
    </message>
    <message>
        <source>Accept a reconciliation exception as filed after checking its receipt. Only one the registry gave a confirmation number for can be; for one without, requeue it (it is looked up first) or record it as filed outside FilingDesk.</source>
        <translation>Eine Abgleichsausnahme nach Prüfung des Belegs als eingereicht annehmen. Das geht nur bei einer, für die das Register eine Bestätigungsnummer vergeben hat; eine ohne Nummer erneut einreihen (sie wird zuerst nachgefragt) oder als außerhalb von FilingDesk eingereicht erfassen.</translation>
    </message>
</context>
<context>
    <name>fd::ui::Format</name>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 Std. %2 Min.</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 Min. %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>fd::ui::InFlightChart</name>
    <message numerus="yes">
        <source>Permits in flight over the last %n minute(s)</source>
        <translation>
            <numerusform>Sendeberechtigungen in Übertragung in der letzten Minute</numerusform>
            <numerusform>Sendeberechtigungen in Übertragung in den letzten %n Minuten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Permits in flight (fleet-wide), up to the last %n minute(s); dashed: cap</source>
        <translation>
            <numerusform>Sendeberechtigungen in Übertragung (flottenweit), bis zur letzten Minute; gestrichelt: Obergrenze</numerusform>
            <numerusform>Sendeberechtigungen in Übertragung (flottenweit), bis zu den letzten %n Minuten; gestrichelt: Obergrenze</numerusform>
        </translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>permits</source>
        <translation>Sendeberechtigungen</translation>
    </message>
    <message>
        <source>%1 cap</source>
        <translation>Obergrenze %1</translation>
    </message>
</context>
<context>
    <name>fd::ui::MainWindow</name>
    <message>
        <source>FilingDesk operator console</source>
        <translation>FilingDesk-Bedienkonsole</translation>
    </message>
    <message>
        <source>FilingDesk</source>
        <translation>FilingDesk</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Open portfolio…</source>
        <translation>Portfolio ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Launch &amp;selection</source>
        <translation>&amp;Auswahl starten</translation>
    </message>
    <message>
        <source>Launch &amp;due within…</source>
        <translation>&amp;Fällige starten …</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Cancel batch…</source>
        <translation>Lauf a&amp;bbrechen …</translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Export &amp;calendar…</source>
        <translation>&amp;Kalender exportieren …</translation>
    </message>
    <message>
        <source>Open portfolio</source>
        <translation>Portfolio öffnen</translation>
    </message>
    <message>
        <source>Portfolio CSV (*.csv);;All files (*)</source>
        <translation>Portfolio-CSV (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Console views</source>
        <translation>Ansichten der Konsole</translation>
    </message>
    <message>
        <source>Obligations</source>
        <translation>Pflichten</translation>
    </message>
    <message>
        <source>Permits</source>
        <translation>Sendeberechtigungen</translation>
    </message>
    <message>
        <source>Halts &amp;&amp; exceptions</source>
        <translation>Angehalten &amp;&amp; Ausnahmen</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Prüfpfad</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptleiste</translation>
    </message>
    <message>
        <source> As of: </source>
        <translation> Stichtag: </translation>
    </message>
    <message>
        <source>As-of date for due dates</source>
        <translation>Stichtag für die Fälligkeitsberechnung</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Refresh &amp;audit</source>
        <translation>Prüfpfad &amp;aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About FilingDesk</source>
        <translation>Ü&amp;ber FilingDesk</translation>
    </message>
    <message>
        <source>The engine did not start: %1. Nothing is being sent. Check Settings (Ctrl+,).</source>
        <translation>Die Engine ist nicht gestartet: %1. Es wird nichts gesendet. Einstellungen prüfen (Strg+,).</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbindet …</translation>
    </message>
    <message>
        <source>Portfolio not loaded</source>
        <translation>Portfolio nicht geladen</translation>
    </message>
    <message>
        <source>%1 as of %2 (rules %3): %4 rows = %5 with obligations + %6 need data + %7 out of scope + %8 row errors; %9 obligations</source>
        <translation>%1, Stichtag %2 (Regeln %3): %4 Zeilen = %5 mit Pflichten + %6 mit fehlenden Angaben + %7 außerhalb des Anwendungsbereichs + %8 fehlerhaft; %9 Pflichten</translation>
    </message>
    <message>
        <source>, %1 already known, %2 not yet open for filing, %3 due later</source>
        <translation>, %1 bereits bekannt, %2 noch nicht zur Übermittlung freigegeben, %3 später fällig</translation>
    </message>
    <message>
        <source>the selection</source>
        <translation>die Auswahl</translation>
    </message>
    <message numerus="yes">
        <source>everything due within %n day(s)</source>
        <translation>
            <numerusform>alles, was innerhalb eines Tages fällig ist</numerusform>
            <numerusform>alles, was innerhalb von %n Tagen fällig ist</numerusform>
        </translation>
    </message>
    <message>
        <source>Redis %1</source>
        <translation>Redis %1</translation>
    </message>
    <message>
        <source>(none: in-process gate)</source>
        <translation>(keines: prozessinterne Sendesteuerung)</translation>
    </message>
    <message>
        <source>registry %1</source>
        <translation>Register %1</translation>
    </message>
    <message>
        <source>ceilings %1</source>
        <translation>Obergrenzen %1</translation>
    </message>
    <message>
        <source>audit database %1</source>
        <translation>Prüfpfad-Datenbank %1</translation>
    </message>
    <message>
        <source>This session runs with command-line options that override the saved settings (not saved): %1. Below are the saved settings.</source>
        <translation>Diese Sitzung läuft mit Befehlszeilenoptionen, die die gespeicherten Einstellungen überschreiben (nicht gespeichert): %1. Unten stehen die gespeicherten Einstellungen.</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>FilingDesk — %1</source>
        <translation>FilingDesk — %1</translation>
    </message>
    <message>
        <source>[PAUSED] </source>
        <translation>[ANGEHALTEN] </translation>
    </message>
    <message>
        <source>Halts &amp;&amp; exceptions (%1)</source>
        <translation>Angehalten &amp;&amp; Ausnahmen (%1)</translation>
    </message>
    <message>
        <source>%1 (failing since %2) — %3</source>
        <translation>%1 (gestört seit %2) — %3</translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation>letzter Fehler: %1</translation>
    </message>
    <message numerus="yes">
        <source>, %n filing(s) need data</source>
        <translation>
            <numerusform>, %n Filing mit fehlenden Angaben</numerusform>
            <numerusform>, %n Filings mit fehlenden Angaben</numerusform>
        </translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>Flotte</translation>
    </message>
    <message>
        <source>team ledger %1</source>
        <translation>Team-Ledger %1</translation>
    </message>
    <message>
        <source>(none: this desk alone)</source>
        <translation>(keiner: dieser Arbeitsplatz allein)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>TEAM LEDGER UNREACHABLE: nothing is sent from this desk; showing this desk&apos;s mirror (read-only) — operator actions are disabled until the ledger answers again.%1</source>
        <translation>TEAM-LEDGER NICHT ERREICHBAR: von diesem Arbeitsplatz wird nichts gesendet; angezeigt wird sein Spiegel (nur lesen) — Operator-Aktionen sind gesperrt, bis der Ledger wieder antwortet.%1</translation>
    </message>
    <message>
        <source>The team ledger is unreachable: this desk shows its mirror, read-only. Try again when the ledger answers.</source>
        <translation>Der Team-Ledger ist nicht erreichbar: dieser Arbeitsplatz zeigt seinen Spiegel, nur lesend. Versuchen Sie es wieder, wenn der Ledger antwortet.</translation>
    </message>
    <message>
        <source>[LEDGER UNREACHABLE] </source>
        <translation>[LEDGER NICHT ERREICHBAR] </translation>
    </message>
    <message>
        <source>The team ledger&apos;s audit trail does not verify: this desk shows its mirror, read-only, until the ledger is restored and the console restarted.</source>
        <translation>Der Prüfpfad des Team-Ledgers lässt sich nicht bestätigen: dieser Arbeitsplatz zeigt seinen Spiegel, nur lesend, bis der Ledger wiederhergestellt und die Konsole neu gestartet ist.</translation>
    </message>
    <message>
        <source>[LEDGER AUDIT BROKEN] </source>
        <translation>[LEDGER-PRÜFPFAD GEBROCHEN] </translation>
    </message>
    <message>
        <source>TEAM LEDGER NOT TRUSTED, showing this desk&apos;s mirror (read-only): %1</source>
        <translation>TEAM-LEDGER NICHT VERTRAUENSWÜRDIG, angezeigt wird der Spiegel dieses Arbeitsplatzes (nur lesen): %1</translation>
    </message>
    <message>
        <source>its audit trail does not verify</source>
        <translation>sein Prüfpfad lässt sich nicht bestätigen</translation>
    </message>
    <message>
        <source>TEAM LEDGER IS A READ-ONLY STANDBY: nothing can be recorded there, so nothing is sent from this desk; showing this desk&apos;s mirror (read-only) until the primary answers.%1</source>
        <translation>TEAM-LEDGER IST EIN NUR LESBARER STANDBY: dort lässt sich nichts festhalten, daher sendet dieser Arbeitsplatz nichts; angezeigt wird der Spiegel dieses Arbeitsplatzes (nur lesen), bis der Primärserver antwortet.%1</translation>
    </message>
    <message>
        <source>%1 %2 %3 of %4</source>
        <translation>%1 %2 %3 von %4</translation>
    </message>
    <message>
        <source>%1 is not in the entity register.</source>
        <translation>%1 ist nicht im Rechtsträgerregister.</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s), %1 to %2</source>
        <translation>
            <numerusform>%n Filing, %1 an %2</numerusform>
            <numerusform>%n Filings, %1 an %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Total: %n filing(s), %1</source>
        <translation>
            <numerusform>Gesamt: %n Filing, %1</numerusform>
            <numerusform>Gesamt: %n Filings, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Calendar</source>
        <translation>Kalender</translation>
    </message>
    <message>
        <source>Planning again as of %1…</source>
        <translation>Neuplanung zum Stichtag %1 …</translation>
    </message>
    <message>
        <source>Registry mode</source>
        <translation>Registermodus</translation>
    </message>
    <message numerus="yes">
        <source>Filings not filed yet that are overdue or due within %n day(s)</source>
        <translation>
            <numerusform>Noch nicht übermittelte Filings, die überfällig oder innerhalb von %n Tag fällig sind</numerusform>
            <numerusform>Noch nicht übermittelte Filings, die überfällig oder innerhalb von %n Tagen fällig sind</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Reports</source>
        <translation>&amp;Berichte</translation>
    </message>
    <message>
        <source>Every filing: entity, jurisdiction, due date, status, confirmation number, fees in dollars, who launched and resolved it (PDF for people, CSV for spreadsheets)</source>
        <translation>Jedes Filing: Rechtsträger, Jurisdiktion, Fälligkeit, Status, Bestätigungsnummer, Gebühren in Dollar, wer es gestartet und erledigt hat (PDF zum Lesen, CSV für Tabellenkalkulationen)</translation>
    </message>
    <message>
        <source>&amp;Compliance status report…</source>
        <translation>&amp;Compliance-Statusbericht …</translation>
    </message>
    <message>
        <source>The portfolio&apos;s position as of the as-of date: filed, due in 30/60/90 days, overdue, needs data, halted, penalty exposure</source>
        <translation>Die Lage des Portfolios zum Stichtag: übermittelt, fällig in 30/60/90 Tagen, überfällig, Daten fehlen, angehalten, Säumnisrisiko</translation>
    </message>
    <message>
        <source>&amp;My filings only</source>
        <translation>Nur &amp;meine Filings</translation>
    </message>
    <message>
        <source>Show only the filings of entities you own (Settings: your name as owner)</source>
        <translation>Nur die Filings der Rechtsträger anzeigen, für die Sie verantwortlich sind (Einstellungen: Ihr Name als Verantwortliche(r))</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s), %1 in fees</source>
        <translation>
            <numerusform>%n Filing, %1 Gebühren</numerusform>
            <numerusform>%n Filings, %1 Gebühren</numerusform>
        </translation>
    </message>
    <message>
        <source>[LIVE] </source>
        <translation>[LIVE] </translation>
    </message>
    <message>
        <source>[PRACTICE] </source>
        <translation>[ÜBUNG] </translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>LIVE</translation>
    </message>
    <message>
        <source>Filing with a LIVE registry: filings are real and fees are charged (%1)</source>
        <translation>Übermittlung an ein LIVE-Register: die Filings sind echt, und Gebühren werden berechnet (%1)</translation>
    </message>
    <message>
        <source>PRACTICE</source>
        <translation>ÜBUNG</translation>
    </message>
    <message>
        <source>Filing with a practice registry: nothing is filed for real (%1)</source>
        <translation>Übermittlung an ein Übungsregister: nichts wird wirklich übermittelt (%1)</translation>
    </message>
    <message>
        <source>NO REGISTRY</source>
        <translation>KEIN REGISTER</translation>
    </message>
    <message>
        <source>No registry is configured: nothing can be filed</source>
        <translation>Kein Register eingerichtet: nichts kann übermittelt werden</translation>
    </message>
    <message>
        <source>Logged in as</source>
        <translation>Angemeldet als</translation>
    </message>
    <message>
        <source>Resolve and requeue</source>
        <translation>Auflösen und neu einreihen</translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation>Als übermittelt anerkennen</translation>
    </message>
    <message>
        <source>Logged in to the team ledger as %1
FilingDesk roles: %2</source>
        <translation>Am Team-Ledger angemeldet als %1
FilingDesk-Rollen: %2</translation>
    </message>
    <message>
        <source>Could not be filed</source>
        <translation>Übermittlung gescheitert</translation>
    </message>
    <message>
        <source>Filings the registry would not take after every attempt, or whose data it could not read: each needs a person (dead letters)</source>
        <translation>Filings, die das Register auch nach allen Versuchen nicht angenommen hat oder deren Daten es nicht lesen konnte: jedes braucht einen Menschen (Dead Letters)</translation>
    </message>
    <message>
        <source>&amp;Batch panel</source>
        <translation>Bereich „&amp;Lauf“</translation>
    </message>
    <message>
        <source>Show or hide the Batch panel (launch, pause, resume, progress)</source>
        <translation>Den Bereich „Lauf“ ein- oder ausblenden (starten, anhalten, fortsetzen, Fortschritt)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1
Correct the marked fields, then press “Save and requeue”: the changes are saved and %2 is sent again with the corrected data, as the same filing (the registry will not file it twice).</source>
        <translation>%1
Korrigieren Sie die markierten Felder und klicken Sie dann auf „Speichern und neu einreihen“: die Änderungen werden gespeichert, und %2 wird mit den korrigierten Daten erneut gesendet, als dasselbe Filing (das Register nimmt es nicht doppelt an).</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) ready to launch</source>
        <translation>
            <numerusform>%n Filing startbereit</numerusform>
            <numerusform>%n Filings startbereit</numerusform>
        </translation>
    </message>
    <message>
        <source>The batch has nothing left to send.</source>
        <translation>Der Lauf hat nichts mehr zu senden.</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>THE TEAM&apos;S BATCHES ARE PAUSED — nothing new is being sent by any desk (%1 still being sent here). Resume with Ctrl+R.</source>
        <translation>DIE LÄUFE DES TEAMS SIND ANGEHALTEN — kein Arbeitsplatz sendet etwas Neues (%1 hier noch in Übertragung). Mit Strg+R fortsetzen.</translation>
    </message>
    <message>
        <source>BATCH PAUSED — nothing new is being sent (%1 still being sent). Resume with Ctrl+R.</source>
        <translation>LAUF ANGEHALTEN — es wird nichts Neues gesendet (%1 noch in Übertragung). Mit Strg+R fortsetzen.</translation>
    </message>
    <message>
        <source>NOTHING IS BEING SENT: the team&apos;s filing limiter cannot be reached.%1 Sending resumes by itself when it answers again.</source>
        <translation>ES WIRD NICHTS GESENDET: die Sendebegrenzung des Teams ist nicht erreichbar.%1 Das Senden geht von selbst weiter, sobald sie wieder antwortet.</translation>
    </message>
    <message>
        <source>Gate blind: Redis unreachable (engine terms, for support)</source>
        <translation>Sendesteuerung blind: Redis nicht erreichbar (Engine-Begriffe, für den Support)</translation>
    </message>
    <message>
        <source>CANNOT BE REACHED</source>
        <translation>NICHT ERREICHBAR</translation>
    </message>
    <message>
        <source>[NOT SENDING] </source>
        <translation>[SENDET NICHT] </translation>
    </message>
    <message numerus="yes">
        <source>As of %1: filings not filed yet that are due within %n day(s) or overdue, and filings that need data before they can be filed. Click to list them.</source>
        <translation>
            <numerusform>Stand %1: noch nicht übermittelte Filings, die innerhalb von %n Tag fällig oder bereits überfällig sind, sowie Filings, denen vor der Übermittlung Daten fehlen. Klicken Sie, um sie aufzulisten.</numerusform>
            <numerusform>Stand %1: noch nicht übermittelte Filings, die innerhalb von %n Tagen fällig oder bereits überfällig sind, sowie Filings, denen vor der Übermittlung Daten fehlen. Klicken Sie, um sie aufzulisten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not be filed (%1)</source>
        <translation>Übermittlung gescheitert (%1)</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%n halt(s) or exception(s)</source>
        <translation>
            <numerusform>%n Halt oder Ausnahme</numerusform>
            <numerusform>%n Halts oder Ausnahmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) that could not be filed</source>
        <translation>
            <numerusform>%n Filing mit gescheiterter Übermittlung</numerusform>
            <numerusform>%n Filings mit gescheiterter Übermittlung</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for a person: %1</source>
        <translation>Warten auf einen Menschen: %1</translation>
    </message>
    <message>
        <source>Registry failing: %1</source>
        <translation>Register gestört: %1</translation>
    </message>
    <message>
        <source>&amp;Admit filings open for filing</source>
        <translation>Einreichungen mit offener Frist &amp;aufnehmen</translation>
    </message>
    <message>
        <source>Puts the planned filings whose filing window is open in line to be sent (as opening the portfolio does); nothing is sent before a launch</source>
        <translation>Nimmt die geplanten Einreichungen, deren Einreichungsfrist offen ist, zum Senden auf (wie beim Öffnen des Portfolios); vor einem Start wird nichts gesendet</translation>
    </message>
    <message>
        <source>Admit filings open for filing</source>
        <translation>Einreichungen mit offener Frist aufnehmen</translation>
    </message>
    <message>
        <source>Resume sending…</source>
        <translation>Senden fortsetzen…</translation>
    </message>
    <message>
        <source>Due dates as of %1.</source>
        <translation>Fälligkeiten zum Stichtag %1.</translation>
    </message>
    <message>
        <source>Back to the as-of date %1.</source>
        <translation>Zurück zum Stichtag %1.</translation>
    </message>
    <message numerus="yes">
        <source>Due within %n day(s)</source>
        <translation>
            <numerusform>Fällig innerhalb von %n Tag</numerusform>
            <numerusform>Fällig innerhalb von %n Tagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) waiting</source>
        <translation>
            <numerusform>%n Einreichung wartet</numerusform>
            <numerusform>%n Einreichungen warten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing to launch: no filing waiting to be sent is due within %n day(s).</source>
        <translation>
            <numerusform>Nichts zu starten: Keine wartende Einreichung ist innerhalb von %n Tag fällig.</numerusform>
            <numerusform>Nichts zu starten: Keine wartende Einreichung ist innerhalb von %n Tagen fällig.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) wait with later due dates: choose a longer window with the arrow beside “Launch due within” or in the Batch panel.</source>
        <translation>
            <numerusform>%n Einreichung wartet mit späterer Fälligkeit: Wählen Sie einen längeren Zeitraum über den Pfeil neben „Fällige starten“ oder im Lauf-Bereich.</numerusform>
            <numerusform>%n Einreichungen warten mit späterer Fälligkeit: Wählen Sie einen längeren Zeitraum über den Pfeil neben „Fällige starten“ oder im Lauf-Bereich.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to launch: no filing is waiting to be sent. Open a portfolio, or admit the filings open for filing (Batch menu).</source>
        <translation>Nichts zu starten: Keine Einreichung wartet auf das Senden. Öffnen Sie ein Portfolio oder nehmen Sie die Einreichungen mit offener Frist auf (Menü Lauf).</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of a batch that was running when FilingDesk closed have not been sent: they wait for you to resume sending.</source>
        <translation>
            <numerusform>%n Einreichung eines Laufs, der beim Beenden von FilingDesk lief, wurde nicht gesendet: Sie wartet, bis Sie das Senden fortsetzen.</numerusform>
            <numerusform>%n Einreichungen eines Laufs, der beim Beenden von FilingDesk lief, wurden nicht gesendet: Sie warten, bis Sie das Senden fortsetzen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) that were on the wire are being looked up at the registry.</source>
        <translation>
            <numerusform>%n Einreichung, die gerade unterwegs war, wird beim Register nachgefragt.</numerusform>
            <numerusform>%n Einreichungen, die gerade unterwegs waren, werden beim Register nachgefragt.</numerusform>
        </translation>
    </message>
    <message>
        <source>the filings waiting since FilingDesk was closed</source>
        <translation>die Einreichungen, die seit dem Beenden von FilingDesk warten</translation>
    </message>
    <message>
        <source>Open &amp;entity</source>
        <translation>&amp;Rechtsträger öffnen</translation>
    </message>
    <message>
        <source>Open the entity of the selected row: its data, its filings and what happened to them (also Enter, a double-click or the row&apos;s menu)</source>
        <translation>Den Rechtsträger der ausgewählten Zeile öffnen: seine Daten, seine Filings und was mit ihnen geschah (auch mit Eingabe, Doppelklick oder dem Menü der Zeile)</translation>
    </message>
    <message>
        <source>Select a row first: its entity opens.</source>
        <translation>Zuerst eine Zeile auswählen: ihr Rechtsträger wird geöffnet.</translation>
    </message>
    <message>
        <source>Ctrl+O open portfolio
Ctrl+L launch selection
Ctrl+Shift+L launch everything due within N days
Ctrl+P pause
Ctrl+R resume
Ctrl+Shift+X cancel batch
Ctrl+Shift+R try the selected filings that could not be filed again
Ctrl+E open the entity of the selected row
Ctrl+F search the current view
Ctrl+1 … Ctrl+7 switch views (Ctrl+7 calendar)
Ctrl+Shift+M my filings only
F5 search the audit trail
Ctrl+, settings</source>
        <translation>Strg+O Portfolio öffnen
Strg+L Auswahl starten
Strg+Umschalt+L alles starten, was innerhalb von N Tagen fällig ist
Strg+P anhalten
Strg+R fortsetzen
Strg+Umschalt+X Lauf abbrechen
Strg+Umschalt+R die ausgewählten Filings mit gescheiterter Übermittlung erneut versuchen
Strg+E den Rechtsträger der ausgewählten Zeile öffnen
Strg+F die aktuelle Ansicht durchsuchen
Strg+1 … Strg+7 Ansicht wechseln (Strg+7 Kalender)
Strg+Umschalt+M nur meine Filings
F5 den Prüfpfad durchsuchen
Strg+, Einstellungen</translation>
    </message>
    <message>
        <source>Open entity “%1”</source>
        <translation>Rechtsträger „%1“ öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n other(s)</source>
        <translation>
            <numerusform>%1 und %n weiterer</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more entity(ies) with values that differ from the register (%1): Show opens the next.</source>
        <translation>
            <numerusform>%n weiterer Rechtsträger mit Werten, die vom Register abweichen (%1): „Anzeigen“ öffnet ihn.</numerusform>
            <numerusform>%n weitere Rechtsträger mit Werten, die vom Register abweichen (%1): „Anzeigen“ öffnet den nächsten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entity(ies) in %1 have values that differ from the entity register (%2). FilingDesk plans with the register&apos;s values until someone decides; Show opens the entity to decide.</source>
        <translation>
            <numerusform>%n Rechtsträger in %1 hat Werte, die vom Rechtsträgerregister abweichen (%2). FilingDesk plant mit den Werten des Registers, bis jemand entscheidet; „Anzeigen“ öffnet den Rechtsträger zum Entscheiden.</numerusform>
            <numerusform>%n Rechtsträger in %1 haben Werte, die vom Rechtsträgerregister abweichen (%2). FilingDesk plant mit den Werten des Registers, bis jemand entscheidet; „Anzeigen“ öffnet den ersten zum Entscheiden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier refusal(s) not shown</source>
        <translation>
            <numerusform>%n frühere Ablehnung nicht angezeigt</numerusform>
            <numerusform>%n frühere Ablehnungen nicht angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>Not done (%1 times): %2</source>
        <translation>Nicht ausgeführt (%1-mal): %2</translation>
    </message>
    <message>
        <source>&amp;Filings report…</source>
        <translation>&amp;Filing-Bericht …</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>%1
Correct the marked fields, then press “Save and try again”: the changes are saved and %2 is tried again with the corrected data, as the same filing (the registry will not file it twice). If the data is right as it is (corrected with the registry, say), close this page and press “Try again…” once more: the filing is sent as it is.</source>
        <translation>%1
Korrigieren Sie die markierten Felder und klicken Sie dann auf „Speichern und erneut versuchen“: die Änderungen werden gespeichert, und %2 wird mit den korrigierten Daten erneut versucht, als dasselbe Filing (das Register nimmt es nicht doppelt an). Sind die Daten so richtig (etwa beim Register berichtigt), schließen Sie diese Seite und klicken Sie noch einmal auf „Erneut versuchen …“: das Filing wird so gesendet, wie es ist.</translation>
    </message>
</context>
<context>
    <name>fd::ui::MemberModel</name>
    <message>
        <source>Desk (console)</source>
        <translation>Arbeitsplatz (Konsole)</translation>
    </message>
    <message>
        <source>Headless run</source>
        <translation>Lauf ohne Oberfläche</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>%1 (this console)</source>
        <translation>%1 (diese Konsole)</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Lost: no heartbeat since %1. Its claims go back to the team when their lease ends.</source>
        <translation>Verloren: kein Heartbeat seit %1. Seine Ansprüche gehen an das Team zurück, wenn ihr Lease endet.</translation>
    </message>
    <message>
        <source>Members beat every 5 s; one silent for three beats is lost</source>
        <translation>Mitglieder melden sich alle 5 s; eines, das drei Meldungen lang schweigt, gilt als verloren</translation>
    </message>
    <message>
        <source>The jurisdictions the member takes work for</source>
        <translation>Die Rechtsgebiete, für die das Mitglied Arbeit übernimmt</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Mitglied</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Letzter Heartbeat</translation>
    </message>
    <message>
        <source>Jurisdictions</source>
        <translation>Rechtsgebiete</translation>
    </message>
    <message>
        <source>Claims held</source>
        <translation>Ansprüche</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>In Übertragung</translation>
    </message>
    <message>
        <source>Filed since start</source>
        <translation>Seit Start übermittelt</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Tasks the member has claimed in the ledger: only it works on them (as of its last heartbeat)</source>
        <translation>Aufgaben, die das Mitglied im Ledger beansprucht hat: nur es bearbeitet sie (Stand seines letzten Heartbeats)</translation>
    </message>
    <message>
        <source>Requests the member has on the wire (as of its last heartbeat)</source>
        <translation>Anfragen des Mitglieds in Übertragung (Stand seines letzten Heartbeats)</translation>
    </message>
    <message>
        <source>Filings the member completed since it started (as of its last heartbeat)</source>
        <translation>Filings, die das Mitglied seit seinem Start übermittelt hat (Stand seines letzten Heartbeats)</translation>
    </message>
</context>
<context>
    <name>fd::ui::MembersPage</name>
    <message>
        <source>Team mode is off: this console works alone, on its own database, and there is no fleet to show.

To work as a team, every desk and headless run uses one shared PostgreSQL ledger: set &quot;Ledger URL&quot; under Team ledger in Settings (Ctrl+,), for example postgresql://filingdesk@db.example:5432/filingdesk, keep its password in the keychain there, and restart the console; or start it with --ledger URL for one session. Headless members join with filingdesk run --ledger URL.</source>
        <translation>Der Teammodus ist aus: diese Konsole arbeitet allein, mit ihrer eigenen Datenbank, und es gibt keine Flotte zu zeigen.

Um im Team zu arbeiten, nutzen alle Arbeitsplätze und Läufe ohne Oberfläche einen gemeinsamen PostgreSQL-Ledger: tragen Sie in den Einstellungen (Strg+,) unter Team-Ledger die „Ledger-URL“ ein, zum Beispiel postgresql://filingdesk@db.example:5432/filingdesk, legen Sie dort sein Passwort im Schlüsselbund ab und starten Sie die Konsole neu; oder starten Sie sie für eine Sitzung mit --ledger URL. Mitglieder ohne Oberfläche treten mit filingdesk run --ledger URL bei.</translation>
    </message>
    <message>
        <source>Members of the fleet</source>
        <translation>Mitglieder der Flotte</translation>
    </message>
    <message>
        <source>The team ledger cannot be reached%1: the list below is as of %2 and is not refreshed until it answers again.</source>
        <translation>Der Team-Ledger ist nicht erreichbar%1: die Liste unten ist vom Stand %2 und wird erst wieder aktualisiert, wenn er antwortet.</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message numerus="yes">
        <source>Ledger %1: %n member(s) at work</source>
        <translation>
            <numerusform>Ledger %1: %n Mitglied bei der Arbeit</numerusform>
            <numerusform>Ledger %1: %n Mitglieder bei der Arbeit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n lost</source>
        <translation>
            <numerusform>, %n verloren</numerusform>
            <numerusform>, %n verloren</numerusform>
        </translation>
    </message>
    <message>
        <source> · claims held %1 · in flight %2 · updated %3</source>
        <translation> · Ansprüche %1 · in Übertragung %2 · aktualisiert %3</translation>
    </message>
</context>
<context>
    <name>fd::ui::MonthGridDelegate</name>
    <message>
        <source>Today</source>
        <translation>Heute</translation>
    </message>
</context>
<context>
    <name>fd::ui::MonthGridModel</name>
    <message>
        <source>%1 %2 — %3, %4: %5</source>
        <translation>%1 %2 — %3, %4: %5</translation>
    </message>
    <message>
        <source> (today)</source>
        <translation> (heute)</translation>
    </message>
    <message>
        <source>%1: no filings due</source>
        <translation>%1: keine Filings fällig</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due; most pressing: %1</source>
        <translation>
            <numerusform>%n Filing fällig; am dringendsten: %1</numerusform>
            <numerusform>%n Filings fällig; am dringendsten: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see the list)</source>
        <translation>
            <numerusform>… und %n weiteres (siehe Liste)</numerusform>
            <numerusform>… und %n weitere (siehe Liste)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::ObligationModel</name>
    <message>
        <source>(missing: double-click to set)</source>
        <translation>(fehlt: zum Eintragen doppelklicken)</translation>
    </message>
    <message>
        <source>%1
key %2
line %3</source>
        <translation>%1
Schlüssel %2
Zeile %3</translation>
    </message>
    <message>
        <source>Penalty owed once the due date is missed (today&apos;s amount if already late)</source>
        <translation>Säumniszuschlag bei Überschreiten der Fälligkeit (heutiger Betrag, falls bereits überfällig)</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>Filing</source>
        <translation>Filing</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Days left</source>
        <translation>Resttage</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Gebühr</translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation>Säumnisrisiko</translation>
    </message>
    <message>
        <source>Urgency</source>
        <translation>Dringlichkeit</translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation>Rechtsform</translation>
    </message>
    <message>
        <source>Formed</source>
        <translation>Gegründet</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Bestätigung</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation>Corporation</translation>
    </message>
    <message>
        <source>LLC</source>
        <translation>LLC</translation>
    </message>
    <message>
        <source>Limited partnership</source>
        <translation>Limited Partnership</translation>
    </message>
    <message>
        <source>Needs data (date unknown)</source>
        <translation>Daten fehlen (Datum unbekannt)</translation>
    </message>
    <message>
        <source>Compliance status: filed, due, overdue, needs data, halted, will not file. Red: overdue; amber: due within %1 days; green: on track or filed</source>
        <translation>Compliance-Status: übermittelt, fällig, überfällig, Daten fehlen, angehalten, wird nicht übermittelt. Rot: überfällig; gelb: fällig innerhalb von %1 Tagen; grün: im Plan oder übermittelt</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Verantwortlich</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <source>%1 (engine state %2)</source>
        <translation>%1 (Engine-Zustand %2)</translation>
    </message>
    <message>
        <source>Where the filing is: waiting, sending, filed, or needing a person (the engine&apos;s own term is in each cell&apos;s tooltip, for support)</source>
        <translation>Wo das Filing steht: wartet, wird gesendet, übermittelt oder braucht einen Menschen (der Begriff der Engine steht in der Kurzinfo jeder Zelle, für den Support)</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation>Filing-Referenz</translation>
    </message>
    <message numerus="yes">
        <source>Overdue %n day(s)</source>
        <translation>
            <numerusform>Seit %n Tag überfällig</numerusform>
            <numerusform>Seit %n Tagen überfällig</numerusform>
        </translation>
    </message>
    <message>
        <source>Due today</source>
        <translation>Heute fällig</translation>
    </message>
    <message numerus="yes">
        <source>Due in %n day(s)</source>
        <translation>
            <numerusform>Fällig in %n Tag</numerusform>
            <numerusform>Fällig in %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; the entity&apos;s risk tier %2 of 5 (admission score %3)</source>
        <translation>%1; Risikostufe der Gesellschaft %2 von 5 (Aufnahmewert %3)</translation>
    </message>
    <message>
        <source>%1
rule %2</source>
        <translation>%1
Regel %2</translation>
    </message>
    <message>
        <source>How soon each filing should go: the most overdue and the soonest due first, an entity at greater risk before others due the same day (the order in which filings are admitted)</source>
        <translation>Wie bald jede Einreichung erfolgen sollte: die am längsten überfälligen und die am frühesten fälligen zuerst, bei gleichem Tag eine Gesellschaft mit höherem Risiko vor anderen (die Reihenfolge, in der Einreichungen aufgenommen werden)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>The %1 is due relative to the formation date, which the portfolio does not give</source>
        <translation>%1: fällig relativ zum Gründungsdatum, das im Portfolio fehlt</translation>
    </message>
    <message>
        <source>The %1 is due every other year, in the years of the parity of the last digit of the state&apos;s file number, which the portfolio does not give</source>
        <translation>%1: alle zwei Jahre fällig, in den Jahren mit der Parität der letzten Ziffer der staatlichen Registernummer, die im Portfolio fehlt</translation>
    </message>
    <message>
        <source>The entity&apos;s status is “%1”: no filings are made for it</source>
        <translation>Status der Gesellschaft ist „%1“: für sie wird nichts eingereicht</translation>
    </message>
    <message>
        <source>Foreign subsidiary (%1): no US state filing</source>
        <translation>Ausländische Tochtergesellschaft (%1): keine Einreichung bei einem US-Bundesstaat</translation>
    </message>
    <message>
        <source>The entity type is unknown, so the rules of %1 cannot be chosen</source>
        <translation>Die Rechtsform ist unbekannt, daher können die Regeln von %1 nicht gewählt werden</translation>
    </message>
    <message>
        <source>Out of scope</source>
        <translation>Nicht betroffen</translation>
    </message>
    <message>
        <source>Needs data (jurisdiction)</source>
        <translation>Daten fehlen (Rechtsordnung)</translation>
    </message>
    <message>
        <source>Needs data (entity type)</source>
        <translation>Daten fehlen (Rechtsform)</translation>
    </message>
    <message>
        <source>Needs data (formation date)</source>
        <translation>Daten fehlen (Gründungsdatum)</translation>
    </message>
    <message>
        <source>Chartered by the United States (a national bank or federal savings association), not by a state: no state annual report</source>
        <translation>Von den Vereinigten Staaten zugelassen (National Bank oder Federal Savings Association), nicht von einem Bundesstaat: kein Jahresbericht bei einem Bundesstaat</translation>
    </message>
    <message>
        <source>Foreign subsidiary (%1, %2): no US state filing</source>
        <translation>Ausländische Tochtergesellschaft (%1, %2): keine Einreichung bei einem US-Bundesstaat</translation>
    </message>
</context>
<context>
    <name>fd::ui::ObligationsPage</name>
    <message>
        <source>&amp;Launch selection</source>
        <translation>Auswahl &amp;starten</translation>
    </message>
    <message>
        <source>&amp;Withdraw selection…</source>
        <translation>Auswahl &amp;zurückziehen …</translation>
    </message>
    <message>
        <source>Obligations</source>
        <translation>Pflichten</translation>
    </message>
    <message>
        <source>No portfolio loaded. Open one with Ctrl+O.</source>
        <translation>Kein Portfolio geladen. Mit Strg+O eines öffnen.</translation>
    </message>
    <message>
        <source>Launch the selected filings</source>
        <translation>Die ausgewählten Filings starten</translation>
    </message>
    <message>
        <source>Start filing the selected filings that wait to be sent (Ctrl+L)</source>
        <translation>Die Übermittlung der ausgewählten Filings starten, die auf das Senden warten (Strg+L)</translation>
    </message>
    <message>
        <source>Withdraw the selected filings</source>
        <translation>Die ausgewählten Filings zurückziehen</translation>
    </message>
    <message numerus="yes">
        <source>%n obligation(s) on record; no portfolio opened in this session (Ctrl+O opens one).</source>
        <translation>
            <numerusform>%n Pflicht erfasst; in dieser Sitzung wurde kein Portfolio geöffnet (Strg+O öffnet eines).</numerusform>
            <numerusform>%n Pflichten erfasst; in dieser Sitzung wurde kein Portfolio geöffnet (Strg+O öffnet eines).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::OperatorActions</name>
    <message>
        <source>Launch filings</source>
        <translation>Filings starten</translation>
    </message>
    <message>
        <source>Scheduled filing run</source>
        <translation>Planmäßiger Übermittlungslauf</translation>
    </message>
    <message>
        <source>Pause the batch</source>
        <translation>Lauf anhalten</translation>
    </message>
    <message>
        <source>Pause: nothing new is sent; requests already on the wire finish.</source>
        <translation>Anhalten: es wird nichts Neues gesendet; bereits laufende Anfragen werden abgeschlossen.</translation>
    </message>
    <message>
        <source>Paused from the console</source>
        <translation>In der Konsole angehalten</translation>
    </message>
    <message>
        <source>Resume the batch</source>
        <translation>Lauf fortsetzen</translation>
    </message>
    <message>
        <source>Resume sending.</source>
        <translation>Senden fortsetzen.</translation>
    </message>
    <message>
        <source>Resumed from the console</source>
        <translation>In der Konsole fortgesetzt</translation>
    </message>
    <message>
        <source>Cancel the batch</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Nothing selected in the review queue.</source>
        <translation>In der Prüfliste ist nichts ausgewählt.</translation>
    </message>
    <message>
        <source>Resolve and requeue</source>
        <translation>Auflösen und neu einreihen</translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation>Als übermittelt anerkennen</translation>
    </message>
    <message>
        <source>Nothing selected to withdraw.</source>
        <translation>Nichts zum Zurückziehen ausgewählt.</translation>
    </message>
    <message>
        <source>Withdraw filings</source>
        <translation>Filings zurückziehen</translation>
    </message>
    <message numerus="yes">
        <source>Withdraw %n filing(s): they will NOT be filed.</source>
        <translation>
            <numerusform>%n Filing zurückziehen: es wird NICHT übermittelt.</numerusform>
            <numerusform>%n Filings zurückziehen: sie werden NICHT übermittelt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing selected to annotate.</source>
        <translation>Nichts für eine Notiz ausgewählt.</translation>
    </message>
    <message>
        <source>Add a note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message numerus="yes">
        <source>Note for %n item(s), kept in the audit trail:</source>
        <translation>
            <numerusform>Notiz zu %n Eintrag, im Prüfpfad festgehalten:</numerusform>
            <numerusform>Notiz zu %n Einträgen, im Prüfpfad festgehalten:</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit entity</source>
        <translation>Rechtsträger bearbeiten</translation>
    </message>
    <message>
        <source>The console is read-only now.</source>
        <translation>Die Konsole ist gerade nur lesend.</translation>
    </message>
    <message>
        <source>Nothing selected to review.</source>
        <translation>Nichts zur Prüfung ausgewählt.</translation>
    </message>
    <message>
        <source>Cancel a batch</source>
        <translation>Einen Lauf abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es) are open. Which one do you cancel?</source>
        <translation>
            <numerusform>%n Lauf ist offen. Welchen brechen Sie ab?</numerusform>
            <numerusform>%n Läufe sind offen. Welchen brechen Sie ab?</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Change %1 of %2; its filings are planned again from the register.</source>
        <translation>%1 von %2 ändern; seine Filings werden aus dem Register neu geplant.</translation>
    </message>
    <message>
        <source>Decide a conflict</source>
        <translation>Widerspruch entscheiden</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>Nichts ausgewählt.</translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation>Außerhalb von FilingDesk übermittelt</translation>
    </message>
    <message>
        <source>Record %1 as filed: confirmation %2, %3 charged.</source>
        <translation>%1 als übermittelt erfassen: Bestätigung %2, %3 berechnet.</translation>
    </message>
    <message>
        <source>Nothing changed</source>
        <translation>Nichts geändert</translation>
    </message>
    <message>
        <source>Send anyway?</source>
        <translation>Trotzdem senden?</translation>
    </message>
    <message>
        <source>Send anyway</source>
        <translation>Trotzdem senden</translation>
    </message>
    <message numerus="yes">
        <source>File %n filing(s) now: %1.</source>
        <translation>
            <numerusform>%n Filing jetzt übermitteln: %1.</numerusform>
            <numerusform>%n Filings jetzt übermitteln: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>LIVE registry: these are real filings and the fees are charged.</source>
        <translation>LIVE-Register: dies sind echte Filings, und die Gebühren werden berechnet.</translation>
    </message>
    <message>
        <source>Practice registry: nothing is filed for real.</source>
        <translation>Übungsregister: nichts wird wirklich übermittelt.</translation>
    </message>
    <message>
        <source>File with a live registry</source>
        <translation>An ein Live-Register übermitteln</translation>
    </message>
    <message>
        <source>You are about to file with a LIVE registry (%1).

%2

These filings are real and their fees will be charged. File them now?</source>
        <translation>Sie sind dabei, an ein LIVE-Register (%1) zu übermitteln.

%2

Diese Filings sind echt, und ihre Gebühren werden berechnet. Jetzt übermitteln?</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s)</source>
        <translation>
            <numerusform>%n Filing</numerusform>
            <numerusform>%n Filings</numerusform>
        </translation>
    </message>
    <message>
        <source>Launch not confirmed: nothing was sent.</source>
        <translation>Start nicht bestätigt: nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>%1. Nothing was sent.</source>
        <translation>%1. Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>Open for review</source>
        <translation>Zur Prüfung öffnen</translation>
    </message>
    <message>
        <source>Close review</source>
        <translation>Prüfung beenden</translation>
    </message>
    <message>
        <source>Nothing to launch: %1 has no filing waiting to be sent.</source>
        <translation>Nichts zu starten: kein Filing wartet auf das Senden (%1).</translation>
    </message>
    <message>
        <source>Cancel: filings not sent yet go back to waiting; those being sent now finish.</source>
        <translation>Abbrechen: noch nicht gesendete Filings gehen zurück in den Wartestand; die gerade gesendeten werden abgeschlossen.</translation>
    </message>
    <message>
        <source>Try filings again</source>
        <translation>Filings erneut versuchen</translation>
    </message>
    <message>
        <source>No filing selected.</source>
        <translation>Kein Filing ausgewählt.</translation>
    </message>
    <message numerus="yes">
        <source>Accept %n reconciliation exception(s) as filed after checking the receipt.</source>
        <translation>
            <numerusform>%n Abgleichsausnahme nach Prüfung der Empfangsbestätigung als übermittelt anerkennen.</numerusform>
            <numerusform>%n Abgleichsausnahmen nach Prüfung der Empfangsbestätigungen als übermittelt anerkennen.</numerusform>
        </translation>
    </message>
    <message>
        <source>corporation</source>
        <translation>Corporation</translation>
    </message>
    <message>
        <source>limited liability company (LLC)</source>
        <translation>Limited Liability Company (LLC)</translation>
    </message>
    <message>
        <source>limited partnership (LP)</source>
        <translation>Limited Partnership (LP)</translation>
    </message>
    <message>
        <source>the formation date to %1</source>
        <translation>das Gründungsdatum auf %1</translation>
    </message>
    <message>
        <source>the entity type to %1</source>
        <translation>die Rechtsform auf %1</translation>
    </message>
    <message>
        <source>Set %1 for %2; its filings are planned again.</source>
        <translation>Für %2 %1 setzen; seine Filings werden neu geplant.</translation>
    </message>
    <message>
        <source>Save and requeue</source>
        <translation>Speichern und neu einreihen</translation>
    </message>
    <message>
        <source>No halted filing to send again.</source>
        <translation>Kein angehaltenes Filing zum erneuten Senden.</translation>
    </message>
    <message>
        <source>Change %1 of %2, then send %3 again with the corrected data.</source>
        <translation>%1 von %2 ändern, dann %3 mit den korrigierten Daten erneut senden.</translation>
    </message>
    <message numerus="yes">
        <source>Send %n filing(s) again with the same data the registry refused.</source>
        <translation>
            <numerusform>%n Filing mit denselben Daten, die das Register abgelehnt hat, erneut senden.</numerusform>
            <numerusform>%n Filings mit denselben Daten, die das Register abgelehnt hat, erneut senden.</numerusform>
        </translation>
    </message>
    <message>
        <source>File again with a live registry</source>
        <translation>Erneut bei einem echten Register einreichen</translation>
    </message>
    <message>
        <source>Not confirmed: nothing was sent again.</source>
        <translation>Nicht bestätigt: nichts wurde erneut gesendet.</translation>
    </message>
    <message>
        <source>This desk sends nothing itself: the team&apos;s workers file these with the registries they are set up for, which may be LIVE (real filings, fees charged).</source>
        <translation>Dieser Arbeitsplatz sendet selbst nichts: die Worker des Teams übermitteln diese Filings an die Register, für die sie eingerichtet sind, und die können LIVE sein (echte Filings, Gebühren werden berechnet).</translation>
    </message>
    <message>
        <source>No registry is configured on this desk: nothing can be sent until one is (Settings).</source>
        <translation>Auf diesem Arbeitsplatz ist kein Register eingerichtet: nichts kann gesendet werden, bis eines eingerichtet ist (Einstellungen).</translation>
    </message>
    <message>
        <source>its fee is charged</source>
        <translation>ihre Gebühr wird berechnet</translation>
    </message>
    <message>
        <source>its fee is charged (%1 at most for all of them)</source>
        <translation>ihre Gebühr wird berechnet (für alle zusammen höchstens %1)</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weitere</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>This filing was withdrawn by a person, who decided it will not be filed: trying it again files it after all.</source>
        <translation>Dieses Filing wurde von einer Person zurückgezogen, die entschieden hat, dass es nicht eingereicht wird: ein erneuter Versuch reicht es doch ein.</translation>
    </message>
    <message numerus="yes">
        <source>%n of these filings were withdrawn by a person, who decided they will not be filed: trying them again files them after all.</source>
        <translation>
            <numerusform>%n dieser Filings wurde von einer Person zurückgezogen, die entschieden hat, dass es nicht eingereicht wird: ein erneuter Versuch reicht es doch ein.</numerusform>
            <numerusform>%n dieser Filings wurden von einer Person zurückgezogen, die entschieden hat, dass sie nicht eingereicht werden: ein erneuter Versuch reicht sie doch ein.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resolve and requeue %n filing(s): they are sent again as the same filing(s) (the registry never files one twice).</source>
        <translation>
            <numerusform>%n Filing auflösen und neu einreihen: es wird als dasselbe Filing erneut gesendet (das Register nimmt keines doppelt an).</numerusform>
            <numerusform>%n Filings auflösen und neu einreihen: sie werden als dieselben Filings erneut gesendet (das Register nimmt keines doppelt an).</numerusform>
        </translation>
    </message>
    <message>
        <source>its fee is charged (%1 at most)</source>
        <translation>ihre Gebühr wird berechnet (höchstens %1)</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n selected filing(s) can be withdrawn: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can.</source>
        <translation>
            <numerusform>Das ausgewählte Filing kann nicht zurückgezogen werden: nur Filings, die weder übermittelt noch zurückgezogen sind und gerade weder gesendet noch beim Register nachgefragt werden, können das.</numerusform>
            <numerusform>Keines der %n ausgewählten Filings kann zurückgezogen werden: nur Filings, die weder übermittelt noch zurückgezogen sind und gerade weder gesendet noch beim Register nachgefragt werden, können das.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other selected filing(s) are left as they are: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can be withdrawn.</source>
        <translation>
            <numerusform>%n weiteres ausgewähltes Filing bleibt, wie es ist: zurückziehen lassen sich nur Filings, die weder übermittelt noch zurückgezogen sind und gerade weder gesendet noch beim Register nachgefragt werden.</numerusform>
            <numerusform>%n weitere ausgewählte Filings bleiben, wie sie sind: zurückziehen lassen sich nur Filings, die weder übermittelt noch zurückgezogen sind und gerade weder gesendet noch beim Register nachgefragt werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) are no filing yet (needs data, planned or nothing to file): there is nothing to withdraw.</source>
        <translation>
            <numerusform>%n ausgewählte Zeile ist noch kein Filing (fehlende Daten, geplant oder nichts einzureichen): es gibt nichts zurückzuziehen.</numerusform>
            <numerusform>%n ausgewählte Zeilen sind noch keine Filings (fehlende Daten, geplant oder nichts einzureichen): es gibt nichts zurückzuziehen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You are about to send %n filing(s) again to a LIVE registry (%1).

One the registry refused is sent at once; one that may have been filed is looked up first and sent only if the registry has not filed it. For each one sent, %2. Send them now?</source>
        <translation>
            <numerusform>Sie senden %n Einreichung erneut an ein ECHTES Register (%1).

Hat das Register sie abgelehnt, wird sie sofort gesendet; kann sie eingereicht worden sein, wird zuerst beim Register nachgefragt, und sie wird nur gesendet, wenn sie dort nicht eingereicht ist. Wird sie gesendet, gilt: %2. Jetzt senden?</numerusform>
            <numerusform>Sie senden %n Einreichungen erneut an ein ECHTES Register (%1).

Eine, die das Register abgelehnt hat, wird sofort gesendet; bei einer, die eingereicht worden sein kann, wird zuerst beim Register nachgefragt, und sie wird nur gesendet, wenn sie dort nicht eingereicht ist. Für jede gesendete gilt: %2. Jetzt senden?</numerusform>
        </translation>
    </message>
    <message>
        <source>Try %1 again as the same filing: if the registry refused it, it is sent at once; if its retries ran out, FilingDesk first asks the registry whether it was filed after all (the registry never files it twice).</source>
        <translation>%1 als dasselbe Filing erneut versuchen: Hat das Register es abgelehnt, wird es sofort gesendet; sind seine Wiederholungen ausgeschöpft, fragt FilingDesk zuerst beim Register nach, ob es doch schon eingereicht wurde (das Register nimmt es nie doppelt an).</translation>
    </message>
    <message>
        <source>Try %1 again, each as the same filing: one the registry refused is sent at once; for one whose retries ran out, FilingDesk first asks the registry whether it was filed after all (the registry never files it twice).</source>
        <translation>%1 erneut versuchen, jedes als dasselbe Filing: Eines, das das Register abgelehnt hat, wird sofort gesendet; bei einem, dessen Wiederholungen ausgeschöpft sind, fragt FilingDesk zuerst beim Register nach, ob es doch schon eingereicht wurde (das Register nimmt keines doppelt an).</translation>
    </message>
    <message>
        <source>Save and try again</source>
        <translation>Speichern und erneut versuchen</translation>
    </message>
    <message>
        <source>No refused filing to try again.</source>
        <translation>Kein abgelehntes Filing zum erneuten Versuch.</translation>
    </message>
    <message>
        <source>Change %1 of %2, then try %3 again with the corrected data, as the same filing (the registry never files it twice).</source>
        <translation>%1 von %2 ändern, dann %3 mit den korrigierten Daten erneut versuchen, als dasselbe Filing (das Register nimmt es nie doppelt an).</translation>
    </message>
    <message>
        <source>For %1: take the file&apos;s %2.</source>
        <translation>Für %1: %2 der Datei übernehmen.</translation>
    </message>
    <message>
        <source>For %1: keep the register&apos;s %2. The same value in a portfolio file is not offered again; a different one is.</source>
        <translation>Für %1: %2 des Registers behalten. Derselbe Wert in einer Portfolio-Datei wird nicht erneut vorgelegt, ein anderer schon.</translation>
    </message>
</context>
<context>
    <name>fd::ui::PermitModel</name>
    <message>
        <source>? / %1</source>
        <translation>? / %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>lease %1 s</source>
        <translation>Lease %1 s</translation>
    </message>
    <message>
        <source>Permits in use: unknown. The gate is blind (Redis unreachable), so the fleet-wide count cannot be read; nothing is being sent. Cap: %1.</source>
        <translation>Belegte Sendeberechtigungen: unbekannt. Die Sendesteuerung ist blind (Redis nicht erreichbar), die flottenweite Zahl lässt sich nicht lesen; es wird nichts gesendet. Obergrenze: %1.</translation>
    </message>
    <message>
        <source>%1 of %2 permits in use across the fleet</source>
        <translation>%1 von %2 Sendeberechtigungen flottenweit belegt</translation>
    </message>
    <message>
        <source>permits in use unknown (gate blind), cap %1</source>
        <translation>belegte Sendeberechtigungen unbekannt (Sendesteuerung blind), Obergrenze %1</translation>
    </message>
    <message>
        <source>%1 of %2 permits in use</source>
        <translation>%1 von %2 Sendeberechtigungen belegt</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>VERLOREN</translation>
    </message>
    <message>
        <source>held</source>
        <translation>gehalten</translation>
    </message>
    <message>
        <source>reclaimed %1</source>
        <translation>zurückgenommen %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>lease lost: outcome uncertain, looked up before any re-send</source>
        <translation>Lease verloren: Ergebnis ungewiss, wird vor jedem erneuten Senden nachgefragt</translation>
    </message>
    <message>
        <source>near expiry</source>
        <translation>läuft bald ab</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>in Ordnung</translation>
    </message>
    <message>
        <source>(reference worker)</source>
        <translation>(Referenz-Worker)</translation>
    </message>
    <message>
        <source>token %1
process %2
key %3</source>
        <translation>Token %1
Prozess %2
Schlüssel %3</translation>
    </message>
    <message>
        <source>Jurisdiction / permit</source>
        <translation>Jurisdiktion / Sendeberechtigung</translation>
    </message>
    <message>
        <source>In use / cap</source>
        <translation>Belegt / Obergrenze</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>Lease</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Konsole</translation>
    </message>
</context>
<context>
    <name>fd::ui::PermitsPage</name>
    <message>
        <source>Registries failing</source>
        <translation>Gestörte Register</translation>
    </message>
    <message>
        <source>Permits in use and their holders</source>
        <translation>Belegte Sendeberechtigungen und ihre Inhaber</translation>
    </message>
    <message>
        <source>Filing limiter shared with the team: each registry&apos;s limit of requests at a time counts every desk and worker.</source>
        <translation>Sendebegrenzung mit dem Team geteilt: die Höchstzahl gleichzeitiger Anfragen je Register zählt alle Arbeitsplätze und Worker.</translation>
    </message>
    <message>
        <source>Filing limiter on this computer only: each registry&apos;s limit of requests at a time counts this console&apos;s requests.</source>
        <translation>Sendebegrenzung nur auf diesem Rechner: die Höchstzahl gleichzeitiger Anfragen je Register zählt die Anfragen dieser Konsole.</translation>
    </message>
    <message>
        <source>Fleet gate: %1</source>
        <translation>Flotten-Sendesteuerung: %1</translation>
    </message>
    <message>
        <source>In-process gate: %1</source>
        <translation>Prozessinterne Sendesteuerung: %1</translation>
    </message>
    <message>
        <source>NOTHING IS BEING SENT: the team&apos;s filing limiter cannot be reached (%1). Sending resumes by itself when it answers again.</source>
        <translation>ES WIRD NICHTS GESENDET: die Sendebegrenzung des Teams ist nicht erreichbar (%1). Das Senden geht von selbst weiter, sobald sie wieder antwortet.</translation>
    </message>
    <message>
        <source>Gate blind: Redis unreachable</source>
        <translation>Sendesteuerung blind: Redis nicht erreichbar</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReasonDialog</name>
    <message>
        <source>Recorded in the audit trail as %1, with this reason:</source>
        <translation>Wird im Prüfpfad als %1 festgehalten, mit dieser Begründung:</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Why? (required)</source>
        <translation>Warum? (Pflichtangabe)</translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation>Außerhalb von FilingDesk übermittelt</translation>
    </message>
    <message>
        <source>%1 was filed on paper or in the registry&apos;s portal. It counts as filed.</source>
        <translation>%1 wurde auf Papier oder im Portal des Registers eingereicht. Es gilt als übermittelt.</translation>
    </message>
    <message>
        <source>Confirmation number:</source>
        <translation>Bestätigungsnummer:</translation>
    </message>
    <message>
        <source>Fee charged:</source>
        <translation>Berechnete Gebühr:</translation>
    </message>
    <message>
        <source>Filed on:</source>
        <translation>Übermittelt am:</translation>
    </message>
    <message>
        <source>Kept with the item and in the audit trail as %1, with the time:</source>
        <translation>Wird beim Eintrag und im Prüfpfad als %1 festgehalten, mit Uhrzeit:</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>What happened, what was agreed, what is next (several lines are fine)</source>
        <translation>Was geschehen ist, was vereinbart wurde, wie es weitergeht (mehrere Zeilen sind möglich)</translation>
    </message>
</context>
<context>
    <name>fd::ui::RegistryProbe</name>
    <message>
        <source>no answer within 3 s</source>
        <translation>keine Antwort innerhalb von 3 s</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportDialog</name>
    <message>
        <source>Compliance status report</source>
        <translation>Compliance-Statusbericht</translation>
    </message>
    <message>
        <source>The date the filings&apos; statuses are judged at (overdue, due ...)</source>
        <translation>Das Datum, zu dem der Status der Filings beurteilt wird (überfällig, fällig …)</translation>
    </message>
    <message>
        <source>The date of the compliance position</source>
        <translation>Das Datum der Compliance-Lage</translation>
    </message>
    <message>
        <source>Statuses as of:</source>
        <translation>Status zum Stichtag:</translation>
    </message>
    <message>
        <source>Position as of:</source>
        <translation>Lage zum Stichtag:</translation>
    </message>
    <message>
        <source>Due on or after</source>
        <translation>Fällig ab</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Zeitraum:</translation>
    </message>
    <message>
        <source>Due on or before</source>
        <translation>Fällig bis</translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation>Alle Jurisdiktionen</translation>
    </message>
    <message>
        <source>Jurisdictions:</source>
        <translation>Jurisdiktionen:</translation>
    </message>
    <message>
        <source>All batches</source>
        <translation>Alle Läufe</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Lauf:</translation>
    </message>
    <message>
        <source>A .pdf for people, a .csv for spreadsheets</source>
        <translation>Eine .pdf zum Lesen, eine .csv für Tabellenkalkulationen</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen …</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>Speichern unter:</translation>
    </message>
    <message>
        <source>Write report</source>
        <translation>Bericht schreiben</translation>
    </message>
    <message>
        <source>The period starts after it ends: due on or after %1, on or before %2.</source>
        <translation>Der Zeitraum beginnt nach seinem Ende: fällig ab %1, bis %2.</translation>
    </message>
    <message>
        <source>Tick at least one jurisdiction, or all of them.</source>
        <translation>Markieren Sie mindestens eine Jurisdiktion oder alle.</translation>
    </message>
    <message>
        <source>Choose where to save the report.</source>
        <translation>Wählen Sie aus, wo der Bericht gespeichert wird.</translation>
    </message>
    <message>
        <source>Name the file, not only its extension.</source>
        <translation>Geben Sie einen Dateinamen an, nicht nur die Endung.</translation>
    </message>
    <message>
        <source>There is no folder %1.</source>
        <translation>Den Ordner %1 gibt es nicht.</translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;CSV for spreadsheets (*.csv)</source>
        <translation>PDF-Dokument (*.pdf);;CSV für Tabellenkalkulationen (*.csv)</translation>
    </message>
    <message>
        <source>Filings report</source>
        <translation>Filing-Bericht</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportExport</name>
    <message>
        <source>another report is being written</source>
        <translation>ein anderer Bericht wird gerade geschrieben</translation>
    </message>
    <message>
        <source>%1: a report is written as .pdf or .csv</source>
        <translation>%1: ein Bericht wird als .pdf oder .csv geschrieben</translation>
    </message>
    <message>
        <source>Report written</source>
        <translation>Bericht geschrieben</translation>
    </message>
    <message>
        <source>The report was written to %1.</source>
        <translation>Der Bericht wurde nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Report not written</source>
        <translation>Bericht nicht geschrieben</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportPageText</name>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportText</name>
    <message>
        <source>Filings due from %1 to %2</source>
        <translation>Filings mit Fälligkeit vom %1 bis %2</translation>
    </message>
    <message>
        <source>Filings due on or after %1</source>
        <translation>Filings mit Fälligkeit ab %1</translation>
    </message>
    <message>
        <source>Filings due on or before %1</source>
        <translation>Filings mit Fälligkeit bis %1</translation>
    </message>
    <message>
        <source>Every stored filing, any due date</source>
        <translation>Alle gespeicherten Filings, jede Fälligkeit</translation>
    </message>
    <message>
        <source>Batch %1 only</source>
        <translation>Nur Lauf %1</translation>
    </message>
    <message>
        <source>Statuses as of %1</source>
        <translation>Status zum %1</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>Filings</source>
        <translation>Filings</translation>
    </message>
    <message>
        <source>Fees expected</source>
        <translation>Erwartete Gebühren</translation>
    </message>
    <message>
        <source>Fees charged</source>
        <translation>Berechnete Gebühren</translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation>Alle Jurisdiktionen</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Rechtsträger</translation>
    </message>
    <message>
        <source>Entity ID</source>
        <translation>Rechtsträger-ID</translation>
    </message>
    <message>
        <source>Filing</source>
        <translation>Filing</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Bestätigung</translation>
    </message>
    <message>
        <source>Fee expected</source>
        <translation>Erwartete Gebühr</translation>
    </message>
    <message>
        <source>Fee charged</source>
        <translation>Berechnete Gebühr</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>Gestartet von</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Erledigt von</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>FilingDesk filings report</source>
        <translation>FilingDesk-Filing-Bericht</translation>
    </message>
    <message>
        <source>As of %1</source>
        <translation>Stand %1</translation>
    </message>
    <message>
        <source>Filings report</source>
        <translation>Filing-Bericht</translation>
    </message>
    <message>
        <source>Totals by jurisdiction</source>
        <translation>Summen nach Jurisdiktion</translation>
    </message>
    <message>
        <source>No stored filing matches.</source>
        <translation>Kein gespeichertes Filing passt.</translation>
    </message>
    <message>
        <source>Team ledger %1</source>
        <translation>Team-Ledger %1</translation>
    </message>
    <message>
        <source>Desk database %1</source>
        <translation>Datenbank des Arbeitsplatzes %1</translation>
    </message>
    <message>
        <source>Produced by</source>
        <translation>Erstellt von</translation>
    </message>
    <message>
        <source>%1 on %2, %3</source>
        <translation>%1 auf %2, %3</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>Prüfpfad</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>(unresolved)</source>
        <translation>(nicht zugeordnet)</translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation>Datum unbekannt</translation>
    </message>
    <message>
        <source>Produced by %1 on %2, %3</source>
        <translation>Erstellt von %1 auf %2, %3</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Übermittelt</translation>
    </message>
    <message>
        <source>Due in 0–30 days</source>
        <translation>Fällig in 0–30 Tagen</translation>
    </message>
    <message>
        <source>Due in 31–60 days</source>
        <translation>Fällig in 31–60 Tagen</translation>
    </message>
    <message>
        <source>Due in 61–90 days</source>
        <translation>Fällig in 61–90 Tagen</translation>
    </message>
    <message>
        <source>Due later</source>
        <translation>Später fällig</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>Überfällig</translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation>Daten fehlen</translation>
    </message>
    <message>
        <source>Will not file</source>
        <translation>Wird nicht übermittelt</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation>Säumnisrisiko</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) late</source>
        <translation>
            <numerusform>seit %n Tag überfällig</numerusform>
            <numerusform>seit %n Tagen überfällig</numerusform>
        </translation>
    </message>
    <message>
        <source>due today</source>
        <translation>heute fällig</translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n Tag</numerusform>
            <numerusform>in %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>braucht %1</translation>
    </message>
    <message>
        <source>planned from the entity register, not admitted yet</source>
        <translation>aus dem Rechtsträgerregister geplant, noch nicht aufgenommen</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Exposure</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>every filing</source>
        <translation>alle Filings</translation>
    </message>
    <message>
        <source>FilingDesk compliance status</source>
        <translation>FilingDesk-Compliance-Status</translation>
    </message>
    <message>
        <source>Compliance status</source>
        <translation>Compliance-Status</translation>
    </message>
    <message>
        <source>Position as of %1</source>
        <translation>Lage zum %1</translation>
    </message>
    <message>
        <source>Every stored filing, and the obligations planned from the entity register that are not admitted yet</source>
        <translation>Alle gespeicherten Filings sowie die aus dem Rechtsträgerregister geplanten Pflichten, die noch nicht aufgenommen sind</translation>
    </message>
    <message>
        <source>Position by jurisdiction</source>
        <translation>Lage nach Jurisdiktion</translation>
    </message>
    <message numerus="yes">
        <source>Overdue and at-risk filings (%n)</source>
        <translation>
            <numerusform>Überfällige und gefährdete Filings (%n)</numerusform>
            <numerusform>Überfällige und gefährdete Filings (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is overdue or at risk.</source>
        <translation>Nichts ist überfällig oder gefährdet.</translation>
    </message>
    <message>
        <source>Only %1</source>
        <translation>Nur %1</translation>
    </message>
    <message>
        <source>Data missing</source>
        <translation>Daten fehlen</translation>
    </message>
    <message>
        <source>1 entity needs data before FilingDesk can plan its filings (%1 in all): see &quot;Not filed — data missing&quot;.</source>
        <translation>1 Rechtsträger braucht Daten, bevor FilingDesk seine Filings planen kann (insgesamt %1): siehe „Nicht übermittelt — Daten fehlen“.</translation>
    </message>
    <message>
        <source>%1 entities need data before FilingDesk can plan their filings (%2 in all): see &quot;Not filed — data missing&quot;.</source>
        <translation>%1 Rechtsträger brauchen Daten, bevor FilingDesk ihre Filings planen kann (insgesamt %2): siehe „Nicht übermittelt — Daten fehlen“.</translation>
    </message>
    <message>
        <source>Filings of the register that cannot be planned for want of data: %1. They are in no batch, so this batch&apos;s report leaves them out (a report without a batch lists them).</source>
        <translation>Filings des Registers, die mangels Daten nicht geplant werden können: %1. Sie gehören zu keinem Lauf, daher lässt der Bericht dieses Laufs sie aus (ein Bericht ohne Lauf führt sie auf).</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlt</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Filed on</source>
        <translation>Übermittelt am</translation>
    </message>
    <message>
        <source>Fees expected are the rules&apos; fees; fees charged are the registries&apos; receipts (a filing without a receipt adds nothing). Filed on: the day (local time, %1) the audit trail recorded it accepted; the CSV has the time to the second. Launched by: the person who launched the filing&apos;s batch, or who sent it again after a halt. Resolved by: who resolved its halt, recorded it as filed outside FilingDesk or withdrew it.</source>
        <translation>Erwartete Gebühren sind die Gebühren laut Regeln; berechnete Gebühren stammen aus den Empfangsbestätigungen der Register (ein Filing ohne Empfangsbestätigung zählt nicht mit). Übermittelt am: der Tag (Ortszeit, %1), an dem der Prüfpfad die Annahme festgehalten hat; die CSV enthält die sekundengenaue Uhrzeit. Gestartet von: die Person, die den Lauf des Filings gestartet oder es nach einem Halt erneut gesendet hat. Erledigt von: wer seinen Halt aufgelöst, es als außerhalb von FilingDesk übermittelt erfasst oder es zurückgezogen hat.</translation>
    </message>
    <message>
        <source>Filings (%1)</source>
        <translation>Filings (%1)</translation>
    </message>
    <message>
        <source>Not filed — data missing (%1)</source>
        <translation>Nicht übermittelt — Daten fehlen (%1)</translation>
    </message>
    <message>
        <source>Entities of the register, or filings of them, that FilingDesk cannot plan until a person supplies what is missing: they have no due date yet, so no filter by due date leaves them out.</source>
        <translation>Rechtsträger des Registers oder deren Filings, die FilingDesk erst planen kann, wenn ein Mensch das Fehlende ergänzt: sie haben noch keine Fälligkeit, daher schließt kein Filter nach Fälligkeit sie aus.</translation>
    </message>
    <message>
        <source>No entries yet.</source>
        <translation>Noch keine Einträge.</translation>
    </message>
    <message>
        <source>time unknown</source>
        <translation>Zeitpunkt unbekannt</translation>
    </message>
    <message>
        <source>Entries 1 to %1, last entry sealed %2, chain head %3 — verify with %4 (the command is at the end of this report)</source>
        <translation>Einträge 1 bis %1, letzter Eintrag versiegelt: %2, Kettenkopf %3 — prüfen mit %4 (der Befehl steht am Ende dieses Berichts)</translation>
    </message>
    <message>
        <source>Entries 1 to %1, last entry recorded %2, fingerprint %3 — verify with %4 (the command is at the end of this report)</source>
        <translation>Einträge 1 bis %1, letzter Eintrag erfasst: %2, Fingerabdruck %3 — prüfen mit %4 (der Befehl steht am Ende dieses Berichts)</translation>
    </message>
    <message>
        <source>This report was made from the team ledger&apos;s audit trail up to entry %1, whose seal (row hash) is:</source>
        <translation>Dieser Bericht wurde aus dem Prüfpfad des Team-Ledgers bis einschließlich Eintrag %1 erstellt; dessen Siegel (Zeilen-Hash) lautet:</translation>
    </message>
    <message>
        <source>Ledger identity: %1.</source>
        <translation>Identität des Ledgers: %1.</translation>
    </message>
    <message>
        <source>To check it: %1 recomputes every entry&apos;s seal from the first; the entry %2 must still carry the seal above.</source>
        <translation>Zur Prüfung: %1 berechnet das Siegel jedes Eintrags ab dem ersten neu; der Eintrag %2 muss weiterhin das obige Siegel tragen.</translation>
    </message>
    <message>
        <source>This report was made from the desk database&apos;s audit entries 1 to %1. Their fingerprint (SHA-256 of every entry) is:</source>
        <translation>Dieser Bericht wurde aus den Prüfpfad-Einträgen 1 bis %1 der Datenbank des Arbeitsplatzes erstellt. Ihr Fingerabdruck (SHA-256 über alle Einträge) lautet:</translation>
    </message>
    <message>
        <source>To check that those entries are unchanged, run: %1 (the same fingerprint means they are; it does not protect against someone who rewrites the database and this report together).</source>
        <translation>Um zu prüfen, ob diese Einträge unverändert sind, führen Sie aus: %1 (derselbe Fingerabdruck bedeutet, dass sie es sind; er schützt nicht vor jemandem, der die Datenbank und diesen Bericht gemeinsam umschreibt).</translation>
    </message>
    <message>
        <source>This database mirrors a team ledger up to its entry %1, sealed:</source>
        <translation>Diese Datenbank spiegelt einen Team-Ledger bis zu dessen Eintrag %1, versiegelt mit:</translation>
    </message>
    <message>
        <source>Verifying this report</source>
        <translation>Prüfung dieses Berichts</translation>
    </message>
    <message>
        <source>Team ledger: database %1 on %2:%3 (login %4)</source>
        <translation>Team-Ledger: Datenbank %1 auf %2:%3 (Login %4)</translation>
    </message>
    <message>
        <source>formation date</source>
        <translation>Gründungsdatum</translation>
    </message>
    <message>
        <source>state file number</source>
        <translation>Registernummer des Staates</translation>
    </message>
    <message>
        <source>entity type</source>
        <translation>Rechtsform</translation>
    </message>
    <message>
        <source>jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>fiscal year end</source>
        <translation>Ende des Geschäftsjahres</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>never started in FilingDesk: nothing was filed for it</source>
        <translation>in FilingDesk nie gestartet: dafür wurde nichts übermittelt</translation>
    </message>
    <message>
        <source>Each filing counts once. Due: days from the as-of date to the due date. Needs data: a filing that cannot be planned or sent until a person supplies a field. Penalty exposure: for each filing not filed, the penalty owed one day after its due date, or today&apos;s when it is already late. Overdue includes obligations that fell due while the entity was in the register but were never started.</source>
        <translation>Jedes Filing zählt einmal. Fällig: Tage vom Stichtag bis zur Fälligkeit. Daten fehlen: ein Filing, das erst geplant oder gesendet werden kann, wenn ein Mensch ein Feld ergänzt. Säumnisrisiko: für jedes nicht übermittelte Filing der Säumniszuschlag einen Tag nach seiner Fälligkeit oder, wenn es bereits überfällig ist, der heutige. Überfällig umfasst auch Pflichten, die fällig wurden, während der Rechtsträger im Register stand, die aber nie gestartet wurden.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation>Braucht einen Menschen</translation>
    </message>
    <message>
        <source>Overdue, needing a person, needing data, or due within 30 days; by entity name.</source>
        <translation>Überfällig, braucht einen Menschen, mit fehlenden Daten oder innerhalb von 30 Tagen fällig; nach Name des Rechtsträgers.</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReviewControls</name>
    <message>
        <source>&amp;Open for review</source>
        <translation>Zur Prüfung ö&amp;ffnen</translation>
    </message>
    <message>
        <source>C&amp;lose review</source>
        <translation>Prüfung &amp;beenden</translation>
    </message>
    <message>
        <source>Open the current item for review: the other desks see who has it</source>
        <translation>Den aktuellen Eintrag zur Prüfung öffnen: die anderen Arbeitsplätze sehen, wer ihn hat</translation>
    </message>
    <message>
        <source>Tell the other desks that you are looking into this item</source>
        <translation>Den anderen Arbeitsplätzen zeigen, dass Sie diesen Eintrag prüfen</translation>
    </message>
    <message>
        <source>Close your review of the current item</source>
        <translation>Ihre Prüfung des aktuellen Eintrags beenden</translation>
    </message>
    <message>
        <source>End your review: the other desks no longer see it as taken</source>
        <translation>Ihre Prüfung beenden: die anderen Arbeitsplätze sehen den Eintrag nicht mehr als vergeben</translation>
    </message>
</context>
<context>
    <name>fd::ui::ReviewQueuePage</name>
    <message>
        <source>Filed &amp;outside FilingDesk…</source>
        <translation>Außerhalb v&amp;on FilingDesk übermittelt …</translation>
    </message>
    <message>
        <source>The filing was made on paper or in the registry&apos;s portal: record its confirmation number, fee and date; it counts as filed</source>
        <translation>Das Filing wurde auf Papier oder im Portal des Registers eingereicht: Bestätigungsnummer, Gebühr und Datum erfassen; es gilt als übermittelt</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>fd::ui::SecretStore</name>
    <message>
        <source>no such entry in the keychain</source>
        <translation>kein solcher Eintrag im Schlüsselbund</translation>
    </message>
    <message>
        <source>no keychain is available on this machine (%1); nothing was stored</source>
        <translation>auf diesem Rechner ist kein Schlüsselbund verfügbar (%1); es wurde nichts gespeichert</translation>
    </message>
    <message>
        <source>the keychain refused access: %1</source>
        <translation>der Schlüsselbund hat den Zugriff verweigert: %1</translation>
    </message>
    <message>
        <source>keychain error: %1</source>
        <translation>Fehler im Schlüsselbund: %1</translation>
    </message>
</context>
<context>
    <name>fd::ui::SendingQuestions</name>
    <message numerus="yes">
        <source>%n filing(s) become overdue</source>
        <translation>
            <numerusform>%n Einreichung wird überfällig</numerusform>
            <numerusform>%n Einreichungen werden überfällig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) become due within %1 days</source>
        <translation>
            <numerusform>%n Einreichung wird innerhalb von %1 Tagen fällig</numerusform>
            <numerusform>%n Einreichungen werden innerhalb von %1 Tagen fällig</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep the as-of date %1?</source>
        <translation>Stichtag %1 beibehalten?</translation>
    </message>
    <message>
        <source>As of %1 instead of %2, %3.</source>
        <translation>Zum Stichtag %1 statt %2: %3.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>In all as of %1: %2, %3.</source>
        <translation>Insgesamt zum %1: %2, %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) overdue</source>
        <translation>
            <numerusform>%n Einreichung überfällig</numerusform>
            <numerusform>%n Einreichungen überfällig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due within %1 days</source>
        <translation>
            <numerusform>%n Einreichung innerhalb von %1 Tagen fällig</numerusform>
            <numerusform>%n Einreichungen innerhalb von %1 Tagen fällig</numerusform>
        </translation>
    </message>
    <message>
        <source>The due dates were computed again; nothing was admitted or sent. Filings that a new date makes due are not put in line to be sent by it: use Batch &gt; Admit filings open for filing when they should be filed.</source>
        <translation>Die Fälligkeiten wurden neu berechnet; nichts wurde aufgenommen oder gesendet. Einreichungen, die durch einen neuen Stichtag fällig werden, werden dadurch nicht zum Senden aufgenommen: Verwenden Sie Lauf &gt; Einreichungen mit offener Frist aufnehmen, wenn sie eingereicht werden sollen.</translation>
    </message>
    <message>
        <source>Keep %1</source>
        <translation>%1 beibehalten</translation>
    </message>
    <message>
        <source>Go back to %1</source>
        <translation>Zurück zu %1</translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this batch are still to be sent.</source>
        <translation>
            <numerusform>%n Einreichung dieses Laufs ist noch zu senden.</numerusform>
            <numerusform>%n Einreichungen dieses Laufs sind noch zu senden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) are on the wire now: if FilingDesk quits before the registry answers, they are looked up at the registry on the next start, never sent twice.</source>
        <translation>
            <numerusform>%n Einreichung ist gerade unterwegs: Beendet sich FilingDesk, bevor das Register antwortet, wird sie beim nächsten Start beim Register nachgefragt, nie doppelt gesendet.</numerusform>
            <numerusform>%n Einreichungen sind gerade unterwegs: Beendet sich FilingDesk, bevor das Register antwortet, werden sie beim nächsten Start beim Register nachgefragt, nie doppelt gesendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Quit while filings are being sent?</source>
        <translation>Beenden, während Einreichungen gesendet werden?</translation>
    </message>
    <message>
        <source>The rest of the team goes on with the team&apos;s batch.</source>
        <translation>Der Rest des Teams setzt den Lauf des Teams fort.</translation>
    </message>
    <message>
        <source>The filings not sent yet are not sent by themselves on the next start: FilingDesk shows them and waits for you to resume sending.</source>
        <translation>Die noch nicht gesendeten Einreichungen werden beim nächsten Start nicht von selbst gesendet: FilingDesk zeigt sie an und wartet, bis Sie das Senden fortsetzen.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Keep working</source>
        <translation>Weiterarbeiten</translation>
    </message>
</context>
<context>
    <name>fd::ui::SettingsDialog</name>
    <message>
        <source>Redis URL</source>
        <translation>Redis-URL</translation>
    </message>
    <message>
        <source>Gate key prefix</source>
        <translation>Schlüsselpräfix der Sendesteuerung</translation>
    </message>
    <message>
        <source>Redis password</source>
        <translation>Redis-Passwort</translation>
    </message>
    <message>
        <source>Default registry base URL</source>
        <translation>Standard-Basis-URL des Registers</translation>
    </message>
    <message>
        <source>Registry API token</source>
        <translation>API-Token des Registers</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>FilingDesk settings</source>
        <translation>FilingDesk-Einstellungen</translation>
    </message>
    <message>
        <source>redis://host:6379/0 — empty: in-process gate (this console only)</source>
        <translation>redis://host:6379/0 — leer: prozessinterne Sendesteuerung (nur diese Konsole)</translation>
    </message>
    <message>
        <source>https://registry.example/ (jurisdictions without their own URL)</source>
        <translation>https://registry.example/ (Jurisdiktionen ohne eigene URL)</translation>
    </message>
    <message>
        <source>(kept in the keychain — type to replace)</source>
        <translation>(im Schlüsselbund hinterlegt — zum Ersetzen neu eingeben)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keines)</translation>
    </message>
    <message>
        <source>Registry URL and ceiling per jurisdiction</source>
        <translation>Register-URL und Obergrenze je Jurisdiktion</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Jurisdiktion</translation>
    </message>
    <message>
        <source>Registry base URL (empty: default)</source>
        <translation>Basis-URL des Registers (leer: Standard)</translation>
    </message>
    <message>
        <source>Ceiling</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <source>Add jurisdiction</source>
        <translation>Jurisdiktion hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Fleet gate</source>
        <translation>Flotten-Sendesteuerung</translation>
    </message>
    <message>
        <source>Redis &amp;URL:</source>
        <translation>Redis-&amp;URL:</translation>
    </message>
    <message>
        <source>Redis &amp;password:</source>
        <translation>Redis-&amp;Passwort:</translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation>Schlüssel&amp;präfix:</translation>
    </message>
    <message>
        <source>&amp;Lease:</source>
        <translation>&amp;Lease:</translation>
    </message>
    <message>
        <source>Registries and ceilings</source>
        <translation>Register und Obergrenzen</translation>
    </message>
    <message>
        <source>Default registry &amp;base URL:</source>
        <translation>Standard-&amp;Basis-URL des Registers:</translation>
    </message>
    <message>
        <source>Registry API &amp;token:</source>
        <translation>API-&amp;Token des Registers:</translation>
    </message>
    <message>
        <source>&amp;Default ceiling per jurisdiction:</source>
        <translation>&amp;Standardobergrenze je Jurisdiktion:</translation>
    </message>
    <message>
        <source>&amp;Global ceiling (all jurisdictions):</source>
        <translation>&amp;Gesamtobergrenze (alle Jurisdiktionen):</translation>
    </message>
    <message>
        <source>Timeouts and retries</source>
        <translation>Zeitlimits und Wiederholungen</translation>
    </message>
    <message>
        <source>&amp;Request timeout (shorter than the lease):</source>
        <translation>&amp;Zeitlimit je Anfrage (kürzer als die Lease):</translation>
    </message>
    <message>
        <source>Retry backoff &amp;base:</source>
        <translation>Wartezeit vor Wiederholung, &amp;Basis:</translation>
    </message>
    <message>
        <source>Retry backoff &amp;max:</source>
        <translation>Wartezeit vor Wiederholung, &amp;Maximum:</translation>
    </message>
    <message>
        <source>Secrets are kept in the system keychain (service &quot;%1&quot;), never in the settings file.</source>
        <translation>Geheimnisse werden im Schlüsselbund des Systems (Dienst „%1“) hinterlegt, nie in der Einstellungsdatei.</translation>
    </message>
    <message>
        <source>Changes apply the next time the console starts its engine.</source>
        <translation>Änderungen gelten ab dem nächsten Start der Engine durch die Konsole.</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemvorgabe (%1)</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Oberfläche</translation>
    </message>
    <message>
        <source>&amp;Language (from the next start):</source>
        <translation>&amp;Sprache (ab dem nächsten Start):</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not an http(s) URL</source>
        <translation>%1: „%2“ ist keine http(s)-URL</translation>
    </message>
    <message>
        <source>No keychain is available: %1 was NOT stored, and nothing was written in plain text. Start a Secret Service (GNOME Keyring, KWallet) or enter it again next session.</source>
        <translation>Kein Schlüsselbund verfügbar: %1 wurde NICHT gespeichert, und nichts wurde im Klartext geschrieben. Einen Secret Service (GNOME Keyring, KWallet) starten oder in der nächsten Sitzung erneut eingeben.</translation>
    </message>
    <message>
        <source>%1 was NOT stored: %2</source>
        <translation>%1 wurde NICHT gespeichert: %2</translation>
    </message>
    <message>
        <source>Saved. Secrets are in the system keychain.</source>
        <translation>Gespeichert. Die Geheimnisse liegen im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>A Redis password needs a Redis URL: it is kept for the server it unlocks.</source>
        <translation>Ein Redis-Passwort braucht eine Redis-URL: es wird für den Server hinterlegt, den es öffnet.</translation>
    </message>
    <message>
        <source>A registry token needs a default registry base URL: it is kept for the registry it unlocks.</source>
        <translation>Ein Register-Token braucht eine Standard-Basis-URL des Registers: es wird für das Register hinterlegt, das es öffnet.</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Why the settings change (recorded in the audit trail with old and new values)</source>
        <translation>Warum sich die Einstellungen ändern (wird mit alten und neuen Werten im Prüfpfad festgehalten)</translation>
    </message>
    <message>
        <source>&amp;Reason for the change:</source>
        <translation>Begründung der Ä&amp;nderung:</translation>
    </message>
    <message>
        <source>Say why the settings change: the change is recorded in the audit trail.</source>
        <translation>Bitte angeben, warum sich die Einstellungen ändern: die Änderung wird im Prüfpfad festgehalten.</translation>
    </message>
    <message>
        <source>Team ledger URL</source>
        <translation>Team-Ledger-URL</translation>
    </message>
    <message>
        <source>Team ledger password</source>
        <translation>Team-Ledger-Passwort</translation>
    </message>
    <message>
        <source>postgresql://USER@HOST:5432/DB — empty: this desk alone</source>
        <translation>postgresql://BENUTZER@RECHNER:5432/DB — leer: dieser Arbeitsplatz allein</translation>
    </message>
    <message>
        <source>Team ledger</source>
        <translation>Team-Ledger</translation>
    </message>
    <message>
        <source>Ledg&amp;er URL:</source>
        <translation>Ledg&amp;er-URL:</translation>
    </message>
    <message>
        <source>Ledger pass&amp;word:</source>
        <translation>Ledger-Pass&amp;wort:</translation>
    </message>
    <message>
        <source>With a ledger, every desk of the team works from one PostgreSQL database and this desk&apos;s own database is its mirror. Empty: this desk alone.</source>
        <translation>Mit einem Ledger arbeiten alle Arbeitsplätze des Teams auf einer PostgreSQL-Datenbank, und die eigene Datenbank dieses Arbeitsplatzes ist ihr Spiegel. Leer: dieser Arbeitsplatz allein.</translation>
    </message>
    <message>
        <source>A ledger password needs a team ledger URL: it is kept for the database it unlocks.</source>
        <translation>Ein Ledger-Passwort braucht eine Team-Ledger-URL: es wird für die Datenbank aufbewahrt, die es öffnet.</translation>
    </message>
    <message>
        <source>Practice registries</source>
        <translation>Übungsregister</translation>
    </message>
    <message>
        <source>https://test-portal.example.gov/api (one per line)</source>
        <translation>https://test-portal.example.gov/api (eine je Zeile)</translation>
    </message>
    <message>
        <source>As the register&apos;s Owner field names you: &quot;My filings&quot; shows these</source>
        <translation>So, wie das Feld „Verantwortlich“ im Register Sie nennt: „Meine Filings“ zeigt diese</translation>
    </message>
    <message>
        <source>Your name as &amp;owner:</source>
        <translation>&amp;Ihr Name als Verantwortliche(r):</translation>
    </message>
    <message>
        <source>Days before a due date at which a filing not yet filed is reminded of; also the calendar export&apos;s alarms. Empty: no reminders.</source>
        <translation>Tage vor einer Fälligkeit, an denen an ein noch nicht übermitteltes Filing erinnert wird; auch die Alarme des Kalenderexports. Leer: keine Erinnerungen.</translation>
    </message>
    <message>
        <source>Re&amp;minders (days before due):</source>
        <translation>Erinnerungen (T&amp;age vor Fälligkeit):</translation>
    </message>
    <message>
        <source>Reminders: &quot;%1&quot; is not a number of days from 0 to 366 (write them as &quot;30, 14, 7, 1&quot;)</source>
        <translation>Erinnerungen: „%1“ ist keine Anzahl von Tagen zwischen 0 und 366 (Schreibweise: „30, 14, 7, 1“)</translation>
    </message>
    <message>
        <source>Practice registries: &quot;%1&quot; is not an http(s) URL</source>
        <translation>Übungsregister: „%1“ ist keine http(s)-URL</translation>
    </message>
    <message>
        <source>&amp;Practice registries (one URL per line):</source>
        <translation>Übungs&amp;register (eine URL je Zeile):</translation>
    </message>
    <message>
        <source>Test portals that file nothing real. The sandbox always is one; every other registry is live, and launching against it asks for a second confirmation.</source>
        <translation>Testportale, die nichts wirklich übermitteln. Die Sandbox ist immer eines; jedes andere Register ist live, und ein Start dorthin verlangt eine zweite Bestätigung.</translation>
    </message>
    <message>
        <source>Only an admin changes these settings in a team (%1). Your language, name as owner and reminders are yours to change.</source>
        <translation>Im Team ändert nur ein Admin diese Einstellungen (%1). Ihre Sprache, Ihren Namen als Verantwortliche(r) und die Erinnerungen ändern Sie selbst.</translation>
    </message>
    <message>
        <source>&amp;Attempts before a person is asked:</source>
        <translation>&amp;Versuche, bevor ein Mensch gefragt wird:</translation>
    </message>
</context>
<context>
    <name>fd::ui::StatusIndicators</name>
    <message>
        <source>PAUSED</source>
        <translation>ANGEHALTEN</translation>
    </message>
    <message>
        <source>Batch paused</source>
        <translation>Lauf angehalten</translation>
    </message>
    <message>
        <source>Registry: —</source>
        <translation>Register: —</translation>
    </message>
    <message>
        <source>Registry: reachable</source>
        <translation>Register: erreichbar</translation>
    </message>
    <message>
        <source>Registry: unreachable</source>
        <translation>Register: nicht erreichbar</translation>
    </message>
    <message numerus="yes">
        <source>%n registries failing: nothing is sent there</source>
        <translation>
            <numerusform>%n Register gestört: dorthin wird nichts gesendet</numerusform>
            <numerusform>%n Register gestört: dorthin wird nichts gesendet</numerusform>
        </translation>
    </message>
    <message>
        <source>Team ledger: connecting…</source>
        <translation>Team-Ledger: verbinde…</translation>
    </message>
    <message>
        <source>Team ledger: connected</source>
        <translation>Team-Ledger: verbunden</translation>
    </message>
    <message>
        <source>Team ledger unreachable: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation>Team-Ledger nicht erreichbar: nichts wird gesendet; angezeigt wird der Spiegel dieses Arbeitsplatzes (nur lesen)</translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation>Prüfpfad des Team-Ledgers nicht bestätigt: nichts wird gesendet; angezeigt wird der Spiegel dieses Arbeitsplatzes (nur lesen)</translation>
    </message>
    <message>
        <source>Team ledger is a read-only standby: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation>Team-Ledger ist ein nur lesbarer Standby: nichts wird gesendet; angezeigt wird der Spiegel dieses Arbeitsplatzes (nur lesen)</translation>
    </message>
    <message>
        <source>Team ledger: busy, a write is waiting on a lock and is tried again</source>
        <translation>Team-Ledger: ausgelastet, ein Schreibvorgang wartet auf eine Sperre und wird erneut versucht</translation>
    </message>
    <message>
        <source>Review desk: sends nothing (%1)</source>
        <translation>Prüfarbeitsplatz: sendet nichts (%1)</translation>
    </message>
    <message>
        <source>This desk reviews: it takes none of the team&apos;s filings to send, because %1. To send, set a registry and the team&apos;s Redis (fleet gate) in Settings.</source>
        <translation>Dieser Arbeitsplatz prüft: er übernimmt keine Filings des Teams zum Senden, weil %1. Zum Senden in den Einstellungen ein Register und das Redis des Teams (Flotten-Sendesteuerung) eintragen.</translation>
    </message>
    <message>
        <source>Filing limiter: starting…</source>
        <translation>Sendebegrenzung: startet …</translation>
    </message>
    <message>
        <source>Filing service: starting…</source>
        <translation>Übermittlungsdienst: startet …</translation>
    </message>
    <message>
        <source>Filing limiter: not started</source>
        <translation>Sendebegrenzung: nicht gestartet</translation>
    </message>
    <message>
        <source>The filing engine did not start: nothing is sent (gate not started)</source>
        <translation>Die Übermittlungs-Engine ist nicht gestartet: es wird nichts gesendet (Sendesteuerung nicht gestartet)</translation>
    </message>
    <message>
        <source>Filing limiter: shared with the team</source>
        <translation>Sendebegrenzung: mit dem Team geteilt</translation>
    </message>
    <message>
        <source>Each registry&apos;s limit of requests at a time is shared by every desk and worker of the team (gate: fleet, Redis)</source>
        <translation>Die Höchstzahl gleichzeitiger Anfragen je Register teilen sich alle Arbeitsplätze und Worker des Teams (Sendesteuerung: Flotte, Redis)</translation>
    </message>
    <message>
        <source>Filing limiter: this computer only</source>
        <translation>Sendebegrenzung: nur dieser Rechner</translation>
    </message>
    <message>
        <source>Each registry&apos;s limit of requests at a time is kept by this computer alone (gate: in-process)</source>
        <translation>Die Höchstzahl gleichzeitiger Anfragen je Register führt dieser Rechner allein (Sendesteuerung: prozessintern)</translation>
    </message>
    <message>
        <source>Connection to the team&apos;s limiter: %1</source>
        <translation>Verbindung zur Sendebegrenzung des Teams: %1</translation>
    </message>
    <message>
        <source>Redis, where the team&apos;s filing limiter keeps its counts</source>
        <translation>Redis, wo die Sendebegrenzung des Teams ihre Zähler führt</translation>
    </message>
    <message>
        <source>Filing service: running</source>
        <translation>Übermittlungsdienst: läuft</translation>
    </message>
    <message>
        <source>Filing service: NOT RESPONDING</source>
        <translation>Übermittlungsdienst: REAGIERT NICHT</translation>
    </message>
    <message>
        <source>The engine thread answers</source>
        <translation>Der Engine-Thread antwortet</translation>
    </message>
    <message>
        <source>The engine thread does not answer: nothing is sent</source>
        <translation>Der Engine-Thread antwortet nicht: es wird nichts gesendet</translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskDetail</name>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>Entity: %1 (%2), %3</source>
        <translation>Rechtsträger: %1 (%2), %3</translation>
    </message>
    <message>
        <source>Filing: %1 %2, due %3, fee %4</source>
        <translation>Filing: %1 %2, fällig %3, Gebühr %4</translation>
    </message>
    <message>
        <source>Rule: %1 (rules %2)</source>
        <translation>Regel: %1 (Regeln %2)</translation>
    </message>
    <message>
        <source>Citation: %1 %2</source>
        <translation>Rechtsgrundlage: %1 %2</translation>
    </message>
    <message>
        <source>Penalty: %1</source>
        <translation>Säumniszuschlag: %1</translation>
    </message>
    <message>
        <source>Last error: [%1] %2: %3</source>
        <translation>Letzter Fehler: [%1] %2: %3</translation>
    </message>
    <message>
        <source>Trace id: %1</source>
        <translation>Trace-ID: %1</translation>
    </message>
    <message>
        <source>Confirmation: %1, charged %2</source>
        <translation>Bestätigung: %1, berechnet %2</translation>
    </message>
    <message>
        <source>Raw response body:</source>
        <translation>Unveränderte Antwort:</translation>
    </message>
    <message>
        <source>Payload (SHA-256 %1):</source>
        <translation>Nutzdaten (SHA-256 %1):</translation>
    </message>
    <message>
        <source>Review: %1</source>
        <translation>Prüfung: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>Was zu tun ist: %1</translation>
    </message>
    <message>
        <source>Fields that cure it: %1</source>
        <translation>Felder, die es beheben: %1</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Notizen:</translation>
    </message>
    <message>
        <source>— %1, %2:</source>
        <translation>— %1, %2:</translation>
    </message>
    <message>
        <source>Source: this filing&apos;s own statute, %1</source>
        <translation>Quelle: die eigene Rechtsgrundlage dieses Filings, %1</translation>
    </message>
    <message>
        <source>Source (%1): %2</source>
        <translation>Quelle (%1): %2</translation>
    </message>
    <message>
        <source>In general: %1</source>
        <translation>Allgemein: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Filing reference (idempotency key): %1</source>
        <translation>Filing-Referenz (Idempotenzschlüssel): %1</translation>
    </message>
    <message>
        <source>Progress: %1 (engine state %2), attempts %3, batch %4</source>
        <translation>Fortschritt: %1 (Engine-Zustand %2), Versuche %3, Lauf %4</translation>
    </message>
    <message>
        <source>Withdrawn: %1</source>
        <translation>Zurückgezogen: %1</translation>
    </message>
    <message>
        <source>Last error: none</source>
        <translation>Letzter Fehler: keiner</translation>
    </message>
    <message>
        <source>Raw response body: none (the registry has not answered this filing)</source>
        <translation>Unveränderte Antwort: keine (das Register hat auf dieses Filing nicht geantwortet)</translation>
    </message>
    <message>
        <source>Raw response body, from before the withdrawal:</source>
        <translation>Unveränderte Antwort (vor dem Zurückziehen):</translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskFilterBar</name>
    <message>
        <source>Jurisdiction filter</source>
        <translation>Jurisdiktionsfilter</translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation>Alle Jurisdiktionen</translation>
    </message>
    <message>
        <source>&amp;Jurisdiction:</source>
        <translation>&amp;Jurisdiktion:</translation>
    </message>
    <message>
        <source>Error category filter</source>
        <translation>Filter nach Fehlerkategorie</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>Alle Kategorien</translation>
    </message>
    <message>
        <source>Due within days</source>
        <translation>Fällig innerhalb von Tagen</translation>
    </message>
    <message>
        <source>any time</source>
        <translation>jederzeit</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>&amp;Due within:</source>
        <translation>&amp;Fällig innerhalb:</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>%1 von %2 angezeigt</translation>
    </message>
    <message>
        <source>validation error</source>
        <translation>Validierungsfehler</translation>
    </message>
    <message>
        <source>transient fault</source>
        <translation>vorübergehende Störung</translation>
    </message>
    <message>
        <source>statutory halt</source>
        <translation>rechtlicher Halt</translation>
    </message>
    <message>
        <source>system fault</source>
        <translation>Systemfehler</translation>
    </message>
    <message>
        <source>reconciliation</source>
        <translation>Abgleich</translation>
    </message>
    <message>
        <source>no error</source>
        <translation>kein Fehler</translation>
    </message>
    <message>
        <source>Compliance status filter</source>
        <translation>Filter nach Compliance-Status</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Beliebiger Status</translation>
    </message>
    <message>
        <source>Not filed yet</source>
        <translation>Noch nicht übermittelt</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Compliance-Stat&amp;us:</translation>
    </message>
    <message>
        <source>Owner filter</source>
        <translation>Filter nach Verantwortlichen</translation>
    </message>
    <message>
        <source>O&amp;wner:</source>
        <translation>&amp;Verantwortlich:</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>My filings (%1)</source>
        <translation>Meine Filings (%1)</translation>
    </message>
    <message>
        <source>Progress filter</source>
        <translation>Filter nach Fortschritt</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>&amp;Progress:</source>
        <translation>Fo&amp;rtschritt:</translation>
    </message>
    <message>
        <source>Search entity, filing, confirmation number, registry&apos;s code…</source>
        <translation>Rechtsträger, Filing, Bestätigungsnummer, Code des Registers suchen …</translation>
    </message>
    <message>
        <source>Also finds a filing by the reference support gives you (its idempotency key or trace id)</source>
        <translation>Findet ein Filing auch über die Referenz, die Ihnen der Support nennt (Idempotenzschlüssel oder Trace-ID)</translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation>Zurückgezogen — wird nicht übermittelt</translation>
    </message>
    <message>
        <source>DEAD_LETTER, withdrawn by a person</source>
        <translation>DEAD_LETTER, von einer Person zurückgezogen</translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskSubsetModel</name>
    <message numerus="yes">
        <source>%n note(s) — %1, %2: %3</source>
        <translation>
            <numerusform>%n Notiz — %1, %2: %3</numerusform>
            <numerusform>%n Notizen — %1, %2: %3</numerusform>
        </translation>
    </message>
</context>
</TS>
