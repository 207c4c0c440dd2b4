// The metrics registry's text exposition (Prometheus format 0.0.4): exact output, escaping, cumulative
// histogram buckets, counters that never go down, definition checks, and the engine's metric families.
// tst_metrics_server cross-checks the same output with an independent parser over HTTP.
#include "engine/metrics/engine_metrics.h"
#include "engine/metrics/metrics_registry.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

using namespace fd;
using namespace fd::metrics;

namespace {

// The sample lines of `exposition` that start with `prefix` (comments excluded).
QList<QByteArray> samplesStartingWith(const QByteArray &exposition, const QByteArray &prefix) {
    QList<QByteArray> out;
    for (const QByteArray &line : exposition.split('\n')) {
        if (line.startsWith(prefix))
            out.append(line);
    }
    return out;
}

} // namespace

class MetricsRegistryTest : public QObject {
    Q_OBJECT
private slots:
    void exactExposition();
    void emptyRegistry();
    void labelValueEscaping_data();
    void labelValueEscaping();
    void helpEscaping_data();
    void helpEscaping();
    void formatValue_data();
    void formatValue();
    void histogramBucketsCumulative_data();
    void histogramBucketsCumulative();
    void histogramRejectsNaN();
    void countersMonotonic_data();
    void countersMonotonic();
    void gaugesGoUpAndDown();
    void labelCountMismatch();
    void removeAndClear();
    void stableOrdering();
    void invalidDefinitions_data();
    void invalidDefinitions();
    void concurrentUpdates();
    void engineMetricsFamilies();
    void engineMetricsHelpers();
    void outcomeLabels();
};

void MetricsRegistryTest::exactExposition() {
    MetricsRegistry registry;
    CounterFamily *requests =
        registry.addCounter(QStringLiteral("demo_requests_total"), QStringLiteral("Requests."),
                            {QStringLiteral("jurisdiction"), QStringLiteral("outcome")});
    GaugeFamily *blind = registry.addGauge(QStringLiteral("demo_blind"), QStringLiteral("0 or 1."));
    HistogramFamily *duration =
        registry.addHistogram(QStringLiteral("demo_duration_seconds"), QStringLiteral("Duration, seconds."),
                              {QStringLiteral("jurisdiction")}, {0.1, 1, 2.5});
    QVERIFY(requests && blind && duration);

    QVERIFY(requests->inc({QStringLiteral("US-DE"), QStringLiteral("accepted")}));
    QVERIFY(requests->inc({QStringLiteral("US-DE"), QStringLiteral("accepted")}, 2));
    QVERIFY(requests->inc({QStringLiteral("US-CA"), QStringLiteral("transient")}));
    QVERIFY(blind->set(1));
    QVERIFY(duration->observe({QStringLiteral("US-DE")}, 0.05));
    QVERIFY(duration->observe({QStringLiteral("US-DE")}, 0.1)); // on a bound: that bucket (le is <=)
    QVERIFY(duration->observe({QStringLiteral("US-DE")}, 2));
    QVERIFY(duration->observe({QStringLiteral("US-DE")}, 7.25)); // past the last bound: +Inf only

    const QByteArray expected = "# HELP demo_blind 0 or 1.\n"
                                "# TYPE demo_blind gauge\n"
                                "demo_blind 1\n"
                                "# HELP demo_duration_seconds Duration, seconds.\n"
                                "# TYPE demo_duration_seconds histogram\n"
                                "demo_duration_seconds_bucket{jurisdiction=\"US-DE\",le=\"0.1\"} 2\n"
                                "demo_duration_seconds_bucket{jurisdiction=\"US-DE\",le=\"1\"} 2\n"
                                "demo_duration_seconds_bucket{jurisdiction=\"US-DE\",le=\"2.5\"} 3\n"
                                "demo_duration_seconds_bucket{jurisdiction=\"US-DE\",le=\"+Inf\"} 4\n"
                                "demo_duration_seconds_sum{jurisdiction=\"US-DE\"} 9.4\n"
                                "demo_duration_seconds_count{jurisdiction=\"US-DE\"} 4\n"
                                "# HELP demo_requests_total Requests.\n"
                                "# TYPE demo_requests_total counter\n"
                                "demo_requests_total{jurisdiction=\"US-CA\",outcome=\"transient\"} 1\n"
                                "demo_requests_total{jurisdiction=\"US-DE\",outcome=\"accepted\"} 3\n";
    QCOMPARE(registry.exposition(), expected);
}

void MetricsRegistryTest::emptyRegistry() {
    MetricsRegistry registry;
    QCOMPARE(registry.exposition(), QByteArray());
    // A family with labels and no series yet: HELP and TYPE only.
    QVERIFY(registry.addGauge(QStringLiteral("g"), QStringLiteral("G."), {QStringLiteral("a")}));
    QCOMPARE(registry.exposition(), QByteArray("# HELP g G.\n# TYPE g gauge\n"));
    // A family without labels has its series at 0 from the start.
    QVERIFY(registry.addCounter(QStringLiteral("c_total"), QStringLiteral("C.")));
    QCOMPARE(
        registry.exposition(),
        QByteArray("# HELP c_total C.\n# TYPE c_total counter\nc_total 0\n# HELP g G.\n# TYPE g gauge\n"));
}

void MetricsRegistryTest::labelValueEscaping_data() {
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("escaped");
    QTest::newRow("plain") << QStringLiteral("US-DE") << QByteArray("US-DE");
    QTest::newRow("empty") << QString() << QByteArray("");
    QTest::newRow("backslash") << QStringLiteral("C:\\dir") << QByteArray("C:\\\\dir");
    QTest::newRow("double quote") << QStringLiteral("say \"hi\"") << QByteArray("say \\\"hi\\\"");
    QTest::newRow("newline") << QStringLiteral("two\nlines") << QByteArray("two\\nlines");
    QTest::newRow("all three") << QStringLiteral("\\\"\n") << QByteArray("\\\\\\\"\\n");
    QTest::newRow("escaped-looking text") << QStringLiteral("\\n") << QByteArray("\\\\n");
    QTest::newRow("tab and CR kept") << QStringLiteral("a\tb\rc") << QByteArray("a\tb\rc");
    QTest::newRow("single quote, braces, comma, equals")
        << QStringLiteral("'{a=b,c}'") << QByteArray("'{a=b,c}'");
    QTest::newRow("UTF-8") << QStringLiteral("Zürich ✓") << QByteArray("Z\xc3\xbcrich \xe2\x9c\x93");
}

void MetricsRegistryTest::labelValueEscaping() {
    QFETCH(QString, value);
    QFETCH(QByteArray, escaped);
    QCOMPARE(MetricsRegistry::escapeLabelValue(value), escaped);

    MetricsRegistry registry;
    GaugeFamily *gauge = registry.addGauge(QStringLiteral("g"), QStringLiteral("G."), {QStringLiteral("v")});
    QVERIFY(gauge);
    QVERIFY(gauge->set({value}, 1));
    QCOMPARE(samplesStartingWith(registry.exposition(), "g{"),
             QList<QByteArray>{"g{v=\"" + escaped + "\"} 1"});
}

void MetricsRegistryTest::helpEscaping_data() {
    QTest::addColumn<QString>("help");
    QTest::addColumn<QByteArray>("line");
    QTest::newRow("plain") << QStringLiteral("Tasks per state.") << QByteArray("# HELP h Tasks per state.");
    QTest::newRow("backslash") << QStringLiteral("a\\b") << QByteArray("# HELP h a\\\\b");
    QTest::newRow("newline") << QStringLiteral("one\ntwo") << QByteArray("# HELP h one\\ntwo");
    QTest::newRow("double quote kept")
        << QStringLiteral("the \"gate\"") << QByteArray("# HELP h the \"gate\"");
    QTest::newRow("empty") << QString() << QByteArray("# HELP h ");
}

void MetricsRegistryTest::helpEscaping() {
    QFETCH(QString, help);
    QFETCH(QByteArray, line);
    MetricsRegistry registry;
    QVERIFY(registry.addGauge(QStringLiteral("h"), help));
    QCOMPARE(registry.exposition().split('\n').value(0), line);
}

void MetricsRegistryTest::formatValue_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("zero") << 0.0 << QByteArray("0");
    QTest::newRow("negative zero") << -0.0 << QByteArray("0");
    QTest::newRow("integer") << 42.0 << QByteArray("42");
    QTest::newRow("negative integer") << -3.0 << QByteArray("-3");
    QTest::newRow("million") << 1e6 << QByteArray("1000000");
    QTest::newRow("2^53") << 9007199254740992.0 << QByteArray("9007199254740992");
    QTest::newRow("past 2^53") << 1e17 << QByteArray("1e+17");
    QTest::newRow("10 ms") << 0.01 << QByteArray("0.01");
    QTest::newRow("25 ms") << 0.025 << QByteArray("0.025");
    QTest::newRow("2.5") << 2.5 << QByteArray("2.5");
    QTest::newRow("0.1 + 0.2") << (0.1 + 0.2) << QByteArray("0.30000000000000004");
    QTest::newRow("tiny") << 1.5e-7 << QByteArray("1.5e-07");
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << QByteArray("NaN");
    QTest::newRow("+Inf") << std::numeric_limits<double>::infinity() << QByteArray("+Inf");
    QTest::newRow("-Inf") << -std::numeric_limits<double>::infinity() << QByteArray("-Inf");
}

void MetricsRegistryTest::formatValue() {
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(MetricsRegistry::formatValue(value), text);
}

void MetricsRegistryTest::histogramBucketsCumulative_data() {
    QTest::addColumn<QList<double>>("bounds");
    QTest::addColumn<QList<double>>("observations");
    QTest::addColumn<QList<quint64>>("cumulative"); // one per bound, then +Inf
    QTest::addColumn<double>("sum");

    const QList<double> bounds{0.01, 0.1, 1, 10};
    QTest::newRow("none") << bounds << QList<double>{} << QList<quint64>{0, 0, 0, 0, 0} << 0.0;
    QTest::newRow("one small") << bounds << QList<double>{0.005} << QList<quint64>{1, 1, 1, 1, 1} << 0.005;
    QTest::newRow("on every bound (le is inclusive)")
        << bounds << QList<double>{0.01, 0.1, 1, 10} << QList<quint64>{1, 2, 3, 4, 4} << 11.11;
    QTest::newRow("just past each bound")
        << bounds << QList<double>{0.0100001, 0.1000001, 1.0000001, 10.0000001}
        << QList<quint64>{0, 1, 2, 3, 4} << 11.1100004;
    QTest::newRow("all past the last bound")
        << bounds << QList<double>{11, 60, 3600} << QList<quint64>{0, 0, 0, 0, 3} << 3671.0;
    QTest::newRow("zero and negative")
        << bounds << QList<double>{0, -1} << QList<quint64>{2, 2, 2, 2, 2} << -1.0;
    QTest::newRow("+Inf observation")
        << bounds << QList<double>{std::numeric_limits<double>::infinity()} << QList<quint64>{0, 0, 0, 0, 1}
        << std::numeric_limits<double>::infinity();
    QTest::newRow("mixed") << bounds << QList<double>{0.5, 0.05, 5, 0.5, 50, 0.001}
                           << QList<quint64>{1, 2, 4, 5, 6} << 56.051;
    QTest::newRow("no finite bounds") << QList<double>{} << QList<double>{1, 2} << QList<quint64>{2} << 3.0;
    QTest::newRow("trailing +Inf bound is implicit")
        << QList<double>{1, std::numeric_limits<double>::infinity()} << QList<double>{0.5, 2}
        << QList<quint64>{1, 2} << 2.5;
}

void MetricsRegistryTest::histogramBucketsCumulative() {
    QFETCH(QList<double>, bounds);
    QFETCH(QList<double>, observations);
    QFETCH(QList<quint64>, cumulative);
    QFETCH(double, sum);

    MetricsRegistry registry;
    HistogramFamily *histogram = registry.addHistogram(QStringLiteral("h_seconds"), QStringLiteral("H."),
                                                       {QStringLiteral("jurisdiction")}, bounds);
    QVERIFY2(histogram, qPrintable(registry.lastError()));
    QVERIFY(histogram->upperBounds().size() == cumulative.size() - 1);
    const QStringList labels{QStringLiteral("US-DE")};
    if (!observations.isEmpty()) {
        for (const double v : observations)
            QVERIFY(histogram->observe(labels, v));
    } else {
        QVERIFY(histogram->observe(QStringList{QStringLiteral("US-NY")}, 1)); // another series only
    }

    const HistogramSnapshot snapshot = histogram->snapshot(labels);
    QCOMPARE(snapshot.cumulativeCounts, cumulative);
    QCOMPARE(snapshot.count, quint64(observations.size()));
    if (std::isinf(sum))
        QVERIFY(std::isinf(snapshot.sum));
    else
        QVERIFY2(std::fabs(snapshot.sum - sum) < 1e-9, qPrintable(QString::number(snapshot.sum, 'g', 17)));

    if (observations.isEmpty()) {
        QVERIFY(!histogram->contains(labels));
        QVERIFY(
            samplesStartingWith(registry.exposition(), "h_seconds_bucket{jurisdiction=\"US-DE\"").isEmpty());
        return;
    }
    // The exposition: the same cumulative counts, non-decreasing, +Inf last and equal to _count.
    const QByteArray text = registry.exposition();
    const QList<QByteArray> buckets =
        samplesStartingWith(text, "h_seconds_bucket{jurisdiction=\"US-DE\",le=");
    QCOMPARE(buckets.size(), cumulative.size());
    quint64 previous = 0;
    for (qsizetype i = 0; i < buckets.size(); ++i) {
        const QByteArray le = i < histogram->upperBounds().size()
                                  ? MetricsRegistry::formatValue(histogram->upperBounds().at(i))
                                  : QByteArray("+Inf");
        QCOMPARE(buckets.at(i), "h_seconds_bucket{jurisdiction=\"US-DE\",le=\"" + le + "\"} " +
                                    QByteArray::number(cumulative.at(i)));
        QVERIFY(cumulative.at(i) >= previous);
        previous = cumulative.at(i);
    }
    QCOMPARE(samplesStartingWith(text, "h_seconds_count{jurisdiction=\"US-DE\"}"),
             QList<QByteArray>{"h_seconds_count{jurisdiction=\"US-DE\"} " +
                               QByteArray::number(cumulative.last())});
    QCOMPARE(samplesStartingWith(text, "h_seconds_sum{jurisdiction=\"US-DE\"}"),
             QList<QByteArray>{"h_seconds_sum{jurisdiction=\"US-DE\"} " +
                               MetricsRegistry::formatValue(snapshot.sum)});
}

void MetricsRegistryTest::histogramRejectsNaN() {
    MetricsRegistry registry;
    HistogramFamily *histogram = registry.addHistogram(QStringLiteral("h"), QStringLiteral("H."), {}, {1});
    QVERIFY(histogram);
    QTest::ignoreMessage(QtWarningMsg, "metrics: histogram h cannot observe NaN");
    QVERIFY(!histogram->observe(std::numeric_limits<double>::quiet_NaN()));
    QCOMPARE(histogram->snapshot().count, quint64(0));
    QCOMPARE(histogram->snapshot().sum, 0.0);
}

void MetricsRegistryTest::countersMonotonic_data() {
    QTest::addColumn<QList<double>>("increments");
    QTest::addColumn<QList<bool>>("accepted");
    QTest::addColumn<double>("total");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("ones") << QList<double>{1, 1, 1} << QList<bool>{true, true, true} << 3.0;
    QTest::newRow("fractions") << QList<double>{0.5, 0.25} << QList<bool>{true, true} << 0.75;
    QTest::newRow("zero is allowed") << QList<double>{0, 2} << QList<bool>{true, true} << 2.0;
    QTest::newRow("negative refused") << QList<double>{5, -1, 1} << QList<bool>{true, false, true} << 6.0;
    QTest::newRow("NaN refused") << QList<double>{1, nan} << QList<bool>{true, false} << 1.0;
    QTest::newRow("+Inf refused") << QList<double>{inf, 1} << QList<bool>{false, true} << 1.0;
    QTest::newRow("-Inf refused") << QList<double>{-inf, 0} << QList<bool>{false, true} << 0.0;
}

void MetricsRegistryTest::countersMonotonic() {
    QFETCH(QList<double>, increments);
    QFETCH(QList<bool>, accepted);
    QFETCH(double, total);

    MetricsRegistry registry;
    CounterFamily *counter =
        registry.addCounter(QStringLiteral("c_total"), QStringLiteral("C."), {QStringLiteral("outcome")});
    QVERIFY(counter);
    const QStringList labels{QStringLiteral("accepted")};
    double previous = 0;
    for (qsizetype i = 0; i < increments.size(); ++i) {
        if (!accepted.at(i)) {
            const QByteArray amount = MetricsRegistry::formatValue(increments.at(i));
            QTest::ignoreMessage(QtWarningMsg, "metrics: counter c_total cannot be increased by " + amount);
        }
        QCOMPARE(counter->inc(labels, increments.at(i)), accepted.at(i));
        QVERIFY(counter->value(labels) >= previous); // never down
        previous = counter->value(labels);
    }
    QCOMPARE(counter->value(labels), total);
    QCOMPARE(samplesStartingWith(registry.exposition(), "c_total{"),
             QList<QByteArray>{"c_total{outcome=\"accepted\"} " + MetricsRegistry::formatValue(total)});
}

void MetricsRegistryTest::gaugesGoUpAndDown() {
    MetricsRegistry registry;
    GaugeFamily *gauge =
        registry.addGauge(QStringLiteral("held"), QStringLiteral("Held."), {QStringLiteral("jurisdiction")});
    QVERIFY(gauge);
    const QStringList de{QStringLiteral("US-DE")};
    QCOMPARE(gauge->value(de), 0.0);
    QVERIFY(!gauge->contains(de));
    QVERIFY(gauge->add(de, 3));
    QVERIFY(gauge->add(de, -5));
    QCOMPARE(gauge->value(de), -2.0);
    QVERIFY(gauge->set(de, 1.5));
    QCOMPARE(gauge->value(de), 1.5);
    QVERIFY(gauge->set(de, std::numeric_limits<double>::quiet_NaN()));
    QCOMPARE(samplesStartingWith(registry.exposition(), "held{"),
             QList<QByteArray>{"held{jurisdiction=\"US-DE\"} NaN"});
}

void MetricsRegistryTest::labelCountMismatch() {
    MetricsRegistry registry;
    CounterFamily *counter = registry.addCounter(QStringLiteral("r_total"), QStringLiteral("R."),
                                                 {QStringLiteral("jurisdiction"), QStringLiteral("outcome")});
    GaugeFamily *plain = registry.addGauge(QStringLiteral("p"), QStringLiteral("P."));
    QVERIFY(counter && plain);
    QTest::ignoreMessage(QtWarningMsg,
                         "metrics: r_total takes 2 label value(s) (jurisdiction,outcome), got 1");
    QVERIFY(!counter->inc({QStringLiteral("US-DE")}));
    QTest::ignoreMessage(QtWarningMsg,
                         "metrics: r_total takes 2 label value(s) (jurisdiction,outcome), got 0");
    QVERIFY(!counter->inc());
    QTest::ignoreMessage(QtWarningMsg, "metrics: p takes 0 label value(s) (), got 1");
    QVERIFY(!plain->set({QStringLiteral("x")}, 1));
    QCOMPARE(counter->seriesCount(), 0);
    QCOMPARE(plain->value(), 0.0);
}

void MetricsRegistryTest::removeAndClear() {
    MetricsRegistry registry;
    GaugeFamily *gauge =
        registry.addGauge(QStringLiteral("g"), QStringLiteral("G."), {QStringLiteral("jurisdiction")});
    GaugeFamily *plain = registry.addGauge(QStringLiteral("p"), QStringLiteral("P."));
    QVERIFY(gauge && plain);
    QVERIFY(gauge->set({QStringLiteral("US-DE")}, 1));
    QVERIFY(gauge->set({QStringLiteral("US-CA")}, 2));
    QVERIFY(gauge->remove({QStringLiteral("US-DE")}));
    QVERIFY(!gauge->remove({QStringLiteral("US-DE")}));
    QCOMPARE(samplesStartingWith(registry.exposition(), "g{"),
             QList<QByteArray>{"g{jurisdiction=\"US-CA\"} 2"});
    gauge->clear();
    QCOMPARE(gauge->seriesCount(), 0);
    // The one series of an unlabelled family stays.
    QVERIFY(plain->set(4));
    QVERIFY(!plain->remove({}));
    plain->clear();
    QCOMPARE(plain->value(), 4.0);
    QCOMPARE(registry.exposition(),
             QByteArray("# HELP g G.\n# TYPE g gauge\n# HELP p P.\n# TYPE p gauge\np 4\n"));
}

void MetricsRegistryTest::stableOrdering() {
    // Families sorted by name, series by label values, whatever the order of registration and updates.
    auto build = [](bool reversed) {
        auto registry = std::make_unique<MetricsRegistry>();
        QStringList names{QStringLiteral("b_total"), QStringLiteral("a"), QStringLiteral("c_seconds")};
        QStringList jurisdictions{QStringLiteral("US-NY"), QStringLiteral("US-CA"), QStringLiteral("US-DE")};
        if (reversed) {
            std::reverse(names.begin(), names.end());
            std::reverse(jurisdictions.begin(), jurisdictions.end());
        }
        for (const QString &name : names) {
            if (name.endsWith(QLatin1String("_total")))
                registry->addCounter(name, QStringLiteral("B."), {QStringLiteral("j"), QStringLiteral("o")});
            else if (name.endsWith(QLatin1String("_seconds")))
                registry->addHistogram(name, QStringLiteral("C."), {QStringLiteral("j")}, {1, 2});
            else
                registry->addGauge(name, QStringLiteral("A."), {QStringLiteral("j")});
        }
        auto *counter = static_cast<CounterFamily *>(registry->family(QStringLiteral("b_total")));
        auto *gauge = static_cast<GaugeFamily *>(registry->family(QStringLiteral("a")));
        auto *histogram = static_cast<HistogramFamily *>(registry->family(QStringLiteral("c_seconds")));
        for (const QString &j : jurisdictions) {
            counter->inc({j, QStringLiteral("transient")});
            counter->inc({j, QStringLiteral("accepted")});
            gauge->set({j}, 1);
            histogram->observe({j}, 1.5);
        }
        return registry;
    };
    const auto forward = build(false);
    const auto backward = build(true);
    QCOMPARE(forward->familyNames(),
             (QStringList{QStringLiteral("a"), QStringLiteral("b_total"), QStringLiteral("c_seconds")}));
    QCOMPARE(forward->exposition(), backward->exposition());
    QCOMPARE(forward->exposition(), forward->exposition());
    const QList<QByteArray> counters = samplesStartingWith(forward->exposition(), "b_total{");
    QCOMPARE(counters,
             (QList<QByteArray>{
                 "b_total{j=\"US-CA\",o=\"accepted\"} 1", "b_total{j=\"US-CA\",o=\"transient\"} 1",
                 "b_total{j=\"US-DE\",o=\"accepted\"} 1", "b_total{j=\"US-DE\",o=\"transient\"} 1",
                 "b_total{j=\"US-NY\",o=\"accepted\"} 1", "b_total{j=\"US-NY\",o=\"transient\"} 1"}));
}

void MetricsRegistryTest::invalidDefinitions_data() {
    QTest::addColumn<QString>("kind"); // counter, gauge, histogram
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QList<double>>("bounds");
    QTest::addColumn<QString>("error"); // empty: accepted

    const QList<double> b{1, 2};
    QTest::newRow("valid") << "gauge"
                           << "ok_name:sub" << QStringList{"a", "_b"} << b << "";
    QTest::newRow("name starts with a digit")
        << "gauge"
        << "1abc" << QStringList{} << b << "not a valid metric name: \"1abc\"";
    QTest::newRow("name with dash") << "counter"
                                    << "a-b" << QStringList{} << b << "not a valid metric name: \"a-b\"";
    QTest::newRow("empty name") << "gauge"
                                << "" << QStringList{} << b << "not a valid metric name: \"\"";
    QTest::newRow("label with colon")
        << "gauge"
        << "g2" << QStringList{"a:b"} << b << "g2: not a valid label name: \"a:b\"";
    QTest::newRow("reserved label") << "gauge"
                                    << "g3" << QStringList{"__name"} << b
                                    << "g3: not a valid label name: \"__name\"";
    QTest::newRow("label twice") << "gauge"
                                 << "g4" << QStringList{"a", "a"} << b << "g4: label \"a\" given twice";
    QTest::newRow("histogram le") << "histogram"
                                  << "h2" << QStringList{"le"} << b
                                  << "h2: a histogram cannot have a label named \"le\"";
    QTest::newRow("gauge may have le") << "gauge"
                                       << "g5" << QStringList{"le"} << b << "";
    QTest::newRow("bounds not increasing")
        << "histogram"
        << "h3" << QStringList{} << QList<double>{1, 1}
        << "h3: bucket upper bounds must be finite and strictly increasing";
    QTest::newRow("bounds decreasing") << "histogram"
                                       << "h4" << QStringList{} << QList<double>{2, 1}
                                       << "h4: bucket upper bounds must be finite and strictly increasing";
    QTest::newRow("NaN bound") << "histogram"
                               << "h5" << QStringList{}
                               << QList<double>{1, std::numeric_limits<double>::quiet_NaN()}
                               << "h5: bucket upper bounds must be finite and strictly increasing";
    QTest::newRow("duplicate name") << "counter"
                                    << "existing" << QStringList{} << b
                                    << "existing: the name \"existing\" is already used by gauge existing";
    QTest::newRow("a histogram's _count")
        << "counter"
        << "hist_count" << QStringList{} << b
        << "hist_count: the name \"hist_count\" is already used by histogram "
           "hist";
    QTest::newRow("histogram over a gauge's name")
        << "histogram"
        << "existing" << QStringList{} << b
        << "existing: the name \"existing\" is already used by gauge existing";
    QTest::newRow("histogram whose _sum is taken")
        << "histogram"
        << "taken" << QStringList{} << b
        << "taken: the name \"taken_sum\" is already used by gauge taken_sum";
}

void MetricsRegistryTest::invalidDefinitions() {
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QStringList, labels);
    QFETCH(QList<double>, bounds);
    QFETCH(QString, error);

    MetricsRegistry registry;
    QVERIFY(registry.addGauge(QStringLiteral("existing"), QStringLiteral("E.")));
    QVERIFY(registry.addGauge(QStringLiteral("taken_sum"), QStringLiteral("T.")));
    QVERIFY(registry.addHistogram(QStringLiteral("hist"), QStringLiteral("H."), {}, {1}));
    const QByteArray before = registry.exposition();

    MetricFamily *family = nullptr;
    if (kind == QLatin1String("counter"))
        family = registry.addCounter(name, QStringLiteral("X."), labels);
    else if (kind == QLatin1String("gauge"))
        family = registry.addGauge(name, QStringLiteral("X."), labels);
    else
        family = registry.addHistogram(name, QStringLiteral("X."), labels, bounds);

    QCOMPARE(registry.lastError(), error);
    if (error.isEmpty()) {
        QVERIFY(family);
        QCOMPARE(registry.family(name), family);
    } else {
        QVERIFY(!family);
        QCOMPARE(registry.exposition(), before); // nothing registered
    }
}

void MetricsRegistryTest::concurrentUpdates() {
    // Updates from several threads while another renders: no update lost (the registry's mutex; run under
    // the tsan preset to check for races).
    MetricsRegistry registry;
    CounterFamily *counter =
        registry.addCounter(QStringLiteral("n_total"), QStringLiteral("N."), {QStringLiteral("t")});
    HistogramFamily *histogram =
        registry.addHistogram(QStringLiteral("d_seconds"), QStringLiteral("D."), {}, {1});
    QVERIFY(counter && histogram);
    constexpr int kThreads = 4;
    constexpr int kIncrements = 5000;
    std::atomic<int> running{kThreads};
    std::vector<std::thread> threads; // std::thread: join() is a synchronisation ThreadSanitizer sees
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([counter, histogram, t, &running] {
            for (int i = 0; i < kIncrements; ++i) {
                counter->inc({QStringLiteral("shared")});
                counter->inc({QString::number(t)});
                histogram->observe(0.5);
            }
            --running;
        });
    }
    int renders = 0;
    bool rendered = true; // no QVERIFY before the joins: a return would leave the threads joinable
    do {
        rendered = rendered && registry.exposition().startsWith("# HELP d_seconds D.\n");
        ++renders;
    } while (running.load() > 0);
    for (std::thread &thread : threads)
        thread.join();
    QVERIFY(rendered);
    QCOMPARE(counter->value({QStringLiteral("shared")}), double(kThreads * kIncrements));
    for (int t = 0; t < kThreads; ++t)
        QCOMPARE(counter->value({QString::number(t)}), double(kIncrements));
    QCOMPARE(histogram->snapshot().count, quint64(kThreads * kIncrements));
    QCOMPARE(histogram->snapshot().cumulativeCounts,
             (QList<quint64>{kThreads * kIncrements, kThreads * kIncrements}));
    QVERIFY(renders >= 1);
}

void MetricsRegistryTest::engineMetricsFamilies() {
    MetricsRegistry registry;
    const EngineMetrics metrics(registry, QStringLiteral("1.2.3"));

    struct Expected {
        const char *name;
        MetricType type;
        QStringList labels;
    };
    const QList<Expected> expected{
        {"filingdesk_build_info", MetricType::Gauge, {QStringLiteral("version")}},
        {"filingdesk_claims_held", MetricType::Gauge, {}},
        {"filingdesk_gate_blind", MetricType::Gauge, {}},
        {"filingdesk_ledger_link", MetricType::Gauge, {QStringLiteral("state")}},
        {"filingdesk_ledger_reachable", MetricType::Gauge, {}},
        {"filingdesk_permits_awaited", MetricType::Gauge, {QStringLiteral("jurisdiction")}},
        {"filingdesk_permits_held", MetricType::Gauge, {QStringLiteral("jurisdiction")}},
        {"filingdesk_request_duration_seconds", MetricType::Histogram, {QStringLiteral("jurisdiction")}},
        {"filingdesk_requests_total",
         MetricType::Counter,
         {QStringLiteral("jurisdiction"), QStringLiteral("outcome")}},
        {"filingdesk_tasks", MetricType::Gauge, {QStringLiteral("state")}},
    };
    QStringList names;
    for (const Expected &e : expected) {
        names.append(QString::fromLatin1(e.name));
        const MetricFamily *family = registry.family(QString::fromLatin1(e.name));
        QVERIFY2(family, e.name);
        QCOMPARE(family->type(), e.type);
        QCOMPARE(family->labelNames(), e.labels);
        QVERIFY(!family->help().isEmpty());
    }
    QCOMPARE(registry.familyNames(), names);

    // The histogram's buckets: strictly increasing, 10 ms to 60 s.
    const QList<double> buckets = metrics.requestDuration.upperBounds();
    QCOMPARE(buckets, EngineMetrics::requestDurationBuckets());
    QCOMPARE(buckets.constFirst(), 0.01);
    QCOMPARE(buckets.constLast(), 60.0);
    QVERIFY(std::is_sorted(buckets.cbegin(), buckets.cend()));
    QVERIFY(std::adjacent_find(buckets.cbegin(), buckets.cend()) == buckets.cend());

    // Initial values.
    const QByteArray text = registry.exposition();
    QCOMPARE(samplesStartingWith(text, "filingdesk_build_info"),
             QList<QByteArray>{"filingdesk_build_info{version=\"1.2.3\"} 1"});
    QCOMPARE(samplesStartingWith(text, "filingdesk_tasks{").size(), allStates().size());
    for (const ExecutionState state : allStates()) {
        QVERIFY(metrics.tasks.contains({stateName(state)}));
        QCOMPARE(metrics.tasks.value({stateName(state)}), 0.0);
    }
    QCOMPARE(samplesStartingWith(text, "filingdesk_gate_blind"),
             QList<QByteArray>{"filingdesk_gate_blind 0"});
    QCOMPARE(samplesStartingWith(text, "filingdesk_ledger_reachable"),
             QList<QByteArray>{"filingdesk_ledger_reachable 0"});
    QCOMPARE(samplesStartingWith(text, "filingdesk_claims_held"),
             QList<QByteArray>{"filingdesk_claims_held 0"});
    QVERIFY(samplesStartingWith(text, "filingdesk_requests_total").isEmpty());

    // The default version is the build's.
    MetricsRegistry other;
    const EngineMetrics defaults(other);
    QVERIFY(defaults.buildInfo.contains({QStringLiteral(FILINGDESK_VERSION)}));
}

void MetricsRegistryTest::engineMetricsHelpers() {
    MetricsRegistry registry;
    EngineMetrics metrics(registry, QStringLiteral("1.2.3"));
    metrics.setTaskCount(ExecutionState::Pending, 7);
    metrics.setTaskCount(ExecutionState::Completed, 3);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Accepted, 0.2);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Accepted, 1.7);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Transient, 61);
    metrics.setPermits(QStringLiteral("US-DE"), 2, 5);
    metrics.setClaimsHeld(4);
    metrics.setGateBlind(true);
    metrics.setLedgerReachable(true);

    QCOMPARE(metrics.tasks.value({QStringLiteral("PENDING")}), 7.0);
    QCOMPARE(metrics.tasks.value({QStringLiteral("COMPLETED")}), 3.0);
    QCOMPARE(metrics.requests.value({QStringLiteral("US-DE"), QStringLiteral("accepted")}), 2.0);
    QCOMPARE(metrics.requests.value({QStringLiteral("US-DE"), QStringLiteral("transient")}), 1.0);
    const HistogramSnapshot snapshot = metrics.requestDuration.snapshot({QStringLiteral("US-DE")});
    QCOMPARE(snapshot.count, quint64(3));
    QCOMPARE(snapshot.sum, 62.9);
    // 0.25 holds 1, 2.5 holds 2, 60 holds 2, +Inf 3.
    const QList<double> &bounds = metrics.requestDuration.upperBounds();
    QCOMPARE(snapshot.cumulativeCounts.at(bounds.indexOf(0.25)), quint64(1));
    QCOMPARE(snapshot.cumulativeCounts.at(bounds.indexOf(2.5)), quint64(2));
    QCOMPARE(snapshot.cumulativeCounts.at(bounds.indexOf(60)), quint64(2));
    QCOMPARE(snapshot.cumulativeCounts.constLast(), quint64(3));
    QCOMPARE(metrics.permitsHeld.value({QStringLiteral("US-DE")}), 2.0);
    QCOMPARE(metrics.permitsAwaited.value({QStringLiteral("US-DE")}), 5.0);
    QCOMPARE(metrics.claimsHeld.value(), 4.0);
    QCOMPARE(metrics.gateBlind.value(), 1.0);
    QCOMPARE(metrics.ledgerReachable.value(), 1.0);
    metrics.setGateBlind(false);
    metrics.setLedgerReachable(false);
    QCOMPARE(metrics.gateBlind.value(), 0.0);
    QCOMPARE(metrics.ledgerReachable.value(), 0.0);
}

void MetricsRegistryTest::outcomeLabels() {
    using Kind = RegistryOutcome::Kind;
    const QList<QPair<Kind, QString>> expected{
        {Kind::Accepted, QStringLiteral("accepted")},
        {Kind::Replayed, QStringLiteral("replayed")},
        {Kind::Found, QStringLiteral("found")},
        {Kind::NotFound, QStringLiteral("not_found")},
        {Kind::Statutory, QStringLiteral("statutory")},
        {Kind::Validation, QStringLiteral("validation")},
        {Kind::Transient, QStringLiteral("transient")},
        {Kind::Uncertain, QStringLiteral("uncertain")},
        {Kind::Unsupported, QStringLiteral("unsupported")},
    };
    for (const auto &[kind, label] : expected)
        QCOMPARE(EngineMetrics::outcomeLabel(kind), label);
}

QTEST_GUILESS_MAIN(MetricsRegistryTest)
#include "tst_metrics_registry.moc"
