// Planning throughput: import + plan of a synthetic 10,000-entity FilingDesk CSV (target: under 1 s).
// BM_ImportAndPlanWorld: the same with places as foreign issuers' lists write them (cities, phrases,
// addresses with the place in brackets, one in ten rows a string no other row has), so the gazetteer is read.
// BM_GazetteerLoad: reading the system's gazetteer once (what the first such import pays).
#include "engine/import/gazetteer.h"
#include "engine/import/portfolio_importer.h"
#include "engine/rules/obligation_planner.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>

namespace {

QByteArray syntheticPortfolio(int rows) {
    static const char *const states[] = {"US-DE", "US-CA", "US-NY", "US-TX",
                                         "US-FL", "US-NV", "US-IL", "US-WA"};
    static const char *const types[] = {"corporation", "llc", "lp"};
    QByteArray csv = "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,"
                     "risk_tier,ein\n";
    for (int i = 0; i < rows; ++i) {
        csv += "E" + QByteArray::number(i) + ",Entity " + QByteArray::number(i) + " Holdings," +
               types[i % 3] + "," + states[i % 8] + "," + QByteArray::number(1990 + i % 30) + "-" +
               QByteArray::number(1 + i % 12).rightJustified(2, '0') + "-15,CT Corporation,active," +
               QByteArray::number(1 + i % 5) + ",12-345" + QByteArray::number(1000 + i % 9000) + "\n";
    }
    return csv;
}

QByteArray worldPortfolio(int rows) {
    static const char *const places[] = {"Delaware",
                                         "Düsseldorf",
                                         "Pune",
                                         "Shenzhen",
                                         "Monterrey",
                                         "München",
                                         "Swiss domiciled",
                                         "Valencia",
                                         "Houston",
                                         "national banking association",
                                         "Cayman Islands & Hong Kong",
                                         "Phillippines",
                                         "DEU",
                                         "Netherlands Antilles",
                                         "Nevada-domiciled",
                                         "Toronto",
                                         "São Paulo",
                                         "Birmingham",
                                         "Zürich",
                                         "Texas"};
    QByteArray csv = "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,"
                     "risk_tier,ein\n";
    for (int i = 0; i < rows; ++i) {
        const QByteArray place =
            i % 10 == 0 ? "\"Suite " + QByteArray::number(i) + ", 1 Main Street, Hamilton (Bermuda)\""
                        : QByteArray(places[i % 20]);
        csv += "E" + QByteArray::number(i) + ",Entity " + QByteArray::number(i) + " Holdings,corporation," +
               place + "," + QByteArray::number(1990 + i % 30) + "-" +
               QByteArray::number(1 + i % 12).rightJustified(2, '0') + "-15,CT Corporation,active," +
               QByteArray::number(1 + i % 5) + ",12-345" + QByteArray::number(1000 + i % 9000) + "\n";
    }
    return csv;
}

void BM_ImportAndPlanWorld(benchmark::State &state) {
    const QByteArray csv = worldPortfolio(int(state.range(0)));
    const fd::RuleSet rules = fd::RuleSet::builtIn();
    fd::Gazetteer::instance(); // loaded once per process: BM_GazetteerLoad measures that
    for (auto _ : state) {
        const fd::ImportResult import = fd::importPortfolioBytes(csv, QStringLiteral("world.csv"));
        const QList<fd::RowPlan> plan = fd::planObligations(import, rules, QDate(2026, 11, 29));
        benchmark::DoNotOptimize(plan.size());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ImportAndPlanWorld)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_GazetteerLoad(benchmark::State &state) {
    for (auto _ : state) {
        fd::Gazetteer g;
        QString error;
        if (!g.loadSystem(&error))
            state.SkipWithError(qPrintable(error));
        benchmark::DoNotOptimize(g.cityCount());
    }
}
BENCHMARK(BM_GazetteerLoad)->Unit(benchmark::kMillisecond);

void BM_ImportAndPlan(benchmark::State &state) {
    const QByteArray csv = syntheticPortfolio(int(state.range(0)));
    const fd::RuleSet rules = fd::RuleSet::builtIn();
    for (auto _ : state) {
        const fd::ImportResult import = fd::importPortfolioBytes(csv, QStringLiteral("bench.csv"));
        const QList<fd::RowPlan> plan = fd::planObligations(import, rules, QDate(2026, 11, 29));
        benchmark::DoNotOptimize(plan.size());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ImportAndPlan)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    return 0;
}
