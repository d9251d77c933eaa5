#include "model/board/passplanner.h"

#include <QTest>

using namespace hpx::model;

namespace {

const SocProfile &soc(const char *name)
{
    const SocProfile *profile = socs::byName(QLatin1String(name));
    Q_ASSERT(profile);
    return *profile;
}

CounterSelection selection(const QStringList &arguments)
{
    QString error;
    const std::optional<CounterSelection> parsed = CounterSelection::fromArguments(arguments, &error);
    if (!parsed)
        qFatal("bad test selection: %s", qPrintable(error));
    return *parsed;
}

} // namespace

class TestPassPlanner : public QObject {
    Q_OBJECT
private slots:
    void plans_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("passes");
        QTest::addColumn<int>("selected");

        QTest::newRow("hpx default") << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:default") }
                                     << QStringList { QStringLiteral("cpu_0") } << 4;
        QTest::newRow("cpu+memory defaults (§1.10)")
            << QStringLiteral("apollo510")
            << QStringList { QStringLiteral("cpu:default"), QStringLiteral("memory:default") }
            << QStringList { QStringLiteral("cpu_0"), QStringLiteral("memory_0") } << 8;
        QStringList nineteen;
        for (int k = 0; k < 6; ++k)
            nineteen << QStringLiteral("cpu_%1").arg(k);
        for (int k = 0; k < 4; ++k)
            nineteen << QStringLiteral("memory_%1").arg(k);
        for (int k = 0; k < 9; ++k)
            nineteen << QStringLiteral("mve_%1").arg(k);
        QTest::newRow("all x 3 groups = 19 passes")
            << QStringLiteral("apollo510")
            << QStringList { QStringLiteral("cpu:all"), QStringLiteral("memory:all"), QStringLiteral("mve:all") }
            << nineteen << 70;
        QTest::newRow("same on the M85 extension")
            << QStringLiteral("sim_m85")
            << QStringList { QStringLiteral("cpu:all"), QStringLiteral("memory:all"), QStringLiteral("mve:all") }
            << nineteen << 70;
        QTest::newRow("dedupe, first kept")
            << QStringLiteral("apollo510")
            << QStringList { QStringLiteral("cpu:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED,ARM_PMU_CPU_CYCLES"),
                   QStringLiteral("mve:default"), QStringLiteral("memory:ARM_PMU_MVE_STALL") }
            << QStringList { QStringLiteral("cpu_0"), QStringLiteral("mve_0") } << 6;
        QTest::newRow("listed name goes to its catalogue group")
            << QStringLiteral("apollo510")
            << QStringList { QStringLiteral("cpu:ARM_PMU_MEM_ACCESS,ARM_PMU_INST_RETIRED") }
            << QStringList { QStringLiteral("memory_0"), QStringLiteral("cpu_0") } << 2;
        QTest::newRow("a repeated group replaces the earlier one")
            << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:default"), QStringLiteral("cpu:all") }
            << QStringList { QStringLiteral("cpu_0"), QStringLiteral("cpu_1"), QStringLiteral("cpu_2"),
                   QStringLiteral("cpu_3"), QStringLiteral("cpu_4"), QStringLiteral("cpu_5") }
            << 21;
        QTest::newRow("DWT: cycles only")
            << QStringLiteral("apollo4p") << QStringList { QStringLiteral("cpu:ARM_PMU_CPU_CYCLES") }
            << QStringList { QStringLiteral("cpu_0") } << 1;
    }
    void plans()
    {
        QFETCH(QString, soc);
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, passes);
        QFETCH(int, selected);
        const SocProfile *profile = socs::byName(soc);
        QVERIFY(profile);
        const PlanOutcome outcome = planner::plan(selection(arguments), *profile);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        QCOMPARE(outcome.plan->passNames(), passes);
        QCOMPARE(outcome.plan->selected.size(), selected);
        QVERIFY(outcome.plan->counters.contains(cyclesCounterName()));
        QStringList seen;
        for (const PlannedPass &pass : outcome.plan->passes) {
            QVERIFY(pass.events.size() >= 1);
            QVERIFY(pass.events.size() <= std::max(1, profile->eventsPerPass()));
            QCOMPARE(pass.name.section(QLatin1Char('_'), 0, 0), pass.group);
            for (const QString &event : pass.events) {
                QCOMPARE(counterGroupName(*counters::groupOf(event)), pass.group);
                QVERIFY2(!seen.contains(event), qPrintable(event)); // each event in exactly one pass
                seen.append(event);
            }
            // Every pass reports cycles: as one of its events or from the cycle counter.
            QCOMPARE(pass.columns().count(cyclesCounterName()), 1);
            QCOMPARE(pass.cycleCounterColumn, !pass.events.contains(cyclesCounterName()));
        }
        QCOMPARE(seen.size(), selected);
        QVERIFY(outcome.plan->text().contains(passes.first()));
    }

    void cyclesAddedWhenNotSelected()
    {
        const PlanOutcome outcome = planner::plan(selection({ QStringLiteral("memory:default") }), soc("apollo510"));
        QVERIFY(outcome.ok());
        QCOMPARE(outcome.plan->passNames(), QStringList { QStringLiteral("memory_0") });
        QCOMPARE(outcome.plan->counters.first(), cyclesCounterName());
        QCOMPARE(outcome.plan->counters.size(), 5);
        QCOMPARE(outcome.plan->passes.first().columns(),
            QStringList(
                { cyclesCounterName(), QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                    QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") }));
        QVERIFY(!outcome.plan->notes.isEmpty());
        QVERIFY(outcome.plan->text().contains(QStringLiteral("cycle counter")));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("needle");
        QTest::newRow("unknown name, did-you-mean")
            << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:ARM_PMU_CPU_CYCLE") }
            << QStringLiteral("did you mean ARM_PMU_CPU_CYCLES?");
        QTest::newRow("short name") << QStringLiteral("apollo510") << QStringList { QStringLiteral("mve:MVE_STALL") }
                                    << QStringLiteral("did you mean ARM_PMU_MVE_STALL?");
        QTest::newRow("names are case-sensitive")
            << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:arm_pmu_cpu_cycles") }
            << QStringLiteral("unknown PMU counter \"arm_pmu_cpu_cycles\"");
        QTest::newRow("unknown group") << QStringLiteral("apollo510") << QStringList { QStringLiteral("gpu:default") }
                                       << QStringLiteral("unknown counter group \"gpu\"");
        QTest::newRow("empty group") << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:,") }
                                     << QStringLiteral("selects no counters");
        QTest::newRow("keyword in a list")
            << QStringLiteral("apollo510") << QStringList { QStringLiteral("cpu:ARM_PMU_CPU_CYCLES,all") }
            << QStringLiteral("cannot be mixed");
        QTest::newRow("DWT refuses PMU events")
            << QStringLiteral("apollo4p") << QStringList { QStringLiteral("cpu:default") }
            << QStringLiteral("This SoC can capture: ARM_PMU_CPU_CYCLES.");
        QTest::newRow("DWT refuses memory group")
            << QStringLiteral("sim_m4") << QStringList { QStringLiteral("memory:default") }
            << QStringLiteral("cannot capture ARM_PMU_MEM_ACCESS");
    }
    void errors()
    {
        QFETCH(QString, soc);
        QFETCH(QStringList, arguments);
        QFETCH(QString, needle);
        QString error;
        std::optional<CounterSelection> parsed = CounterSelection::fromArguments(arguments, &error);
        if (!parsed) {
            QVERIFY2(error.contains(needle), qPrintable(error));
            return;
        }
        const PlanOutcome outcome = planner::plan(*parsed, *socs::byName(soc));
        QVERIFY(!outcome.ok());
        QVERIFY2(outcome.error.contains(needle), qPrintable(outcome.error));
    }

    void dwtRefusalNamesEverything()
    {
        const PlanOutcome outcome = planner::plan(selection({ QStringLiteral("cpu:default") }), soc("apollo4l"));
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.uncapturable,
            QStringList({ QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
                QStringLiteral("ARM_PMU_STALL_BACKEND") }));
        QCOMPARE(outcome.capturable, QStringList { cyclesCounterName() });
        for (const QString &name : outcome.uncapturable)
            QVERIFY2(outcome.error.contains(name), qPrintable(outcome.error));
        // What the app runs when the user chose nothing works on the same SoC.
        const PlanOutcome fallback = planner::plan(planner::defaultSelection(soc("apollo4l")), soc("apollo4l"));
        QVERIFY2(fallback.ok(), qPrintable(fallback.error));
        QCOMPARE(fallback.plan->passNames(), QStringList { QStringLiteral("cpu_0") });
        QCOMPARE(planner::defaultSelection(soc("apollo510")), CounterSelection::hpxDefault());
    }

    void argumentsReplaceGroupsInPlace()
    {
        const CounterSelection parsed = selection({ QStringLiteral("cpu:default"), QStringLiteral("mve:all"),
            QStringLiteral("cpu:ARM_PMU_LE_RETIRED, ARM_PMU_STALL") });
        QCOMPARE(parsed.entries.size(), 2);
        QCOMPARE(parsed.entries.at(0).group, QStringLiteral("cpu"));
        QCOMPARE(parsed.entries.at(0).names,
            QStringList({ QStringLiteral("ARM_PMU_LE_RETIRED"), QStringLiteral("ARM_PMU_STALL") }));
        QCOMPARE(parsed.toString(), QStringLiteral("cpu:ARM_PMU_LE_RETIRED,ARM_PMU_STALL mve:all"));
        QString error;
        QVERIFY(!CounterSelection::fromArguments({ QStringLiteral("cpu") }, &error));
        QVERIFY(error.contains(QStringLiteral("GROUP:SELECT")));
        QVERIFY(!planner::resolve(CounterSelection(), &error));
    }

    void resolveOrder()
    {
        QString error;
        const std::optional<QStringList> resolved = planner::resolve(
            selection({ QStringLiteral("memory:ARM_PMU_L1D_CACHE"), QStringLiteral("cpu:default") }), &error);
        QVERIFY2(resolved, qPrintable(error));
        QCOMPARE(resolved->first(), QStringLiteral("ARM_PMU_L1D_CACHE"));
        QCOMPARE(resolved->size(), 5);
    }
};

QTEST_GUILESS_MAIN(TestPassPlanner)
#include "tst_passplanner.moc"
