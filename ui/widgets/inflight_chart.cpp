#include "ui/widgets/inflight_chart.h"

#include <QChart>
#include <QDateTimeAxis>
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
    , m_count(new QValueAxis)
{
    setObjectName(QStringLiteral("inFlightChart"));
    setAccessibleName(tr("Permits in flight over the last %n minute(s)", nullptr, windowMinutes));
    auto *c = new QChart;
    c->setTitle(tr("Permits in flight (fleet-wide), last %n minute(s)", nullptr, windowMinutes));
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

InFlightChart::Lines &InFlightChart::linesFor(const QString &jurisdiction, int colourIndex)
{
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
    return *m_lines.insert(jurisdiction, lines);
}

void InFlightChart::addSample(const QList<JurisdictionUsage> &usage, const QDateTime &at)
{
    const qreal x = qreal(at.toMSecsSinceEpoch());
    const qreal oldest = qreal(at.addSecs(-60 * windowMinutes).toMSecsSinceEpoch());
    for (const JurisdictionUsage &u : usage) {
        // Only jurisdictions that were ever busy get a line; a portfolio touches dozens that never are.
        if (u.inUse == 0 && !m_lines.contains(u.jurisdiction))
            continue;
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
    m_time->setRange(at.addSecs(-60 * windowMinutes).toLocalTime(), at.toLocalTime());
    m_count->setRange(0, m_maxSeen + 1);
}

int InFlightChart::latestValue(const QString &jurisdiction) const
{
    const auto it = m_lines.constFind(jurisdiction);
    if (it == m_lines.constEnd() || it->inFlight->count() == 0)
        return -1;
    return int(it->inFlight->at(it->inFlight->count() - 1).y());
}

} // namespace fd::ui
