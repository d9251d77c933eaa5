#include "ui/graph/heatgraphview.h"

#include "ui/common/countercombo.h"
#include "ui/common/viewstate.h"
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphexport.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphnavigator.h"
#include "ui/graph/heatgraphscene.h"
#include "ui/graph/heatgraphtoolbar.h"
#include "ui/graph/heatminimap.h"

#include <QAction>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace hpx::ui {

HeatGraphView::HeatGraphView(QWidget *parent)
    : QWidget(parent)
    , m_toolBar(new HeatGraphToolBar(this))
    , m_scene(new HeatGraphScene(this))
    , m_legend(new HeatLegend(this))
    , m_status(new QLabel(this))
{
    m_view = new HeatGraphCanvas(m_scene, this);
    m_detailScale = std::make_unique<NodeDetailScale>(font());
    m_view->setDetailScale(m_detailScale.get());
    m_navigator = new HeatGraphNavigator(m_scene, m_view, &m_coloring, this);
    // Room for two rows of nodes at the least: the window's central view never gets lower than this, so a restored
    // layout with a tall Charts dock and the banner gives way in the docks, not in the graph (issue 37: 45 px at
    // scale 2 showed half a node).
    m_view->setMinimumHeight(minimumCanvasHeight());
    m_status->setForegroundRole(QPalette::PlaceholderText);
    auto *bottom = new QHBoxLayout;
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_legend, 1);
    bottom->addWidget(m_status);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    auto addShortcut = [this](const QList<QKeySequence> &keys, auto slot) {
        auto *a = new QAction(this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        QWidget::addAction(a);
    };
    addShortcut({ QKeySequence::Find }, [this] { m_toolBar->focusSearch(); });
    addShortcut({ QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal) }, [this] { zoomIn(); });
    addShortcut({ QKeySequence::ZoomOut }, [this] { zoomOut(); });
    addShortcut({ QKeySequence(Qt::CTRL | Qt::Key_0) }, [this] { resetZoom(); });
    // Keys on the canvas only (WidgetShortcut), so they do not steal typing in the search field. F fits;
    // Up/Down walk the operators in order (Left/Right still pan), Home/End jump to the ends; N / Shift+N
    // the hottest; E expands the selected caller in place. The table and charts follow as with a click.
    auto addCanvasKey = [this](const QKeySequence &key, auto slot) {
        auto *a = new QAction(this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetShortcut);
        connect(a, &QAction::triggered, this, slot);
        m_view->addAction(a);
    };
    addCanvasKey(QKeySequence(Qt::Key_F), [this] { fitToView(); });
    for (const auto &[key, delta, toEnd] :
        { std::tuple { Qt::Key_Down, 1, false }, std::tuple { Qt::Key_Up, -1, false },
            std::tuple { Qt::Key_End, 1, true }, std::tuple { Qt::Key_Home, -1, true } }) {
        addCanvasKey(QKeySequence(key), [this, delta = delta, toEnd = toEnd] {
            if (!m_layoutPending)
                m_navigator->step(delta, toEnd);
        });
    }
    addCanvasKey(QKeySequence(Qt::Key_N), [this] { selectNextHottest(1); });
    addCanvasKey(QKeySequence(Qt::SHIFT | Qt::Key_N), [this] { selectNextHottest(-1); });
    addCanvasKey(QKeySequence(Qt::Key_E), [this] {
        std::optional<NodePath> selected; // a copy: the new layout deletes the item
        for (QGraphicsItem *i : m_scene->selectedItems())
            if (i->type() == OperatorNodeItem::Type && !selected)
                selected = static_cast<OperatorNodeItem *>(i)->path();
        if (selected)
            toggle(*selected);
    });

    connect(m_toolBar->hottestMenu(), &QMenu::aboutToShow, this,
        [this] { m_navigator->fillHottestMenu(m_toolBar->hottestMenu()); });
    connect(m_toolBar, &HeatGraphToolBar::directionChosen, this, &HeatGraphView::setDirection);
    connect(m_toolBar, &HeatGraphToolBar::overviewToggled, this, [this](bool on) { minimap()->setEnabledByUser(on); });
    connect(m_toolBar, &HeatGraphToolBar::fitClicked, this, &HeatGraphView::fitToView);
    connect(m_toolBar, &HeatGraphToolBar::zoomInClicked, this, &HeatGraphView::zoomIn);
    connect(m_toolBar, &HeatGraphToolBar::zoomOutClicked, this, &HeatGraphView::zoomOut);
    connect(m_toolBar, &HeatGraphToolBar::callerClicked, this, [this] {
        if (const auto caller = callerOf(m_subgraph)) {
            selectOperator(caller->first, caller->second);
            Q_EMIT operatorSelected(caller->first, caller->second);
        }
    });
    connect(m_toolBar, &HeatGraphToolBar::searchRequested, this, [this](const QString &text) {
        if (!find(text))
            m_status->setText(tr("No operator matches “%1”").arg(text));
    });
    connect(m_toolBar->counterCombo(), &CounterCombo::counterChanged, this, [this](const QString &c) {
        if (c == m_counter)
            return;
        m_counter = c;
        m_metricChosen = !m_metricName.isEmpty() && c == m_metricName;
        m_coloring.setCounter(c);
        recolor();
        Q_EMIT currentCounterChanged(c);
    });
    connect(m_toolBar, &HeatGraphToolBar::scaleChosen, this, [this](HeatScale scale) {
        if (scale == m_coloring.scale())
            return;
        setScale(scale);
        Q_EMIT scaleChanged(scale);
    });
    connect(m_toolBar, &HeatGraphToolBar::subgraphChosen, this, [this](int s) {
        if (s == m_subgraph)
            return;
        m_subgraph = s;
        m_bodies.setShown(s);
        requestLayout();
        updateCaller();
        Q_EMIT currentSubgraphChanged(s);
    });
    connect(m_view, &HeatGraphCanvas::viewChanged, this, [this] {
        minimap()->viewChanged();
        // A wrapped layout is made for the pane's shape: lay it out again once the pane has changed a
        // lot (the dock was resized), after the user stopped resizing.
        const QSizeF pane = m_view->viewport()->size();
        if (m_layoutResult.bands > 1 && !m_layoutPending && pane.width() >= 200 && pane.height() >= 150
            && !m_layoutPane.isEmpty()) {
            const double aspectChange
                = std::abs(std::log((pane.width() / pane.height()) / (m_layoutPane.width() / m_layoutPane.height())));
            const double widthChange = std::abs(std::log(pane.width() / m_layoutPane.width()));
            if (aspectChange > std::log(1.4) || widthChange > std::log(1.4))
                m_relayoutTimer->start();
        }
    });
    m_relayoutTimer = new QTimer(this);
    m_relayoutTimer->setSingleShot(true);
    m_relayoutTimer->setInterval(400);
    connect(m_relayoutTimer, &QTimer::timeout, this, [this] {
        const auto keep = selectedOperator();
        requestLayout();
        if (keep)
            m_pendingSelection = keep;
    });
    // Far out a node is a plain rectangle, cheaper to draw than to cache (10,000 caches would be
    // re-rendered on every zoom step); closer, text is cached so panning only blits.
    connect(m_view, &HeatGraphCanvas::detailChanged, this, [this] {
        m_scene->setNodeCacheMode(
            currentDetail() == NodeDetail::Far ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache);
    });
    // A double-click opens what the node calls (a body's node: its own subgraph); the +/− box, the
    // context menu and E expand the calls in place.
    connect(m_view, &HeatGraphCanvas::nodeActivated, this, [this](int subgraph, int i) {
        if (subgraph == m_subgraph) {
            openCalledSubgraph(i);
        } else {
            m_pendingSelection = QPair<int, int>(subgraph, i);
            setCurrentSubgraph(subgraph);
        }
    });
    connect(m_view, &HeatGraphCanvas::toggleRequested, this, &HeatGraphView::toggle);
    connect(m_view, &HeatGraphCanvas::nodeMenuRequested, this, &HeatGraphView::showNodeMenu);
    connect(m_navigator, &HeatGraphNavigator::operatorSelected, this, &HeatGraphView::operatorSelected);
    connect(m_navigator, &HeatGraphNavigator::operatorSelected, this, &HeatGraphView::updateStatus);
    connect(&m_layoutEngine, &GraphLayoutEngine::layoutReady, this, &HeatGraphView::onLayoutReady);
    rebuildCombos();
    updateStatus();
}

HeatGraphView::~HeatGraphView()
{
    m_layoutEngine.cancel();
    // The scene is a child and dies after this destructor; its items' removal emits selectionChanged,
    // which must not reach a half-destroyed view or navigator.
    m_scene->disconnect(this);
    m_scene->disconnect(m_navigator);
    // Nor may the scene's destruction scroll the canvas, which reads m_detailScale (destroyed before the
    // children): detach it now, while everything is alive (ASan: heap-use-after-free in scrollContentsBy).
    m_view->setScene(nullptr);
}

void HeatGraphView::setModel(const model::ModelInfo &model)
{
    setModel(std::make_shared<const model::ModelInfo>(model));
}

void HeatGraphView::setResult(const model::ProfileResult &result)
{
    setResult(std::make_shared<const model::ProfileResult>(result));
}

void HeatGraphView::setModel(ModelPtr model)
{
    m_model = std::move(model);
    m_subgraph = 0;
    m_bodies.setModel(m_model);
    m_coloring.setModel(m_model);
    m_pendingSelection.reset();
    rebuildCombos();
    requestLayout();
    updateCaller();
}

void HeatGraphView::setResult(ResultPtr result)
{
    m_result = std::move(result);
    m_coloring.setResult(m_result);
    rebuildCombos();
    recolor();
}

void HeatGraphView::rebuildCombos()
{
    const QString before = m_counter;
    QStringList counters = m_result ? m_result->counters : QStringList();
    // The model's own metric comes after the run's counters and gives way to a new run's default unless chosen.
    const bool metricDefault = !m_metricName.isEmpty() && m_counter == m_metricName && !m_metricChosen;
    if (!m_metricName.isEmpty())
        counters.append(m_metricName);
    CounterCombo *combo = m_toolBar->counterCombo();
    m_counter = combo->setCounters(counters, metricDefault && counters.size() > 1 ? QString() : m_counter,
        m_result ? m_result->notCounted : QStringList(), m_result.get());
    if (!m_metricName.isEmpty()) {
        const int at = combo->findData(m_metricName);
        combo->setItemText(at, m_metricLabel);
        combo->setItemData(at, m_metricLabel, Qt::ToolTipRole);
    }
    m_coloring.setCounter(m_counter);
    if (m_counter != before && !m_counter.isEmpty())
        QMetaObject::invokeMethod(
            this, [this, c = m_counter] { Q_EMIT currentCounterChanged(c); }, Qt::QueuedConnection);
    m_toolBar->setSubgraphs(m_model.get(), m_subgraph);
}

void HeatGraphView::setModelMetric(
    const QString &name, const QString &label, QHash<int, QVector<std::optional<double>>> values)
{
    m_metricName = values.isEmpty() ? QString() : name;
    m_metricLabel = label;
    if (m_metricName.isEmpty())
        m_metricChosen = false;
    m_coloring.setModelMetric(m_metricName, label, std::move(values));
    rebuildCombos();
    recolor();
}

void HeatGraphView::bind(ViewState *state)
{
    connect(state, &ViewState::modelChanged, this, [this, state] { setModel(state->model()); });
    connect(state, &ViewState::resultChanged, this, [this, state] { setResult(state->result()); });
    connect(state, &ViewState::comparisonChanged, this, [this, state] { setCompareData(state->comparison()); });
    connect(state, &ViewState::modelMetricChanged, this,
        [this, state] { setModelMetric(state->modelMetricName(), state->modelMetricLabel(), state->modelMetric()); });
    connect(state, &ViewState::currentCounterChanged, this, &HeatGraphView::setCurrentCounter);
    connect(this, &HeatGraphView::currentCounterChanged, state, &ViewState::setCurrentCounter);
    state->bindSelection(this);
}

void HeatGraphView::setCurrentCounter(const QString &counter)
{
    m_toolBar->counterCombo()->selectCounter(counter); // recolours and emits through the combo
}

void HeatGraphView::setCurrentSubgraph(int subgraph)
{
    m_toolBar->selectSubgraph(subgraph);
}

void HeatGraphView::clearScene()
{
    minimap()->rebuild({}, {}); // holds node pointers
    m_view->setHotNodes({});
    m_scene->clearGraph();
}

void HeatGraphView::requestLayout()
{
    clearScene();
    m_layoutResult = {};
    m_layoutWarning.clear();
    if (!m_model || m_subgraph < 0 || m_subgraph >= m_model->subgraphs.size()) {
        m_layoutEngine.cancel();
        m_layoutPending = false;
        updateStatus();
        return;
    }
    LayoutInput input = m_bodies.layoutInput(font());
    LayoutOptions options;
    options.direction = m_direction;
    // The pane as it is now (or a typical one before the widget is shown): long chains wrap to fit it.
    QSizeF pane = m_view->viewport()->size();
    if (pane.width() < 200 || pane.height() < 150)
        pane = size().width() >= 300 && size().height() >= 200 ? QSizeF(size()) : QSizeF(900, 600);
    options.targetAspect = pane.width() / pane.height();
    m_layoutPane = pane;
    options.viewWidth = pane.width() - 20;
    options.minimapStrip = HeatMinimap::stripWidth(pane);
    options.readableZoom = m_detailScale->mediumFrom() * 1.01;
    m_layoutPending = true;
    updateStatus();
    m_layoutEngine.request(std::move(input), options);
}

void HeatGraphView::onLayoutReady(const LayoutResult &result)
{
    if (!m_model || m_subgraph >= m_model->subgraphs.size()
        || result.centers.size() != m_model->subgraphs.at(m_subgraph).operators.size())
        return; // belongs to a graph no longer shown
    m_layoutResult = result;
    m_layoutWarning = result.warning;
    m_layoutPending = false;
    buildScene();
    recolor();
    fitToView(); // readable start: the width, top of the graph first
    if (m_pendingSelection) {
        const auto sel = *m_pendingSelection;
        m_pendingSelection.reset();
        selectOperator(sel.first, sel.second);
    }
    updateStatus();
    Q_EMIT layoutFinished();
}

void HeatGraphView::buildScene()
{
    clearScene();
    m_scene->build(m_layoutResult, m_bodies, font(), m_detailScale.get());
    applyPalette();
    m_view->placeMinimap();
    m_view->forgetDetail();
}

void HeatGraphView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        recolor();
    } else if (event->type() == QEvent::FontChange) {
        m_detailScale = std::make_unique<NodeDetailScale>(font());
        m_view->setDetailScale(m_detailScale.get());
        requestLayout(); // node sizes follow the font
    }
}

QColor HeatGraphView::nodeColor(int sourceIndex) const
{
    const OperatorNodeItem *n = m_scene->node(sourceIndex);
    return n ? n->fill() : QColor();
}

bool HeatGraphView::nodeHasValue(int sourceIndex) const
{
    const OperatorNodeItem *n = m_scene->node(sourceIndex);
    return n && n->hasValue();
}

QString HeatGraphView::nodeToolTip(int sourceIndex) const
{
    const OperatorNodeItem *n = m_scene->node(sourceIndex);
    return n ? n->toolTip() : QString();
}

QPointF HeatGraphView::nodeCenter(int sourceIndex) const
{
    const OperatorNodeItem *n = m_scene->node(sourceIndex);
    return n ? n->pos() : QPointF();
}

QPointF HeatGraphView::nodeCenter(const NodePath &node) const
{
    const OperatorNodeItem *n = m_scene->node(node);
    return n ? n->pos() : QPointF();
}

QPointF HeatGraphView::bodyNodeCenter(int subgraph, int sourceIndex) const
{
    const OperatorNodeItem *n = m_scene->bodyNode(subgraph, sourceIndex);
    return n ? n->pos() : QPointF();
}

void HeatGraphView::updateStatus()
{
    QString text;
    if (!m_model)
        text = tr("Open a model to see its graph.");
    else if (m_layoutPending)
        text = tr("Laying out %n operator(s)…", nullptr, int(m_model->subgraphs.value(m_subgraph).operators.size()));
    else if (!m_layoutWarning.isEmpty())
        text = m_layoutWarning;
    // Without a result the legend already says how to colour the graph.
    m_status->setText(text);
}

// Colours

void HeatGraphView::setCompareData(const CompareData &data)
{
    m_coloring.setCompareData(data);
    recolor();
}

void HeatGraphView::setScale(HeatScale scale)
{
    m_toolBar->setScale(scale);
    m_coloring.setScale(scale);
    recolor();
}

void HeatGraphView::setColorFunction(ColorFunction function)
{
    m_coloring.setColorFunction(std::move(function));
    recolor();
}

void HeatGraphView::recolor()
{
    const QVector<OperatorNodeItem *> &nodes = m_scene->nodes();
    m_coloring.update(m_subgraph, m_bodies.drawnBodies(), !nodes.isEmpty(), palette());
    for (OperatorNodeItem *item : m_scene->allNodes()) {
        const NodeLook look = m_coloring.look(item->subgraph(), item->sourceIndex(), item->op());
        item->setAppearance(look.fill, look.text, look.border, look.selection, look.hasValue, look.valueText);
        item->setToolTip(look.toolTip);
    }
    m_scene->setGroupColors(m_coloring.groupFill(), m_coloring.groupBorder(), palette().color(QPalette::Text));
    m_coloring.updateLegend(m_legend);
    QVector<OperatorNodeItem *> hot;
    for (int i : m_coloring.hottest())
        hot.append(nodes.at(i));
    m_view->setHotNodes(hot);
    m_toolBar->setHottestEnabled(!hot.isEmpty());
    minimap()->rebuild(m_scene->allNodes(), m_scene->sceneRect());
}

void HeatGraphView::applyPalette()
{
    // Opaque (the text colour over the background) rather than translucent: Qt's raster engine spreads
    // a translucent fill of more than ~96 spans over its thread pool and waits for it, which made the
    // edges most of a pan or zoom frame on a large graph (bench_uiviews BM_PanZoomFrame); an opaque
    // colour is written in place.
    const QColor base = palette().color(QPalette::Base), text = palette().color(QPalette::Text);
    m_scene->setEdgeColor(QColor::fromRgbF(float(base.redF() + (text.redF() - base.redF()) * 0.55),
        float(base.greenF() + (text.greenF() - base.greenF()) * 0.55),
        float(base.blueF() + (text.blueF() - base.blueF()) * 0.55)));
    m_view->setBackgroundBrush(palette().color(QPalette::Base));
}

// Selection and moves (HeatGraphNavigator does the drawn nodes; switching subgraphs is done here)

std::optional<QPair<int, int>> HeatGraphView::selectedOperator() const
{
    return m_navigator->selected();
}

bool HeatGraphView::selectOperator(int subgraph, int sourceIndex)
{
    if (!m_model || subgraph < 0 || subgraph >= m_model->subgraphs.size() || sourceIndex < 0
        || sourceIndex >= m_model->subgraphs.at(subgraph).operators.size())
        return false;
    if (subgraph != m_subgraph && !m_bodies.isDrawnInPlace(subgraph)) {
        m_pendingSelection = QPair<int, int>(subgraph, sourceIndex);
        setCurrentSubgraph(subgraph);
        return true;
    }
    // The shown subgraph, or a body drawn in place: selected there instead of switching.
    if (!selectDrawn(subgraph, sourceIndex))
        m_pendingSelection = QPair<int, int>(subgraph, sourceIndex);
    return true;
}

bool HeatGraphView::selectDrawn(int subgraph, int sourceIndex)
{
    if (m_layoutPending)
        return false;
    OperatorNodeItem *node
        = subgraph == m_subgraph ? m_scene->node(sourceIndex) : m_scene->bodyNode(subgraph, sourceIndex);
    if (!node)
        return false;
    m_navigator->select(node);
    return true;
}

bool HeatGraphView::find(const QString &text)
{
    return m_navigator->find(text);
}

bool HeatGraphView::selectNextHottest(int step)
{
    return !m_layoutPending && m_navigator->nextHottest(step);
}

QSize HeatGraphView::minimumSizeHint() const
{
    QSize least = QWidget::minimumSizeHint();
    if (!isVisible())
        return least; // no width to flow in yet: a narrow default would count rows the pane never has
    const int w = width();
    const QLayout *box = QWidget::layout(); // layout() is the graph's
    const int spacing = box ? std::max(0, box->spacing()) : 0;
    // At most two rows: past them the tools go into the ⋯ menu (HeatGraphToolBar).
    const int row = m_toolBar->minimumSizeHint().height();
    const int toolBar = m_toolBar->layout() && m_toolBar->layout()->hasHeightForWidth()
        ? std::clamp(m_toolBar->layout()->heightForWidth(w), row, 2 * row)
        : row;
    const int legend = m_legend->heightForWidth(m_legend->width() > 0 ? m_legend->width() : w);
    least.setHeight(std::max(least.height(), toolBar + m_view->minimumHeight() + legend + 2 * spacing));
    return least;
}

void HeatGraphView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const int least = minimumSizeHint().height();
    if (least != m_minimumHeight) {
        m_minimumHeight = least;
        updateGeometry();
    }
}

void HeatGraphView::fitToView()
{
    if (!m_scene->nodes().isEmpty())
        m_view->fit();
}

// Called subgraphs

QVector<int> HeatGraphView::calledSubgraphs(int sourceIndex) const
{
    return m_bodies.calledSubgraphs(m_subgraph, sourceIndex);
}

bool HeatGraphView::openCalledSubgraph(int sourceIndex, int which)
{
    const int target = m_bodies.openTarget(m_subgraph, sourceIndex, which);
    if (target < 0)
        return false;
    setCurrentSubgraph(target);
    return currentSubgraph() == target;
}

std::optional<QPair<int, int>> HeatGraphView::callerOf(int subgraph) const
{
    return m_bodies.callerOf(subgraph);
}

bool HeatGraphView::isDrawnInPlace(int subgraph) const
{
    return m_bodies.isDrawnInPlace(subgraph);
}

bool HeatGraphView::setExpanded(int sourceIndex, bool expanded)
{
    return setExpanded(NodePath { {}, sourceIndex }, expanded);
}

bool HeatGraphView::setExpanded(const NodePath &path, bool expanded)
{
    const NodePath node = path; // path may be a drawn item's, which the new layout deletes
    if (m_bodies.expandable(node).isEmpty())
        return false;
    if (expanded == m_bodies.isExpanded(node))
        return true;
    m_bodies.setExpanded(node, expanded);
    // The groups change the caller's place in the graph: a new layout, keeping the selection (or
    // selecting the caller when the selection is no longer drawn).
    const auto keep = selectedOperator();
    requestLayout();
    const int subgraph = node.subgraph(m_subgraph);
    m_pendingSelection = keep && (keep->first == m_subgraph || m_bodies.isDrawnInPlace(keep->first))
        ? *keep
        : QPair<int, int>(subgraph, node.index);
    return true;
}

void HeatGraphView::toggle(NodePath node)
{
    setExpanded(node, !isExpanded(node));
}

void HeatGraphView::showNodeMenu(const QPoint &viewportPos)
{
    OperatorNodeItem *node = nullptr;
    for (QGraphicsItem *i : m_view->items(viewportPos))
        if (i->type() == OperatorNodeItem::Type && !node)
            node = static_cast<OperatorNodeItem *>(i);
    if (!node)
        return;
    const NodePath path = node->path();
    const int s = node->subgraph(), index = node->sourceIndex();
    QMenu menu(this);
    if (!m_bodies.expandable(path).isEmpty()) {
        const bool open = isExpanded(path);
        menu.addAction(open ? tr("Hide Called Subgraphs (E)") : tr("Show Called Subgraphs Here (E)"), this,
            [this, path, open] { setExpanded(path, !open); });
    }
    if (s == m_subgraph) {
        const QVector<int> called = calledSubgraphs(index);
        for (int k = 0; k < called.size(); ++k)
            menu.addAction(tr("Open %1").arg(subgraphLabel(m_model.get(), called.at(k))), this,
                [this, index, k] { openCalledSubgraph(index, k); });
    } else {
        menu.addAction(tr("Open %1").arg(subgraphLabel(m_model.get(), s)), this, [this, s, index] {
            m_pendingSelection = QPair<int, int>(s, index);
            setCurrentSubgraph(s);
        });
    }
    if (!menu.isEmpty())
        menu.exec(m_view->viewport()->mapToGlobal(viewportPos));
}

void HeatGraphView::updateCaller()
{
    m_toolBar->setCaller(m_model.get(), callerOf(m_subgraph));
}

void HeatGraphView::setDirection(LayoutOptions::Direction direction)
{
    if (direction == m_direction)
        return;
    m_direction = direction;
    m_toolBar->setDirection(direction);
    const auto keep = selectedOperator();
    requestLayout();
    if (keep)
        m_pendingSelection = keep;
}

// Export

QRectF HeatGraphView::exportRect() const
{
    return heatGraphExportRect(*m_scene, *m_legend);
}

void HeatGraphView::renderForExport(QPainter *painter, const QRectF &target) const
{
    renderHeatGraph(*m_scene, *m_legend, palette(), painter, target);
}

} // namespace hpx::ui
