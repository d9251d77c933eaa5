#include "ui/graph/graphlayout.h"

#include "ui/graph/layeredlayout.h"

#include <QHash>

#include <algorithm>

namespace hpx::ui {

QVector<QPair<int, int>> dataflowEdges(const model::SubgraphInfo &subgraph)
{
    QHash<int, int> producer; // tensor -> operator that writes it
    for (const auto &op : subgraph.operators)
        for (int t : op.outputs)
            if (t >= 0)
                producer.insert(t, op.index >= 0 ? op.index : 0);
    QVector<QPair<int, int>> edges;
    QHash<qint64, bool> seen;
    const int n = subgraph.operators.size();
    for (int i = 0; i < n; ++i) {
        for (int t : subgraph.operators.at(i).inputs) {
            const auto it = producer.constFind(t);
            if (t < 0 || it == producer.constEnd())
                continue;
            const int from = it.value();
            if (from == i || from < 0 || from >= n)
                continue;
            const qint64 key = (qint64(from) << 32) | quint32(i);
            if (seen.contains(key))
                continue;
            seen.insert(key, true);
            edges.append({ from, i });
        }
    }
    return edges;
}

// Called subgraphs expanded in place (LayoutInput::groups): each body is laid out on its own (with
// its own expanded calls, recursively), its caller's node becomes a slot large enough for the node
// and its framed groups, the calling graph is laid out with that slot, and the node and frames are
// then placed inside it: top to bottom the frames sit side by side under the node, left to right
// they are stacked to its right. Edges into the caller end at the node; edges out of it leave below
// (or to the right of) its groups, where the called work is done. Deterministic, like the flat layout.
namespace {
constexpr double kFramePad = 12; // between the frame and its body's nodes
constexpr double kGroupGap = 16; // between the caller's node and its groups, and between groups

struct Slot {
    QSizeF node;
    QSizeF slot;
    QVector<int> groups; // indices into LayoutInput::groups / LayoutResult::groups
};

QRectF frameFor(const LayoutGroupInput &g, const LayoutResult &body)
{
    const QRectF b = body.bounds.isValid() ? body.bounds : QRectF(0, 0, 0, 0);
    const double w = std::max(b.width(), g.title.width()) + 2 * kFramePad;
    const double h = b.height() + g.title.height() + 2 * kFramePad;
    return QRectF(0, 0, w, h);
}

void shift(LayoutGroup &group, const QPointF &by)
{
    group.frame.translate(by);
    group.from += by;
    group.to += by;
    for (QPointF &c : group.centers)
        c += by;
    for (EdgeRoute &e : group.edges) {
        for (QPointF &p : e.bezier)
            p += by;
        e.arrowTip += by;
    }
}

// Moves a group's frame to frameTopLeft and its body (with the groups nested in it) under the title,
// centred in the frame.
void moveGroup(LayoutGroup &group, QVector<LayoutGroup> &nested, const QRectF &body, const QPointF &frameTopLeft,
    double titleHeight)
{
    const QPointF origin(frameTopLeft.x() + (group.frame.width() - body.width()) / 2 - body.left(),
        frameTopLeft.y() + titleHeight + kFramePad - body.top());
    const QRectF frame(frameTopLeft, group.frame.size());
    shift(group, origin);
    group.frame = frame;
    for (LayoutGroup &n : nested)
        shift(n, origin);
}

} // namespace

LayoutResult computeLayout(const LayoutInput &input, const LayoutOptions &options)
{
    if (input.groups.empty())
        return detail::flatLayout(input, options);
    const int n = input.nodeSizes.size();
    const bool leftToRight = options.direction == LayoutOptions::Direction::LeftToRight;

    // Bodies first (never wrapped: a body is read as one piece next to its caller).
    LayoutOptions bodyOptions = options;
    bodyOptions.targetAspect = 0;
    QVector<LayoutGroup> groups;
    QVector<QVector<LayoutGroup>> nested; // per group: the groups expanded inside its body, body coordinates
    QVector<QRectF> bodyBounds;
    QHash<int, Slot> callerSlots;
    for (int k = 0; k < int(input.groups.size()); ++k) {
        const LayoutGroupInput &g = input.groups.at(k);
        LayoutGroup group;
        group.caller = g.caller;
        group.subgraph = g.subgraph;
        if (g.caller < 0 || g.caller >= n) {
            groups.append(group); // keeps the order; nothing to place
            nested.append(QVector<LayoutGroup>());
            bodyBounds.append(QRectF());
            continue;
        }
        const LayoutResult body = computeLayout(g.body, bodyOptions);
        group.centers = body.centers;
        group.edges = body.edges;
        group.frame = frameFor(g, body);
        groups.append(group);
        nested.append(body.groups);
        bodyBounds.append(body.bounds.isValid() ? body.bounds : QRectF(0, 0, 0, 0));
        Slot &slot = callerSlots[g.caller];
        slot.node = input.nodeSizes.at(g.caller);
        slot.groups.append(k);
    }

    // The caller's slot: its node and, beside it in the flow direction, its groups side by side.
    LayoutInput flat;
    flat.nodeSizes = input.nodeSizes;
    flat.edges = input.edges;
    for (auto it = callerSlots.begin(); it != callerSlots.end(); ++it) {
        double along = 0, across = 0; // the groups' extent along the flow and across it
        for (int k : std::as_const(it->groups)) {
            const QSizeF f = groups.at(k).frame.size();
            along = std::max(along, leftToRight ? f.width() : f.height());
            across += (across > 0 ? kGroupGap : 0) + (leftToRight ? f.height() : f.width());
        }
        const QSizeF node = it->node;
        it->slot = leftToRight ? QSizeF(node.width() + kGroupGap + along, std::max(node.height(), across))
                               : QSizeF(std::max(node.width(), across), node.height() + kGroupGap + along);
        flat.nodeSizes[it.key()] = it->slot;
    }
    LayoutResult result = detail::flatLayout(flat, options);
    if (result.centers.size() != n)
        return result; // a warning (bad edge): nothing to place

    // Node and frames inside each slot.
    QList<int> callers = callerSlots.keys();
    std::sort(callers.begin(), callers.end());
    for (int caller : std::as_const(callers)) {
        const Slot &slot = callerSlots.value(caller);
        const QPointF c = result.centers.at(caller);
        const QRectF s(
            c.x() - slot.slot.width() / 2, c.y() - slot.slot.height() / 2, slot.slot.width(), slot.slot.height());
        double across = 0;
        for (int k : slot.groups)
            across += (across > 0 ? kGroupGap : 0)
                + (leftToRight ? groups.at(k).frame.height() : groups.at(k).frame.width());
        QRectF node(QPointF(), slot.node);
        if (leftToRight) {
            node.moveCenter(QPointF(s.left() + slot.node.width() / 2, c.y()));
            double y = c.y() - across / 2;
            for (int k : slot.groups) {
                LayoutGroup &g = groups[k];
                moveGroup(g, nested[k], bodyBounds.at(k), QPointF(node.right() + kGroupGap, y),
                    input.groups.at(k).title.height());
                g.from = QPointF(node.right(), node.center().y());
                g.to = QPointF(g.frame.left(), g.frame.center().y());
                y += g.frame.height() + kGroupGap;
            }
        } else {
            node.moveCenter(QPointF(c.x(), s.top() + slot.node.height() / 2));
            double x = c.x() - across / 2;
            for (int k : slot.groups) {
                LayoutGroup &g = groups[k];
                moveGroup(g, nested[k], bodyBounds.at(k), QPointF(x, node.bottom() + kGroupGap),
                    input.groups.at(k).title.height());
                g.from = QPointF(node.center().x(), node.bottom());
                g.to = QPointF(g.frame.center().x(), g.frame.top());
                x += g.frame.width() + kGroupGap;
            }
        }
        result.centers[caller] = node.center();
    }
    // This graph's groups keep LayoutInput::groups' order; the groups nested in their bodies follow,
    // each naming the group whose body holds its caller.
    result.groups = groups;
    for (int k = 0; k < groups.size(); ++k) {
        const int base = int(result.groups.size());
        for (LayoutGroup g : std::as_const(nested.at(k))) {
            g.parent = g.parent < 0 ? k : base + g.parent;
            result.groups.append(g);
        }
    }
    for (const LayoutGroup &g : std::as_const(groups))
        if (g.frame.isValid())
            result.bounds = result.bounds.united(g.frame);
    return result;
}

GraphLayoutEngine::GraphLayoutEngine(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<hpx::ui::LayoutResult>();
}

GraphLayoutEngine::~GraphLayoutEngine() = default;

quint64 GraphLayoutEngine::request(LayoutInput input, LayoutOptions options)
{
    return m_jobs.run([input = std::move(input), options] { return computeLayout(input, options); },
        [this](LayoutResult result) {
            result.generation = m_jobs.generation(); // delivered only while it is the latest
            Q_EMIT layoutReady(result);
        });
}

void GraphLayoutEngine::cancel()
{
    m_jobs.cancel();
}

} // namespace hpx::ui
