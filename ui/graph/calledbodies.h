#pragma once

#include "ui/common/resultviewdata.h"
#include "ui/graph/graphlayout.h"
#include "ui/graph/nodepath.h"

#include <QCoreApplication>
#include <QFont>
#include <QSet>

#include <optional>
#include <vector>

namespace hpx::ui {

// The subgraphs operators run (a WHILE's cond and body, IF branches, CALL_ONCE's init) and which of
// them the heat graph draws in place: the calls of the shown subgraph's operators and, inside a body
// drawn in place, the calls of its operators, at any depth. A subgraph already open on the way down to
// a caller is not drawn inside it again, so a recursion cycle ends there (and is opened on its own
// with a double-click). It builds the layout's input: the shown graph with a group per body drawn.
class CalledBodies {
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::CalledBodies)
public:
    // Both forget what was expanded.
    void setModel(ModelPtr model);
    void setShown(int subgraph);
    int shown() const { return m_shown; }

    // The subgraphs operator (subgraph, index) runs, in the model's order (those that exist).
    QVector<int> calledSubgraphs(int subgraph, int index) const;
    // The first operator (subgraph, index) that calls subgraph, if any.
    std::optional<QPair<int, int>> callerOf(int subgraph) const;
    // The subgraph a double-click opens: `which` of the calls, or with -1 a WHILE's body (its work),
    // else the first. -1 if the operator calls nothing.
    int openTarget(int subgraph, int index, int which = -1) const;
    // "runs cond, body": the line a caller's node shows; empty for other operators.
    QString calledText(int subgraph, int index) const;
    QString title(int subgraph) const; // a group frame's title
    QString operatorLabel(int subgraph, int index) const; // op type, or a CUSTOM op's code

    // The calls of the node that can be drawn inside it: not the subgraphs open on its path.
    QVector<int> expandable(const NodePath &node) const;
    // False if the node has nothing to expand. Folding a node folds the callers inside it too.
    bool setExpanded(const NodePath &node, bool expanded);
    bool isExpanded(const NodePath &node) const { return m_expanded.contains(node); }
    void collapseAll() { m_expanded.clear(); }
    // True if an operator of subgraph is drawn inside an expanded caller.
    bool isDrawnInPlace(int subgraph) const;
    // The subgraphs drawn in place, each once, in drawing order.
    QVector<int> drawnBodies() const;

    // The layout input of the shown subgraph with its bodies drawn in place, nested as they are
    // expanded; node sizes for font.
    LayoutInput layoutInput(const QFont &font) const;

private:
    // The expanded callers drawn in the body that `steps` leads to (index order), and the subgraphs
    // open on that path.
    void addGroups(std::vector<LayoutGroupInput> &out, const QVector<QPair<int, int>> &steps, int subgraph,
        const QFont *font, QVector<int> *drawn) const;

    ModelPtr m_model;
    int m_shown = 0;
    QSet<NodePath> m_expanded;
};

} // namespace hpx::ui
