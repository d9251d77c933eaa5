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
// caller, search, the Hottest menu, colour scale, layout direction, overview, zoom and fit. It wraps into
// more rows when the pane is narrow (the default window gives the graph about 400 px): every control keeps
// its size hint instead of being squeezed or cut off. Past two rows (or a fifth of the pane's height, if that
// is more) the graph itself would shrink to a strip (scale 2 on a 1440x900 screen gave it five rows), so the
// controls that have keys or a wheel as well go, in order, into a "⋯" menu: zoom and fit, then direction and
// overview, then the colour scale, then Hottest.
// It reports what the user asked for; HeatGraphView does it.
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
    // The "⋯" button, shown when some controls moved into its menu, and whether a control's group is shown.
    QToolButton *moreButton() const { return m_moreButton; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

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
    // Shows every group that fits in two rows at the current width, in the order they go into the menu.
    void fitControls();
    void fillMoreMenu(QMenu *menu);

    CounterCombo *m_counterCombo;
    QComboBox *m_scaleCombo;
    QComboBox *m_subgraphCombo;
    QLabel *m_subgraphLabel;
    QLineEdit *m_search;
    QToolButton *m_hotButton;
    QToolButton *m_directionButton;
    QToolButton *m_callerButton;
    QToolButton *m_overviewButton;
    QToolButton *m_zoomInButton;
    QToolButton *m_zoomOutButton;
    QToolButton *m_fitButton;
    QToolButton *m_moreButton;
    // The groups that may go into the "⋯" menu, first to go first.
    QWidget *m_zoomGroup = nullptr;
    QWidget *m_viewGroup = nullptr;
    QWidget *m_hotGroup = nullptr;
    bool m_fitting = false;
};

} // namespace hpx::ui
