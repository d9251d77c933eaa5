#pragma once

#include "model/tflite/modelinfo.h"
#include "ui/common/heatgradient.h"
#include "ui/graph/graphlayout.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;

namespace hpx::ui {

class CounterCombo;

// The heat graph's controls: counter and subgraph switchers, the way back to a called subgraph's
// caller, search, the Hottest menu, layout direction, overview, zoom and fit. It wraps into more rows
// when the pane is narrow (the default window gives the graph about 400 px): every control keeps its
// size hint instead of being squeezed or cut off. It reports what the user asked for; HeatGraphView
// does it.
class HeatGraphToolBar : public QWidget {
    Q_OBJECT
public:
    explicit HeatGraphToolBar(QWidget *parent = nullptr);

    CounterCombo *counterCombo() const { return m_counterCombo; }
    // The subgraphs of model with current selected (no subgraphChosen); hidden with one subgraph.
    void setSubgraphs(const model::ModelInfo *model, int current);
    // Selects subgraph in the switcher: subgraphChosen if it changed.
    void selectSubgraph(int subgraph);
    // The "↑ WHILE #3 in main" button, shown while a called subgraph is shown.
    void setCaller(const model::ModelInfo *model, const std::optional<QPair<int, int>> &caller);
    void setDirection(LayoutOptions::Direction direction); // no directionChosen
    void setScale(HeatScale scale); // no scaleChosen
    void setHottestEnabled(bool enabled);
    QMenu *hottestMenu() const;
    void focusSearch();

Q_SIGNALS:
    void subgraphChosen(int subgraph);
    void callerClicked();
    void searchRequested(const QString &text); // Return in the search field, trimmed, not empty
    void directionChosen(hpx::ui::LayoutOptions::Direction direction);
    void scaleChosen(hpx::ui::HeatScale scale);
    void overviewToggled(bool on);
    void fitClicked();
    void zoomInClicked();
    void zoomOutClicked();

private:
    CounterCombo *m_counterCombo;
    QComboBox *m_scaleCombo;
    QComboBox *m_subgraphCombo;
    QLabel *m_subgraphLabel;
    QLineEdit *m_search;
    QToolButton *m_hotButton;
    QToolButton *m_directionButton;
    QToolButton *m_callerButton;
};

} // namespace hpx::ui
