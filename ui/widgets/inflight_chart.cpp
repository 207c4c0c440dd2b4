#include "ui/widgets/inflight_chart.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

namespace fd::ui {

namespace {
const QColor kPalette[] = {QColor(0x1565c0), QColor(0x2e7d32), QColor(0xc62828), QColor(0x6a1b9a),
                           QColor(0xef6c00), QColor(0x00838f), QColor(0x4e342e), QColor(0x9e9d24)};
} // namespace

InFlightChart::InFlightChart(QWidget *parent)
    : QChartView(parent)
    , m_time(new QDateTimeAxis)
    , m_count(new QValueAxis) {
    setObjectName(QStringLiteral("inFlightChart"));
    setAccessibleName(tr("Permits in flight over the last %n minute(s)", nullptr, windowMinutes));
    auto *c = new QChart;
    c->setTitle(tr("Permits in flight (fleet-wide), up to the last %n minute(s); dashed: cap", nullptr,
                   windowMinutes));
    c->legend()->setAlignment(Qt::AlignRight);
    m_time->setFormat(QStringLiteral("HH:mm:ss"));
    m_time->setTitleText(tr("time"));
    m_count->setTitleText(tr("permits"));
    m_count->setLabelFormat(QStringLiteral("%d"));
    m_count->setRange(0, 4);
    const QDateTime now = QDateTime::currentDateTime();
    m_time->setRange(now.addSecs(-60 * windowMinutes), now);
    c->addAxis(m_time, Qt::AlignBottom);
    c->addAxis(m_count, Qt::AlignLeft);
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
}

InFlightChart::Lines &InFlightChart::linesFor(const QString &jurisdiction, int colourIndex) {
    auto it = m_lines.find(jurisdiction);
    if (it != m_lines.end())
        return *it;
    Lines lines;
    const QColor colour = kPalette[colourIndex % int(std::size(kPalette))];
    lines.inFlight = new QLineSeries(this);
    lines.inFlight->setName(jurisdiction);
    lines.inFlight->setPen(QPen(colour, 2));
    lines.cap = new QLineSeries(this);
    lines.cap->setName(tr("%1 cap").arg(jurisdiction));
    lines.cap->setPen(QPen(colour, 1, Qt::DashLine));
    for (QLineSeries *s : {lines.inFlight, lines.cap}) {
        chart()->addSeries(s);
        s->attachAxis(m_time);
        s->attachAxis(m_count);
    }
    // Caps are drawn but not listed: the legend names jurisdictions, the dashed line of the same colour is
    // its cap.
    for (QLegendMarker *marker : chart()->legend()->markers(lines.cap))
        marker->setVisible(false);
    return *m_lines.insert(jurisdiction, lines);
}

void InFlightChart::addSample(const QList<JurisdictionUsage> &usage, const QDateTime &at) {
    const qreal x = qreal(at.toMSecsSinceEpoch());
    const qreal oldest = qreal(at.addSecs(-60 * windowMinutes).toMSecsSinceEpoch());
    for (const JurisdictionUsage &u : usage) {
        // Only jurisdictions that were ever busy get a line; a portfolio touches dozens that never are.
        if (u.inUse < 0 || (u.inUse == 0 && !m_lines.contains(u.jurisdiction)))
            continue; // < 0: unknown (gate blind); nothing is plotted rather than a made-up value
        Lines &lines = linesFor(u.jurisdiction, int(m_lines.size()));
        lines.inFlight->append(x, u.inUse);
        lines.cap->append(x, u.cap);
        m_maxSeen = qMax(m_maxSeen, qMax(u.inUse, u.cap));
    }
    for (Lines &lines : m_lines) {
        for (QLineSeries *s : {lines.inFlight, lines.cap}) {
            int drop = 0;
            while (drop < s->count() && s->at(drop).x() < oldest)
                ++drop;
            if (drop > 0)
                s->removePoints(0, drop);
        }
    }
    // The axis spans what has been seen (at least a minute, at most the window), so a young chart is
    // readable.
    if (!m_firstSample.isValid())
        m_firstSample = at;
    const QDateTime start = qMax(qMin(m_firstSample, at.addSecs(-60)), at.addSecs(-60 * windowMinutes));
    m_time->setRange(start.toLocalTime(), at.toLocalTime());
    m_count->setRange(0, m_maxSeen + 1);
    // One tick per permit while that stays readable, so the labels are the integers they claim to be.
    m_count->setTickCount(m_maxSeen + 1 <= 12 ? m_maxSeen + 2 : 7);
}

int InFlightChart::latestValue(const QString &jurisdiction) const {
    const auto it = m_lines.constFind(jurisdiction);
    if (it == m_lines.constEnd() || it->inFlight->count() == 0)
        return -1;
    return int(it->inFlight->at(it->inFlight->count() - 1).y());
}

} // namespace fd::ui
