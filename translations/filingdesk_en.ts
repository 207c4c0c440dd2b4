<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AccessGate</name>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntityField</name>
    <message>
        <source>Entity id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legal name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction of formation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formation date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered agent&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered agent&apos;s status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Principal office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Officers and managers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fiscal year end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authorized shares</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State file number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risk tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilingTask</name>
    <message>
        <source>withdrawn by %1: will not file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Copy rows</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StateLabel</name>
    <message>
        <source>Planned (opens %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned (window not open yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halted — needs a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not be filed — needs a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>no FilingDesk role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker or operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs the %1 role (%2 has: %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnsentRebuild</name>
    <message>
        <source>payload rebuilt from the entity register before it was sent: sha256 %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its due date is now %1 (admitted with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its expected fee is now %1 (admitted with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is no longer owed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it cannot be planned until %1 is filled in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the register&apos;s data gives no filing of this kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the register&apos;s data gives other filings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entity is now registered in %1: it is no longer owed in %2 as admitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entity register changed after this filing was admitted and %1; withdraw it, or requeue it to send it as the register now gives it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::Compliance</name>
    <message>
        <source>Filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed — fee differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will not file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::Engine</name>
    <message>
        <source>the built-in rules file does not load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting to Redis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1: %2 task(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 cancelled; %2 task(s) back to PENDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>negative fee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no registry URL is configured for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>looked up before sending again: the registry has no filing under this key; it will be sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the outcome of an earlier submission is unknown and this registry has no look-up: a person must check before anything is re-sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idempotent replay: filed earlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 registry keeps failing (last: %2 %3); nothing more is sent there until a trial request at %4 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retries exhausted after %1 attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 after %2 attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 registry answers again; dispatch there resumes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no portfolio is loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a replay needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolving a halt needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only a reconciliation exception with a confirmation number can be accepted as filed; requeue or withdraw %1 instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawing a filing needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 has nothing left to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; rules %2; database %3; %4 task(s) resumed, %5 to look up first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot store the admitted tasks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>launch of %n task(s)</source>
        <translation>
            <numerusform>launch of %n task</numerusform>
            <numerusform>launch of %n tasks</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 resumed after the audit database failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancel of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transition %1 -&gt; %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit write failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit write failed: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; dispatch is paused until an operator resumes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>looking the filing up before anything is sent again</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>DISPATCHING of %n filing(s)</source>
        <translation>
            <numerusform>DISPATCHING of %n filing</numerusform>
            <numerusform>DISPATCHING of %n filings</numerusform>
        </translation>
    </message>
    <message>
        <source>the fleet gate reclaimed the permit of this request on %1 while it was on the wire (its lease ran out): the fleet cap may have been exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; the outcome is unknown: the filing is looked up before anything is sent again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a change of settings needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; rules %2; team ledger %3 as member %4 (%5); %6 task(s) in the ledger%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, read from this desk&apos;s mirror: the ledger is unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ledger cannot be reached (%1): nothing is sent until it answers again; the audit shown is this desk&apos;s mirror</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ledger answers again; sending resumes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch was not launched: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>member %1 stops sending; %n request(s) on the wire finish</source>
        <translation>
            <numerusform>member %1 stops sending; %n request on the wire finishes</numerusform>
            <numerusform>member %1 stops sending; %n requests on the wire finish</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in review by %1 on %2 since %3 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>VALIDATING of %n filing(s)</source>
        <translation>
            <numerusform>VALIDATING of %n filing</numerusform>
            <numerusform>VALIDATING of %n filings</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing was admitted: the team ledger&apos;s audit trail does not verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team ledger&apos;s audit trail does not verify (%1): this desk admits, launches, claims and sends nothing more; run &quot;filingdesk audit verify&quot; and call the ledger&apos;s administrator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch was not launched: the team ledger&apos;s audit trail does not verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no batch is running or paused: nothing was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es) are running or paused (%1): name the one to cancel</source>
        <translation>
            <numerusform>%n batch is running or paused (%1): name the one to cancel</numerusform>
            <numerusform>%n batches are running or paused (%1): name the one to cancel</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 is not this desk&apos;s batch (%2): nothing was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found %1 s after it was sent, but the registry may still be working on it: looked up again; only after %2 UTC does &quot;not found&quot; mean it was not filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are: only %2 can be acted on this way (%3)</source>
        <translation>
            <numerusform>%1: %n filing left as it is: only %2 can be acted on this way (%3)</numerusform>
            <numerusform>%1: %n filings left as they are: only %2 can be acted on this way (%3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filings halted for a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 is not running or paused: nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fleet gate (Redis) configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no registry configured for its jurisdictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the entity register: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the entities could not be recorded in the register (nothing was loaded): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an edit of an entity needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the entity register</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not changed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deciding a conflict needs a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no open conflict on %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the conflict was not settled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload unchanged (sha256 %1); was %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload rebuilt from the entity register: sha256 %1 -&gt; %2; was %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filing made outside FilingDesk needs its confirmation number and a reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filing made outside FilingDesk needs the fee charged and the date filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filings halted for a person or dead letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filed outside FilingDesk on %1: confirmation %2, charged %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>charged %1, the rule&apos;s fee is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as-of date changed from %1 to %2: %3 rows planned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (grouped by day)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> for %n filing(s) due by %1 written to %2</source>
        <translation>
            <numerusform> for %n filing due by %1 written to %2</numerusform>
            <numerusform> for %n filings due by %1 written to %2</numerusform>
        </translation>
    </message>
    <message>
        <source>no reminders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reminders %1 day(s) before</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n overdue filing(s) not filed in it, on their due dates</source>
        <translation>
            <numerusform>%n overdue filing not filed in it, on its due date</numerusform>
            <numerusform>%n overdue filings not filed in it, on their due dates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) without a due date left out</source>
        <translation>
            <numerusform>%n filing without a due date left out</numerusform>
            <numerusform>%n filings without a due date left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due after %1 left out</source>
        <translation>
            <numerusform>%n filing due after %1 left out</numerusform>
            <numerusform>%n filings due after %1 left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) filed with a due date before %1 left out</source>
        <translation>
            <numerusform>%n filing filed with a due date before %1 left out</numerusform>
            <numerusform>%n filings filed with a due date before %1 left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) with a due date before %1 left out</source>
        <translation>
            <numerusform>%n withdrawn filing with a due date before %1 left out</numerusform>
            <numerusform>%n withdrawn filings with a due date before %1 left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) not filed of entities outside the portfolio left out</source>
        <translation>
            <numerusform>%n filing not filed of entities outside the portfolio left out</numerusform>
            <numerusform>%n filings not filed of entities outside the portfolio left out</numerusform>
        </translation>
    </message>
    <message>
        <source>not allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent: the permit&apos;s lease ran out before the request could leave (the desk was busy); it is sent again under a new permit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this login may not file: it %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>; %n filing(s) whose outcome is unknown stay in it and are looked up at the registry</source>
        <translation>
            <numerusform>; %n filing whose outcome is unknown stays in it and is looked up at the registry</numerusform>
            <numerusform>; %n filings whose outcome is unknown stay in it and are looked up at the registry</numerusform>
        </translation>
    </message>
    <message>
        <source>replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; rules %2; team ledger %3 as worker %4; it holds only the tasks it claims%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a team member&apos;s copy of the team ledger%2, not a single desk&apos;s database: its filings are the team&apos;s and are worked from the ledger (give --ledger URL); give a database of this desk&apos;s own with --db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %1 (last reached at %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not changed: another member was writing the team&apos;s entity register at the same moment; save again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not changed: the team ledger does not let you change the entity register: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not changed: the register could not be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n filing(s)</source>
        <translation>
            <numerusform>%1 of %n filing</numerusform>
            <numerusform>%1 of %n filings</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was not recorded: another member changed %2 first. Nothing of it was written; the filings are read again from the team ledger: look at them and decide again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not recorded: the team ledger was busy with another member&apos;s write. Nothing of it was written; do it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not recorded: %2. Nothing of it was written; do it again once the team ledger answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are because an earlier decision or change of theirs is still being recorded (%2); act on them again once it is</source>
        <translation>
            <numerusform>%1: %n filing left as it is because an earlier decision or change of it is still being recorded (%2); act on it again once it is</numerusform>
            <numerusform>%1: %n filings left as they are because an earlier decision or change of theirs is still being recorded (%2); act on them again once it is</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n filing(s) left as they are because they are being sent right now or the registry&apos;s answer is still being checked (%2); that answer, or a look-up at the registry, decides what happens next (filed, tried again or halted for a person); act on them again once it has</source>
        <translation>
            <numerusform>%1: %n filing left as it is because it is being sent right now or the registry&apos;s answer is still being checked (%2); that answer, or a look-up at the registry, decides what happens next (filed, tried again or halted for a person); act on it again once it has</numerusform>
            <numerusform>%1: %n filings left as they are because they are being sent right now or the registry&apos;s answer is still being checked (%2); that answer, or a look-up at the registry, decides what happens next (filed, tried again or halted for a person); act on them again once it has</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>being checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>being sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to be tried again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>halted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filings that could not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed in the data the registry refused (%1): the same payload would be refused again. Edit the entity first, or send it anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filings neither filed nor withdrawn yet, and not being sent or looked up at the registry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not recorded: the batch was paused or cancelled meanwhile. Nothing of it was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 rows, %3 with obligations, %4 need data, %5 out of scope, %6 row errors (as of %7); register: %8 added, %9 completed, %10 in conflict, %11 decided before</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::LocalPermitGate</name>
    <message>
        <source>in-process gate (this console only; no Redis configured)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::Reconciler</name>
    <message>
        <source>the receipt has no confirmation number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>charged %1, the rule&apos;s fee is %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::RedisPermitGate</name>
    <message>
        <source>connecting to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fleet gate on %1 (key prefix &quot;%2&quot;, lease %3 ms)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::RegistryClient</name>
    <message>
        <source>this registry is configured without look-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request withdrawn: FilingDesk is stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the registry did not answer in time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the registry could not be reached (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to the registry was lost before its answer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::AboutDialog</name>
    <message>
        <source>About FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;FilingDesk %1&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annual reports and franchise taxes for a portfolio of entities, filed once each with the US Secretary of State registries, with an append-only audit trail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules file version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::AlertNotifier</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (and %n more)</source>
        <translation>
            <numerusform> (and %n more)</numerusform>
            <numerusform> (and %n more)</numerusform>
        </translation>
    </message>
    <message>
        <source>Registry failing — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry answering again — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n new statutory halt(s)</source>
        <translation>
            <numerusform>%n new statutory halt</numerusform>
            <numerusform>%n new statutory halts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new reconciliation exception(s)</source>
        <translation>
            <numerusform>%n new reconciliation exception</numerusform>
            <numerusform>%n new reconciliation exceptions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) &quot;%1&quot; — %2</source>
        <translation>
            <numerusform>%n alert &quot;%1&quot; — %2</numerusform>
            <numerusform>%n alerts &quot;%1&quot; — %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk needs a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger unreachable — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger answering again — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail cannot be written — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) lost their turn under a registry&apos;s limit</source>
        <translation>
            <numerusform>%n filing lost its turn under a registry&apos;s limit</numerusform>
            <numerusform>%n filings lost their turn under a registry&apos;s limit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) charged a fee other than expected</source>
        <translation>
            <numerusform>%n filing charged a fee other than expected</numerusform>
            <numerusform>%n filings charged a fee other than expected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new filing(s) that could not be filed</source>
        <translation>
            <numerusform>%n new filing that could not be filed</numerusform>
            <numerusform>%n new filings that could not be filed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::AuditModel</name>
    <message>
        <source>Time (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (OS user) as database login %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch launched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tried again after it could not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>halt resolved and requeued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accepted as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filing withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity added to the register</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity completed from a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file differs from the register</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflict decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>portfolio imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filings ready to launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filing progressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>receipt reconciled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>registry look-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sending slot lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch has nothing left to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk (automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken out of the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::AuditPage</name>
    <message>
        <source>Audit free text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the audit trail (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first %1 rows (narrow the search)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message>
        <source>Export audit rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any text: entity, person, action, detail, reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filing&apos;s reference, as a detail pane shows it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>person (computer login), or FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::BatchPanel</name>
    <message>
        <source>Launch window in days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due &amp;within:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No batch yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing launched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team&apos;s batches — PAUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger unreachable — nothing is sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify — nothing is sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · this desk reviews and takes no filings to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PAUSED — %v of %m filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m filed — %1 wait for a person, %2 will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m filed (%p%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — team ledger unreachable, nothing is sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — PAUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — sending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine states: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Being sent now: %1 · waiting for the registry&apos;s limit: %2 · to be tried again: %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · NOTHING IS BEING SENT: the filing limiter cannot be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight %1 · awaiting permit %2 · waiting to retry %3 (engine terms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · this desk: %1 taken to send, %2 filed since it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left: paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left: about %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No batch running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::BreakerBoard</name>
    <message>
        <source>A jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: registry failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: registry failing, retry at %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarExport</name>
    <message>
        <source>Calendar exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calendar not exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iCalendar files (*.ics)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;One event per day and jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;3 filings due — Delaware (US-DE)&quot; listing each entity, instead of one event per filing. The default is set in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reminders (Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reminders %1 day(s) before each due date (Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadlines due &amp;within:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) written to %1.</source>
        <translation>
            <numerusform>%n event written to %1.</numerusform>
            <numerusform>%n events written to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>They list %n filing(s): one event per day and jurisdiction.</source>
        <translation>
            <numerusform>They list %n filing: one event per day and jurisdiction.</numerusform>
            <numerusform>They list %n filings: one event per day and jurisdiction.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) have no due date yet and are not in the calendar (they need data).</source>
        <translation>
            <numerusform>%n filing has no due date yet and is not in the calendar (it needs data).</numerusform>
            <numerusform>%n filings have no due date yet and are not in the calendar (they need data).</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing it again updates the same events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n overdue filing(s) not filed are in it on their due dates, marked [OVERDUE].</source>
        <translation>
            <numerusform>%n overdue filing not filed is in it on its due date, marked [OVERDUE].</numerusform>
            <numerusform>%n overdue filings not filed are in it on their due dates, marked [OVERDUE].</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due after %1 are not in the calendar (beyond its horizon).</source>
        <translation>
            <numerusform>%n filing due after %1 is not in the calendar (beyond its horizon).</numerusform>
            <numerusform>%n filings due after %1 are not in the calendar (beyond its horizon).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) filed with a due date before %1 are not in the calendar (nothing left to do).</source>
        <translation>
            <numerusform>%n filing filed with a due date before %1 is not in the calendar (nothing left to do).</numerusform>
            <numerusform>%n filings filed with a due date before %1 are not in the calendar (nothing left to do).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) with a due date before %1 are not in the calendar (they will not be filed).</source>
        <translation>
            <numerusform>%n withdrawn filing with a due date before %1 is not in the calendar (it will not be filed).</numerusform>
            <numerusform>%n withdrawn filings with a due date before %1 are not in the calendar (they will not be filed).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) not filed for entities outside the loaded portfolio are not in the calendar.</source>
        <translation>
            <numerusform>%n filing not filed for entities outside the loaded portfolio is not in the calendar.</numerusform>
            <numerusform>%n filings not filed for entities outside the loaded portfolio are not in the calendar.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarListProxy</name>
    <message>
        <source>%1 %2 today</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 in %n day(s)</source>
        <translation>
            <numerusform>%1 %2 in %n day</numerusform>
            <numerusform>%1 %2 in %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 by %n day(s)</source>
        <translation>
            <numerusform>%1 %2 by %n day</numerusform>
            <numerusform>%1 %2 by %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>(depends on the missing data)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarPage</name>
    <message>
        <source>Each day shows how many filings are due, marked by the most pressing of them. Today (the as-of date) is framed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;all days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous month (Page Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next month (Page Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The month of the as-of date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Month grid of due dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings by due date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the filings of every day again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings whose due date is unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These filings need data (a formation date, an entity type ...) before their due date can be worked out. They are in no day of the grid and in no exported calendar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Due on %1: %n filing(s)</source>
        <translation>
            <numerusform>Due on %1: %n filing</numerusform>
            <numerusform>Due on %1: %n filings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All filings with a due date: %n</source>
        <translation>
            <numerusform>All filings with a due date: %n</numerusform>
            <numerusform>All filings with a due date: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Date unknown (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::CalendarTone</name>
    <message>
        <source>Overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Due within %n day(s)</source>
        <translation>
            <numerusform>Due within %n day</numerusform>
            <numerusform>Due within %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>Filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On track</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ConsoleOptions</name>
    <message>
        <source>FilingDesk operator console. Headless: filingdesk run --help, filingdesk calendar --help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portfolio CSV to load at start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date to compute due dates from (default today).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the sandbox registry and file against it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra argument for the sandbox (repeatable), e.g. --sandbox-arg=--latency-ms=200:800.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry base URL (registry-api-v1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet gate Redis URL (empty: in-process gate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet cap for a jurisdiction, e.g. US-DE=4 (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings file (INI) instead of the user&apos;s settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset of the launch window in days (default 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not read secrets from the keychain this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portfolio CSV to load at start (as --portfolio).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--as-of &quot;%1&quot; is not a YYYY-MM-DD date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--registry and --sandbox exclude each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--registry &quot;%1&quot; is not an http(s) URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--due-within &quot;%1&quot; is not a number of days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger: postgresql://USER@HOST:PORT/DB[?sslmode=MODE] (empty: this desk alone). The password comes from the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ledger &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot; (headless commands: run, calendar, launch, worker, audit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--redis: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ConsoleSession</name>
    <message>
        <source>Could not read %1 from the keychain: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No registry is configured: filings would be quarantined. Set one in Settings (Ctrl+,) or start with --sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>FilingDesk started again with %n filing(s) of an unfinished batch not sent yet: they wait for a person to resume sending</source>
        <translation>
            <numerusform>FilingDesk started again with %n filing of an unfinished batch not sent yet: it waits for a person to resume sending</numerusform>
            <numerusform>FilingDesk started again with %n filings of an unfinished batch not sent yet: they wait for a person to resume sending</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>FilingDesk started again: %n filing(s) whose outcome is unknown are looked up at the registry before anything else</source>
        <translation>
            <numerusform>FilingDesk started again: %n filing whose outcome is unknown is looked up at the registry before anything else</numerusform>
            <numerusform>FilingDesk started again: %n filings whose outcome is unknown are looked up at the registry before anything else</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadLetterModel</name>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry kept failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legal requirement not met</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data the registry would not accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk or network problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receipt does not match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Support reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadLettersPage</name>
    <message>
        <source>&amp;Try again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the &amp;selection again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings that could not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the registry answered and what was sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a filing to see what the registry answered and what was sent (for support: the trace id, the registry&apos;s raw answer and the data sent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the current filing again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the selected filings again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try every filing matching the filter again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n selected filing(s)</source>
        <translation>
            <numerusform>%n selected filing</numerusform>
            <numerusform>%n selected filings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n filing(s) matching the filter</source>
        <translation>
            <numerusform>the %n filing matching the filter</numerusform>
            <numerusform>all %n filings matching the filter</numerusform>
        </translation>
    </message>
    <message>
        <source>Try &amp;all %1 matching the filter again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a note to the selected filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filing of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the selected filing of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn filing(s) are left out: a person decided they will not be filed (select one to try it again).</source>
        <translation>
            <numerusform>%n withdrawn filing is left out: a person decided it will not be filed (select it to try it again).</numerusform>
            <numerusform>%n withdrawn filings are left out: a person decided they will not be filed (select one to try it again).</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Withdraw (will not file)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw the selected filings: they will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::DeadlineReminders</name>
    <message numerus="yes">
        <source>%n day(s) overdue</source>
        <translation>
            <numerusform>%n day overdue</numerusform>
            <numerusform>%n days overdue</numerusform>
        </translation>
    </message>
    <message>
        <source>due today</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n day</numerusform>
            <numerusform>in %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 (%3), due %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (Calendar view)</source>
        <translation>
            <numerusform>… and %n more (Calendar view)</numerusform>
            <numerusform>… and %n more (Calendar view)</numerusform>
        </translation>
    </message>
    <message>
        <source>Due in %1 days: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Overdue: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Needs data: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due within %1 days</source>
        <translation>
            <numerusform>%n filing due within %1 days</numerusform>
            <numerusform>%n filings due within %1 days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deadline reminder: %n filing(s) overdue</source>
        <translation>
            <numerusform>Deadline reminder: %n filing overdue</numerusform>
            <numerusform>Deadline reminder: %n filings overdue</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline reminder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due today</source>
        <translation>
            <numerusform>%n filing due today</numerusform>
            <numerusform>%n filings due today</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due by tomorrow</source>
        <translation>
            <numerusform>%n filing due by tomorrow</numerusform>
            <numerusform>%n filings due by tomorrow</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::EntityEditDelegate</name>
    <message>
        <source>Formation date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited partnership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The formation date, as %1 (or YYYY-MM-DD)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::EntityPage</name>
    <message>
        <source>&amp;Save changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The portfolio file says otherwise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (Title); Name (Title)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MM-DD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asks for the reason; every change is kept in the audit trail with the old and new value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the register has “%2”, %3 has “%4”. FilingDesk plans with the register&apos;s value until someone decides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the register&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the file&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No filings in the loaded portfolio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings as of %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited liability company (LLC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited partnership (LP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dissolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save and &amp;requeue…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saves the changes with your reason, then sends the halted filing again with the corrected data (one reason for both, kept in the audit trail)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved, but not every field is as you typed it: the register kept the values shown. Check the fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your changes to %1 are not saved. Close the page and lose them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved yet: save your changes, or close again to lose them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved; %1 is sent again with the corrected data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving your changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was saved: the reason was not given. Your changes are still in the fields; save again when you are ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was saved: %1 Your changes are still in the fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the halted filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (engine state %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data before it can be filed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete the marked field(s): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was saved: %1. Correct it and save again; your changes are still in the fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk (automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1. Your changes are still in the fields; save again when you are ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved, and the halted filing was sent again with the corrected data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity not yet sent will go out with the change.</source>
        <translation>
            <numerusform>%n filing of this entity not yet sent will go out with the change.</numerusform>
            <numerusform>%n filings of this entity not yet sent will go out with the change.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity not yet sent are no longer owed as they were admitted: they wait in Halts &amp; exceptions for you to withdraw or requeue them.</source>
        <translation>
            <numerusform>%n filing of this entity not yet sent is no longer owed as it was admitted: it waits in Halts &amp; exceptions for you to withdraw or requeue it.</numerusform>
            <numerusform>%n filings of this entity not yet sent are no longer owed as they were admitted: they wait in Halts &amp; exceptions for you to withdraw or requeue them.</numerusform>
        </translation>
    </message>
    <message>
        <source>The change and your reason are in the audit trail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your changes are being saved; close the page once it says they are saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this entity had already left and go on with the data they were sent with; if the registry refuses one, cure it from here.</source>
        <translation>
            <numerusform>%n filing of this entity had already left and goes on with the data it was sent with; if the registry refuses it, cure it from here.</numerusform>
            <numerusform>%n filings of this entity had already left and go on with the data they were sent with; if the registry refuses one, cure it from here.</numerusform>
        </translation>
    </message>
    <message>
        <source>the refused filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save and &amp;try again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saves the changes with your reason, then tries the refused filing again with the corrected data, as the same filing (one reason for both, kept in the audit trail)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved, and the refused filing was tried again with the corrected data.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ExceptionModel</name>
    <message>
        <source>Reconciliation exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statutory halt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Citation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ExceptionsPage</name>
    <message>
        <source>Resolve and &amp;requeue…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Accept as filed…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Withdraw (will not file)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statutory halts and reconciliation exceptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve and requeue the selected items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept the selected reconciliation exceptions as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw the selected items: they will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a note to the selected items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it halted: rule, statute, what the registry answered, what was sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an item to see its rule, the statute, what the registry answered and what was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept a reconciliation exception as filed after checking its receipt. Only one the registry gave a confirmation number for can be; for one without, requeue it (it is looked up first) or record it as filed outside FilingDesk.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::Format</name>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::InFlightChart</name>
    <message numerus="yes">
        <source>Permits in flight over the last %n minute(s)</source>
        <translation>
            <numerusform>Permits in flight over the last %n minute</numerusform>
            <numerusform>Permits in flight over the last %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Permits in flight (fleet-wide), up to the last %n minute(s); dashed: cap</source>
        <translation>
            <numerusform>Permits in flight (fleet-wide), up to the last %n minute; dashed: cap</numerusform>
            <numerusform>Permits in flight (fleet-wide), up to the last %n minutes; dashed: cap</numerusform>
        </translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cap</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::MainWindow</name>
    <message>
        <source>FilingDesk operator console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open portfolio…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch &amp;selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch &amp;due within…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel batch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;calendar…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open portfolio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portfolio CSV (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Console views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Obligations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halts &amp;&amp; exceptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> As of: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As-of date for due dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh &amp;audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not start: %1. Nothing is being sent. Check Settings (Ctrl+,).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portfolio not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as of %2 (rules %3): %4 rows = %5 with obligations + %6 need data + %7 out of scope + %8 row errors; %9 obligations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 already known, %2 not yet open for filing, %3 due later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>everything due within %n day(s)</source>
        <translation>
            <numerusform>everything due within %n day</numerusform>
            <numerusform>everything due within %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>Redis %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: in-process gate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>registry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceilings %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit database %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session runs with command-line options that override the saved settings (not saved): %1. Below are the saved settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[PAUSED] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halts &amp;&amp; exceptions (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (failing since %2) — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %n filing(s) need data</source>
        <translation>
            <numerusform>, %n filing needs data</numerusform>
            <numerusform>, %n filings need data</numerusform>
        </translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>team ledger %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: this desk alone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEAM LEDGER UNREACHABLE: nothing is sent from this desk; showing this desk&apos;s mirror (read-only) — operator actions are disabled until the ledger answers again.%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team ledger is unreachable: this desk shows its mirror, read-only. Try again when the ledger answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[LEDGER UNREACHABLE] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team ledger&apos;s audit trail does not verify: this desk shows its mirror, read-only, until the ledger is restored and the console restarted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[LEDGER AUDIT BROKEN] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEAM LEDGER NOT TRUSTED, showing this desk&apos;s mirror (read-only): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its audit trail does not verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEAM LEDGER IS A READ-ONLY STANDBY: nothing can be recorded there, so nothing is sent from this desk; showing this desk&apos;s mirror (read-only) until the primary answers.%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3 of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the entity register.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s), %1 to %2</source>
        <translation>
            <numerusform>%n filing, %1 to %2</numerusform>
            <numerusform>%n filings, %1 to %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Total: %n filing(s), %1</source>
        <translation>
            <numerusform>Total: %n filing, %1</numerusform>
            <numerusform>Total: %n filings, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning again as of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Filings not filed yet that are overdue or due within %n day(s)</source>
        <translation>
            <numerusform>Filings not filed yet that are overdue or due within %n day</numerusform>
            <numerusform>Filings not filed yet that are overdue or due within %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every filing: entity, jurisdiction, due date, status, confirmation number, fees in dollars, who launched and resolved it (PDF for people, CSV for spreadsheets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compliance status report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The portfolio&apos;s position as of the as-of date: filed, due in 30/60/90 days, overdue, needs data, halted, penalty exposure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;My filings only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the filings of entities you own (Settings: your name as owner)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s), %1 in fees</source>
        <translation>
            <numerusform>%n filing, %1 in fees</numerusform>
            <numerusform>%n filings, %1 in fees</numerusform>
        </translation>
    </message>
    <message>
        <source>[LIVE] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[PRACTICE] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing with a LIVE registry: filings are real and fees are charged (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PRACTICE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing with a practice registry: nothing is filed for real (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NO REGISTRY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No registry is configured: nothing can be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logged in as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve and requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logged in to the team ledger as %1
FilingDesk roles: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings the registry would not take after every attempt, or whose data it could not read: each needs a person (dead letters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the Batch panel (launch, pause, resume, progress)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Correct the marked fields, then press “Save and requeue”: the changes are saved and %2 is sent again with the corrected data, as the same filing (the registry will not file it twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) ready to launch</source>
        <translation>
            <numerusform>%n filing ready to launch</numerusform>
            <numerusform>%n filings ready to launch</numerusform>
        </translation>
    </message>
    <message>
        <source>The batch has nothing left to send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>THE TEAM&apos;S BATCHES ARE PAUSED — nothing new is being sent by any desk (%1 still being sent here). Resume with Ctrl+R.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BATCH PAUSED — nothing new is being sent (%1 still being sent). Resume with Ctrl+R.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOTHING IS BEING SENT: the team&apos;s filing limiter cannot be reached.%1 Sending resumes by itself when it answers again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate blind: Redis unreachable (engine terms, for support)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CANNOT BE REACHED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[NOT SENDING] </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>As of %1: filings not filed yet that are due within %n day(s) or overdue, and filings that need data before they can be filed. Click to list them.</source>
        <translation>
            <numerusform>As of %1: filings not filed yet that are due within %n day or overdue, and filings that need data before they can be filed. Click to list them.</numerusform>
            <numerusform>As of %1: filings not filed yet that are due within %n days or overdue, and filings that need data before they can be filed. Click to list them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not be filed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n halt(s) or exception(s)</source>
        <translation>
            <numerusform>%n halt or exception</numerusform>
            <numerusform>%n halts or exceptions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) that could not be filed</source>
        <translation>
            <numerusform>%n filing that could not be filed</numerusform>
            <numerusform>%n filings that could not be filed</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for a person: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Admit filings open for filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puts the planned filings whose filing window is open in line to be sent (as opening the portfolio does); nothing is sent before a launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admit filings open for filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due dates as of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the as-of date %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Due within %n day(s)</source>
        <translation>
            <numerusform>Due within %n day</numerusform>
            <numerusform>Due within %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) waiting</source>
        <translation>
            <numerusform>%n filing waiting</numerusform>
            <numerusform>%n filings waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing to launch: no filing waiting to be sent is due within %n day(s).</source>
        <translation>
            <numerusform>Nothing to launch: no filing waiting to be sent is due within %n day.</numerusform>
            <numerusform>Nothing to launch: no filing waiting to be sent is due within %n days.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) wait with later due dates: choose a longer window with the arrow beside “Launch due within” or in the Batch panel.</source>
        <translation>
            <numerusform>%n filing waits with a later due date: choose a longer window with the arrow beside “Launch due within” or in the Batch panel.</numerusform>
            <numerusform>%n filings wait with later due dates: choose a longer window with the arrow beside “Launch due within” or in the Batch panel.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to launch: no filing is waiting to be sent. Open a portfolio, or admit the filings open for filing (Batch menu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of a batch that was running when FilingDesk closed have not been sent: they wait for you to resume sending.</source>
        <translation>
            <numerusform>%n filing of a batch that was running when FilingDesk closed has not been sent: it waits for you to resume sending.</numerusform>
            <numerusform>%n filings of a batch that was running when FilingDesk closed have not been sent: they wait for you to resume sending.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) that were on the wire are being looked up at the registry.</source>
        <translation>
            <numerusform>%n filing that was on the wire is being looked up at the registry.</numerusform>
            <numerusform>%n filings that were on the wire are being looked up at the registry.</numerusform>
        </translation>
    </message>
    <message>
        <source>the filings waiting since FilingDesk was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the entity of the selected row: its data, its filings and what happened to them (also Enter, a double-click or the row&apos;s menu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a row first: its entity opens.</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open entity “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n other(s)</source>
        <translation>
            <numerusform>%1 and %n other</numerusform>
            <numerusform>%1 and %n others</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more entity(ies) with values that differ from the register (%1): Show opens the next.</source>
        <translation>
            <numerusform>%n more entity with values that differ from the register (%1): Show opens it.</numerusform>
            <numerusform>%n more entities with values that differ from the register (%1): Show opens the next.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entity(ies) in %1 have values that differ from the entity register (%2). FilingDesk plans with the register&apos;s values until someone decides; Show opens the entity to decide.</source>
        <translation>
            <numerusform>%n entity in %1 has values that differ from the entity register (%2). FilingDesk plans with the register&apos;s values until someone decides; Show opens the entity to decide.</numerusform>
            <numerusform>%n entities in %1 have values that differ from the entity register (%2). FilingDesk plans with the register&apos;s values until someone decides; Show opens the first to decide.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier refusal(s) not shown</source>
        <translation>
            <numerusform>%n earlier refusal not shown</numerusform>
            <numerusform>%n earlier refusals not shown</numerusform>
        </translation>
    </message>
    <message>
        <source>Not done (%1 times): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filings report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Correct the marked fields, then press “Save and try again”: the changes are saved and %2 is tried again with the corrected data, as the same filing (the registry will not file it twice). If the data is right as it is (corrected with the registry, say), close this page and press “Try again…” once more: the filing is sent as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::MemberModel</name>
    <message>
        <source>Desk (console)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headless run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (this console)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost: no heartbeat since %1. Its claims go back to the team when their lease ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members beat every 5 s; one silent for three beats is lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The jurisdictions the member takes work for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claims held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks the member has claimed in the ledger: only it works on them (as of its last heartbeat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests the member has on the wire (as of its last heartbeat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings the member completed since it started (as of its last heartbeat)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::MembersPage</name>
    <message>
        <source>Team mode is off: this console works alone, on its own database, and there is no fleet to show.

To work as a team, every desk and headless run uses one shared PostgreSQL ledger: set &quot;Ledger URL&quot; under Team ledger in Settings (Ctrl+,), for example postgresql://filingdesk@db.example:5432/filingdesk, keep its password in the keychain there, and restart the console; or start it with --ledger URL for one session. Headless members join with filingdesk run --ledger URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members of the fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team ledger cannot be reached%1: the list below is as of %2 and is not refreshed until it answers again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ledger %1: %n member(s) at work</source>
        <translation>
            <numerusform>Ledger %1: %n member at work</numerusform>
            <numerusform>Ledger %1: %n members at work</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n lost</source>
        <translation>
            <numerusform>, %n lost</numerusform>
            <numerusform>, %n lost</numerusform>
        </translation>
    </message>
    <message>
        <source> · claims held %1 · in flight %2 · updated %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::MonthGridDelegate</name>
    <message>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::MonthGridModel</name>
    <message>
        <source>%1 %2 — %3, %4: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (today)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no filings due</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due; most pressing: %1</source>
        <translation>
            <numerusform>%n filing due; most pressing: %1</numerusform>
            <numerusform>%n filings due; most pressing: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see the list)</source>
        <translation>
            <numerusform>… and %n more (see the list)</numerusform>
            <numerusform>… and %n more (see the list)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::ObligationModel</name>
    <message>
        <source>(missing: double-click to set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
key %2
line %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty owed once the due date is missed (today&apos;s amount if already late)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Days left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Urgency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corporation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited partnership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data (date unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compliance status: filed, due, overdue, needs data, halted, will not file. Red: overdue; amber: due within %1 days; green: on track or filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (engine state %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the filing is: waiting, sending, filed, or needing a person (the engine&apos;s own term is in each cell&apos;s tooltip, for support)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Overdue %n day(s)</source>
        <translation>
            <numerusform>Overdue %n day</numerusform>
            <numerusform>Overdue %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>Due today</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Due in %n day(s)</source>
        <translation>
            <numerusform>Due in %n day</numerusform>
            <numerusform>Due in %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; the entity&apos;s risk tier %2 of 5 (admission score %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
rule %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How soon each filing should go: the most overdue and the soonest due first, an entity at greater risk before others due the same day (the order in which filings are admitted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 is due relative to the formation date, which the portfolio does not give</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 is due every other year, in the years of the parity of the last digit of the state&apos;s file number, which the portfolio does not give</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The entity&apos;s status is “%1”: no filings are made for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foreign subsidiary (%1): no US state filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The entity type is unknown, so the rules of %1 cannot be chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data (jurisdiction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data (entity type)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data (formation date)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chartered by the United States (a national bank or federal savings association), not by a state: no state annual report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foreign subsidiary (%1, %2): no US state filing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ObligationsPage</name>
    <message>
        <source>&amp;Launch selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Withdraw selection…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Obligations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No portfolio loaded. Open one with Ctrl+O.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch the selected filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start filing the selected filings that wait to be sent (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw the selected filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n obligation(s) on record; no portfolio opened in this session (Ctrl+O opens one).</source>
        <translation>
            <numerusform>%n obligation on record; no portfolio opened in this session (Ctrl+O opens one).</numerusform>
            <numerusform>%n obligations on record; no portfolio opened in this session (Ctrl+O opens one).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ui::OperatorActions</name>
    <message>
        <source>Launch filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled filing run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause: nothing new is sent; requests already on the wire finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused from the console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume sending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resumed from the console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected in the review queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve and requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected to withdraw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Withdraw %n filing(s): they will NOT be filed.</source>
        <translation>
            <numerusform>Withdraw %n filing: it will NOT be filed.</numerusform>
            <numerusform>Withdraw %n filings: they will NOT be filed.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing selected to annotate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a note</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Note for %n item(s), kept in the audit trail:</source>
        <translation>
            <numerusform>Note for %n item, kept in the audit trail:</numerusform>
            <numerusform>Note for %n items, kept in the audit trail:</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The console is read-only now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected to review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel a batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es) are open. Which one do you cancel?</source>
        <translation>
            <numerusform>%n batch is open. Which one do you cancel?</numerusform>
            <numerusform>%n batches are open. Which one do you cancel?</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1 of %2; its filings are planned again from the register.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decide a conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record %1 as filed: confirmation %2, %3 charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>File %n filing(s) now: %1.</source>
        <translation>
            <numerusform>File %n filing now: %1.</numerusform>
            <numerusform>File %n filings now: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>LIVE registry: these are real filings and the fees are charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Practice registry: nothing is filed for real.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File with a live registry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are about to file with a LIVE registry (%1).

%2

These filings are real and their fees will be charged. File them now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s)</source>
        <translation>
            <numerusform>%n filing</numerusform>
            <numerusform>%n filings</numerusform>
        </translation>
    </message>
    <message>
        <source>Launch not confirmed: nothing was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Nothing was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to launch: %1 has no filing waiting to be sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel: filings not sent yet go back to waiting; those being sent now finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try filings again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No filing selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Accept %n reconciliation exception(s) as filed after checking the receipt.</source>
        <translation>
            <numerusform>Accept %n reconciliation exception as filed after checking the receipt.</numerusform>
            <numerusform>Accept %n reconciliation exceptions as filed after checking the receipts.</numerusform>
        </translation>
    </message>
    <message>
        <source>corporation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limited liability company (LLC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limited partnership (LP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the formation date to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entity type to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 for %2; its filings are planned again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save and requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No halted filing to send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1 of %2, then send %3 again with the corrected data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Send %n filing(s) again with the same data the registry refused.</source>
        <translation>
            <numerusform>Send %n filing again with the same data the registry refused.</numerusform>
            <numerusform>Send %n filings again with the same data the registry refused.</numerusform>
        </translation>
    </message>
    <message>
        <source>File again with a live registry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not confirmed: nothing was sent again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This desk sends nothing itself: the team&apos;s workers file these with the registries they are set up for, which may be LIVE (real filings, fees charged).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No registry is configured on this desk: nothing can be sent until one is (Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its fee is charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its fee is charged (%1 at most for all of them)</source>
        <translation type="unfinished">its fee is charged (%1 at most)</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>This filing was withdrawn by a person, who decided it will not be filed: trying it again files it after all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n of these filings were withdrawn by a person, who decided they will not be filed: trying them again files them after all.</source>
        <translation>
            <numerusform>%n of these filings was withdrawn by a person, who decided it will not be filed: trying it again files it after all.</numerusform>
            <numerusform>%n of these filings were withdrawn by a person, who decided they will not be filed: trying them again files them after all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resolve and requeue %n filing(s): they are sent again as the same filing(s) (the registry never files one twice).</source>
        <translation>
            <numerusform>Resolve and requeue %n filing: it is sent again as the same filing (the registry never files one twice).</numerusform>
            <numerusform>Resolve and requeue %n filings: they are sent again as the same filings (the registry never files one twice).</numerusform>
        </translation>
    </message>
    <message>
        <source>its fee is charged (%1 at most)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>None of the %n selected filing(s) can be withdrawn: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can.</source>
        <translation>
            <numerusform>The selected filing cannot be withdrawn: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can.</numerusform>
            <numerusform>None of the %n selected filings can be withdrawn: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other selected filing(s) are left as they are: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can be withdrawn.</source>
        <translation>
            <numerusform>%n other selected filing is left as it is: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can be withdrawn.</numerusform>
            <numerusform>%n other selected filings are left as they are: only filings neither filed nor withdrawn yet, and not being sent or looked up at the registry, can be withdrawn.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) are no filing yet (needs data, planned or nothing to file): there is nothing to withdraw.</source>
        <translation>
            <numerusform>%n selected row is no filing yet (needs data, planned or nothing to file): there is nothing to withdraw.</numerusform>
            <numerusform>%n selected rows are no filing yet (needs data, planned or nothing to file): there is nothing to withdraw.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You are about to send %n filing(s) again to a LIVE registry (%1).

One the registry refused is sent at once; one that may have been filed is looked up first and sent only if the registry has not filed it. For each one sent, %2. Send them now?</source>
        <translation>
            <numerusform>You are about to send %n filing again to a LIVE registry (%1).

If the registry refused it, it is sent at once; if it may have been filed, it is looked up first and sent only if the registry has not filed it. If it is sent, %2. Send it now?</numerusform>
            <numerusform>You are about to send %n filings again to a LIVE registry (%1).

One the registry refused is sent at once; one that may have been filed is looked up first and sent only if the registry has not filed it. For each one sent, %2. Send them now?</numerusform>
        </translation>
    </message>
    <message>
        <source>Try %1 again as the same filing: if the registry refused it, it is sent at once; if its retries ran out, FilingDesk first asks the registry whether it was filed after all (the registry never files it twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try %1 again, each as the same filing: one the registry refused is sent at once; for one whose retries ran out, FilingDesk first asks the registry whether it was filed after all (the registry never files it twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refused filing to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1 of %2, then try %3 again with the corrected data, as the same filing (the registry never files it twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For %1: take the file&apos;s %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For %1: keep the register&apos;s %2. The same value in a portfolio file is not offered again; a different one is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::PermitModel</name>
    <message>
        <source>? / %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permits in use: unknown. The gate is blind (Redis unreachable), so the fleet-wide count cannot be read; nothing is being sent. Cap: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 permits in use across the fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permits in use unknown (gate blind), cap %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 permits in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reclaimed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease lost: outcome uncertain, looked up before any re-send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>near expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(reference worker)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token %1
process %2
key %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction / permit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use / cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::PermitsPage</name>
    <message>
        <source>Registries failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permits in use and their holders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter shared with the team: each registry&apos;s limit of requests at a time counts every desk and worker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter on this computer only: each registry&apos;s limit of requests at a time counts this console&apos;s requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOTHING IS BEING SENT: the team&apos;s filing limiter cannot be reached (%1). Sending resumes by itself when it answers again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate blind: Redis unreachable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReasonDialog</name>
    <message>
        <source>Recorded in the audit trail as %1, with this reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why? (required)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed outside FilingDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was filed on paper or in the registry&apos;s portal. It counts as filed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee charged:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept with the item and in the audit trail as %1, with the time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened, what was agreed, what is next (several lines are fine)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::RegistryProbe</name>
    <message>
        <source>no answer within 3 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportDialog</name>
    <message>
        <source>Compliance status report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The date the filings&apos; statuses are judged at (overdue, due ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The date of the compliance position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statuses as of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position as of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due on or after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due on or before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdictions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .pdf for people, a .csv for spreadsheets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The period starts after it ends: due on or after %1, on or before %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick at least one jurisdiction, or all of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose where to save the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the file, not only its extension.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;CSV for spreadsheets (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportExport</name>
    <message>
        <source>another report is being written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a report is written as .pdf or .csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report not written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportPageText</name>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReportText</name>
    <message>
        <source>Filings due from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings due on or after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings due on or before %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every stored filing, any due date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statuses as of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fees expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fees charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk filings report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Totals by jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stored filing matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desk database %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Produced by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unresolved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Produced by %1 on %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due in 0–30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due in 31–60 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due in 61–90 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will not file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty exposure</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) late</source>
        <translation>
            <numerusform>%n day late</numerusform>
            <numerusform>%n days late</numerusform>
        </translation>
    </message>
    <message>
        <source>due today</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n day</numerusform>
            <numerusform>in %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>planned from the entity register, not admitted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every filing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk compliance status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compliance status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position as of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every stored filing, and the obligations planned from the entity register that are not admitted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position by jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Overdue and at-risk filings (%n)</source>
        <translation>
            <numerusform>Overdue and at-risk filings (%n)</numerusform>
            <numerusform>Overdue and at-risk filings (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is overdue or at risk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 entity needs data before FilingDesk can plan its filings (%1 in all): see &quot;Not filed — data missing&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 entities need data before FilingDesk can plan their filings (%2 in all): see &quot;Not filed — data missing&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings of the register that cannot be planned for want of data: %1. They are in no batch, so this batch&apos;s report leaves them out (a report without a batch lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filed on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fees expected are the rules&apos; fees; fees charged are the registries&apos; receipts (a filing without a receipt adds nothing). Filed on: the day (local time, %1) the audit trail recorded it accepted; the CSV has the time to the second. Launched by: the person who launched the filing&apos;s batch, or who sent it again after a halt. Resolved by: who resolved its halt, recorded it as filed outside FilingDesk or withdrew it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not filed — data missing (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entities of the register, or filings of them, that FilingDesk cannot plan until a person supplies what is missing: they have no due date yet, so no filter by due date leaves them out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No entries yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries 1 to %1, last entry sealed %2, chain head %3 — verify with %4 (the command is at the end of this report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries 1 to %1, last entry recorded %2, fingerprint %3 — verify with %4 (the command is at the end of this report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report was made from the team ledger&apos;s audit trail up to entry %1, whose seal (row hash) is:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger identity: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To check it: %1 recomputes every entry&apos;s seal from the first; the entry %2 must still carry the seal above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report was made from the desk database&apos;s audit entries 1 to %1. Their fingerprint (SHA-256 of every entry) is:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To check that those entries are unchanged, run: %1 (the same fingerprint means they are; it does not protect against someone who rewrites the database and this report together).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database mirrors a team ledger up to its entry %1, sealed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying this report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger: database %1 on %2:%3 (login %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>formation date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state file number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entity type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fiscal year end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never started in FilingDesk: nothing was filed for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each filing counts once. Due: days from the as-of date to the due date. Needs data: a filing that cannot be planned or sent until a person supplies a field. Penalty exposure: for each filing not filed, the penalty owed one day after its due date, or today&apos;s when it is already late. Overdue includes obligations that fell due while the entity was in the register but were never started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overdue, needing a person, needing data, or due within 30 days; by entity name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReviewControls</name>
    <message>
        <source>&amp;Open for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lose review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the current item for review: the other desks see who has it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tell the other desks that you are looking into this item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close your review of the current item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End your review: the other desks no longer see it as taken</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::ReviewQueuePage</name>
    <message>
        <source>Filed &amp;outside FilingDesk…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filing was made on paper or in the registry&apos;s portal: record its confirmation number, fee and date; it counts as filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::SecretStore</name>
    <message>
        <source>no such entry in the keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no keychain is available on this machine (%1); nothing was stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain refused access: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keychain error: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::SendingQuestions</name>
    <message numerus="yes">
        <source>%n filing(s) become overdue</source>
        <translation>
            <numerusform>%n filing becomes overdue</numerusform>
            <numerusform>%n filings become overdue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) become due within %1 days</source>
        <translation>
            <numerusform>%n filing becomes due within %1 days</numerusform>
            <numerusform>%n filings become due within %1 days</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep the as-of date %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As of %1 instead of %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In all as of %1: %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) overdue</source>
        <translation>
            <numerusform>%n filing overdue</numerusform>
            <numerusform>%n filings overdue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) due within %1 days</source>
        <translation>
            <numerusform>%n filing due within %1 days</numerusform>
            <numerusform>%n filings due within %1 days</numerusform>
        </translation>
    </message>
    <message>
        <source>The due dates were computed again; nothing was admitted or sent. Filings that a new date makes due are not put in line to be sent by it: use Batch &gt; Admit filings open for filing when they should be filed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) of this batch are still to be sent.</source>
        <translation>
            <numerusform>%n filing of this batch is still to be sent.</numerusform>
            <numerusform>%n filings of this batch are still to be sent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filing(s) are on the wire now: if FilingDesk quits before the registry answers, they are looked up at the registry on the next start, never sent twice.</source>
        <translation>
            <numerusform>%n filing is on the wire now: if FilingDesk quits before the registry answers, it is looked up at the registry on the next start, never sent twice.</numerusform>
            <numerusform>%n filings are on the wire now: if FilingDesk quits before the registry answers, they are looked up at the registry on the next start, never sent twice.</numerusform>
        </translation>
    </message>
    <message>
        <source>Quit while filings are being sent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rest of the team goes on with the team&apos;s batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filings not sent yet are not sent by themselves on the next start: FilingDesk shows them and waits for you to resume sending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep working</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::SettingsDialog</name>
    <message>
        <source>Redis URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate key prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default registry base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry API token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FilingDesk settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redis://host:6379/0 — empty: in-process gate (this console only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://registry.example/ (jurisdictions without their own URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(kept in the keychain — type to replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry URL and ceiling per jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry base URL (empty: default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis &amp;password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lease:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registries and ceilings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default registry &amp;base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry API &amp;token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Default ceiling per jurisdiction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Global ceiling (all jurisdictions):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeouts and retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Request timeout (shorter than the lease):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry backoff &amp;base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry backoff &amp;max:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets are kept in the system keychain (service &quot;%1&quot;), never in the settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes apply the next time the console starts its engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language (from the next start):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not an http(s) URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is available: %1 was NOT stored, and nothing was written in plain text. Start a Secret Service (GNOME Keyring, KWallet) or enter it again next session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was NOT stored: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Secrets are in the system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Redis password needs a Redis URL: it is kept for the server it unlocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A registry token needs a default registry base URL: it is kept for the registry it unlocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why the settings change (recorded in the audit trail with old and new values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason for the change:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the settings change: the change is recorded in the audit trail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://USER@HOST:5432/DB — empty: this desk alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledg&amp;er URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger pass&amp;word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a ledger, every desk of the team works from one PostgreSQL database and this desk&apos;s own database is its mirror. Empty: this desk alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A ledger password needs a team ledger URL: it is kept for the database it unlocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Practice registries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://test-portal.example.gov/api (one per line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the register&apos;s Owner field names you: &quot;My filings&quot; shows these</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name as &amp;owner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Days before a due date at which a filing not yet filed is reminded of; also the calendar export&apos;s alarms. Empty: no reminders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;minders (days before due):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reminders: &quot;%1&quot; is not a number of days from 0 to 366 (write them as &quot;30, 14, 7, 1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Practice registries: &quot;%1&quot; is not an http(s) URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Practice registries (one URL per line):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test portals that file nothing real. The sandbox always is one; every other registry is live, and launching against it asks for a second confirmation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only an admin changes these settings in a team (%1). Your language, name as owner and reminders are yours to change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attempts before a person is asked:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::StatusIndicators</name>
    <message>
        <source>PAUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry: reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registry: unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n registries failing: nothing is sent there</source>
        <translation>
            <numerusform>%n registry failing: nothing is sent there</numerusform>
            <numerusform>%n registries failing: nothing is sent there</numerusform>
        </translation>
    </message>
    <message>
        <source>Team ledger: connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger: connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger unreachable: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger&apos;s audit trail does not verify: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger is a read-only standby: nothing is sent; showing this desk&apos;s mirror (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team ledger: busy, a write is waiting on a lock and is tried again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review desk: sends nothing (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This desk reviews: it takes none of the team&apos;s filings to send, because %1. To send, set a registry and the team&apos;s Redis (fleet gate) in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter: starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing service: starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter: not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filing engine did not start: nothing is sent (gate not started)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter: shared with the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each registry&apos;s limit of requests at a time is shared by every desk and worker of the team (gate: fleet, Redis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing limiter: this computer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each registry&apos;s limit of requests at a time is kept by this computer alone (gate: in-process)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection to the team&apos;s limiter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis, where the team&apos;s filing limiter keeps its counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing service: running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing service: NOT RESPONDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine thread answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine thread does not answer: nothing is sent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskDetail</name>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entity: %1 (%2), %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing: %1 %2, due %3, fee %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule: %1 (rules %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Citation: %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error: [%1] %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmation: %1, charged %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw response body:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload (SHA-256 %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields that cure it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— %1, %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: this filing&apos;s own statute, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In general: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filing reference (idempotency key): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress: %1 (engine state %2), attempts %3, batch %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw response body: none (the registry has not answered this filing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw response body, from before the withdrawal:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskFilterBar</name>
    <message>
        <source>Jurisdiction filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All jurisdictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jurisdiction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due within days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Due within:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transient fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statutory halt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconciliation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compliance status filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not filed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;wner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My filings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Progress:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search entity, filing, confirmation number, registry&apos;s code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also finds a filing by the reference support gives you (its idempotency key or trace id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn — will not be filed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEAD_LETTER, withdrawn by a person</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ui::TaskSubsetModel</name>
    <message numerus="yes">
        <source>%n note(s) — %1, %2: %3</source>
        <translation>
            <numerusform>%n note — %1, %2: %3</numerusform>
            <numerusform>%n notes — %1, %2: %3</numerusform>
        </translation>
    </message>
</context>
</TS>
