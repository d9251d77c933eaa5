#include "ui/graph/calledbodies.h"

#include "ui/graph/heatgraphitems.h"

#include <QHash>

#include <algorithm>

namespace hpx::ui {

void CalledBodies::setModel(ModelPtr model)
{
    m_model = std::move(model);
    m_shown = 0;
    m_expanded.clear();
}

void CalledBodies::setShown(int subgraph)
{
    m_shown = subgraph;
    m_expanded.clear(); // callers of another subgraph
}

QVector<int> CalledBodies::calledSubgraphs(int subgraph, int index) const
{
    if (!m_model || subgraph < 0 || subgraph >= m_model->subgraphs.size())
        return {};
    const auto &ops = m_model->subgraphs.at(subgraph).operators;
    QVector<int> out;
    if (index >= 0 && index < ops.size())
        for (int s : ops.at(index).calledSubgraphs)
            if (s >= 0 && s < m_model->subgraphs.size())
                out.append(s);
    return out;
}

std::optional<QPair<int, int>> CalledBodies::callerOf(int subgraph) const
{
    if (!m_model)
        return std::nullopt;
    for (const auto &sg : m_model->subgraphs)
        for (const auto &op : sg.operators)
            if (sg.index != subgraph && op.calledSubgraphs.contains(subgraph))
                return QPair<int, int>(sg.index, op.index);
    return std::nullopt;
}

int CalledBodies::openTarget(int subgraph, int index, int which) const
{
    const QVector<int> called = calledSubgraphs(subgraph, index);
    if (called.isEmpty())
        return -1;
    if (which < 0) // a WHILE's work is in its body (cond, body); anything else: its first
        which = m_model->subgraphs.at(subgraph).operators.at(index).op == QLatin1String("WHILE") && called.size() > 1
            ? 1
            : 0;
    return called.value(std::clamp(which, 0, int(called.size()) - 1));
}

QString CalledBodies::calledText(int subgraph, int index) const
{
    const QVector<int> called = calledSubgraphs(subgraph, index);
    if (called.isEmpty())
        return {};
    QStringList names;
    for (int s : called)
        names.append(subgraphLabel(m_model.get(), s));
    return tr("runs %1").arg(names.join(QStringLiteral(", ")));
}

QString CalledBodies::title(int subgraph) const
{
    return tr("%1 (%n op(s))", nullptr, int(m_model->subgraphs.at(subgraph).operators.size()))
        .arg(subgraphLabel(m_model.get(), subgraph));
}

QString CalledBodies::operatorLabel(int subgraph, int index) const
{
    const auto &op = m_model->subgraphs.at(subgraph).operators.at(index);
    return op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty() ? op.customCode : op.op;
}

QVector<int> CalledBodies::expandable(const NodePath &node) const
{
    QVector<int> open { m_shown };
    for (const auto &step : node.steps)
        open.append(step.second);
    QVector<int> out;
    for (int s : calledSubgraphs(node.subgraph(m_shown), node.index))
        if (!open.contains(s))
            out.append(s);
    return out;
}

bool CalledBodies::setExpanded(const NodePath &node, bool expanded)
{
    if (expandable(node).isEmpty())
        return false;
    if (expanded) {
        m_expanded.insert(node);
    } else {
        m_expanded.remove(node);
        m_expanded.removeIf([&node](const NodePath &p) { return p.isInside(node); });
    }
    return true;
}

bool CalledBodies::isDrawnInPlace(int subgraph) const
{
    return subgraph != m_shown && drawnBodies().contains(subgraph);
}

QVector<int> CalledBodies::drawnBodies() const
{
    QVector<int> drawn;
    std::vector<LayoutGroupInput> groups;
    addGroups(groups, {}, m_shown, nullptr, &drawn);
    return drawn;
}

LayoutInput CalledBodies::layoutInput(const QFont &font) const
{
    LayoutInput input;
    if (!m_model || m_shown < 0 || m_shown >= m_model->subgraphs.size())
        return input;
    const auto &sg = m_model->subgraphs.at(m_shown);
    input.nodeSizes.reserve(sg.operators.size());
    QHash<QString, QSizeF> cache; // sizes differ by op name and index digits only
    for (int i = 0; i < sg.operators.size(); ++i) {
        const QString label = operatorLabel(m_shown, i);
        const bool calls = !sg.operators.at(i).calledSubgraphs.isEmpty();
        const QString key = label + QLatin1Char('/') + QString::number(QString::number(i).size())
            + (calls ? QStringLiteral("/c") : QString());
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.insert(key, OperatorNodeItem::preferredSize(label, i, font, calls));
        input.nodeSizes.append(it.value());
    }
    input.edges = dataflowEdges(sg);
    addGroups(input.groups, {}, m_shown, &font, nullptr);
    return input;
}

void CalledBodies::addGroups(std::vector<LayoutGroupInput> &out, const QVector<QPair<int, int>> &steps, int subgraph,
    const QFont *font, QVector<int> *drawn) const
{
    if (!m_model || m_expanded.isEmpty())
        return;
    QList<int> callers; // expanded operators of this body, in index order (a deterministic layout)
    for (const NodePath &p : m_expanded)
        if (p.steps == steps)
            callers.append(p.index);
    std::sort(callers.begin(), callers.end());
    for (int caller : std::as_const(callers)) {
        const NodePath callerPath { steps, caller };
        for (int s : expandable(callerPath)) {
            const auto &sg = m_model->subgraphs.at(s);
            if (drawn && !drawn->contains(s))
                drawn->append(s);
            LayoutGroupInput g;
            g.caller = caller;
            g.subgraph = s;
            if (font) {
                for (int i = 0; i < sg.operators.size(); ++i)
                    g.body.nodeSizes.append(OperatorNodeItem::preferredSize(
                        operatorLabel(s, i), i, *font, !sg.operators.at(i).calledSubgraphs.isEmpty()));
                g.body.edges = dataflowEdges(sg);
                g.title = GroupFrameItem::titleSize(title(s), *font);
            }
            addGroups(g.body.groups, callerPath.into(s, 0).steps, s, font, drawn);
            out.push_back(std::move(g));
        }
    }
}

} // namespace hpx::ui
