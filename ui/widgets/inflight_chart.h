#pragma once

#include "engine/gate/permit_gate.h"

#include <QChartView>
#include <QDateTime>
#include <QHash>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace fd::ui {

/// Permits in flight per jurisdiction over the last minutes (Qt Charts), one line per jurisdiction that has
/// had any in use, with its cap as a dashed line. Thread affinity: GUI thread.
class InFlightChart : public QChartView {
    Q_OBJECT
public:
    explicit InFlightChart(QWidget *parent = nullptr);

    /// Appends one sample per jurisdiction at `at` and drops samples older than the window.
    void addSample(const QList<fd::JurisdictionUsage> &usage, const QDateTime &at);
    static constexpr int windowMinutes = 5;
    /// The latest in-use value plotted for a jurisdiction (-1: no line yet); for tests.
    int latestValue(const QString &jurisdiction) const;

private:
    struct Lines {
        QLineSeries *inFlight = nullptr;
        QLineSeries *cap = nullptr;
    };
    Lines &linesFor(const QString &jurisdiction, int colourIndex);

    QDateTimeAxis *m_time;
    QValueAxis *m_count;
    QHash<QString, Lines> m_lines;
    int m_maxSeen = 1;
    QDateTime m_firstSample;
};

} // namespace fd::ui
