// A small Prometheus metrics registry: counters, gauges and histograms with label sets, rendered in the
// Prometheus text exposition format, version 0.0.4:
// https://prometheus.io/docs/instrumenting/exposition_formats/
#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>

namespace fd::metrics {

class MetricsRegistry;

/// What one metric family is; the `# TYPE` line says it in lower case.
enum class MetricType { Counter, Gauge, Histogram };

/// One histogram series as read back: cumulative bucket counts, one per upper bound of
/// HistogramFamily::upperBounds() and a last one for `+Inf` (equal to `count`).
struct HistogramSnapshot {
    QList<quint64> cumulativeCounts;
    double sum = 0;
    quint64 count = 0;
};

/// A metric family: one name, one help text, one type, a fixed list of label names, and one series per
/// distinct list of label values. Families are created by MetricsRegistry, which owns them; a pointer to one
/// stays valid as long as the registry lives.
///
/// Label values are passed in the order of labelNames(); a call with the wrong number of values is a
/// programming error: it changes nothing, logs a warning and returns false. A family without labels has
/// exactly one series, which exists (at zero) from registration on.
///
/// Thread safety: every member may be called from any thread (the registry's mutex guards all state). The
/// intended updater is the engine thread; MetricsServer reads through MetricsRegistry::exposition().
class MetricFamily {
public:
    virtual ~MetricFamily() = default;
    MetricFamily(const MetricFamily &) = delete;
    MetricFamily &operator=(const MetricFamily &) = delete;

    const QString &name() const { return m_name; }
    const QString &help() const { return m_help; }
    MetricType type() const { return m_type; }
    const QStringList &labelNames() const { return m_labelNames; }

    /// True when a series with these label values exists.
    bool contains(const QStringList &labelValues) const;
    /// Number of series (label value lists) in the family.
    int seriesCount() const;
    /// Drops the series with these label values (it no longer appears in the exposition); false when there
    /// was none. The one series of a family without labels cannot be dropped.
    bool remove(const QStringList &labelValues);
    /// Drops every series of a family with labels (a family without labels keeps its series unchanged).
    void clear();

protected:
    struct Series {
        double value = 0;          // counter, gauge
        QList<quint64> bucketHits; // histogram: observations per bucket, not cumulative; last is (max, +Inf)
        double sum = 0;            // histogram
        quint64 count = 0;         // histogram
    };

    MetricFamily(MetricsRegistry &registry, MetricType type, const QString &name, const QString &help,
                 const QStringList &labelNames);

    /// The series for `labelValues`, created at zero if absent; nullptr (and a warning) when the number of
    /// values does not match the label names. Call with the registry's mutex held.
    Series *seriesFor(const QStringList &labelValues);
    /// The series for `labelValues`, or nullptr. Call with the registry's mutex held.
    const Series *findSeries(const QStringList &labelValues) const;
    virtual Series makeSeries() const { return Series{}; }
    QMutex &mutex() const;

private:
    friend class MetricsRegistry;

    MetricsRegistry &m_registry;
    MetricType m_type;
    QString m_name;
    QString m_help;
    QStringList m_labelNames;
    std::map<QStringList, Series> m_series; // sorted by label values: a stable exposition order
};

/// A counter: a value that only goes up (restarts at zero with the process). Names by convention end in
/// `_total`.
class CounterFamily final : public MetricFamily {
public:
    /// Adds `amount` (default 1) to the series with these label values, creating it at zero first. A negative
    /// or non-finite amount changes nothing and returns false: a counter never goes down.
    bool inc(const QStringList &labelValues = {}, double amount = 1.0);
    /// The current value, 0 for a series that does not exist.
    double value(const QStringList &labelValues = {}) const;
    /// Creates the series at zero if absent, so that it is exposed before its first increment.
    bool touch(const QStringList &labelValues);

private:
    friend class MetricsRegistry;
    using MetricFamily::MetricFamily;
};

/// A gauge: a value that goes up and down (a level, a count of things held, a 0/1 flag).
class GaugeFamily final : public MetricFamily {
public:
    bool set(const QStringList &labelValues, double value);
    /// Sets the one series of a family without labels.
    bool set(double value) { return set(QStringList(), value); }
    /// Adds `delta` (may be negative).
    bool add(const QStringList &labelValues, double delta);
    bool add(double delta) { return add(QStringList(), delta); }
    /// The current value, 0 for a series that does not exist.
    double value(const QStringList &labelValues = {}) const;

private:
    friend class MetricsRegistry;
    using MetricFamily::MetricFamily;
};

/// A histogram of observations with fixed bucket upper bounds (for durations: seconds). Exposed as cumulative
/// `<name>_bucket{le="..."}` series ending with `le="+Inf"`, then `<name>_sum` and `<name>_count`.
class HistogramFamily final : public MetricFamily {
public:
    /// Records one observation (a duration in seconds for the `_seconds` histograms). It falls into every
    /// bucket whose upper bound is >= the value. A NaN changes nothing and returns false.
    bool observe(const QStringList &labelValues, double value);
    bool observe(double value) { return observe(QStringList(), value); }
    /// The finite upper bounds, strictly increasing (`+Inf` is implicit).
    const QList<double> &upperBounds() const { return m_upperBounds; }
    /// The series' buckets, sum and count; all zero for a series that does not exist.
    HistogramSnapshot snapshot(const QStringList &labelValues = {}) const;

private:
    friend class MetricsRegistry;
    HistogramFamily(MetricsRegistry &registry, const QString &name, const QString &help,
                    const QStringList &labelNames, const QList<double> &upperBounds);
    Series makeSeries() const override;

    QList<double> m_upperBounds;
};

/// The registry: owns the metric families and renders them.
///
/// Registration (addCounter(), addGauge(), addHistogram()) returns the new family, or nullptr when the
/// definition is invalid (see lastError()): a name that is not a Prometheus metric name
/// (`[a-zA-Z_:][a-zA-Z0-9_:]*`), a label name that is not one (`[a-zA-Z_][a-zA-Z0-9_]*`, not starting with
/// `__`, no duplicates, no `le` on a histogram), bucket bounds that are not finite and strictly increasing,
/// or a name already taken, including a histogram's `_bucket`, `_sum` and `_count` names.
///
/// Thread safety: all members, and all members of the families, may be called from any thread; one mutex
/// guards the registry. Updates are meant to come from the engine thread, scrapes from MetricsServer's
/// thread. The registry must outlive every MetricsServer that serves it.
class MetricsRegistry {
public:
    MetricsRegistry() = default;
    MetricsRegistry(const MetricsRegistry &) = delete;
    MetricsRegistry &operator=(const MetricsRegistry &) = delete;
    ~MetricsRegistry();

    CounterFamily *addCounter(const QString &name, const QString &help, const QStringList &labelNames = {});
    GaugeFamily *addGauge(const QString &name, const QString &help, const QStringList &labelNames = {});
    /// `upperBounds`: the finite bucket upper bounds, strictly increasing; a trailing +Inf may be given and
    /// is dropped (the `+Inf` bucket always exists).
    HistogramFamily *addHistogram(const QString &name, const QString &help, const QStringList &labelNames,
                                  const QList<double> &upperBounds);

    /// The family registered under `name`, or nullptr.
    MetricFamily *family(const QString &name) const;
    /// Registered family names, sorted.
    QStringList familyNames() const;
    /// Why the last registration failed; empty after a successful one.
    QString lastError() const;

    /// The whole registry in the Prometheus text exposition format 0.0.4 (UTF-8, lines ending in "\n"):
    /// per family, sorted by name, a `# HELP` line (backslash and newline escaped), a `# TYPE` line, then
    /// one sample line per series sorted by label values, label values escaped (backslash, double quote,
    /// newline). A family with labels but no series yet has only its HELP and TYPE lines. No timestamps.
    /// Serve it as `text/plain; version=0.0.4; charset=utf-8` (kContentType).
    QByteArray exposition() const;

    /// The Content-Type of exposition().
    static constexpr const char *kContentType = "text/plain; version=0.0.4; charset=utf-8";

    static bool isValidMetricName(const QString &name);
    static bool isValidLabelName(const QString &name);
    /// A sample value as the exposition writes it: integers without a decimal point, other finite values
    /// in the shortest form that reads back exactly, `NaN`, `+Inf`, `-Inf`.
    static QByteArray formatValue(double value);
    /// A label value escaped for the exposition: `\` -> `\\`, `"` -> `\"`, newline -> `\n`; UTF-8.
    static QByteArray escapeLabelValue(const QString &value);
    /// A HELP text escaped for the exposition: `\` -> `\\`, newline -> `\n`; UTF-8.
    static QByteArray escapeHelp(const QString &help);

private:
    friend class MetricFamily;

    /// Checks a new definition; on failure sets m_lastError and returns false. Call with m_mutex held.
    bool admit(MetricType type, const QString &name, const QStringList &labelNames);
    template <typename Family> Family *insert(std::unique_ptr<Family> family);

    mutable QMutex m_mutex;
    std::map<QString, std::unique_ptr<MetricFamily>> m_families; // sorted by name: a stable exposition order
    QString m_lastError;
};

} // namespace fd::metrics
