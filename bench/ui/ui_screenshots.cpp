// Renders each result view with example data into PNG files (default /tmp), to look at them.
// Usage: ui_screenshots [OUTDIR] [--dark] [--heatgraph]
// --heatgraph: only the heat graph at model scale (docs/images/heatgraph-*.png, scripts/screenshots.sh).
#include "tests/ui/uitestdata.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/graph/heatgraphview.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"
#include "ui/window/apptranslator.h"
#include "ui/window/viewexport.h"

#include <QApplication>
#include <QDir>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QPalette>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTableView>

using namespace hpx;

namespace {

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(37, 37, 38));
    p.setColor(QPalette::WindowText, QColor(220, 220, 220));
    p.setColor(QPalette::Base, QColor(30, 30, 30));
    p.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
    p.setColor(QPalette::Text, QColor(220, 220, 220));
    p.setColor(QPalette::Button, QColor(45, 45, 48));
    p.setColor(QPalette::ButtonText, QColor(220, 220, 220));
    p.setColor(QPalette::Highlight, QColor(38, 79, 120));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::Mid, QColor(90, 90, 90));
    return p;
}

model::ModelInfo exampleModel()
{
    // A small MobileNet-like model: a stem, a few inverted-residual blocks, a head.
    model::ModelInfo m = test::syntheticModel(28);
    m.fileName = QStringLiteral("example.tflite");
    auto &ops = m.subgraphs[0].operators;
    ops.last().op = QStringLiteral("SOFTMAX");
    ops[ops.size() - 2].op = QStringLiteral("FULLY_CONNECTED");
    ops[ops.size() - 3].op = QStringLiteral("AVERAGE_POOL_2D");
    return m;
}

void save(QWidget &w, const QString &path)
{
    // Let queued replots and chart layouts run, as the event loop would before a frame.
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    w.grab().save(path);
    qInfo("wrote %s", qPrintable(path));
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    hpx::ui::AppTranslator::installForApplication(&app, QStringLiteral("en")); // "1 op", not "1 op(s)"
    const QStringList args = app.arguments();
    const bool dark = args.contains(QStringLiteral("--dark"));
    if (dark)
        QApplication::setPalette(darkPalette());
    QString out = QStringLiteral("/tmp");
    for (int i = 1; i < args.size(); ++i)
        if (!args[i].startsWith(QLatin1String("--")))
            out = args[i];
    QDir().mkpath(out);
    const QString suffix = dark ? QStringLiteral("-dark") : QString();

    const bool scaleOnly = args.contains(QStringLiteral("--heatgraph"));

    // The heat graph at model scale (docs/images/heatgraph-*.png): a 138-operator conformer-like
    // chain and a 1,000-operator residual chain, before a run (no colours) and after, as Fit shows them.
    for (const auto &[name, scaleModel] : { std::pair { QStringLiteral("138"), test::conformerModel() },
             std::pair { QStringLiteral("1000"), test::syntheticModel(1000) } }) {
        ui::HeatGraphView view;
        view.resize(1100, 700);
        view.show();
        view.setModel(scaleModel);
        QSignalSpy laidOut(&view, &ui::HeatGraphView::layoutFinished);
        laidOut.wait(60000);
        view.fitToView();
        save(view, out + QStringLiteral("/heatgraph-%1-before-run").arg(name) + suffix + QStringLiteral(".png"));
        view.setResult(test::syntheticResult(scaleModel));
        view.selectNextHottest(1);
        view.fitToView();
        save(view, out + QStringLiteral("/heatgraph-%1-after-run").arg(name) + suffix + QStringLiteral(".png"));
    }

    // WHILE loops nested in place: the main WHILE's cond and body, inside its body a second WHILE's,
    // and inside that an IF's branches (docs/images/heatgraph-while-expanded.png).
    {
        const model::ModelInfo wm = test::nestedWhileModel();
        ui::HeatGraphView view;
        view.resize(900, 640);
        view.show();
        view.setModel(wm);
        view.setResult(test::everyOperatorResult(wm));
        QSignalSpy laidOut(&view, &ui::HeatGraphView::layoutFinished);
        laidOut.wait(20000);
        for (const ui::NodePath &caller :
            { ui::NodePath { {}, 1 }, ui::NodePath { { { 1, 2 } }, 1 }, ui::NodePath { { { 1, 2 }, { 1, 4 } }, 1 } }) {
            view.setExpanded(caller, true);
            laidOut.wait(20000);
        }
        view.selectOperator(4, 2);
        view.fitToView();
        save(view, out + QStringLiteral("/heatgraph-while-expanded") + suffix + QStringLiteral(".png"));
    }

    if (scaleOnly)
        return 0;

    const auto m = exampleModel();
    const auto r = test::syntheticResult(m);
    ui::HeatGraphView graph;
    graph.resize(900, 700);
    graph.setModel(m);
    graph.setResult(r);
    graph.show();
    QSignalSpy spy(&graph, &ui::HeatGraphView::layoutFinished);
    spy.wait(20000);
    graph.selectOperator(0, 9);
    save(graph, out + QStringLiteral("/hpx-heatgraph") + suffix + QStringLiteral(".png"));
    graph.fitToView();
    save(graph, out + QStringLiteral("/hpx-heatgraph-fit") + suffix + QStringLiteral(".png"));

    ui::LayerTableView table;
    table.resize(1000, 500);
    table.setModel(m);
    table.setResult(r);
    table.show();
    table.tableView()->sortByColumn(
        table.tableModel()->columnForCounter(QStringLiteral("ARM_PMU_CPU_CYCLES")), Qt::DescendingOrder);
    table.selectOperator(0, 9);
    save(table, out + QStringLiteral("/hpx-table") + suffix + QStringLiteral(".png"));

    ui::LayerChart bars;
    bars.resize(900, 380);
    bars.setModel(m);
    bars.setResult(r);
    bars.show();
    bars.selectOperator(0, 9);
    save(bars, out + QStringLiteral("/hpx-layerchart") + suffix + QStringLiteral(".png"));
    bars.setOrder(ui::LayerChart::Order::Sorted);
    bars.setLogScale(true);
    save(bars, out + QStringLiteral("/hpx-layerchart-sorted-log") + suffix + QStringLiteral(".png"));

    ui::OpShareChart share;
    share.resize(700, 420);
    share.setResult(r);
    share.show();
    save(share, out + QStringLiteral("/hpx-opshare") + suffix + QStringLiteral(".png"));
    share.setStyle(ui::OpShareChart::Style::Bars);
    save(share, out + QStringLiteral("/hpx-opshare-bars") + suffix + QStringLiteral(".png"));

    // Exported files, as a user would get them.
    QString error;
    for (const char *ext : { ".png", ".svg" }) {
        const QString name = out + QStringLiteral("/hpx-export-graph") + suffix + QLatin1String(ext);
        if (!ui::ViewExport::save(&graph, name, &error))
            qWarning("%s", qPrintable(error));
    }

    // A 1,000-operator model: zoomed out (no text) and at 100 %.
    const auto big = test::syntheticModel(1000);
    ui::HeatGraphView large;
    large.resize(1000, 700);
    large.setModel(big);
    large.setResult(test::syntheticResult(big));
    large.show();
    QSignalSpy bigSpy(&large, &ui::HeatGraphView::layoutFinished);
    bigSpy.wait(60000);
    large.fitToView();
    save(large, out + QStringLiteral("/hpx-heatgraph-1000-fit") + suffix + QStringLiteral(".png"));
    // Far out: coloured blocks, the ten hottest labelled.
    large.graphicsView()->fitInView(large.scene()->sceneRect(), Qt::KeepAspectRatio);
    save(large, out + QStringLiteral("/hpx-heatgraph-1000-far") + suffix + QStringLiteral(".png"));
    large.selectOperator(0, 500);
    large.resetZoom();
    large.selectOperator(0, 500);
    save(large, out + QStringLiteral("/hpx-heatgraph-1000-100pct") + suffix + QStringLiteral(".png"));
    return 0;
}
