#include "tests/ui/uitestdata.h"
#include "ui/graph/graphlayout.h"

#include <QPainterPath>
#include <QSignalSpy>
#include <QTest>

using namespace hpx;
using ui::LayoutOptions;
using ui::LayoutResult;

Q_DECLARE_METATYPE(ui::LayoutOptions::Method)

namespace {

ui::LayoutInput inputFor(const model::SubgraphInfo &sg)
{
    ui::LayoutInput in;
    for (int i = 0; i < sg.operators.size(); ++i)
        in.nodeSizes.append(QSizeF(90 + (i % 3) * 20, 36));
    in.edges = ui::dataflowEdges(sg);
    return in;
}

QRectF rectOf(const ui::LayoutInput &in, const LayoutResult &r, int i)
{
    const QSizeF s = in.nodeSizes[i];
    return QRectF(r.centers[i] - QPointF(s.width() / 2, s.height() / 2), s);
}

} // namespace

class TestGraphLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dataflowEdgesFollowTensors()
    {
        const auto sg = test::diamondModel().subgraphs.first();
        using E = QPair<int, int>;
        // Tensor 9 (weights) has no producer and -1 (absent input) is skipped.
        QCOMPARE(ui::dataflowEdges(sg), QVector<E>({ E(0, 1), E(0, 2), E(1, 3), E(2, 3), E(3, 4), E(4, 5) }));
        // Two inputs from the same producer make one edge.
        model::SubgraphInfo twice;
        twice.operators = { test::makeOp(0, QStringLiteral("A"), { 0 }, { 1 }),
            test::makeOp(1, QStringLiteral("MUL"), { 1, 1 }, { 2 }) };
        QCOMPARE(ui::dataflowEdges(twice), QVector<E>({ E(0, 1) }));
    }

    void layered_data()
    {
        QTest::addColumn<int>("operators");
        QTest::addColumn<LayoutOptions::Method>("method");
        QTest::addColumn<LayoutResult::Method>("used");
        QTest::newRow("diamond graphviz") << 0 << LayoutOptions::Method::Auto << LayoutResult::Method::Graphviz;
        QTest::newRow("diamond fast") << 0 << LayoutOptions::Method::Fast << LayoutResult::Method::Fast;
        QTest::newRow("300 graphviz") << 300 << LayoutOptions::Method::Auto << LayoutResult::Method::Graphviz;
        QTest::newRow("300 fast") << 300 << LayoutOptions::Method::Fast << LayoutResult::Method::Fast;
        QTest::newRow("1500 auto is fast") << 1500 << LayoutOptions::Method::Auto << LayoutResult::Method::Fast;
    }

    void layered()
    {
        QFETCH(int, operators);
        QFETCH(LayoutOptions::Method, method);
        QFETCH(LayoutResult::Method, used);
        const auto m = operators ? test::syntheticModel(operators) : test::diamondModel();
        const auto in = inputFor(m.subgraphs.first());
        LayoutOptions opt;
        opt.method = method;
        const LayoutResult r = ui::computeLayout(in, opt);
        QCOMPARE(r.method, used);
        QVERIFY2(r.warning.isEmpty(), qPrintable(r.warning));
        // Every operator has a position, inside the bounds.
        QCOMPARE(r.centers.size(), in.nodeSizes.size());
        for (int i = 0; i < r.centers.size(); ++i)
            QVERIFY(r.bounds.contains(rectOf(in, r, i).adjusted(1, 1, -1, -1)));
        // Every edge is routed, from its producer to its consumer, and a producer sits above its consumer.
        QCOMPARE(r.edges.size(), in.edges.size());
        for (int k = 0; k < r.edges.size(); ++k) {
            const auto &e = r.edges[k];
            QCOMPARE((QPair<int, int>(e.from, e.to)), in.edges[k]);
            QVERIFY2(rectOf(in, r, e.from).bottom() <= rectOf(in, r, e.to).top(),
                qPrintable(QStringLiteral("edge %1 -> %2").arg(e.from).arg(e.to)));
            QVERIFY(e.bezier.size() >= 4 && (e.bezier.size() - 1) % 3 == 0);
            QVERIFY(rectOf(in, r, e.from).adjusted(-2, -2, 2, 2).contains(e.bezier.first()));
            QVERIFY(rectOf(in, r, e.to).adjusted(-2, -2, 2, 2).contains(e.arrowTip));
        }
        // No two nodes overlap.
        QVector<int> order(r.centers.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return r.centers[a].y() < r.centers[b].y(); });
        for (int i = 0; i < order.size(); ++i) {
            const QRectF a = rectOf(in, r, order[i]);
            for (int j = i + 1; j < order.size() && r.centers[order[j]].y() - r.centers[order[i]].y() < 40; ++j)
                QVERIFY2(!a.intersects(rectOf(in, r, order[j]).adjusted(0.5, 0.5, -0.5, -0.5)),
                    qPrintable(QStringLiteral("nodes %1 and %2 overlap").arg(order[i]).arg(order[j])));
        }
    }

    void chainIsStraight()
    {
        // A plain chain must come out as one column, not a staircase.
        model::SubgraphInfo sg;
        for (int i = 0; i < 20; ++i)
            sg.operators.append(test::makeOp(i, QStringLiteral("RELU"), { i }, { i + 1 }));
        LayoutOptions opt;
        opt.method = LayoutOptions::Method::Fast;
        const auto r = ui::computeLayout(inputFor(sg), opt);
        for (int i = 1; i < 20; ++i)
            QVERIFY(std::abs(r.centers[i].x() - r.centers[0].x()) < 1.0);
    }

    // A long chain with skip connections wraps into bands that fit the pane, deterministically;
    // every edge runs from its producer to its consumer and no edge crosses a node it does not touch.
    void longChainWrapsToThePane_data()
    {
        QTest::addColumn<int>("blocks");
        QTest::addColumn<bool>("leftToRight");
        QTest::newRow("138 ops, columns") << 4 << false;
        QTest::newRow("138 ops, rows") << 4 << true;
        QTest::newRow("1,022 ops, columns") << 30 << false;
    }

    void longChainWrapsToThePane()
    {
        QFETCH(int, blocks);
        QFETCH(bool, leftToRight);
        const auto m = test::conformerModel(blocks);
        const auto in = inputFor(m.subgraphs.first());
        LayoutOptions opt;
        opt.targetAspect = 1.6;
        opt.viewWidth = 1100;
        opt.readableZoom = 0.5;
        opt.direction = leftToRight ? LayoutOptions::Direction::LeftToRight : LayoutOptions::Direction::TopToBottom;
        const LayoutResult r = ui::computeLayout(in, opt);
        QCOMPARE(r.method, LayoutResult::Method::Fast);
        QVERIFY2(r.bands > 1, qPrintable(QString::number(r.bands)));
        const double aspect = r.bounds.width() / r.bounds.height();
        if (blocks == 4) // the whole model fits the pane's shape
            QVERIFY2(
                aspect < opt.targetAspect * 2 && aspect > opt.targetAspect / 2, qPrintable(QString::number(aspect)));
        if (!leftToRight) // columns: the width fits the pane at the readable zoom
            QVERIFY2(
                r.bounds.width() * opt.readableZoom <= opt.viewWidth, qPrintable(QString::number(r.bounds.width())));
        else // rows: each row fits the width
            QVERIFY2(r.bounds.width() * opt.readableZoom <= opt.viewWidth * 1.1,
                qPrintable(QString::number(r.bounds.width())));
        QCOMPARE(ui::computeLayout(in, opt).centers, r.centers); // deterministic
        QCOMPARE(r.edges.size(), in.edges.size());
        for (const auto &e : r.edges) {
            QVERIFY(e.bezier.size() >= 4 && (e.bezier.size() - 1) % 3 == 0);
            QVERIFY(rectOf(in, r, e.from).adjusted(-2, -2, 2, 2).contains(e.bezier.first()));
            QVERIFY(rectOf(in, r, e.to).adjusted(-2, -2, 2, 2).contains(e.arrowTip));
            QPainterPath path(e.bezier.first());
            for (int k = 1; k + 2 < e.bezier.size(); k += 3)
                path.cubicTo(e.bezier[k], e.bezier[k + 1], e.bezier[k + 2]);
            QVector<int> near;
            for (int v = 0; v < r.centers.size(); ++v)
                if (v != e.from && v != e.to && path.boundingRect().intersects(rectOf(in, r, v)))
                    near.append(v);
            for (int t = 1; t < 40 && !near.isEmpty(); ++t) {
                const QPointF p = path.pointAtPercent(t / 40.0);
                for (int v : std::as_const(near)) {
                    QVERIFY2(!rectOf(in, r, v).adjusted(2, 2, -2, -2).contains(p),
                        qPrintable(QStringLiteral("edge %1 -> %2 crosses node %3").arg(e.from).arg(e.to).arg(v)));
                }
            }
        }
        for (int i = 0; i < r.centers.size(); ++i)
            for (int j = i + 1; j < r.centers.size(); ++j)
                QVERIFY(!rectOf(in, r, i).intersects(rectOf(in, r, j).adjusted(0.5, 0.5, -0.5, -0.5)));
    }

    void cyclesAndBadEdgesDoNotHang()
    {
        ui::LayoutInput in;
        in.nodeSizes = { QSizeF(50, 20), QSizeF(50, 20), QSizeF(50, 20) };
        in.edges = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
        LayoutOptions opt;
        opt.method = LayoutOptions::Method::Fast;
        const auto r = ui::computeLayout(in, opt);
        QCOMPARE(r.centers.size(), 3);
        in.edges = { { 0, 7 } };
        const auto bad = ui::computeLayout(in, opt);
        QVERIFY(!bad.warning.isEmpty());
        QVERIFY(bad.centers.isEmpty());
        QVERIFY(ui::computeLayout({}, opt).centers.isEmpty());
    }

    // Called subgraphs expanded inside an expanded body: the nested group comes after its parent, names
    // it, and its frame, nodes and edges lie inside the parent's frame, in both directions, the same
    // every time.
    void nestedGroupsSitInsideTheirParent()
    {
        auto chain = [](int n, QSizeF size) {
            ui::LayoutInput in;
            for (int i = 0; i < n; ++i) {
                in.nodeSizes.append(size);
                if (i > 0)
                    in.edges.append({ i - 1, i });
            }
            return in;
        };
        ui::LayoutInput in = chain(4, QSizeF(100, 40));
        ui::LayoutGroupInput outer;
        outer.caller = 1;
        outer.subgraph = 2;
        outer.body = chain(3, QSizeF(90, 40));
        outer.title = QSizeF(120, 20);
        ui::LayoutGroupInput inner;
        inner.caller = 1; // the body's second node
        inner.subgraph = 4;
        inner.body = chain(2, QSizeF(80, 40));
        inner.title = QSizeF(100, 20);
        outer.body.groups.push_back(inner);
        in.groups.push_back(outer);
        for (const auto direction : { LayoutOptions::Direction::TopToBottom, LayoutOptions::Direction::LeftToRight }) {
            LayoutOptions opt;
            opt.direction = direction;
            const LayoutResult a = ui::computeLayout(in, opt), b = ui::computeLayout(in, opt);
            QCOMPARE(a.groups.size(), 2);
            const ui::LayoutGroup &g0 = a.groups.at(0), &g1 = a.groups.at(1);
            QCOMPARE(g0.parent, -1);
            QCOMPARE(g0.subgraph, 2);
            QCOMPARE(g1.parent, 0);
            QCOMPARE(g1.caller, 1);
            QCOMPARE(g1.subgraph, 4);
            QCOMPARE(g1.centers, b.groups.at(1).centers);
            QCOMPARE(g1.frame, b.groups.at(1).frame);
            QVERIFY(a.bounds.contains(g0.frame));
            QVERIFY(g0.frame.contains(g1.frame));
            for (const QPointF &c : g1.centers)
                QVERIFY(g1.frame.contains(QRectF(c - QPointF(40, 20), QSizeF(80, 40))));
            for (const auto &e : g1.edges)
                for (const QPointF &p : e.bezier)
                    QVERIFY(g1.frame.contains(p));
            // The nested frame hangs off its caller (the outer body's node 1), after it in the flow, and
            // covers none of the outer body's nodes.
            const QRectF caller(g0.centers.at(1) - QPointF(45, 20), QSizeF(90, 40));
            QVERIFY(g0.frame.contains(caller));
            for (int i = 0; i < 3; ++i)
                QVERIFY(!g1.frame.intersects(QRectF(g0.centers.at(i) - QPointF(45, 20), QSizeF(90, 40))));
            if (direction == LayoutOptions::Direction::TopToBottom)
                QVERIFY(g1.frame.top() > caller.bottom() && qFuzzyCompare(g1.from.y(), caller.bottom()));
            else
                QVERIFY(g1.frame.left() > caller.right() && qFuzzyCompare(g1.from.x(), caller.right()));
        }
    }

    // The expanded layout is the same every time and keeps the body apart from the calling graph.
    void groupedLayoutIsDeterministic()
    {
        ui::LayoutInput in;
        for (int i = 0; i < 5; ++i)
            in.nodeSizes.append(QSizeF(100, 40));
        in.edges = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 } };
        ui::LayoutGroupInput g;
        g.caller = 2;
        g.subgraph = 7;
        for (int i = 0; i < 3; ++i)
            g.body.nodeSizes.append(QSizeF(90, 40));
        g.body.edges = { { 0, 1 }, { 1, 2 } };
        g.title = QSizeF(120, 20);
        in.groups.push_back(g);
        for (const auto direction : { LayoutOptions::Direction::TopToBottom, LayoutOptions::Direction::LeftToRight }) {
            ui::LayoutOptions opt;
            opt.direction = direction;
            const LayoutResult a = ui::computeLayout(in, opt), b = ui::computeLayout(in, opt);
            QCOMPARE(a.centers, b.centers);
            QCOMPARE(a.groups.size(), 1);
            QCOMPARE(a.groups.first().centers, b.groups.first().centers);
            const ui::LayoutGroup &group = a.groups.first();
            QCOMPARE(group.subgraph, 7);
            QCOMPARE(group.centers.size(), 3);
            QVERIFY(a.bounds.contains(group.frame));
            for (const QPointF &c : group.centers)
                QVERIFY(group.frame.contains(QRectF(c - QPointF(45, 20), QSizeF(90, 40))));
            // No node of the calling graph inside the frame; the frame is after the caller in the flow.
            for (int i = 0; i < 5; ++i)
                QVERIFY(!group.frame.intersects(QRectF(a.centers.at(i) - QPointF(50, 20), QSizeF(100, 40))));
            if (direction == LayoutOptions::Direction::TopToBottom)
                QVERIFY(group.frame.top() > a.centers.at(2).y() && group.frame.bottom() < a.centers.at(3).y());
            else
                QVERIFY(group.frame.left() > a.centers.at(2).x() && group.frame.right() < a.centers.at(3).x());
        }
    }

    void staleLayoutsAreDropped()
    {
        ui::GraphLayoutEngine engine;
        QSignalSpy spy(&engine, &ui::GraphLayoutEngine::layoutReady);
        const auto big = inputFor(test::syntheticModel(1500).subgraphs.first());
        const auto small = inputFor(test::diamondModel().subgraphs.first());
        const quint64 first = engine.request(big);
        const quint64 second = engine.request(small);
        QVERIFY(second > first);
        QVERIFY(engine.isBusy());
        QVERIFY(spy.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!engine.isBusy(), 30000);
        QCOMPARE(spy.count(), 1); // only the latest request is delivered
        const auto r = spy.at(0).at(0).value<LayoutResult>();
        QCOMPARE(r.generation, second);
        QCOMPARE(r.centers.size(), small.nodeSizes.size());
        QCOMPARE(engine.droppedCount(), 1);

        // cancel() drops what is running.
        spy.clear();
        engine.request(small);
        engine.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!engine.isBusy(), 30000);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(engine.droppedCount(), 2);
    }
};

QTEST_GUILESS_MAIN(TestGraphLayout)
#include "tst_graphlayout.moc"
