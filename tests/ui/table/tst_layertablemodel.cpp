#include "model/results/operatorsnotrun.h"
#include "tests/ui/uitestdata.h"
#include "ui/common/elidinglabel.h"
#include "ui/table/frozencolumnsview.h"
#include "ui/table/layerfilterproxy.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"
#include "ui/table/percentbardelegate.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QProxyStyle>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStyleOptionHeader>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

using namespace hpx;
using hpx::ui::LayerTableModel;

class TestLayerTableModel : public QObject {
    Q_OBJECT

private:
    static int col(const LayerTableModel &m, const char *id)
    {
        const int c = m.columnForId(QString::fromLatin1(id));
        if (c < 0)
            qWarning("no column %s", id);
        return c;
    }
    static QVariant value(const LayerTableModel &m, int row, const char *id, int role = LayerTableModel::SortRole)
    {
        return m.index(row, col(m, id)).data(role);
    }
    static QVector<int> sourceIndexes(const QAbstractItemModel &m)
    {
        QVector<int> out;
        for (int r = 0; r < m.rowCount(); ++r)
            out.append(m.index(r, 0).data(LayerTableModel::LayerIndexRole).toInt());
        return out;
    }

private Q_SLOTS:
    void modelTester()
    {
        LayerTableModel model;
        ui::LayerFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(test::diamondResult());
        model.setModel(test::diamondModel());
        proxy.sort(col(model, "counter:ARM_PMU_CPU_CYCLES"), Qt::DescendingOrder);
        proxy.setOpTypeFilter({ QStringLiteral("CONV_2D") });
        proxy.setTextFilter(QStringLiteral("2"));
        proxy.setOpTypeFilter({});
        proxy.setTextFilter({});
        model.setResult(model::ProfileResult {});
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void rowsAndColumns()
    {
        LayerTableModel m;
        m.setModel(test::diamondModel());
        m.setResult(test::diamondResult());
        QCOMPARE(m.rowCount(), 7);
        QStringList ids;
        for (int c = 0; c < m.columnCount(); ++c)
            ids << m.columnId(c);
        QCOMPARE(ids,
            test::strings({ "position", "op", "subgraph", "index", "macs", "macs_per_cycle", "cycles_per_mac",
                "counter:ARM_PMU_CPU_CYCLES", "counter:ARM_PMU_INST_RETIRED", "counter:ARM_PMU_MVE_INST_RETIRED",
                "counter:ARM_PMU_MVE_STALL", "mve_share_pct", "mve_stall_share_pct" }));
        QCOMPARE(m.headerData(col(m, "counter:ARM_PMU_CPU_CYCLES"), Qt::Horizontal).toString(),
            QStringLiteral("CPU_CYCLES"));
        QCOMPARE(
            m.headerData(col(m, "counter:ARM_PMU_CPU_CYCLES"), Qt::Horizontal, LayerTableModel::CounterRole).toString(),
            QStringLiteral("ARM_PMU_CPU_CYCLES"));

        QCOMPARE(value(m, 0, "op", Qt::DisplayRole).toString(), QStringLiteral("CONV_2D"));
        QCOMPARE(value(m, 6, "subgraph", Qt::DisplayRole).toString(), QStringLiteral("body"));
        QCOMPARE(value(m, 2, "index").toDouble(), 2.0);
        QCOMPARE(value(m, 2, "macs").toDouble(), 2000.0);
        QCOMPARE(value(m, 2, "counter:ARM_PMU_CPU_CYCLES").toDouble(), 10000.0);
        // MAC/cycle = macs / cycles; cycles/MAC = cycles / macs rounded to 2 places (§4.5).
        QCOMPARE(value(m, 0, "macs_per_cycle").toDouble(), 0.25);
        QCOMPARE(value(m, 0, "cycles_per_mac").toDouble(), 4.0);
        QCOMPARE(value(m, 4, "cycles_per_mac", LayerTableModel::RawValueRole).toDouble(), 5.0); // 2500.5/500 = 5.001
        QCOMPARE(value(m, 0, "cycles_per_mac", Qt::DisplayRole).toString(), QLocale().toString(4.0, 'f', 2));
        QVERIFY(!value(m, 3, "cycles_per_mac").isValid()); // no MACs: undefined, not infinite
        QVERIFY(!value(m, 3, "macs_per_cycle").isValid());
        // MVE share = MVE_INST_RETIRED / INST_RETIRED x 100; MVE stall share = MVE_STALL / CPU_CYCLES x 100.
        QCOMPARE(value(m, 0, "mve_share_pct").toDouble(), 50.0);
        QCOMPARE(value(m, 2, "mve_stall_share_pct").toDouble(), 20.0);
        QVERIFY(!value(m, 5, "mve_share_pct").isValid()); // not captured for that layer
        // Every derived cell is model::DerivedInputs' value under model::derivedMetricId's id: the table, the bundle's
        // CSV and hpx show round alike (sorted by the value shown: 5.001 sorts as 5.0).
        const model::DerivedInputs inputs(*m.result());
        int derivedCells = 0;
        for (model::DerivedMetric metric :
            { model::DerivedMetric::MveShare, model::DerivedMetric::MveMacDensity, model::DerivedMetric::MveLdStDensity,
                model::DerivedMetric::MveStallShare, model::DerivedMetric::L1dHitRate,
                model::DerivedMetric::MacsPerCycle, model::DerivedMetric::CyclesPerMac }) {
            const int column = m.columnForId(model::derivedMetricId(metric));
            QCOMPARE(column >= 0, inputs.available(metric));
            for (int row = 0; column >= 0 && row < m.rowCount(); ++row, ++derivedCells) {
                const std::optional<double> expected = inputs.value(metric, m.result()->layers.at(row));
                for (int role : { int(LayerTableModel::RawValueRole), int(LayerTableModel::SortRole) })
                    QCOMPARE(m.index(row, column).data(role), expected ? QVariant(*expected) : QVariant());
            }
        }
        QCOMPARE(derivedCells, 4 * 7);
        QCOMPARE(value(m, 4, "cycles_per_mac", LayerTableModel::SortRole).toDouble(), 5.0);
        QCOMPARE(value(m, 5, "counter:ARM_PMU_MVE_INST_RETIRED", Qt::DisplayRole).toString(), QString());
        // Percent of the column total (what the bars show).
        const double total = 4000 + 1500 + 10000 + 500 + 2500.5 + 1000 + 700;
        QCOMPARE(
            value(m, 2, "counter:ARM_PMU_CPU_CYCLES", LayerTableModel::PercentOfTotalRole).toDouble(), 10000 / total);
        QVERIFY(!value(m, 2, "op", LayerTableModel::PercentOfTotalRole).isValid());
        QCOMPARE(m.rowForOperator(1, 0), 6);
        QCOMPARE(m.rowForOperator(0, 42), -1);
        QCOMPARE(m.opTypes(), test::strings({ "ADD", "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "SOFTMAX" }));
    }

    void previewListsTheModelsOperatorsBeforeARun()
    {
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!m.isPreview());
        m.setModel(test::diamondModel());
        QVERIFY(m.isPreview());
        QVERIFY(m.result() == nullptr);
        QCOMPARE(m.rowCount(), 8); // 6 in main + 2 in body, subgraph by subgraph
        QStringList ids;
        for (int c = 0; c < m.columnCount(); ++c)
            ids << m.columnId(c);
        QCOMPARE(ids, test::strings({ "position", "op", "subgraph", "index", "macs" })); // nothing measured yet
        QCOMPARE(value(m, 2, "op", Qt::DisplayRole).toString(), QStringLiteral("CONV_2D"));
        QCOMPARE(value(m, 2, "macs").toDouble(), 2000.0);
        QCOMPARE(value(m, 7, "subgraph", Qt::DisplayRole).toString(), QStringLiteral("body"));
        QCOMPARE(value(m, 7, "index").toDouble(), 1.0);
        QCOMPARE(m.rowForOperator(1, 1), 7); // selection sync works before a run
        QCOMPARE(
            m.opTypes(), test::strings({ "ADD", "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "MUL", "SOFTMAX" }));

        // The result replaces the preview; clearing the result would bring it back.
        m.setResult(test::diamondResult());
        QVERIFY(!m.isPreview());
        QCOMPARE(m.rowCount(), 7);
        QVERIFY(m.columnForCounter(QStringLiteral("ARM_PMU_CPU_CYCLES")) >= 0);
        m.setResult(ui::ResultPtr());
        QVERIFY(m.isPreview());
        QCOMPARE(m.rowCount(), 8);
        m.clear();
        QVERIFY(!m.isPreview());
        QCOMPARE(m.rowCount(), 0);
    }

    void notCountedIsNeverZero()
    {
        // The board said it did not count the events (issue 22): their cells say so, and derive nothing.
        model::ProfileResult r = test::diamondResult();
        r.notCounted = { QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INST_RETIRED"),
            QStringLiteral("ARM_PMU_MVE_STALL") };
        for (model::LayerResult &l : r.layers) {
            for (int c = 1; c < l.values.size(); ++c)
                l.values[c].reset();
        }
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(r);
        const int inst = col(m, "counter:ARM_PMU_INST_RETIRED");
        QVERIFY(inst >= 0);
        for (int row = 0; row < m.rowCount(); ++row) {
            QCOMPARE(m.index(row, inst).data(Qt::DisplayRole).toString(), QStringLiteral("not counted"));
            QVERIFY(!m.index(row, inst).data(LayerTableModel::RawValueRole).isValid());
            QVERIFY(!m.index(row, inst).data(LayerTableModel::PercentOfTotalRole).isValid());
        }
        QVERIFY(m.headerData(inst, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("not counted")));
        QCOMPARE(m.columnForId(QStringLiteral("mve_share_pct")), -1);
        QCOMPARE(
            m.index(0, col(m, "counter:ARM_PMU_CPU_CYCLES")).data(LayerTableModel::RawValueRole).toDouble(), 4000.0);
    }

    void emulatedInstructionsAreNeverCalledCycles()
    {
        // The virtual board's cycle column counts QEMU's instructions (issue 21): the table says so in the header,
        // its tooltip and the columns derived from it; a board with a real cycle counter keeps "cycles".
        model::ProfileResult r = test::diamondResult();
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(r);
        const auto header = [&m](const char *id, int role = Qt::DisplayRole) {
            return m.headerData(col(m, id), Qt::Horizontal, role).toString();
        };
        QCOMPARE(header("counter:ARM_PMU_CPU_CYCLES"), QStringLiteral("CPU_CYCLES"));
        QCOMPARE(header("macs_per_cycle"), QStringLiteral("MAC/cycle"));

        r.boardStatement = { { QStringLiteral("core"), QStringLiteral("cortex-m55") },
            { QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") } };
        m.setResult(r);
        QCOMPARE(header("counter:ARM_PMU_CPU_CYCLES"), QStringLiteral("Instructions (emulated)"));
        QVERIFY(
            header("counter:ARM_PMU_CPU_CYCLES", Qt::ToolTipRole).contains(QStringLiteral("not the core's cycles")));
        QCOMPARE(header("macs_per_cycle"), QStringLiteral("MAC/instruction"));
        QCOMPARE(header("cycles_per_mac"), QStringLiteral("Instructions/MAC"));
        // The value is the stream's, unchanged.
        QCOMPARE(value(m, 0, "counter:ARM_PMU_CPU_CYCLES").toDouble(), 4000.0);
    }

    void selfAndInclusiveCycles()
    {
        // A WHILE (layer 0) whose row encloses its body's two layers: 1000 inclusive, 400 its own.
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        r.layers = { test::makeLayer(0, QStringLiteral("WHILE"), 0, 0, { 1000.0 }),
            test::makeLayer(1, QStringLiteral("ADD"), 1, 0, { 200.0 }),
            test::makeLayer(2, QStringLiteral("MUL"), 1, 1, { 400.0 }),
            test::makeLayer(3, QStringLiteral("SOFTMAX"), 0, 1, { 1000.0 }) };
        r.layers[0].selfValues = { 400.0 };
        r.layers[1].parentLayer = 0;
        r.layers[2].parentLayer = 0;
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(r);
        const int self = col(m, "self_cycles");
        const int cycles = col(m, "counter:ARM_PMU_CPU_CYCLES");
        QCOMPARE(self, cycles + 1);
        QCOMPARE(value(m, 0, "self_cycles").toDouble(), 400.0);
        QCOMPARE(value(m, 0, "counter:ARM_PMU_CPU_CYCLES").toDouble(), 1000.0);
        QCOMPARE(value(m, 1, "self_cycles").toDouble(), 200.0);
        // Shares are of the total counted once (2000), not of the rows' sum (2600).
        QCOMPARE(m.index(0, cycles).data(LayerTableModel::PercentOfTotalRole).toDouble(), 0.5);
        double selfShares = 0;
        for (int row = 0; row < m.rowCount(); ++row)
            selfShares += m.index(row, self).data(LayerTableModel::PercentOfTotalRole).toDouble();
        QCOMPARE(selfShares, 1.0);
        QVERIFY(m.index(0, cycles).data(Qt::ToolTipRole).toString().contains(QStringLiteral("inclusive")));

        // Without control flow there is no self column.
        m.setResult(test::diamondResult());
        QCOMPARE(m.columnForId(QStringLiteral("self_cycles")), -1);
    }

    void operatorsRunOnceAtStartAreListedNotProfiled()
    {
        // Subgraph "body" runs only through a CALL_ONCE: of its two operators the result has ADD (its row was seen)
        // but not MUL, which is listed after the layers without a value, never as 0.
        model::ModelInfo info = test::diamondModel();
        model::OperatorInfo callOnce = test::makeOp(6, QStringLiteral("CALL_ONCE"), {}, {});
        callOnce.builtinCode = 129;
        callOnce.calledSubgraphs = { 1 };
        info.subgraphs[0].operators.append(callOnce);
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(info);
        m.setResult(test::diamondResult());
        QCOMPARE(m.rowCount(), 8);
        QCOMPARE(m.notProfiledCount(), 1);
        QCOMPARE(value(m, 7, "op", Qt::DisplayRole).toString(), QStringLiteral("MUL"));
        QCOMPARE(value(m, 7, "subgraph", Qt::DisplayRole).toString(), QStringLiteral("body"));
        QCOMPARE(value(m, 7, "index").toDouble(), 1.0);
        QCOMPARE(value(m, 7, "counter:ARM_PMU_CPU_CYCLES", Qt::DisplayRole).toString(),
            QStringLiteral("not profiled: runs once at start"));
        QVERIFY(!value(m, 7, "counter:ARM_PMU_CPU_CYCLES").isValid()); // no number to sort by
        QVERIFY(value(m, 7, "op", Qt::ToolTipRole).toString().size() > 0);
        QVERIFY(value(m, 7, "counter:ARM_PMU_CPU_CYCLES", Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("CALL_ONCE")));
        QCOMPARE(m.index(7, 0).data(LayerTableModel::LayerIndexRole).toInt(), -1);
        QCOMPARE(m.rowForOperator(1, 1), 7); // the heat graph's selection finds it
        // The totals are the layers' alone.
        const int cycles = col(m, "counter:ARM_PMU_CPU_CYCLES");
        QCOMPARE(m.index(0, cycles).data(LayerTableModel::PercentOfTotalRole).toDouble(), 4000.0 / 20200.5);
        // Without the model nothing says which operators run once: the rows are the result's.
        LayerTableModel bare;
        bare.setResult(test::diamondResult());
        QCOMPARE(bare.rowCount(), 7);
        QCOMPARE(bare.notProfiledCount(), 0);
    }

    // Issue 33, item 3: operators that did not run in the profiled inferences (here the subgraph "body", which nothing
    // calls) are listed after the layers, greyed, "not run", invocations 0 and no number; never a value, never 0.
    void operatorsThatDidNotRunAreGreyedNotRun()
    {
        const model::ModelInfo info = test::diamondModel();
        model::ProfileResult r = test::diamondResult();
        r.engine = model::Engine::Tflm;
        r.layers.removeLast(); // body's ADD had a row: without it the subgraph did not run
        r.notRun = model::NotRunOperators::find(r, &info);
        QCOMPARE(r.notRun.size(), 2);
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(info);
        m.setResult(r);
        QCOMPARE(m.rowCount(), 8);
        QCOMPARE(m.notProfiledCount(), 2);
        QCOMPARE(m.notRunCount(), 2);
        QCOMPARE(m.onceAtStartCount(), 0);
        const int cycles = col(m, "counter:ARM_PMU_CPU_CYCLES");
        for (int row : { 6, 7 }) {
            QCOMPARE(value(m, row, "op", Qt::DisplayRole).toString(),
                row == 6 ? QStringLiteral("ADD") : QStringLiteral("MUL"));
            QCOMPARE(value(m, row, "subgraph", Qt::DisplayRole).toString(), QStringLiteral("body"));
            QCOMPARE(value(m, row, "index").toDouble(), double(row - 6));
            QCOMPARE(
                value(m, row, "counter:ARM_PMU_CPU_CYCLES", Qt::DisplayRole).toString(), QStringLiteral("not run"));
            QVERIFY(!value(m, row, "counter:ARM_PMU_CPU_CYCLES").isValid()); // nothing to sort by: no number
            QVERIFY(!value(m, row, "counter:ARM_PMU_CPU_CYCLES", LayerTableModel::RawValueRole).isValid());
            QVERIFY(!m.index(row, cycles).data(LayerTableModel::PercentOfTotalRole).isValid());
            QCOMPARE(value(m, row, "counter:ARM_PMU_CPU_CYCLES", LayerTableModel::ExportRole).toString(),
                QStringLiteral("not run"));
            QVERIFY(value(m, row, "counter:ARM_PMU_CPU_CYCLES", Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("did not run in the profiled inferences")));
            QCOMPARE(value(m, row, "position", Qt::DisplayRole).toString(), QStringLiteral("—"));
            QVERIFY(!value(m, row, "macs").isValid());
            // Greyed whole, its op in italics; a layer that ran is not.
            for (const char *id : { "op", "subgraph", "index", "counter:ARM_PMU_CPU_CYCLES" })
                QCOMPARE(value(m, row, id, Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
            QVERIFY(value(m, row, "op", Qt::FontRole).value<QFont>().italic());
            QCOMPARE(m.index(row, 0).data(LayerTableModel::LayerIndexRole).toInt(), -1);
        }
        QVERIFY(!value(m, 0, "op", Qt::ForegroundRole).isValid());
        QVERIFY(!value(m, 0, "op", Qt::FontRole).isValid());
        QCOMPARE(m.rowForOperator(1, 1), 7); // the heat graph's selection finds it
        // The totals are the layers' alone: 4000 of 19500.5.
        QCOMPARE(m.index(0, cycles).data(LayerTableModel::PercentOfTotalRole).toDouble(), 4000.0 / 19500.5);
        // The result says which operators did not run: without the model they are still listed.
        LayerTableModel bare;
        QAbstractItemModelTester bareTester(&bare, QAbstractItemModelTester::FailureReportingMode::QtTest);
        bare.setResult(r);
        QCOMPARE(bare.rowCount(), 8);
        QCOMPARE(bare.notRunCount(), 2);

        // The table's status counts them apart from the layers.
        ui::LayerTableView view;
        view.setModel(info);
        view.setResult(r);
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *status = view.findChild<ui::ElidingLabel *>();
        QVERIFY(status);
        QVERIFY2(status->fullText().startsWith(QStringLiteral("6 layer")), qPrintable(status->fullText()));
        QVERIFY2(status->fullText().contains(QStringLiteral(" · 2 not run")), qPrintable(status->fullText()));
        QVERIFY(!status->fullText().contains(QStringLiteral("not profiled")));
    }

    void selfValuesForEveryCountedCounter()
    {
        // The WHILE encloses ADD: every counted counter gets its own column beside the inclusive one; a counter the
        // board did not count gets none.
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
            QStringLiteral("ARM_PMU_MVE_STALL") };
        r.notCounted = { QStringLiteral("ARM_PMU_MVE_STALL") };
        r.layers = { test::makeLayer(0, QStringLiteral("WHILE"), 0, 0, { 1000.0, 700.0, std::nullopt }),
            test::makeLayer(1, QStringLiteral("ADD"), 1, 0, { 600.0, 500.0, std::nullopt }) };
        r.layers[0].selfValues = { 400.0, 200.0, std::nullopt };
        r.layers[1].parentLayer = 0;
        LayerTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(r);
        const int inst = col(m, "counter:ARM_PMU_INST_RETIRED");
        const int selfInst = col(m, "self:ARM_PMU_INST_RETIRED");
        QCOMPARE(selfInst, inst + 1);
        QCOMPARE(m.headerData(selfInst, Qt::Horizontal).toString(), QStringLiteral("Self INST_RETIRED"));
        QCOMPARE(value(m, 0, "self:ARM_PMU_INST_RETIRED").toDouble(), 200.0);
        QCOMPARE(value(m, 1, "self:ARM_PMU_INST_RETIRED").toDouble(), 500.0);
        // Every event once: the shares of the own column add up to the whole, and the WHILE's inclusive share is of
        // that total (700 of 700).
        QCOMPARE(m.index(0, selfInst).data(LayerTableModel::PercentOfTotalRole).toDouble(), 200.0 / 700.0);
        QCOMPARE(m.index(0, inst).data(LayerTableModel::PercentOfTotalRole).toDouble(), 1.0);
        QCOMPARE(m.columnForId(QStringLiteral("self:ARM_PMU_MVE_STALL")), -1);
    }

    // Issue 37 (1, 6): File > Export > Table as CSV is what the table shows: the Self columns, the shares of the self
    // total the bars draw (a WHILE that holds half the time reads 50, not heliaPROFILER's cycles_pct of the rows' sum),
    // the same numbers, words where the table has no number; Self columns named as their inclusive columns.
    void tableExportIsWhatTheTableShows()
    {
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_MVE_STALL") };
        r.notCounted = { QStringLiteral("ARM_PMU_MVE_STALL") };
        r.layers = { test::makeLayer(0, QStringLiteral("WHILE"), 0, 0, { 1000.0, std::nullopt }),
            test::makeLayer(1, QStringLiteral("ADD"), 1, 0, { 200.0, std::nullopt }),
            test::makeLayer(2, QStringLiteral("MUL"), 1, 1, { 400.25, std::nullopt }),
            test::makeLayer(3, QStringLiteral("SOFTMAX"), 0, 1, { 999.75, std::nullopt }) };
        r.layers[0].selfValues = { 400.0, std::nullopt };
        r.layers[1].parentLayer = 0;
        r.layers[2].parentLayer = 0;
        ui::LayerTableView view;
        view.setResult(r);
        auto *m = view.tableModel();
        QCOMPARE(m->headerData(col(*m, "self_cycles"), Qt::Horizontal).toString(), QStringLiteral("Self CPU_CYCLES"));
        const QByteArray expected = "execution_order,op,subgraph,operator_index,"
                                    "ARM_PMU_CPU_CYCLES,ARM_PMU_CPU_CYCLES_pct_of_self_total,"
                                    "self_ARM_PMU_CPU_CYCLES,self_ARM_PMU_CPU_CYCLES_pct_of_self_total,"
                                    "ARM_PMU_MVE_STALL\r\n"
                                    "0,WHILE,subgraph 0,0,1000,50.0,400,20.0,not counted\r\n"
                                    "1,ADD,subgraph 1,0,200,10.0,200,10.0,not counted\r\n"
                                    "2,MUL,subgraph 1,1,400.25,20.0,400.25,20.0,not counted\r\n"
                                    "3,SOFTMAX,subgraph 0,1,999.75,50.0,999.75,50.0,not counted\r\n";
        QCOMPARE(view.tableCsv(), expected);
        // The same shares as the bars, row by row.
        const int cycles = col(*m, "counter:ARM_PMU_CPU_CYCLES");
        QCOMPARE(m->index(0, cycles).data(LayerTableModel::PercentOfTotalRole).toDouble(), 0.5);

        // A hidden column is left out; the operator's place in the model never is; filter and sort change nothing.
        view.setColumnHidden(QStringLiteral("self_cycles"), true);
        view.setColumnHidden(QStringLiteral("index"), true);
        view.tableView()->sortByColumn(cycles, Qt::DescendingOrder);
        view.setOpTypeFilter(QStringLiteral("ADD"));
        const QList<QByteArray> lines = view.tableCsv().split('\n');
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines.at(0),
            QByteArray("execution_order,op,subgraph,operator_index,ARM_PMU_CPU_CYCLES,"
                       "ARM_PMU_CPU_CYCLES_pct_of_self_total,ARM_PMU_MVE_STALL\r"));
        QCOMPARE(lines.at(1), QByteArray("0,WHILE,subgraph 0,0,1000,50.0,not counted\r"));

        // The virtual board's cycle column is named for what it holds.
        view.setHiddenColumns({});
        view.setResult(test::diamondResultOnTheVirtualBoard());
        const QByteArray virtualCsv = view.tableCsv();
        QVERIFY2(virtualCsv.startsWith("execution_order,op,subgraph,operator_index,macs,macs_pct_of_self_total,"
                                       "macs_per_emulated_instruction,emulated_instructions_per_mac,"
                                       "emulated_instructions,emulated_instructions_pct_of_self_total,"),
            virtualCsv.left(300).constData());
        QVERIFY(!virtualCsv.contains("cycles"));
    }

    void derivedColumnsNeedTheirInputs()
    {
        LayerTableModel m;
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_L1D_CACHE_RD"), QStringLiteral("ARM_PMU_L1D_CACHE_MISS_RD"),
            QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
            QStringLiteral("ARM_PMU_MVE_LDST_RETIRED") };
        r.layers = { test::makeLayer(0, QStringLiteral("CONV_2D"), 0, 0, { 200.0, 30.0, 100.0, 40.0, 25.0 }) };
        m.setResult(r);
        // No cycles and no MACs: neither MAC/cycle nor cycles/MAC nor stall share.
        QCOMPARE(m.columnForId(QStringLiteral("macs")), -1);
        QCOMPARE(m.columnForId(QStringLiteral("cycles_per_mac")), -1);
        QCOMPARE(m.columnForId(QStringLiteral("mve_stall_share_pct")), -1);
        QCOMPARE(m.columnForId(QStringLiteral("mve_share_pct")), -1);
        QCOMPARE(value(m, 0, "l1d_hit_rate_pct").toDouble(), 85.0);
        QCOMPARE(value(m, 0, "mve_mac_density").toDouble(), 0.4);
        QCOMPARE(value(m, 0, "mve_ldst_density").toDouble(), 0.25);
    }

    void sorting()
    {
        LayerTableModel m;
        m.setResult(test::diamondResult());
        ui::LayerFilterProxy p;
        p.setSourceModel(&m);
        p.sort(col(m, "counter:ARM_PMU_CPU_CYCLES"), Qt::DescendingOrder);
        QCOMPARE(sourceIndexes(p), QVector<int>({ 2, 0, 4, 1, 5, 6, 3 }));
        p.sort(col(m, "counter:ARM_PMU_CPU_CYCLES"), Qt::AscendingOrder);
        QCOMPARE(sourceIndexes(p), QVector<int>({ 3, 6, 5, 1, 4, 0, 2 }));
        // Numeric, not lexical: 10000 > 4000 above; layers without a value sort below all numbers.
        p.sort(col(m, "mve_share_pct"), Qt::AscendingOrder);
        QCOMPARE(sourceIndexes(p).first(), 5);
        p.sort(col(m, "mve_share_pct"), Qt::DescendingOrder);
        QCOMPARE(sourceIndexes(p).last(), 5);
        // Ties keep execution order.
        p.sort(col(m, "op"), Qt::AscendingOrder);
        QCOMPARE(sourceIndexes(p), QVector<int>({ 3, 6, 0, 2, 1, 4, 5 }));
    }

    void filtering_data()
    {
        QTest::addColumn<QStringList>("opTypes");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVector<int>>("rows");
        QTest::newRow("all") << QStringList() << QString() << QVector<int>({ 0, 1, 2, 3, 4, 5, 6 });
        QTest::newRow("op CONV_2D") << test::strings({ "CONV_2D" }) << QString() << QVector<int>({ 0, 2 });
        QTest::newRow("op ADD") << test::strings({ "ADD" }) << QString() << QVector<int>({ 3, 6 });
        QTest::newRow("text conv") << QStringList() << QStringLiteral("conv") << QVector<int>({ 0, 1, 2 });
        QTest::newRow("text SoftMax") << QStringList() << QStringLiteral("SoftMax") << QVector<int>({ 5 });
        QTest::newRow("index #3") << QStringList() << QStringLiteral("#3") << QVector<int>({ 3 });
        QTest::newRow("index 0") << QStringList() << QStringLiteral("0") << QVector<int>({ 0, 6 });
        QTest::newRow("subgraph id") << QStringList() << QStringLiteral("body") << QVector<int>({ 6 });
        QTest::newRow("op and text") << test::strings({ "ADD" }) << QStringLiteral("body") << QVector<int>({ 6 });
        QTest::newRow("nothing") << QStringList() << QStringLiteral("LSTM") << QVector<int>();
    }

    void filtering()
    {
        QFETCH(QStringList, opTypes);
        QFETCH(QString, text);
        QFETCH(QVector<int>, rows);
        LayerTableModel m;
        m.setModel(test::diamondModel());
        m.setResult(test::diamondResult());
        ui::LayerFilterProxy p;
        p.setSourceModel(&m);
        p.setOpTypeFilter(opTypes);
        p.setTextFilter(text);
        QCOMPARE(sourceIndexes(p), rows);
    }

    void copyAsCsv()
    {
        ui::LayerTableView view;
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResult());
        view.resize(900, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *m = view.tableModel();
        for (const char *id : { "position", "subgraph", "macs", "macs_per_cycle", "counter:ARM_PMU_INST_RETIRED",
                 "counter:ARM_PMU_MVE_STALL", "mve_stall_share_pct" })
            view.setColumnHidden(QString::fromLatin1(id), true);
        QVERIFY(view.tableView()->isColumnHidden(col(*m, "macs")));
        QVERIFY(!view.tableView()->isColumnHidden(col(*m, "op")));
        QVERIFY(view.selectionAsCsv().isEmpty());
        auto *sel = view.tableView()->selectionModel();
        sel->select(view.proxy()->index(4, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        sel->select(view.proxy()->index(5, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        sel->select(view.proxy()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QString expected
            = QStringLiteral("Op,Index,Cycles/MAC,ARM_PMU_CPU_CYCLES,ARM_PMU_MVE_INST_RETIRED,MVE share %\r\n"
                             "CONV_2D,0,4,4000,1000,50\r\n"
                             "FULLY_CONNECTED,4,5,2500.5,600,50\r\n"
                             "SOFTMAX,5,,1000,,\r\n");
        QCOMPARE(view.selectionAsCsv(), expected);
        view.tableView()->setFocus();
        QApplication::clipboard()->clear();
        QTest::keyClick(view.tableView(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), expected);

        // Issue 34: the virtual board's cycle column counts emulated instructions, and its header says so in the copy
        // too (the other counters keep their names).
        {
            model::ProfileResult emulated = test::diamondResult();
            emulated.boardStatement
                = { { QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") } };
            view.setResult(emulated);
            sel->select(view.proxy()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
            const QString header = view.selectionAsCsv().section(QStringLiteral("\r\n"), 0, 0);
            QVERIFY2(header.contains(QLatin1String("Instructions (emulated)"))
                    && !header.contains(QLatin1String("CYCLES"))
                    && header.contains(QLatin1String("ARM_PMU_MVE_INST_RETIRED")),
                qPrintable(header));
            view.tableView()->clearSelection();
        }

        // A field with a comma is quoted; rows follow the sorted view order.
        model::ProfileResult r = test::diamondResult();
        r.layers[0].opType = QStringLiteral("MY,OP");
        view.setResult(r);
        view.setHiddenColumns({});
        view.tableView()->sortByColumn(col(*m, "counter:ARM_PMU_CPU_CYCLES"), Qt::DescendingOrder);
        view.tableView()->clearSelection();
        sel->select(view.proxy()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        sel->select(view.proxy()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QStringList lines = view.selectionAsCsv().split(QStringLiteral("\r\n"));
        QCOMPARE(lines.size(), 4);
        QVERIFY2(lines[1].startsWith(QStringLiteral("2,CONV_2D,main,2,2000,")), qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith(QStringLiteral("0,\"MY,OP\",main,0,1000,")), qPrintable(lines[2]));
    }

    void selectionSync()
    {
        ui::LayerTableView view;
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &ui::LayerTableView::operatorSelected);
        // API -> table: selects the row, emits nothing.
        QVERIFY(view.selectOperator(1, 0));
        QCOMPARE(view.tableView()->currentIndex().data(LayerTableModel::LayerIndexRole).toInt(), 6);
        QCOMPARE(spy.count(), 0);
        QVERIFY(!view.selectOperator(0, 99));
        // User -> signal.
        const QModelIndex row2 = view.proxy()->index(2, 1);
        QTest::mouseClick(
            view.tableView()->viewport(), Qt::LeftButton, {}, view.tableView()->visualRect(row2).center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 0);
        QCOMPARE(spy.at(0).at(1).toInt(), 2);
        // Filtered-out rows cannot be selected.
        view.setOpTypeFilter(QStringLiteral("ADD"));
        QVERIFY(!view.selectOperator(0, 2));
        QVERIFY(view.selectOperator(0, 3));
    }

    void headerClickPicksCounter()
    {
        ui::LayerTableView view;
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &ui::LayerTableView::currentCounterChanged);
        const int c = view.tableModel()->columnForCounter(QStringLiteral("ARM_PMU_MVE_STALL"));
        auto *h = view.tableView()->horizontalHeader();
        view.tableView()->scrollTo(view.proxy()->index(0, c));
        QTest::mouseClick(
            h->viewport(), Qt::LeftButton, {}, QPoint(h->sectionViewportPosition(c) + 5, h->height() / 2));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(view.currentCounter(), QStringLiteral("ARM_PMU_MVE_STALL"));
    }

    void newResultShowsItsCounterBesideTheFrozenColumns()
    {
        ui::LayerTableView view;
        view.resize(420, 300); // far narrower than the columns
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = qobject_cast<ui::FrozenColumnsView *>(view.tableView());
        QVERIFY(table);
        QScrollBar *scroll = table->horizontalScrollBar();
        // Fully visible, and not under the frozen # and Op columns.
        const auto inView = [&](const QString &counter) {
            const int column = view.tableModel()->columnForCounter(counter);
            const QRect cell = table->visualRect(view.proxy()->index(0, column));
            // A column wider than the room beside the frozen ones (# Op Subgraph here) starts at their edge.
            if (cell.width() > table->viewport()->width() - table->frozenWidth())
                return cell.left() == table->frozenWidth();
            return cell.left() >= table->frozenWidth() && cell.right() <= table->viewport()->width();
        };
        // A result arrives and the views pick a counter far to the right: its column comes into view, and # and Op
        // stay in sight, frozen at the left.
        view.setResult(test::diamondResult());
        view.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_STALL"));
        QVERIFY(scroll->maximum() > 0);
        QVERIFY(inView(QStringLiteral("ARM_PMU_MVE_STALL")));
        QVERIFY(table->frozenView()->isVisible());
        // The same counter on the next result (the window keeps it): still in view after the reset.
        scroll->setValue(0);
        view.setResult(test::diamondResult());
        QVERIFY(inView(QStringLiteral("ARM_PMU_MVE_STALL")));
        // The user switching counters elsewhere brings that column into view.
        view.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_INST_RETIRED"));
        QVERIFY(inView(QStringLiteral("ARM_PMU_MVE_INST_RETIRED")));
        // The pane then gets narrower (seen when the Board dock widened for what the board said): the counter
        // stays wholly in view, step by step, but a column the user scrolled out of view is left there. Revealed
        // from the left, the column's right edge is at the viewport's.
        view.resize(560, 300);
        QCoreApplication::processEvents();
        scroll->setValue(0);
        view.setCurrentCounter(QStringLiteral("ARM_PMU_CPU_CYCLES"));
        view.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_INST_RETIRED"));
        QVERIFY(inView(QStringLiteral("ARM_PMU_MVE_INST_RETIRED")));
        for (int width = 560; width >= 340; width -= 8) {
            view.resize(width, 300);
            QCoreApplication::processEvents();
            QVERIFY2(inView(QStringLiteral("ARM_PMU_MVE_INST_RETIRED")), qPrintable(QString::number(width)));
        }
        view.resize(330, 300);
        QCoreApplication::processEvents();
        scroll->setValue(0); // the user scrolls back to the start
        const int before = scroll->value();
        view.resize(320, 300);
        QCoreApplication::processEvents();
        if (!inView(QStringLiteral("ARM_PMU_MVE_INST_RETIRED")))
            QCOMPARE(scroll->value(), before);
    }

    // Issue 24 (2.1): on a model with several subgraphs the Subgraph column stays in sight with # and Op.
    void subgraphColumnIsFrozenForSeveralSubgraphs()
    {
        ui::LayerTableView view;
        view.resize(420, 300);
        view.setResult(test::diamondResult()); // layer 6 runs in subgraph 1
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = qobject_cast<ui::FrozenColumnsView *>(view.tableView());
        const int subgraph = view.tableModel()->columnForId(QStringLiteral("subgraph"));
        QVERIFY(subgraph >= 0 && subgraph < table->frozenColumnCount());
        QVERIFY(!table->isColumnHidden(subgraph));
        QVERIFY(!table->frozenView()->isColumnHidden(subgraph));
        table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
        QCOMPARE(table->frozenWidth(), table->columnWidth(0) + table->columnWidth(1) + table->columnWidth(subgraph));
        // One subgraph: the column is left out and takes no room beside # and Op.
        auto one = test::diamondResult();
        one.layers.removeLast();
        for (auto &layer : one.layers)
            QCOMPARE(layer.subgraph, 0);
        view.setResult(one);
        QVERIFY(table->isColumnHidden(subgraph));
        QCOMPARE(table->frozenWidth(), table->columnWidth(0) + table->columnWidth(1));
    }

    // Issue 24 (2.1): a revealed counter sits wholly in view by column, not by pixel, and the table never rests
    // with a column half under the frozen # and Op: after a reveal, a wheel step, a key or a released scroll bar.
    void scrollingRestsOnColumnBoundaries()
    {
        ui::LayerTableView view;
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = qobject_cast<ui::FrozenColumnsView *>(view.tableView());
        QScrollBar *bar = table->horizontalScrollBar();
        const auto notCut = [table] { return !table->isColumnCutByFrozen(table->firstScrollingColumn()); };
        // Narrow panes, as at scale 1 and 2 on a 1440x900 screen.
        for (int width : { 520, 430, 360, 300 }) {
            view.resize(width, 300);
            QCoreApplication::processEvents();
            QVERIFY(bar->maximum() > 0);
            for (const QString &counter : view.tableModel()->result()->counters) {
                view.setCurrentCounter(counter);
                const QRect cell
                    = table->visualRect(view.proxy()->index(0, view.tableModel()->columnForCounter(counter)));
                // Wholly in view; a column wider than the room beside # and Op starts at their edge.
                const bool fits = cell.width() <= table->viewport()->width() - table->frozenWidth();
                QVERIFY2(fits ? cell.left() >= table->frozenWidth() && cell.right() <= table->viewport()->width()
                              : cell.left() == table->frozenWidth(),
                    qPrintable(QStringLiteral("%1 at width %2").arg(counter).arg(width)));
                QVERIFY2(notCut(), qPrintable(counter));
            }
            // A released drag anywhere settles on a boundary.
            for (int value = 0; value <= bar->maximum(); value += 7) {
                bar->setValue(value);
                Q_EMIT bar->sliderReleased();
                QTRY_VERIFY2(notCut(), qPrintable(QStringLiteral("value %1 at width %2").arg(value).arg(width)));
            }
            // Shift+wheel steps one column at a time, each step resting on a boundary, to the end and back.
            bar->setValue(0);
            int previous = -1;
            for (int i = 0; i < 40 && bar->value() != previous; ++i) {
                previous = bar->value();
                QWheelEvent wheel(QPointF(50, 50), table->viewport()->mapToGlobal(QPointF(50, 50)), QPoint(),
                    QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier, Qt::NoScrollPhase, false);
                QCoreApplication::sendEvent(table->viewport(), &wheel);
                QVERIFY(notCut());
            }
            // At the end the last column is in view from its start.
            const int last = view.tableModel()->columnCount() - 1;
            QVERIFY(table->visualRect(view.proxy()->index(0, last)).left() >= table->frozenWidth());
            QVERIFY(table->visualRect(view.proxy()->index(0, last)).left() < table->viewport()->width());
            // Keys: Right moves the current cell, and the view follows, resting on a boundary.
            table->setFocus();
            table->setCurrentIndex(view.proxy()->index(0, 2));
            for (int i = 0; i < view.tableModel()->columnCount(); ++i) {
                QTest::keyClick(table, Qt::Key_Right);
                QTRY_VERIFY(notCut());
            }
            for (int i = 0; i < view.tableModel()->columnCount(); ++i) {
                QTest::keyClick(table, Qt::Key_Left);
                QTRY_VERIFY(notCut());
            }
        }
    }

    // Issue 24 (2.4): a column running past the viewport's right edge (a narrow pane, scale 2) never shows a value
    // cut mid-number, which would read as a smaller one: the text sits in the part in view, whole or elided.
    void noValueIsCutAtTheRightEdge()
    {
        ui::LayerTableView view;
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView *table = view.tableView();
        auto *delegate = qobject_cast<ui::PercentBarDelegate *>(table->itemDelegate());
        QVERIFY(delegate);
        int cutByEdge = 0;
        for (int width : { 520, 430, 360, 300 }) {
            view.resize(width, 300);
            QCoreApplication::processEvents();
            const int right = table->viewport()->width();
            for (int column = 0; column < table->model()->columnCount(); ++column) {
                for (int row = 0; row < table->model()->rowCount(); ++row) {
                    const QModelIndex index = table->model()->index(row, column);
                    QStyleOptionViewItem option;
                    option.initFrom(table->viewport());
                    option.widget = table;
                    option.rect = table->visualRect(index);
                    if (option.rect.isEmpty() || option.rect.left() >= right)
                        continue;
                    const QString full = index.data().toString();
                    const ui::PercentBarDelegate::ShownText shown = delegate->shownText(option, index);
                    cutByEdge += option.rect.right() > right;
                    QVERIFY2(shown.rect.right() < right,
                        qPrintable(
                            QStringLiteral("%1 drawn to %2 of %3").arg(full).arg(shown.rect.right()).arg(right)));
                    const bool whole
                        = shown.text == full && QFontMetrics(option.font).horizontalAdvance(full) <= shown.rect.width();
                    QVERIFY2(whole || shown.text.endsWith(QChar(0x2026)) || shown.text.isEmpty(),
                        qPrintable(QStringLiteral("%1 shown as %2").arg(full, shown.text)));
                    // Issue 37 (7): never a lone "…", which made a sliver column of ellipses at the right edge.
                    QVERIFY2(shown.text != QString(QChar(0x2026)), qPrintable(full));
                }
            }
        }
        QVERIFY(cutByEdge > 0); // the widths above do put columns across the edge
        // Slivers of every width in view: a letter and the ellipsis, or nothing.
        const QModelIndex index
            = table->model()->index(0, view.tableModel()->columnForCounter(test::diamondResult().counters.first()));
        for (int sliver = 1; sliver < 60; ++sliver) {
            QStyleOptionViewItem option;
            option.initFrom(table->viewport());
            option.widget = table;
            option.rect = QRect(table->viewport()->width() - sliver, 0, 120, 20);
            const QString text = delegate->shownText(option, index).text;
            QVERIFY2(text != QString(QChar(0x2026)), qPrintable(QString::number(sliver)));
        }
    }

    // Issue 24 (2.4): a counter's header running past the right edge was cut mid-letter ("CPU_CYCLE", bold, at
    // scale 2): its label is laid out in the part in view, so the style elides it instead.
    void noHeaderIsCutAtTheRightEdge()
    {
        struct Recorder : QProxyStyle {
            QVector<QPair<QString, QRect>> labels;
            void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                const QWidget *widget) const override
            {
                if (element == CE_HeaderLabel)
                    if (const auto *header = qstyleoption_cast<const QStyleOptionHeader *>(option))
                        const_cast<Recorder *>(this)->labels.append({ header->text, header->rect });
                QProxyStyle::drawControl(element, option, painter, widget);
            }
        };
        ui::LayerTableView view;
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QHeaderView *header = view.tableView()->horizontalHeader();
        auto *recorder = new Recorder;
        header->setStyle(recorder);
        auto *frozenView = qobject_cast<ui::FrozenColumnsView *>(view.tableView());
        QVERIFY(frozenView);
        QStringList frozenTitles;
        for (int column = 0; column < frozenView->frozenColumnCount(); ++column)
            frozenTitles << header->model()->headerData(column, Qt::Horizontal).toString();
        int crossing = 0, underFrozen = 0;
        // A column wider than the room beside the frozen ones (a counter at scale 2) is revealed by its right end, its
        // start under them ("U_CYCLES").
        const int wide = frozenView->frozenColumnCount() + 1;
        view.tableView()->setColumnWidth(wide, 420);
        auto checkLabels = [&] {
            const int right = header->viewport()->width();
            const int frozen = frozenView->frozenWidth();
            for (int column = frozenView->frozenColumnCount(); column < header->count(); ++column) {
                const int left = header->sectionViewportPosition(column);
                crossing += left < right && left + header->sectionSize(column) > right;
                underFrozen += left < frozen && left + header->sectionSize(column) > frozen;
            }
            recorder->labels.clear();
            header->viewport()->grab();
            // Frozen Order, Op and Subgraph may fill a 300 px table, or leave a sliver too narrow for a letter and "…".
            const int sliver = header->fontMetrics().horizontalAdvance(QStringLiteral("W…")) + 12;
            QVERIFY(!recorder->labels.isEmpty() || frozen + sliver >= right); // frozen # and Op may fill a 240 px table
            for (const auto &[text, rect] : std::as_const(recorder->labels)) {
                if (frozenTitles.contains(text))
                    continue; // drawn under the frozen view, which shows its own header
                QVERIFY2(rect.right() < right,
                    qPrintable(QStringLiteral("%1 laid out to %2 of %3").arg(text).arg(rect.right()).arg(right)));
                QVERIFY2(text.isEmpty() || rect.left() >= frozen,
                    qPrintable(QStringLiteral("%1 laid out from %2 under frozen columns to %3")
                                   .arg(text)
                                   .arg(rect.left())
                                   .arg(frozen)));
                // A sliver of a section shows no label (it drew part of a glyph, ")"), not a letter cut in half.
                QVERIFY2(text.isEmpty() || rect.width() >= header->fontMetrics().horizontalAdvance(QChar(0x2026)),
                    qPrintable(QStringLiteral("%1 in %2 px").arg(text).arg(rect.width())));
            }
        };
        for (int width : { 520, 430, 360, 300, 240 }) {
            view.resize(width, 300);
            QCoreApplication::processEvents();
            // Each place the bar passes while a user drags it (only then may a column rest half under the frozen
            // ones), and each column revealed.
            QScrollBar *bar = view.tableView()->horizontalScrollBar();
            bar->setSliderDown(true);
            for (int value = 0;; value = std::min(value + 37, bar->maximum())) {
                bar->setValue(value);
                QCoreApplication::processEvents();
                checkLabels();
                if (value >= bar->maximum())
                    break;
            }
            bar->setSliderDown(false);
            for (int column = frozenView->frozenColumnCount(); column < header->count(); ++column) {
                view.tableView()->scrollTo(view.tableView()->model()->index(0, column));
                QCoreApplication::processEvents();
                checkLabels();
            }
        }
        QVERIFY(underFrozen > 0); // the table does rest with a column under the frozen ones
        QVERIFY(crossing > 0); // the widths above do put a header across the edge
        // A label wider than its whole section (the bold counter at scale 2) is elided, not run out at the left under
        // the frozen columns ("U_CYCLES"): QHeaderView does not elide.
        view.resize(900, 300);
        const int counter = view.tableModel()->columnForCounter(QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QVERIFY(counter >= 0);
        view.tableView()->setColumnWidth(counter, 60);
        view.tableView()->scrollTo(view.tableView()->model()->index(0, counter));
        QCoreApplication::processEvents();
        recorder->labels.clear();
        header->viewport()->grab();
        const QString full = header->model()->headerData(counter, Qt::Horizontal).toString();
        bool seen = false;
        for (const auto &[text, rect] : std::as_const(recorder->labels)) {
            if (!text.endsWith(QChar(0x2026)) || !full.startsWith(text.chopped(1)))
                continue;
            seen = true;
            QVERIFY(rect.left() >= header->sectionViewportPosition(counter));
        }
        QVERIFY2(seen, qPrintable(full));
        header->setStyle(nullptr);
        delete recorder;
    }

    // Issue 24 (2.4): the table's status keeps its count whole in a narrow pane; what follows it ("· 1 not
    // profiled …") is elided and whole in the tooltip.
    void statusKeepsItsCountWhole()
    {
        model::ModelInfo info = test::diamondModel();
        model::OperatorInfo callOnce = test::makeOp(6, QStringLiteral("CALL_ONCE"), {}, {});
        callOnce.builtinCode = 129;
        callOnce.calledSubgraphs = { 1 };
        info.subgraphs[0].operators.append(callOnce);
        ui::LayerTableView view;
        view.setModel(info);
        view.setResult(test::diamondResult());
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *status = view.findChild<ui::ElidingLabel *>();
        QVERIFY(status);
        const QString full = status->fullText();
        QVERIFY2(full.startsWith(QStringLiteral("7 layer")) && full.contains(QStringLiteral(" · 1 not profiled")),
            qPrintable(full));
        QTRY_COMPARE(status->shownText(), full);
        for (int width : { 420, 340, 300, 260 }) {
            view.resize(width, 300);
            QCoreApplication::processEvents();
            const QString shown = status->shownText();
            QVERIFY2(shown.startsWith(full.left(full.indexOf(QStringLiteral(" · ")))), qPrintable(shown));
            QVERIFY2(status->fontMetrics().horizontalAdvance(shown) <= status->contentsRect().width(),
                qPrintable(QStringLiteral("%1 at %2").arg(shown).arg(width)));
            QVERIFY(status->geometry().right() <= view.width());
            if (shown != full)
                QVERIFY(status->toolTip().contains(full));
        }
        QVERIFY(status->shownText() != full); // the narrowest did need eliding
    }

    void columnsFitTheirWidestCellBeyondTheMeasuredRows()
    {
        // A 1,000-layer result whose largest cycle count sits far below the rows the view measures when it sizes
        // its columns (those in view and LayerTableView::SampledRows more): that cell still fits its column.
        model::ProfileResult result;
        result.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        const int widest = 900;
        QVERIFY(widest > ui::LayerTableView::SampledRows + 100);
        for (int i = 0; i < 1000; ++i)
            result.layers.append(
                test::makeLayer(i, QStringLiteral("CONV_2D"), 0, i, { i == widest ? 123456789012.0 : 100.0 + i }));
        ui::LayerTableView view;
        view.resize(900, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setResult(result);
        const LayerTableModel *model = view.tableModel();
        const int cycles = col(*model, "counter:ARM_PMU_CPU_CYCLES");
        QCOMPARE(model->widestRow(cycles), widest);
        QTableView *table = view.tableView();
        const QModelIndex cell = view.proxy()->mapFromSource(model->index(widest, cycles));
        QVERIFY(table->columnWidth(cycles) >= table->sizeHintForIndex(cell).width());
        // An ordinary row's value is far narrower: the column was widened for that one cell, not sized by it alone.
        const QModelIndex ordinary = view.proxy()->mapFromSource(model->index(3, cycles));
        QVERIFY(table->sizeHintForIndex(ordinary).width() < table->sizeHintForIndex(cell).width());
    }
};

QTEST_MAIN(TestLayerTableModel)
#include "tst_layertablemodel.moc"
