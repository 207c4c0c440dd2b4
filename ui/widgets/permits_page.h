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
/// host, console, entity; lease near expiry and lost leases marked), a chart of in-flight over the last minutes,
/// and the fail-closed banner when the gate cannot reach Redis. Thread affinity: GUI thread.
class PermitsPage : public QWidget
{
    Q_OBJECT
public:
    explicit PermitsPage(PermitModel *model, QWidget *parent = nullptr);

    void setGateDescription(const QString &description, bool fleetMode);
    void setGateBlind(bool blind, const QString &reason);
    void addUsage(const QList<fd::JurisdictionUsage> &usage);
    InFlightChart *chart() const { return m_chart; }
    QTreeView *tree() const { return m_tree; }

private:
    PermitModel *m_model;
    BannerWidget *m_blindBanner;
    QLabel *m_gateLabel;
    QTreeView *m_tree;
    InFlightChart *m_chart;
};

} // namespace fd::ui
