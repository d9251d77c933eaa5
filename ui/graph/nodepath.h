#pragma once

#include <QHashFunctions>
#include <QPair>
#include <QVector>

namespace hpx::ui {

// Where an operator node of the heat graph is drawn. The shown subgraph's operator `index` has no
// steps; an operator of a called body drawn in place is reached through steps, from the shown
// subgraph down: each the calling operator's index in the graph drawn so far and the subgraph of its
// calls that is drawn there. The same subgraph can be drawn more than once (two callers of one body),
// so (subgraph, index) alone does not name a node of the scene.
struct NodePath {
    QVector<QPair<int, int>> steps; // (caller, subgraph)
    int index = -1;

    // The subgraph the node belongs to.
    int subgraph(int shown) const { return steps.isEmpty() ? shown : steps.last().second; }
    // Operator `index` of `subgraph`, run by this node and drawn inside it.
    NodePath into(int subgraph, int childIndex) const
    {
        NodePath p { steps, childIndex };
        p.steps.append({ index, subgraph });
        return p;
    }
    // True if this node is drawn inside the body that `caller`'s steps lead to (at any depth).
    bool isInside(const NodePath &caller) const
    {
        return steps.size() > caller.steps.size() && steps.mid(0, caller.steps.size()) == caller.steps
            && steps.at(caller.steps.size()).first == caller.index;
    }
    bool operator==(const NodePath &o) const { return index == o.index && steps == o.steps; }
    bool operator!=(const NodePath &o) const { return !(*this == o); }
};

inline size_t qHash(const NodePath &p, size_t seed = 0)
{
    return qHashMulti(seed, p.steps, p.index);
}

} // namespace hpx::ui
