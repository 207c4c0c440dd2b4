#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk entities import FILE.csv (--db FILE | --ledger URL) --reason TEXT [--json]`
/// `filingdesk entities export (--db FILE | --ledger URL) --out FILE.csv`
///
/// Bulk maintenance of the entity register (README, "The entity register"). Import: a CSV keyed by
/// entity_id with any subset of the register's columns (RegisterCsv::read); a known entity gets the values
/// given (a blank cell leaves a field as it is), an unknown one is added (it needs entity_name and
/// jurisdiction). Every bad row is listed ("FILE:LINE: column N (FIELD): reason") and then nothing is
/// applied; otherwise the whole file is applied in one transaction with one audit row per entity changed
/// (old and new values, the OS user, the reason). Export: every entity, every column, written atomically;
/// the file is also a FilingDesk CSV portfolio. Team mode (--ledger, password in FILINGDESK_LEDGER_PASSWORD):
/// the ledger's register. Exit 0; 1 when the store refused the write; 2 on bad input (the file, the options,
/// a database in use by a running desk).
class EntitiesCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("entities"); }
    QString summary() const override { return QStringLiteral("import or export the entity register"); }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
