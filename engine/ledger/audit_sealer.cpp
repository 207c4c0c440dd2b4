#include "engine/ledger/audit_sealer.h"

#include "engine/ledger/ledger_store.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcLedger)

namespace fd {

AuditSealer::AuditSealer(LedgerStore &store, QObject *parent)
    : QObject(parent)
    , m_store(store) {
    m_timer.setSingleShot(true);
    m_soon.setSingleShot(true);
    m_soon.setInterval(kSoonMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_lostLast && m_heard.isValid() && m_lostAt.isValid() && m_heard.elapsed() < m_lostAt.elapsed()) {
            // Another member has sealed since this one's last attempt: it seals this member's rows too.
            ++m_stats.leftToOthers;
            m_lostAt.start();
            m_timer.start(qMax(m_intervalMs, kAfterLossMs));
            return;
        }
        sealInBackground();
    });
    connect(&m_soon, &QTimer::timeout, this, [this] { sealInBackground(); });
}

void AuditSealer::start(int intervalMs) {
    m_intervalMs = qMax(10, intervalMs);
    m_started = true;
    m_timer.start(m_intervalMs);
}

void AuditSealer::stop() {
    m_started = false;
    m_timer.stop();
    m_soon.stop();
}

void AuditSealer::sealSoon() {
    if (m_started && !m_lostLast && !m_soon.isActive())
        m_soon.start();
}

qint64 AuditSealer::sealNow() {
    m_soon.stop();
    qint64 sealed = -1;
    QString error;
    if (m_store.isReachable()) {
        sealed = m_store.sealAudit(&error);
        answered(sealed, error);
    } else if (m_started) {
        m_timer.start(m_intervalMs);
    }
    return sealed;
}

void AuditSealer::sealInBackground() {
    m_soon.stop();
    if (m_running)
        return; // the run under way answers, then the next is set
    if (!m_store.isReachable()) {
        if (m_started)
            m_timer.start(m_intervalMs);
        return;
    }
    m_running = true;
    m_store.sealAuditThen(this, kFleetSpacingMs, [this](qint64 sealed, const QString &error) {
        m_running = false;
        answered(sealed, error);
    });
}

void AuditSealer::answered(qint64 sealed, const QString &error) {
    ++m_stats.runs;
    m_lostLast = sealed < 0 && error.isEmpty();
    if (!error.isEmpty()) {
        ++m_stats.failed;
        qCDebug(lcLedger).noquote() << "audit not sealed:" << error;
    } else if (sealed < 0) {
        ++m_stats.lost;
    } else {
        ++m_stats.won;
        m_stats.rows += quint64(sealed);
    }
    if (m_lostLast)
        m_lostAt.start();
    // Nothing to seal: look less often, until this member writes again (sealSoon()). Another member sealing:
    // look again in a while.
    if (m_started)
        m_timer.start(sealed == 0  ? kIdleIntervalMs
                      : m_lostLast ? qMax(m_intervalMs, kAfterLossMs)
                                   : m_intervalMs);
}

} // namespace fd
