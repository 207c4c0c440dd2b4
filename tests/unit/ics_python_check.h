// Test helper for tst_ics_writer and tst_calendar_command: parses an iCalendar file with an independent
// implementation, Debian's python3-icalendar, and returns what it saw as JSON. The interpreter is
// FILINGDESK_PYTHON, which CMake picks as the first python3 with the icalendar module (a pyenv python on PATH
// may have none). A missing interpreter or module is a test failure, never a skip.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace fd::test {

// Prints {"version", "prodid", "errors": [[component, [messages]]], "events": [{uid, dtstart,
// dtstart_is_date, dtstart_value, dtend, summary, description, categories, alarms (trigger days, or the
// ISO 8601 UTC date-time of an absolute trigger), alarm_actions, alarm_descriptions, confirmation, rule,
// rules_version, url, filings (X-FILINGDESK-FILINGS of an event grouped by day), days_late
// (X-FILINGDESK-DAYS-LATE), state (X-FILINGDESK-STATE)}]}.
inline const char *kIcsParseScript = R"PY(
import datetime, json, sys
from icalendar import Calendar
data = open(sys.argv[1], 'rb').read()
cal = Calendar.from_ical(data)
out = {"version": str(cal.get('VERSION')), "prodid": str(cal.get('PRODID')), "errors": [], "events": []}
for comp in cal.walk():
    errs = getattr(comp, 'errors', None) or []
    if errs:
        out["errors"].append([comp.name, [str(e) for e in errs]])
def trigger(alarm):
    dt = alarm.get('TRIGGER').dt
    # relative: whole days (negative before DTSTART); absolute: the UTC date-time, ISO 8601
    return dt.days if isinstance(dt, datetime.timedelta) else dt.isoformat()
for ev in cal.walk('VEVENT'):
    dt = ev.get('DTSTART')
    cats = ev.get('CATEGORIES')
    alarms = [a for a in ev.walk('VALARM')]
    def opt(name):
        v = ev.get(name)
        return None if v is None else str(v)
    out["events"].append({
        "uid": opt('UID'),
        "dtstart": dt.dt.isoformat(),
        "dtstart_is_date": type(dt.dt) is datetime.date,
        "dtstart_value": dt.params.get('VALUE'),
        "dtend": ev.get('DTEND').dt.isoformat() if ev.get('DTEND') is not None else None,
        "summary": opt('SUMMARY'),
        "description": opt('DESCRIPTION'),
        "categories": [str(c) for c in cats.cats] if cats is not None else [],
        "alarms": [trigger(a) for a in alarms],
        "alarm_actions": [str(a.get('ACTION')) for a in alarms],
        "alarm_descriptions": [str(a.get('DESCRIPTION')) for a in alarms],
        "confirmation": opt('X-FILINGDESK-CONFIRMATION'),
        "rule": opt('X-FILINGDESK-RULE'),
        "rules_version": opt('X-FILINGDESK-RULES-VERSION'),
        "url": opt('URL'),
        "filings": opt('X-FILINGDESK-FILINGS'),
        "days_late": opt('X-FILINGDESK-DAYS-LATE'),
        "state": opt('X-FILINGDESK-STATE'),
    })
print(json.dumps(out))
)PY";

/// Parses `path`; on failure returns an empty object and sets *error.
inline QJsonObject parseIcsWithPython(const QString &path, QString *error) {
    QProcess python;
    const QString interpreter = qEnvironmentVariable("FILINGDESK_PYTHON");
    if (interpreter.isEmpty()) {
        *error =
            QStringLiteral("FILINGDESK_PYTHON is not set: no python3 with the icalendar module was found");
        return {};
    }
    python.start(interpreter, {QStringLiteral("-c"), QString::fromUtf8(kIcsParseScript), path});
    if (!python.waitForFinished(60000) || python.exitStatus() != QProcess::NormalExit ||
        python.exitCode() != 0) {
        *error =
            QStringLiteral("%1 icalendar failed (%2): %3")
                .arg(interpreter, python.errorString(), QString::fromUtf8(python.readAllStandardError()));
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(python.readAllStandardOutput(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("python output is not JSON: %1").arg(parseError.errorString());
        return {};
    }
    return doc.object();
}

} // namespace fd::test
