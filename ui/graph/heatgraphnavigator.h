#pragma once

#include <QObject>
#include <QPair>

#include <optional>

class QMenu;

namespace hpx::ui {

class HeatColoring;
class HeatGraphCanvas;
class HeatGraphScene;
class OperatorNodeItem;

// Moving around the heat graph's drawn nodes: the selection (and its echo-free sync with the table
// and charts), search by op or index, the keyboard walk through the operators, and the hottest nodes
// (next / previous in descending value, the top-N list). A node it selects is centred, zooming in
// first if its label would be unreadable. Switching subgraphs is the view's business: this class
// only knows the nodes that are drawn.
class HeatGraphNavigator : public QObject {
    Q_OBJECT
public:
    HeatGraphNavigator(HeatGraphScene *scene, HeatGraphCanvas *canvas, const HeatColoring *coloring, QObject *parent);

    // (subgraph, index) of the selected node, or nullopt.
    std::optional<QPair<int, int>> selected() const;
    // Selects the node and centres it; emits nothing (a sync from elsewhere must not echo).
    void select(OperatorNodeItem *node);
    // The same for the shown subgraph's node, emitting operatorSelected (a move made here).
    bool selectAndEmit(int sourceIndex);

    // Finds the next node of the shown subgraph after the selection whose op type contains text or
    // whose index is text ("12" or "#12"). False if none matches.
    bool find(const QString &text);
    // Up/Down (delta ±1) walk the shown subgraph's operators in order; toEnd jumps to its first/last.
    void step(int delta, bool toEnd);
    // The next (1) or previous (-1) node in descending value of the current counter, from the selection.
    bool nextHottest(int step);
    // Next / previous and the top 10 with their share of the subgraph, for the Hottest button.
    void fillHottestMenu(QMenu *menu);

Q_SIGNALS:
    // A node was selected here or by a click in the scene.
    void operatorSelected(int subgraph, int sourceIndex);

private:
    void onSceneSelectionChanged();

    HeatGraphScene *m_scene;
    HeatGraphCanvas *m_canvas;
    const HeatColoring *m_coloring;
    bool m_syncing = false;
};

} // namespace hpx::ui
