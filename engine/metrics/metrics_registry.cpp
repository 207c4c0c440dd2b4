#include "engine/metrics/metrics_registry.h"

#include <QLocale>
#include <QMutexLocker>
#include <QRegularExpression>
#include <QSet>
#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace fd::metrics {

namespace {

const char *typeName(MetricType type) {
    switch (type) {
    case MetricType::Counter:
        return "counter";
    case MetricType::Gauge:
        return "gauge";
    case MetricType::Histogram:
        return "histogram";
    }
    return "untyped";
}

// The sample names a family writes: its name, and for a histogram the three suffixed names.
QStringList sampleNames(MetricType type, const QString &name) {
    if (type != MetricType::Histogram)
        return {name};
    return {name, name + QLatin1String("_bucket"), name + QLatin1String("_sum"),
            name + QLatin1String("_count")};
}

// `{a="x",b="y"}` (or nothing without labels); `extraName`/`extraValue`: one more label at the end (`le`).
void appendLabels(QByteArray &out, const QStringList &names, const QStringList &values,
                  const QByteArray &extraName = QByteArray(), const QByteArray &extraValue = QByteArray()) {
    if (names.isEmpty() && extraName.isEmpty())
        return;
    out += '{';
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += ',';
        out += names.at(i).toUtf8();
        out += "=\"";
        out += MetricsRegistry::escapeLabelValue(values.at(i));
        out += '"';
    }
    if (!extraName.isEmpty()) {
        if (!names.isEmpty())
            out += ',';
        out += extraName;
        out += "=\"";
        out += extraValue;
        out += '"';
    }
    out += '}';
}

void appendSample(QByteArray &out, const QString &name, const char *suffix, const QStringList &labelNames,
                  const QStringList &labelValues, const QByteArray &value,
                  const QByteArray &extraName = QByteArray(), const QByteArray &extraValue = QByteArray()) {
    out += name.toUtf8();
    out += suffix;
    appendLabels(out, labelNames, labelValues, extraName, extraValue);
    out += ' ';
    out += value;
    out += '\n';
}

} // namespace

// ---- MetricFamily
// -------------------------------------------------------------------------------------------

MetricFamily::MetricFamily(MetricsRegistry &registry, MetricType type, const QString &name,
                           const QString &help, const QStringList &labelNames)
    : m_registry(registry)
    , m_type(type)
    , m_name(name)
    , m_help(help)
    , m_labelNames(labelNames) {}

QMutex &MetricFamily::mutex() const {
    return m_registry.m_mutex;
}

MetricFamily::Series *MetricFamily::seriesFor(const QStringList &labelValues) {
    if (labelValues.size() != m_labelNames.size()) {
        qWarning("metrics: %s takes %d label value(s) (%s), got %d", qUtf8Printable(m_name),
                 int(m_labelNames.size()), qUtf8Printable(m_labelNames.join(QLatin1Char(','))),
                 int(labelValues.size()));
        return nullptr;
    }
    auto it = m_series.find(labelValues);
    if (it == m_series.end())
        it = m_series.emplace(labelValues, makeSeries()).first;
    return &it->second;
}

const MetricFamily::Series *MetricFamily::findSeries(const QStringList &labelValues) const {
    const auto it = m_series.find(labelValues);
    return it == m_series.end() ? nullptr : &it->second;
}

bool MetricFamily::contains(const QStringList &labelValues) const {
    const QMutexLocker lock(&mutex());
    return findSeries(labelValues) != nullptr;
}

int MetricFamily::seriesCount() const {
    const QMutexLocker lock(&mutex());
    return int(m_series.size());
}

bool MetricFamily::remove(const QStringList &labelValues) {
    const QMutexLocker lock(&mutex());
    if (m_labelNames.isEmpty())
        return false;
    return m_series.erase(labelValues) > 0;
}

void MetricFamily::clear() {
    const QMutexLocker lock(&mutex());
    if (!m_labelNames.isEmpty())
        m_series.clear();
}

// ---- CounterFamily
// ------------------------------------------------------------------------------------------

bool CounterFamily::inc(const QStringList &labelValues, double amount) {
    if (!std::isfinite(amount) || amount < 0) {
        qWarning("metrics: counter %s cannot be increased by %s", qUtf8Printable(name()),
                 MetricsRegistry::formatValue(amount).constData());
        return false;
    }
    const QMutexLocker lock(&mutex());
    Series *series = seriesFor(labelValues);
    if (!series)
        return false;
    series->value += amount;
    return true;
}

double CounterFamily::value(const QStringList &labelValues) const {
    const QMutexLocker lock(&mutex());
    const Series *series = findSeries(labelValues);
    return series ? series->value : 0.0;
}

bool CounterFamily::touch(const QStringList &labelValues) {
    const QMutexLocker lock(&mutex());
    return seriesFor(labelValues) != nullptr;
}

// ---- GaugeFamily
// --------------------------------------------------------------------------------------------

bool GaugeFamily::set(const QStringList &labelValues, double value) {
    const QMutexLocker lock(&mutex());
    Series *series = seriesFor(labelValues);
    if (!series)
        return false;
    series->value = value;
    return true;
}

bool GaugeFamily::add(const QStringList &labelValues, double delta) {
    const QMutexLocker lock(&mutex());
    Series *series = seriesFor(labelValues);
    if (!series)
        return false;
    series->value += delta;
    return true;
}

double GaugeFamily::value(const QStringList &labelValues) const {
    const QMutexLocker lock(&mutex());
    const Series *series = findSeries(labelValues);
    return series ? series->value : 0.0;
}

// ---- HistogramFamily
// ----------------------------------------------------------------------------------------

HistogramFamily::HistogramFamily(MetricsRegistry &registry, const QString &name, const QString &help,
                                 const QStringList &labelNames, const QList<double> &upperBounds)
    : MetricFamily(registry, MetricType::Histogram, name, help, labelNames)
    , m_upperBounds(upperBounds) {}

MetricFamily::Series HistogramFamily::makeSeries() const {
    Series series;
    series.bucketHits = QList<quint64>(m_upperBounds.size() + 1, 0);
    return series;
}

bool HistogramFamily::observe(const QStringList &labelValues, double value) {
    if (std::isnan(value)) {
        qWarning("metrics: histogram %s cannot observe NaN", qUtf8Printable(name()));
        return false;
    }
    const QMutexLocker lock(&mutex());
    Series *series = seriesFor(labelValues);
    if (!series)
        return false;
    // The first bucket whose upper bound is >= value (le means "less than or equal"); past the last: +Inf.
    const auto bound = std::lower_bound(m_upperBounds.cbegin(), m_upperBounds.cend(), value);
    ++series->bucketHits[bound - m_upperBounds.cbegin()];
    series->sum += value;
    ++series->count;
    return true;
}

HistogramSnapshot HistogramFamily::snapshot(const QStringList &labelValues) const {
    HistogramSnapshot snapshot;
    snapshot.cumulativeCounts = QList<quint64>(m_upperBounds.size() + 1, 0);
    const QMutexLocker lock(&mutex());
    const Series *series = findSeries(labelValues);
    if (!series)
        return snapshot;
    quint64 running = 0;
    for (qsizetype i = 0; i < series->bucketHits.size(); ++i) {
        running += series->bucketHits.at(i);
        snapshot.cumulativeCounts[i] = running;
    }
    snapshot.sum = series->sum;
    snapshot.count = series->count;
    return snapshot;
}

// ---- MetricsRegistry
// ----------------------------------------------------------------------------------------

MetricsRegistry::~MetricsRegistry() = default;

bool MetricsRegistry::isValidMetricName(const QString &name) {
    static const QRegularExpression pattern(QStringLiteral("^[a-zA-Z_:][a-zA-Z0-9_:]*$"));
    return pattern.match(name).hasMatch();
}

bool MetricsRegistry::isValidLabelName(const QString &name) {
    static const QRegularExpression pattern(QStringLiteral("^[a-zA-Z_][a-zA-Z0-9_]*$"));
    return pattern.match(name).hasMatch() && !name.startsWith(QLatin1String("__"));
}

QByteArray MetricsRegistry::formatValue(double value) {
    if (std::isnan(value))
        return QByteArrayLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    // Integers (counts, 0/1 flags, the common case) without exponent or decimal point, up to 2^53 where every
    // integer is exact.
    if (std::floor(value) == value && std::fabs(value) <= 9007199254740992.0)
        return QByteArray::number(static_cast<qint64>(value));
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray MetricsRegistry::escapeLabelValue(const QString &value) {
    const QByteArray utf8 = value.toUtf8();
    QByteArray out;
    out.reserve(utf8.size());
    for (const char c : utf8) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
    return out;
}

QByteArray MetricsRegistry::escapeHelp(const QString &help) {
    const QByteArray utf8 = help.toUtf8();
    QByteArray out;
    out.reserve(utf8.size());
    for (const char c : utf8) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
    return out;
}

bool MetricsRegistry::admit(MetricType type, const QString &name, const QStringList &labelNames) {
    if (!isValidMetricName(name)) {
        m_lastError = QStringLiteral("not a valid metric name: \"%1\"").arg(name);
        return false;
    }
    QSet<QString> seen;
    for (const QString &label : labelNames) {
        if (!isValidLabelName(label)) {
            m_lastError = QStringLiteral("%1: not a valid label name: \"%2\"").arg(name, label);
            return false;
        }
        if (type == MetricType::Histogram && label == QLatin1String("le")) {
            m_lastError = QStringLiteral("%1: a histogram cannot have a label named \"le\"").arg(name);
            return false;
        }
        if (seen.contains(label)) {
            m_lastError = QStringLiteral("%1: label \"%2\" given twice").arg(name, label);
            return false;
        }
        seen.insert(label);
    }
    const QStringList wanted = sampleNames(type, name);
    for (const auto &[existingName, family] : m_families) {
        const QStringList taken = sampleNames(family->type(), existingName);
        for (const QString &sample : wanted) {
            if (taken.contains(sample)) {
                m_lastError =
                    QStringLiteral("%1: the name \"%2\" is already used by %3 %4")
                        .arg(name, sample, QString::fromLatin1(typeName(family->type())), existingName);
                return false;
            }
        }
    }
    m_lastError.clear();
    return true;
}

template <typename Family> Family *MetricsRegistry::insert(std::unique_ptr<Family> family) {
    Family *raw = family.get();
    if (raw->labelNames().isEmpty())
        static_cast<MetricFamily *>(raw)->seriesFor(
            QStringList()); // the one series of a family without labels exists from the start
    m_families.emplace(raw->name(), std::move(family));
    return raw;
}

CounterFamily *MetricsRegistry::addCounter(const QString &name, const QString &help,
                                           const QStringList &labelNames) {
    const QMutexLocker lock(&m_mutex);
    if (!admit(MetricType::Counter, name, labelNames))
        return nullptr;
    return insert(std::unique_ptr<CounterFamily>(
        new CounterFamily(*this, MetricType::Counter, name, help, labelNames)));
}

GaugeFamily *MetricsRegistry::addGauge(const QString &name, const QString &help,
                                       const QStringList &labelNames) {
    const QMutexLocker lock(&m_mutex);
    if (!admit(MetricType::Gauge, name, labelNames))
        return nullptr;
    return insert(
        std::unique_ptr<GaugeFamily>(new GaugeFamily(*this, MetricType::Gauge, name, help, labelNames)));
}

HistogramFamily *MetricsRegistry::addHistogram(const QString &name, const QString &help,
                                               const QStringList &labelNames,
                                               const QList<double> &upperBounds) {
    const QMutexLocker lock(&m_mutex);
    if (!admit(MetricType::Histogram, name, labelNames))
        return nullptr;
    QList<double> bounds = upperBounds;
    if (!bounds.isEmpty() && std::isinf(bounds.constLast()) && bounds.constLast() > 0)
        bounds.removeLast();
    for (qsizetype i = 0; i < bounds.size(); ++i) {
        if (!std::isfinite(bounds.at(i)) || (i > 0 && !(bounds.at(i - 1) < bounds.at(i)))) {
            m_lastError =
                QStringLiteral("%1: bucket upper bounds must be finite and strictly increasing").arg(name);
            return nullptr;
        }
    }
    return insert(
        std::unique_ptr<HistogramFamily>(new HistogramFamily(*this, name, help, labelNames, bounds)));
}

MetricFamily *MetricsRegistry::family(const QString &name) const {
    const QMutexLocker lock(&m_mutex);
    const auto it = m_families.find(name);
    return it == m_families.end() ? nullptr : it->second.get();
}

QStringList MetricsRegistry::familyNames() const {
    const QMutexLocker lock(&m_mutex);
    QStringList names;
    names.reserve(qsizetype(m_families.size()));
    for (const auto &entry : m_families)
        names.append(entry.first);
    return names;
}

QString MetricsRegistry::lastError() const {
    const QMutexLocker lock(&m_mutex);
    return m_lastError;
}

QByteArray MetricsRegistry::exposition() const {
    const QMutexLocker lock(&m_mutex);
    QByteArray out;
    for (const auto &[name, family] : m_families) {
        const QByteArray utf8Name = name.toUtf8();
        out += "# HELP " + utf8Name + ' ' + escapeHelp(family->help()) + '\n';
        out += "# TYPE " + utf8Name + ' ' + typeName(family->type()) + '\n';
        const QStringList &labelNames = family->labelNames();
        for (const auto &[labelValues, series] : family->m_series) {
            if (family->type() != MetricType::Histogram) {
                appendSample(out, name, "", labelNames, labelValues, formatValue(series.value));
                continue;
            }
            const QList<double> &bounds = static_cast<const HistogramFamily &>(*family).upperBounds();
            quint64 cumulative = 0;
            for (qsizetype i = 0; i < series.bucketHits.size(); ++i) {
                cumulative += series.bucketHits.at(i);
                const QByteArray le =
                    i < bounds.size() ? formatValue(bounds.at(i)) : QByteArrayLiteral("+Inf");
                appendSample(out, name, "_bucket", labelNames, labelValues, QByteArray::number(cumulative),
                             QByteArrayLiteral("le"), le);
            }
            appendSample(out, name, "_sum", labelNames, labelValues, formatValue(series.sum));
            appendSample(out, name, "_count", labelNames, labelValues, QByteArray::number(series.count));
        }
    }
    return out;
}

} // namespace fd::metrics
