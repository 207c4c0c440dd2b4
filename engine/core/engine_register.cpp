// Engine: the portfolio and the entity register: import, planning, edits and conflicts, written on the
// store's thread with what reads the register waiting for them.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/host_identity.h"
#include "engine/register/register_merge.h"

#include <QFileInfo>
#include <QFuture>
#include <QPromise>
#include <QThreadPool>

#include <memory>

namespace fd {

void Engine::loadPortfolio(const QString &path, const QDate &asOf) {
    if (waitsForRegisterWrite([=, this] { loadPortfolio(path, asOf); }))
        return;
    // The file is read and parsed on a pool thread (a portfolio of 100,000 entities takes most of a second):
    // the engine goes on meanwhile, and what reads the register waits for the load as for a register write.
    // Shutdown waits for it as for any record; an engine destroyed first drops the answer (QFuture's
    // context).
    ++m_registerWrites;
    ++m_recordsPending;
    auto promise = std::make_shared<QPromise<ImportResult>>();
    QFuture<ImportResult> imported = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, path] {
        promise->addResult(importPortfolio(path));
        promise->finish();
    });
    imported.then(this, [this, path, asOf](const ImportResult &import) {
        --m_registerWrites; // the load's own hold: its register write below takes one of its own
        if (!m_stopping)
            portfolioImported(path, asOf, import);
        runCallsWaitingForRegister();
        recordAnswered();
    });
}

void Engine::portfolioImported(const QString &path, const QDate &asOf, const ImportResult &import) {
    PortfolioSummary summary;
    summary.file = path;
    summary.asOf = asOf.isValid() ? asOf : QDate::currentDate();
    summary.rulesVersion = m_rules.version();
    summary.format = import.format;
    if (!import.ok()) {
        summary.fileError = import.fileError;
        Q_EMIT portfolioLoaded(summary, {});
        return;
    }
    if (m_work->postponePortfolio(path, asOf, false)) {
        // The file's entities go where the register is kept: the portfolio waits for it (then
        // portfolioLoaded() follows), as admission does.
        qCInfo(lcEngine) << "the portfolio waits for the ledger to answer";
        return;
    }
    // The file is merged into the entity register first: what people entered stays, and the obligations
    // are planned from the register's records, once the register has them (the engine goes on meanwhile;
    // what reads the register or the plan waits for it).
    const EntityRegister::MergeResult merge =
        EntityRegister::mergePortfolio(m_register, m_conflicts + m_keptConflicts, import, now());
    const QString reason = tr("opened %1").arg(QFileInfo(path).fileName());
    writeRegister(
        merge.update, reason,
        [this, summary, import, counts = merge.counts, path, asOf, records = merge.update.records,
         added = QSet<QString>(merge.update.added.cbegin(), merge.update.added.cend()),
         reason](const TaskStore::RegisterWrite &w) mutable {
            if (!w.written) {
                if (w.written.failure == WriteResult::Failure::Busy &&
                    m_work->postponePortfolio(path, asOf, true)) {
                    // Another member writes the same records right now (two people opened portfolios
                    // together): this one waits its turn and opens the file again then, instead of giving up
                    // on it.
                    qCInfo(lcEngine).noquote()
                        << "the portfolio waits for another member's register write:" << w.written.error;
                    return;
                }
                summary.fileError =
                    tr("%1: the entities could not be recorded in the register (nothing was loaded): %2")
                        .arg(path, w.written.error);
                Q_EMIT portfolioLoaded(summary, {});
                return;
            }
            // What another member wrote a moment before (the same file opened on two desks) is counted as the
            // register already had it: this desk added and completed none of it.
            for (const QString &id : w.heldAlready) {
                if (added.contains(id))
                    --counts.added;
                else
                    --counts.changed;
                ++counts.unchanged;
            }
            QSet<QString> changed;
            for (const Entity &e : std::as_const(records)) {
                if (!w.reread)
                    m_register.insert(e.entityId, e); // written as it is: what is planned and sent below
                changed.insert(e.entityId);
            }
            planPortfolio(summary, import, counts);
            // A blank the file filled reaches the filings admitted before.
            rebuildUnsentFilings(changed, reason);
        });
}

void Engine::planPortfolio(PortfolioSummary summary, const ImportResult &import,
                           const RegisterCounts &counts) {
    summary.registerCounts = counts;
    QSet<QString> inFile;
    for (const ImportedRow &row : import.rows)
        inFile.insert(row.entity->entityId);
    for (const RegisterConflict &c : std::as_const(m_conflicts)) {
        if (inFile.contains(c.entityId))
            summary.conflicts.append(c);
    }
    m_asOf = summary.asOf;
    m_plan = planObligations(EntityRegister::asPlanned(import, m_register), m_rules, m_asOf);
    summary.counts = countPlan(m_plan);
    operatorAction(
        QStringLiteral("import"), QString(), QString(), QString(),
        tr("%1: %2 rows, %3 with obligations, %4 need data, %5 out of scope, %6 row errors (as of %7); "
           "register: %8 added, %9 completed, %10 in conflict, %11 decided before")
            .arg(QFileInfo(summary.file).fileName())
            .arg(summary.counts.rows)
            .arg(summary.counts.rowsWithObligations)
            .arg(summary.counts.needsData)
            .arg(summary.counts.outOfScope)
            .arg(summary.counts.rowErrors)
            .arg(m_asOf.toString(Qt::ISODate))
            .arg(counts.added)
            .arg(counts.changed)
            .arg(counts.conflicting)
            .arg(counts.decidedBefore));
    Q_EMIT portfolioLoaded(summary, m_plan);
}

bool Engine::loadRegisterFromStore(QString *error) {
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    if (!m_store->loadRegister(&entities, &conflicts, error))
        return false;
    m_register.clear();
    for (const Entity &e : std::as_const(entities))
        m_register.insert(e.entityId, e);
    takeConflicts(conflicts);
    return true;
}

void Engine::takeConflicts(const QList<RegisterConflict> &stored) {
    m_conflicts.clear();
    m_keptConflicts.clear();
    for (const RegisterConflict &c : stored)
        (c.isOpen() ? m_conflicts : m_keptConflicts).append(c);
}

void Engine::rereadRegister() {
    if (m_registerReread) {
        m_registerRereadAgain = true; // the read under way may have begun before the change
        return;
    }
    m_registerReread = true;
    const QHash<QString, Entity> before = m_register;
    const QList<RegisterConflict> conflictsBefore = m_conflicts;
    // An empty update: nothing is written, the register is read back (on a member's writer connection).
    writeRegister(RegisterUpdate{}, QString(),
                  [this, before, conflictsBefore](const TaskStore::RegisterWrite &w) {
                      m_registerReread = false;
                      if (w.written && w.reread) {
                          QSet<QString> changed;
                          for (auto it = m_register.cbegin(); it != m_register.cend(); ++it) {
                              const auto was = before.constFind(it.key());
                              if (was == before.cend() || !EntityRegister::sameRecord(*was, *it))
                                  changed.insert(it.key());
                          }
                          if (!changed.isEmpty())
                              replanRows([&changed](const RowPlan &row) {
                                  return changed.contains(row.entity->entityId);
                              });
                          if (!changed.isEmpty() || before.size() != m_register.size() ||
                              conflictsBefore != m_conflicts)
                              publishRegister();
                      } else {
                          qCInfo(lcEngine).noquote() << "entity register not read again:"
                                                     << (w.written ? w.rereadError : w.written.error);
                      }
                      if (std::exchange(m_registerRereadAgain, false) && !m_stopping)
                          rereadRegister();
                  });
}

void Engine::publishRegister() {
    QList<Entity> entities = m_register.values();
    std::sort(entities.begin(), entities.end(),
              [](const Entity &a, const Entity &b) { return a.entityId < b.entityId; });
    Q_EMIT registerChanged(entities, m_conflicts);
}

void Engine::replanEntity(const QString &entityId) {
    replanRows([&entityId](const RowPlan &row) { return row.entity->entityId == entityId; });
}

void Engine::setAsOf(const QDate &asOf) {
    if (waitsForRegisterWrite([=, this] { setAsOf(asOf); }))
        return;
    if (!asOf.isValid() || asOf == m_asOf)
        return;
    const QDate before = m_asOf;
    m_asOf = asOf;
    if (m_plan.isEmpty())
        return; // nothing planned yet: the next portfolio is planned at this date
    replanRows([](const RowPlan &) { return true; });
    operatorAction(QStringLiteral("replan"), QString(), QString(), QString(),
                   tr("as-of date changed from %1 to %2: %3 rows planned again")
                       .arg(before.toString(Qt::ISODate), asOf.toString(Qt::ISODate))
                       .arg(m_plan.size()));
}

void Engine::replanRows(const std::function<bool(const RowPlan &)> &which) {
    bool changed = false;
    for (RowPlan &row : m_plan) {
        if (!which(row) || row.outcome == RowOutcome::RowError)
            continue;
        ImportResult one;
        one.file = row.file;
        ImportedRow imported;
        imported.ok = true;
        imported.line = row.line;
        imported.entity = row.entity;
        one.rows.append(imported);
        const QList<RowPlan> planned =
            planObligations(EntityRegister::asPlanned(one, m_register), m_rules, m_asOf);
        const int duplicateOf = row.duplicateOfLine;
        row = planned.first();
        row.file = one.file;
        row.duplicateOfLine = duplicateOf;
        changed = true;
    }
    if (changed) {
        PortfolioSummary summary;
        summary.asOf = m_asOf;
        summary.rulesVersion = m_rules.version();
        summary.counts = countPlan(m_plan);
        Q_EMIT portfolioLoaded(summary, m_plan);
    }
}

void Engine::editEntity(const QString &entityId, const QHash<QString, QString> &values,
                        const QString &reason) {
    if (waitsForRegisterWrite([=, this] { editEntity(entityId, values, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("an edit of an entity needs a reason"));
        return;
    }
    const auto it = m_register.constFind(entityId);
    if (it == m_register.constEnd()) {
        Q_EMIT errorOccurred(tr("%1 is not in the entity register").arg(entityId));
        return;
    }
    Entity edited;
    QList<RegisterChange> changes;
    QString error;
    if (!EntityRegister::edit(*it, values, &edited, &changes, &error)) {
        writeFailed(tr("%1 was not changed: %2").arg(it->name, error));
        return;
    }
    RegisterUpdate update;
    update.action = QStringLiteral("entity_edit");
    for (const RegisterConflict &c : std::as_const(m_conflicts)) {
        if (c.entityId == entityId && values.contains(c.field)) {
            RegisterConflict settled = c;
            settled.fileValue = values.value(c.field).trimmed(); // the value the person chose
            update.settled.append(settled);
        }
    }
    if (changes.isEmpty() && update.settled.isEmpty())
        return; // nothing differs
    update.records.append(edited);
    update.changes = changes;
    writeRegister(
        update, reason, [this, entityId, reason, edited, name = it->name](const TaskStore::RegisterWrite &w) {
            if (!w.written) {
                QString message;
                switch (w.written.failure) {
                case WriteResult::Failure::Busy:
                    // Not a refusal: another member held the team's register a moment too long.
                    message = tr("%1 was not changed: another member was writing the team's entity register "
                                 "at the same moment; save again")
                                  .arg(name);
                    break;
                case WriteResult::Failure::Refused:
                    message = tr("%1 was not changed: the team ledger does not let you change the entity "
                                 "register: %2")
                                  .arg(name, w.written.error);
                    break;
                default:
                    message = tr("%1 was not changed: the register could not be written: %2")
                                  .arg(name, w.written.error);
                    break;
                }
                Q_EMIT errorOccurred(message);
                Q_EMIT registerEditFailed(entityId, message);
                return;
            }
            if (!w.reread)
                m_register.insert(entityId, edited); // written as it is: what the filings below carry
            replanEntity(entityId);
            const RebuildCounts counts = rebuildUnsentFilings({entityId}, reason);
            Q_EMIT entityEditApplied(entityId, counts.rebuilt, counts.halted, counts.alreadyLeft);
        });
}

void Engine::decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                            const QString &reason) {
    if (waitsForRegisterWrite([=, this] { decideConflict(entityId, field, takeFileValue, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("deciding a conflict needs a reason"));
        return;
    }
    const auto found = std::find_if(m_conflicts.cbegin(), m_conflicts.cend(), [&](const RegisterConflict &c) {
        return c.entityId == entityId && c.field == field;
    });
    if (found == m_conflicts.cend()) {
        Q_EMIT errorOccurred(tr("no open conflict on %1 of %2").arg(field, entityId));
        return;
    }
    if (takeFileValue) {
        editEntity(entityId, {{field, found->fileValue}}, reason);
        return;
    }
    // Kept, not deleted: the same file opened again does not ask the same question (RegisterConflict).
    RegisterUpdate update;
    RegisterConflict kept = *found;
    kept.keptUtc = now().toUTC();
    update.kept.append(kept);
    writeRegister(update, reason, [this, entityId](const TaskStore::RegisterWrite &w) {
        if (!w.written) {
            const QString message = tr("the conflict was not settled: %1").arg(w.written.error);
            writeFailed(message, w.written);
            Q_EMIT registerEditFailed(entityId, message);
        }
    });
}

void Engine::writeRegister(const RegisterUpdate &update, const QString &reason,
                           std::function<void(const TaskStore::RegisterWrite &)> then) {
    // The engine thread goes on while the edit reaches the disk (a single desk writes it on the store's
    // thread); what reads the register waits for the answer (waitsForRegisterWrite()), and shutdown() waits
    // for it as for any record.
    ++m_registerWrites;
    ++m_recordsPending;
    m_store->applyRegisterThen(
        update, host::osUser(), reason, this,
        [this, then = std::move(then), changes = !update.isEmpty()](const TaskStore::RegisterWrite &w) {
            if (w.written) {
                if (w.reread) {
                    m_register.clear();
                    for (const Entity &e : w.entities)
                        m_register.insert(e.entityId, e);
                    takeConflicts(w.conflicts);
                } else {
                    qCWarning(lcEngine) << "entity register not re-read:" << w.rereadError;
                }
            }
            then(w);
            if (w.written && changes)
                publishRegister();
            --m_registerWrites;
            runCallsWaitingForRegister();
            recordAnswered();
        });
}

void Engine::runCallsWaitingForRegister() {
    // In order, until one of them changes the register again (the rest wait for that one).
    while (m_registerWrites == 0 && !m_afterRegisterWrites.isEmpty() && !m_stopping)
        m_afterRegisterWrites.takeFirst()();
    if (m_stopping)
        m_afterRegisterWrites.clear();
    else if (m_registerWrites == 0)
        pump(); // what waited for the register (pump() picks nothing meanwhile), rebuilt or halted by now
}

bool Engine::waitsForRegisterWrite(std::function<void()> call) {
    if (m_registerWrites == 0)
        return false;
    m_afterRegisterWrites.append(std::move(call));
    return true;
}

void Engine::updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                          const QString &reason) {
    QHash<QString, QString> values;
    if (formationDate.isValid())
        values.insert(QStringLiteral("formation_date"), formationDate.toString(Qt::ISODate));
    if (entityTypeFromName(entityType) != EntityType::Unknown)
        values.insert(QStringLiteral("entity_type"), entityTypeName(entityTypeFromName(entityType)));
    if (!values.isEmpty())
        editEntity(entityId, values, reason);
}

} // namespace fd
