#pragma once

#include "engine/gate/permit_gate.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace fd::ui {

class BannerWidget;
class InFlightChart;
class PermitModel;

/// The Permits view: per jurisdiction, permits in use against the cap for the whole fleet, the holders (age,
/// host, console, entity; lease near expiry and lost leases marked), a chart of in-flight over the last
/// minutes, the fail-closed banner when the gate cannot reach Redis, and one line per jurisdiction whose
/// registry keeps failing (its filings wait for the next trial request). Thread affinity: GUI thread.
class PermitsPage : public QWidget {
    Q_OBJECT
public:
    explicit PermitsPage(PermitModel *model, QWidget *parent = nullptr);

    void setGateDescription(const QString &description, bool fleetMode);
    void setGateBlind(bool blind, const QString &reason);
    /// The jurisdictions whose registry keeps failing (circuit breaker open), one line each: "US-DE: registry
    /// failing, retry at 14:03:27 (failing since …) — last error: …"; `detail` (the engine's messages) is the
    /// tooltip. Empty hides the banner.
    void setFailingRegistries(const QStringList &lines, const QString &detail = QString());
    void addUsage(const QList<fd::JurisdictionUsage> &usage);
    InFlightChart *chart() const { return m_chart; }
    QTreeView *tree() const { return m_tree; }

private:
    PermitModel *m_model;
    BannerWidget *m_blindBanner;
    BannerWidget *m_breakerBanner;
    QLabel *m_gateLabel;
    QTreeView *m_tree;
    InFlightChart *m_chart;
};

} // namespace fd::ui
