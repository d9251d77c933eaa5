#include "ui/graph/heatgraphview.h"

#include "ui/common/flowlayout.h"
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatminimap.h"
#include "ui/run/countercombo.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>

namespace hpx::ui {

HeatGraphView::HeatGraphView(QWidget *parent)
    : QWidget(parent)
    , m_counterCombo(new CounterCombo(this))
    , m_subgraphCombo(new QComboBox(this))
    , m_subgraphLabel(new QLabel(tr("Subgraph:"), this))
    , m_search(new QLineEdit(this))
    , m_fitButton(new QToolButton(this))
    , m_hotButton(new QToolButton(this))
    , m_directionButton(new QToolButton(this))
    , m_overviewButton(new QToolButton(this))
    , m_callerButton(new QToolButton(this))
    , m_scene(new QGraphicsScene(this))
    , m_legend(new HeatLegend(this))
    , m_status(new QLabel(this))
{
    m_view = new HeatGraphCanvas(m_scene, this);
    m_detailScale = std::make_unique<NodeDetailScale>(font());
    m_view->setDetailScale(m_detailScale.get());
    m_scene->setItemIndexMethod(QGraphicsScene::BspTreeIndex);

    m_counterCombo->setToolTip(tr("Counter that colours the nodes"));
    m_counterCombo->setPlaceholderText(tr("none yet"));
    m_subgraphCombo->setToolTip(tr("Subgraph to show"));
    m_subgraphCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_subgraphCombo->setMinimumContentsLength(12); // the popup shows the full names
    m_search->setPlaceholderText(tr("Find op or #index (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    // The switchers keep their full text; the search field takes what is left of its row, but never less
    // than a readable width.
    m_counterCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_subgraphCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 12);
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Fit the graph's width in the view at a readable size (F)"));
    // The style's menu arrow is drawn over the end of the text: a drawn-in arrow instead.
    m_hotButton->setText(tr("Hottest") + QStringLiteral(" ▾"));
    m_hotButton->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; width: 0px; }"));
    m_hotButton->setToolTip(tr("Jump to the hottest operators (N: next, Shift+N: previous)"));
    m_hotButton->setPopupMode(QToolButton::InstantPopup);
    m_hotButton->setMenu(new QMenu(m_hotButton));
    connect(m_hotButton->menu(), &QMenu::aboutToShow, this, &HeatGraphView::showHottestMenu);
    m_directionButton->setCheckable(true);
    m_directionButton->setText(QStringLiteral("↓"));
    m_directionButton->setToolTip(tr("Layout direction: top to bottom; click for left to right"));
    m_overviewButton->setCheckable(true);
    m_overviewButton->setChecked(true);
    m_overviewButton->setText(tr("Overview"));
    m_overviewButton->setToolTip(tr("Show the minimap of the whole graph when it does not fit the view"));
    auto *zoomInButton = new QToolButton(this);
    zoomInButton->setText(QStringLiteral("+"));
    zoomInButton->setToolTip(tr("Zoom in (Ctrl++)"));
    auto *zoomOutButton = new QToolButton(this);
    zoomOutButton->setText(QStringLiteral("−"));
    zoomOutButton->setToolTip(tr("Zoom out (Ctrl+-)"));
    m_status->setForegroundRole(QPalette::PlaceholderText);

    // The toolbar wraps into more rows when the pane is narrow (the default window gives the graph
    // about 400 px): every control keeps its size hint instead of being squeezed or cut off. A label
    // stays with its combo box, the zoom buttons stay together.
    auto *bar = new FlowLayout(nullptr, 4);
    bar->setContentsMargins(0, 0, 0, 0);
    auto group = [this](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget(this);
        auto *row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        for (QWidget *w : widgets)
            row->addWidget(w);
        return box;
    };
    bar->addWidget(group({ new QLabel(tr("Counter:"), this), m_counterCombo }));
    bar->addWidget(group({ m_subgraphLabel, m_subgraphCombo }));
    bar->addWidget(m_callerButton);
    bar->addWidget(m_search);
    bar->addWidget(group({ m_hotButton, m_directionButton, m_overviewButton }));
    bar->addWidget(group({ zoomOutButton, zoomInButton, m_fitButton }));
    auto *bottom = new QHBoxLayout;
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_legend, 1);
    bottom->addWidget(m_status);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    auto addShortcut = [this](const QList<QKeySequence> &keys, auto slot) {
        auto *a = new QAction(this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        QWidget::addAction(a);
    };
    addShortcut({ QKeySequence::Find }, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
    addShortcut({ QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal) }, [this] { zoomIn(); });
    addShortcut({ QKeySequence::ZoomOut }, [this] { zoomOut(); });
    addShortcut({ QKeySequence(Qt::CTRL | Qt::Key_0) }, [this] { resetZoom(); });
    // "F" only while the canvas has focus, so it does not steal typing in the search field.
    auto *fit = new QAction(this);
    fit->setShortcut(QKeySequence(Qt::Key_F));
    fit->setShortcutContext(Qt::WidgetShortcut);
    connect(fit, &QAction::triggered, this, &HeatGraphView::fitToView);
    m_view->addAction(fit);
    // Up/Down walk the operators in order from the keyboard (Left/Right still pan), Home/End jump to the
    // ends; the table and charts follow as with a click.
    auto addStep = [this](const QKeySequence &key, int delta, bool toEnd) {
        auto *a = new QAction(this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetShortcut);
        connect(a, &QAction::triggered, this, [this, delta, toEnd] { stepSelection(delta, toEnd); });
        m_view->addAction(a);
    };
    addStep(QKeySequence(Qt::Key_Down), 1, false);
    addStep(QKeySequence(Qt::Key_Up), -1, false);
    addStep(QKeySequence(Qt::Key_End), 1, true);
    addStep(QKeySequence(Qt::Key_Home), -1, true);
    auto addHot = [this](const QKeySequence &key, int step) {
        auto *a = new QAction(this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetShortcut);
        connect(a, &QAction::triggered, this, [this, step] { selectNextHottest(step); });
        m_view->addAction(a);
    };
    addHot(QKeySequence(Qt::Key_N), 1);
    addHot(QKeySequence(Qt::SHIFT | Qt::Key_N), -1);
    connect(m_directionButton, &QToolButton::toggled, this, [this](bool on) {
        setDirection(on ? LayoutOptions::Direction::LeftToRight : LayoutOptions::Direction::TopToBottom);
    });
    connect(m_overviewButton, &QToolButton::toggled, this, [this](bool on) { minimap()->setEnabledByUser(on); });
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
        const auto mode
            = currentDetail() == NodeDetail::Far ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache;
        for (OperatorNodeItem *n : std::as_const(m_nodes))
            n->setCacheMode(mode);
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
    connect(m_view, &HeatGraphCanvas::toggleRequested, this, [this](int i) { setExpanded(i, !isExpanded(i)); });
    connect(m_view, &HeatGraphCanvas::nodeMenuRequested, this, &HeatGraphView::showNodeMenu);
    auto *expand = new QAction(this);
    expand->setShortcut(QKeySequence(Qt::Key_E));
    expand->setShortcutContext(Qt::WidgetShortcut);
    connect(expand, &QAction::triggered, this, [this] {
        const auto sel = selectedOperator();
        if (sel && sel->first == m_subgraph)
            setExpanded(sel->second, !isExpanded(sel->second));
    });
    m_view->addAction(expand);
    connect(m_callerButton, &QToolButton::clicked, this, [this] {
        if (const auto caller = callerOf(m_subgraph)) {
            selectOperator(caller->first, caller->second);
            Q_EMIT operatorSelected(caller->first, caller->second);
        }
    });

    connect(m_fitButton, &QToolButton::clicked, this, &HeatGraphView::fitToView);
    connect(zoomInButton, &QToolButton::clicked, this, &HeatGraphView::zoomIn);
    connect(zoomOutButton, &QToolButton::clicked, this, &HeatGraphView::zoomOut);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (!m_search->text().trimmed().isEmpty() && !find(m_search->text()))
            m_status->setText(tr("No operator matches “%1”").arg(m_search->text().trimmed()));
    });
    connect(m_counterCombo, &CounterCombo::counterChanged, this, [this](const QString &c) {
        if (c == m_counter)
            return;
        m_counter = c;
        recolor();
        Q_EMIT currentCounterChanged(c);
    });
    connect(m_subgraphCombo, &QComboBox::currentIndexChanged, this, [this] {
        const int s = m_subgraphCombo->currentData().toInt();
        if (s == m_subgraph)
            return;
        m_subgraph = s;
        m_expanded.clear(); // callers of another subgraph
        requestLayout();
        updateCaller();
        Q_EMIT currentSubgraphChanged(s);
    });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &HeatGraphView::onSceneSelectionChanged);
    connect(&m_layoutEngine, &GraphLayoutEngine::layoutReady, this, &HeatGraphView::onLayoutReady);
    rebuildCombos();
    updateStatus();
}

HeatGraphView::~HeatGraphView()
{
    m_layoutEngine.cancel();
    // The scene is a child and dies after this destructor; its items' removal emits selectionChanged,
    // which must not reach a half-destroyed view.
    m_scene->disconnect(this);
    // Nor may the scene's destruction scroll the canvas, which reads m_detailScale (destroyed before the
    // children): detach it now, while everything is alive (ASan: heap-use-after-free in scrollContentsBy).
    m_view->setScene(nullptr);
}

QGraphicsView *HeatGraphView::graphicsView() const
{
    return m_view;
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
    m_expanded.clear();
    m_pendingSelection.reset();
    rebuildCombos();
    requestLayout();
    updateCaller();
}

void HeatGraphView::setResult(ResultPtr result)
{
    m_result = std::move(result);
    rebuildCombos();
    recolor();
}

void HeatGraphView::rebuildCombos()
{
    {
        const QString before = m_counter;
        m_counter = m_counterCombo->setCounters(m_result ? m_result->counters : QStringList(), m_counter);
        if (m_counter != before && !m_counter.isEmpty())
            QMetaObject::invokeMethod(
                this, [this, c = m_counter] { Q_EMIT currentCounterChanged(c); }, Qt::QueuedConnection);
    }
    {
        QSignalBlocker block(m_subgraphCombo);
        m_subgraphCombo->clear();
        if (m_model) {
            for (const auto &sg : m_model->subgraphs) {
                m_subgraphCombo->addItem(
                    tr("%1 (%n op(s))", nullptr, int(sg.operators.size())).arg(subgraphLabel(m_model.get(), sg.index)),
                    sg.index);
            }
        }
        m_subgraphCombo->setCurrentIndex(std::max(0, m_subgraphCombo->findData(m_subgraph)));
        // One subgraph needs no switcher; its name is in the Model dock.
        m_subgraphLabel->parentWidget()->setVisible(m_subgraphCombo->count() > 1);
    }
}

void HeatGraphView::setCurrentCounter(const QString &counter)
{
    m_counterCombo->selectCounter(counter); // recolours and emits through the combo
}

void HeatGraphView::setCurrentSubgraph(int subgraph)
{
    const int i = m_subgraphCombo->findData(subgraph);
    if (i >= 0)
        m_subgraphCombo->setCurrentIndex(i);
}

void HeatGraphView::requestLayout()
{
    minimap()->rebuild({}, {}); // holds node pointers
    m_view->setHotNodes({});
    m_scene->clear();
    m_nodes.clear();
    m_bodyNodes.clear();
    m_edgeItems.clear();
    m_groupItems.clear();
    m_layoutResult = {};
    m_layoutWarning.clear();
    if (!m_model || m_subgraph < 0 || m_subgraph >= m_model->subgraphs.size()) {
        m_layoutEngine.cancel();
        m_layoutPending = false;
        updateStatus();
        return;
    }
    const auto &sg = m_model->subgraphs.at(m_subgraph);
    LayoutInput input;
    input.nodeSizes.reserve(sg.operators.size());
    QHash<QString, QSizeF> cache; // sizes differ by op name and index digits only
    for (int i = 0; i < sg.operators.size(); ++i) {
        const QString label = nodeLabel(i);
        const bool calls = !sg.operators.at(i).calledSubgraphs.isEmpty();
        const QString key = label + QLatin1Char('/') + QString::number(QString::number(i).size())
            + (calls ? QStringLiteral("/c") : QString());
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.insert(key, OperatorNodeItem::preferredSize(label, i, font(), calls));
        input.nodeSizes.append(it.value());
    }
    input.edges = dataflowEdges(sg);
    addGroupInputs(input);
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
    minimap()->rebuild({}, {}); // holds node pointers
    m_view->setHotNodes({});
    m_scene->clear();
    m_nodes.clear();
    m_bodyNodes.clear();
    m_edgeItems.clear();
    m_groupItems.clear();
    const auto &sg = m_model->subgraphs.at(m_subgraph);
    const LayoutResult &r = m_layoutResult;
    m_nodes.reserve(sg.operators.size());
    const QFont f = font();
    for (int i = 0; i < sg.operators.size(); ++i) {
        const QString label = nodeLabel(i);
        const QString called = calledText(i);
        auto *item = new OperatorNodeItem(
            i, OperatorNodeItem::preferredSize(label, i, f, !called.isEmpty()), label, f, m_detailScale.get(), called);
        item->setSubgraph(m_subgraph);
        item->setPos(r.centers.at(i));
        m_scene->addItem(item);
        m_nodes.append(item);
    }
    addEdgeItems(r.edges);
    buildGroups();
    m_scene->setSceneRect(r.bounds.adjusted(-24, -24, 24, 24));
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
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() ? m_nodes.at(sourceIndex)->fill() : QColor();
}

bool HeatGraphView::nodeHasValue(int sourceIndex) const
{
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() && m_nodes.at(sourceIndex)->hasValue();
}

QString HeatGraphView::nodeToolTip(int sourceIndex) const
{
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() ? m_nodes.at(sourceIndex)->toolTip() : QString();
}

HeatMinimap *HeatGraphView::minimap() const
{
    return m_view->minimap();
}

NodeDetail HeatGraphView::currentDetail() const
{
    return m_detailScale->at(m_view->zoom());
}

QPointF HeatGraphView::nodeCenter(int sourceIndex) const
{
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() ? m_nodes.at(sourceIndex)->pos() : QPointF();
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

} // namespace hpx::ui
