#include "model/board/counters.h"
#include "model/board/socprofile.h"

#include <QSet>
#include <QTest>

using namespace hpx::model;

class TestCounters : public QObject {
    Q_OBJECT
private slots:
    void catalogueHoldsSeventyUniqueEvents()
    {
        const QVector<CounterInfo> &all = counters::catalogue();
        QCOMPARE(all.size(), 70);
        QSet<QString> names;
        QSet<quint16> numbers;
        for (const CounterInfo &info : all) {
            QVERIFY2(info.name.startsWith(QStringLiteral("ARM_PMU_")), qPrintable(info.name));
            QCOMPARE(info.name, QStringLiteral("ARM_PMU_") + info.shortName);
            QVERIFY2(!info.description().isEmpty(), qPrintable(info.name));
            names.insert(info.name);
            numbers.insert(info.number);
        }
        QCOMPARE(names.size(), 70);
        QCOMPARE(numbers.size(), 70);
    }

    void groupSizes_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<int>("count");
        QTest::newRow("cpu") << QStringLiteral("cpu") << 21;
        QTest::newRow("memory") << QStringLiteral("memory") << 15;
        QTest::newRow("mve") << QStringLiteral("mve") << 34;
    }
    void groupSizes()
    {
        QFETCH(QString, group);
        QFETCH(int, count);
        const std::optional<CounterGroup> g = counterGroupFromName(group);
        QVERIFY(g);
        QCOMPARE(counterGroupName(*g), group);
        const QStringList all = counters::all(*g);
        QCOMPARE(all.size(), count);
        // "all" is ascending event order.
        for (int i = 1; i < all.size(); ++i)
            QVERIFY2(
                counters::byName(all.at(i - 1))->number < counters::byName(all.at(i))->number, qPrintable(all.at(i)));
    }

    void defaults_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("cpu") << QStringLiteral("cpu")
                             << QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"),
                                    QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
                                    QStringLiteral("ARM_PMU_STALL_BACKEND") };
        QTest::newRow("memory") << QStringLiteral("memory")
                                << QStringList { QStringLiteral("ARM_PMU_MEM_ACCESS"),
                                       QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"), QStringLiteral("ARM_PMU_BUS_ACCESS"),
                                       QStringLiteral("ARM_PMU_BUS_CYCLES") };
        QTest::newRow("mve") << QStringLiteral("mve")
                             << QStringList { QStringLiteral("ARM_PMU_MVE_INST_RETIRED"),
                                    QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
                                    QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") };
    }
    void defaults()
    {
        QFETCH(QString, group);
        QFETCH(QStringList, expected);
        const CounterGroup g = *counterGroupFromName(group);
        QCOMPARE(counters::defaults(g), expected);
        // The D flags of the table are exactly the default set.
        QStringList flagged;
        for (const CounterInfo &info : counters::catalogue()) {
            if (info.group == g && info.isDefault)
                flagged.append(info.name);
        }
        QCOMPARE(flagged.size(), expected.size());
        for (const QString &name : flagged)
            QVERIFY2(expected.contains(name), qPrintable(name));
    }

    void eventNumbers_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("group");
        QTest::newRow("st multi is 0x0264 (§4.6)")
            << QStringLiteral("ARM_PMU_MVE_ST_MULTI_RETIRED") << 0x0264 << QStringLiteral("mve");
        QTest::newRow("ld multi") << QStringLiteral("ARM_PMU_MVE_LD_MULTI_RETIRED") << 0x0260 << QStringLiteral("mve");
        QTest::newRow("cycles") << QStringLiteral("ARM_PMU_CPU_CYCLES") << 0x0011 << QStringLiteral("cpu");
        QTest::newRow("sw incr") << QStringLiteral("ARM_PMU_SW_INCR") << 0x0000 << QStringLiteral("cpu");
        QTest::newRow("dtcm") << QStringLiteral("ARM_PMU_DTCM_ACCESS") << 0x4008 << QStringLiteral("memory");
        QTest::newRow("l1d rd") << QStringLiteral("ARM_PMU_L1D_CACHE_RD") << 0x0040 << QStringLiteral("memory");
        QTest::newRow("mve dep") << QStringLiteral("ARM_PMU_MVE_STALL_DEPENDENCY") << 0x02D4 << QStringLiteral("mve");
        QTest::newRow("se call ns") << QStringLiteral("ARM_PMU_SE_CALL_NS") << 0x0115 << QStringLiteral("cpu");
    }
    void eventNumbers()
    {
        QFETCH(QString, name);
        QFETCH(int, number);
        QFETCH(QString, group);
        const CounterInfo *info = counters::byName(name);
        QVERIFY(info);
        QCOMPARE(int(info->number), number);
        QCOMPARE(counterGroupName(info->group), group);
        QCOMPARE(counters::byNumber(quint16(number)), info);
        QCOMPARE(counters::byNameOrNumber(info->numberHex()), info);
        QCOMPARE(counters::groupOf(name), info->group);
    }

    void lookupIsExactAndCaseSensitive()
    {
        QVERIFY(!counters::byName(QStringLiteral("arm_pmu_cpu_cycles")));
        QVERIFY(!counters::byName(QStringLiteral("CPU_CYCLES")));
        QVERIFY(!counters::byNumber(0x0261)); // CMSIS's number for ST_MULTI is not an hpx event
        QVERIFY(!counters::byNameOrNumber(QStringLiteral("0xzzzz")));
        QCOMPARE(
            counters::byNameOrNumber(QStringLiteral("0x0264"))->name, QStringLiteral("ARM_PMU_MVE_ST_MULTI_RETIRED"));
    }

    void socCapabilities_data()
    {
        QTest::addColumn<QString>("board");
        QTest::addColumn<QString>("soc");
        QTest::addColumn<QString>("core");
        QTest::addColumn<QString>("tier");
        QTest::addColumn<int>("capturable");
        QTest::addColumn<int>("maxOps");
        QTest::newRow("apollo510_evb") << QStringLiteral("apollo510_evb") << QStringLiteral("apollo510")
                                       << QStringLiteral("cortex-m55") << QStringLiteral("pmu") << 70 << 4096;
        QTest::newRow("apollo330mP_evb") << QStringLiteral("apollo330mP_evb") << QStringLiteral("apollo330P")
                                         << QStringLiteral("cortex-m55") << QStringLiteral("pmu") << 70 << 512;
        QTest::newRow("apollo4p_blue_kxr_evb") << QStringLiteral("apollo4p_blue_kxr_evb") << QStringLiteral("apollo4p")
                                               << QStringLiteral("cortex-m4") << QStringLiteral("dwt") << 1 << 2048;
        QTest::newRow("apollo3p_evb") << QStringLiteral("apollo3p_evb") << QStringLiteral("apollo3p")
                                      << QStringLiteral("cortex-m4") << QStringLiteral("dwt") << 1 << 2048;
        QTest::newRow("sim m55") << socs::simulatedM55Board() << QStringLiteral("sim_m55")
                                 << QStringLiteral("cortex-m55") << QStringLiteral("pmu") << 70 << 4096;
        QTest::newRow("sim m4") << socs::simulatedM4Board() << QStringLiteral("sim_m4") << QStringLiteral("cortex-m4")
                                << QStringLiteral("dwt") << 1 << 2048;
        QTest::newRow("sim m85") << QStringLiteral("sim_m85") << QStringLiteral("sim_m85")
                                 << QStringLiteral("cortex-m85") << QStringLiteral("pmu") << 70 << 4096;
    }
    void socCapabilities()
    {
        QFETCH(QString, board);
        QFETCH(QString, soc);
        QFETCH(QString, core);
        QFETCH(QString, tier);
        QFETCH(int, capturable);
        QFETCH(int, maxOps);
        const SocProfile *profile = socs::forBoard(board);
        QVERIFY(profile);
        QCOMPARE(profile->name, soc);
        QCOMPARE(profile->coreName(), core);
        QCOMPARE(profile->pmuTierName(), tier);
        QCOMPARE(profile->capturableCounters().size(), capturable);
        QCOMPARE(profile->pmuMaxOps, maxOps);
        QVERIFY(profile->canCapture(cyclesCounterName()));
        QCOMPARE(profile->canCapture(QStringLiteral("ARM_PMU_MVE_STALL")), tier == QLatin1String("pmu"));
        QCOMPARE(profile->eventsPerPass(), tier == QLatin1String("pmu") ? 4 : 0);
        QCOMPARE(profile->profilingBackends().size(), tier == QLatin1String("pmu") ? 2 : 1);
    }

    void boardsAndDefaults()
    {
        QCOMPARE(socs::defaultBoard(), QStringLiteral("apollo510_evb"));
        QVERIFY(socs::board(socs::defaultBoard())->stable);
        QVERIFY(!socs::forBoard(QStringLiteral("no_such_board")));
        for (const BoardInfo &board : socs::boards())
            QVERIFY2(socs::byName(board.soc), qPrintable(board.name));
        QCOMPARE(socs::byName(QStringLiteral("apollo4l"))->cpuMhzHp, 192);
        QCOMPARE(socs::byName(QStringLiteral("apollo510"))->cpuMhzHp, 250);
        QCOMPARE(cpuCoreFromName(QStringLiteral("cortex-m85")), CpuCore::CortexM85);
        QVERIFY(!cpuCoreFromName(QStringLiteral("cortex-a53")));
    }
};

QTEST_GUILESS_MAIN(TestCounters)
#include "tst_counters.moc"
