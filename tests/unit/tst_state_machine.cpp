// The filing task state machine and error taxonomy of the reference design.
#include "engine/dispatch/retry_policy.h"
#include "engine/model/execution_state.h"

#include <QtTest>

using fd::ExecutionState;

Q_DECLARE_METATYPE(fd::ExecutionState)

class TestStateMachine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transitions_data() {
        QTest::addColumn<ExecutionState>("from");
        QTest::addColumn<ExecutionState>("to");
        QTest::addColumn<bool>("allowed");
        using S = ExecutionState;
        QTest::newRow("admit -> validate") << S::Pending << S::Validating << true;
        QTest::newRow("validate -> dispatch") << S::Validating << S::Dispatching << true;
        QTest::newRow("dispatch -> complete") << S::Dispatching << S::Completed << true;
        QTest::newRow("dispatch -> transient") << S::Dispatching << S::FailedTransient << true;
        QTest::newRow("transient -> dispatch (backoff)") << S::FailedTransient << S::Dispatching << true;
        QTest::newRow("transient -> dead letter") << S::FailedTransient << S::DeadLetter << true;
        QTest::newRow("dispatch -> statutory halt") << S::Dispatching << S::FailedStatutory << true;
        QTest::newRow("validation quarantine") << S::Validating << S::DeadLetter << true;
        QTest::newRow("replay") << S::DeadLetter << S::Pending << true;
        QTest::newRow("resolve and requeue") << S::FailedStatutory << S::Pending << true;
        QTest::newRow("completed is final") << S::Completed << S::Pending << false;
        QTest::newRow("completed never re-dispatched") << S::Completed << S::Dispatching << false;
        QTest::newRow("no skipping validation") << S::Pending << S::Dispatching << false;
        QTest::newRow("statutory never retried as transient")
            << S::FailedStatutory << S::Dispatching << false;
        QTest::newRow("pending cannot complete") << S::Pending << S::Completed << false;
    }

    void transitions() {
        QFETCH(ExecutionState, from);
        QFETCH(ExecutionState, to);
        QFETCH(bool, allowed);
        QCOMPARE(fd::isAllowedTransition(from, to), allowed);
    }

    void terminalStates() {
        QVERIFY(fd::isTerminal(ExecutionState::Completed));
        QVERIFY(fd::isTerminal(ExecutionState::FailedStatutory));
        QVERIFY(fd::isTerminal(ExecutionState::DeadLetter));
        QVERIFY(!fd::isTerminal(ExecutionState::Pending));
        QVERIFY(!fd::isTerminal(ExecutionState::FailedTransient));
        QVERIFY(!fd::isTerminal(ExecutionState::Dispatching));
    }

    void namesRoundTrip() {
        QCOMPARE(fd::allStates().size(), 7);
        for (ExecutionState s : fd::allStates()) {
            const QString name = fd::stateName(s);
            QCOMPARE(name, name.toUpper());
            QCOMPARE(fd::stateFromName(name), std::optional<ExecutionState>(s));
        }
        QCOMPARE(fd::stateName(ExecutionState::FailedTransient), QStringLiteral("FAILED_TRANSIENT"));
        QVERIFY(!fd::stateFromName(QStringLiteral("DONE")).has_value());
        QCOMPARE(fd::categoryFromName(fd::categoryName(fd::ErrorCategory::Reconciliation)),
                 fd::ErrorCategory::Reconciliation);
    }

    void backoffGrowsWithJitterAndHonoursRetryAfter() {
        const fd::RetryPolicy policy{5, 1000, 60000};
        for (int attempt = 1; attempt <= 8; ++attempt) {
            const qint64 nominal = qMin<qint64>(60000, 1000LL << (attempt - 1));
            for (int i = 0; i < 50; ++i) {
                const qint64 d = policy.delayMs(attempt, 0);
                QVERIFY2(d >= nominal / 2 && d <= nominal,
                         qPrintable(QStringLiteral("attempt %1: %2").arg(attempt).arg(d)));
            }
        }
        QVERIFY(policy.delayMs(1, 30000) >= 30000);
    }

    void circuitBreakerOpensThenProbes() {
        fd::CircuitBreakers breakers;
        breakers.threshold = 3;
        breakers.cooldownMs = 1000;
        const QString de = QStringLiteral("US-DE");
        const QDateTime t0 = QDateTime(QDate(2027, 2, 15), QTime(12, 0), Qt::UTC);
        QVERIFY(!breakers.recordFailure(de, t0));
        QVERIFY(!breakers.recordFailure(de, t0));
        QVERIFY(breakers.recordFailure(de, t0));
        QCOMPARE(breakers.state(de, t0), fd::CircuitBreakers::State::Open);
        QVERIFY(!breakers.allows(de, t0.addMSecs(500), 0));
        QVERIFY(breakers.allows(QStringLiteral("US-CA"), t0, 0)); // per jurisdiction
        const QDateTime later = t0.addMSecs(1500);
        QCOMPARE(breakers.state(de, later), fd::CircuitBreakers::State::HalfOpen);
        QVERIFY(breakers.allows(de, later, 0));
        QVERIFY(!breakers.allows(de, later, 1)); // one probe at a time
        breakers.recordSuccess(de);
        QCOMPARE(breakers.state(de, later), fd::CircuitBreakers::State::Closed);
    }
};

QTEST_GUILESS_MAIN(TestStateMachine)
#include "tst_state_machine.moc"
