#include "heatgraphview.h"

#include "countercombo.h"
#include "heatgraphitems.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr double kMinZoom = 0.002; // fits a 10,000-operator chain
constexpr double kMaxZoom = 8.0;
constexpr int kEdgesPerItem = 48;
constexpr double kArrowHalfWidth = 3.5;
constexpr double kArrowLength = 7;
} // namespace

// QGraphicsView with wheel zoom around the cursor and drag-to-pan.
class HeatGraphCanvas : public QGraphicsView {
public:
    explicit HeatGraphCanvas(QGraphicsScene *scene, QWidget *parent)
        : QGraphicsView(scene, parent)
    {
        setDragMode(ScrollHandDrag);
        setTransformationAnchor(AnchorUnderMouse);
        setResizeAnchor(AnchorViewCenter);
        setViewportUpdateMode(SmartViewportUpdate);
        setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
        setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        setFrameShape(QFrame::NoFrame);
        setFocusPolicy(Qt::StrongFocus);
    }

    double zoom() const { return transform().m11(); }
    void zoomBy(double factor)
    {
        const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
        scale(target / zoom(), target / zoom());
    }

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        if (event->angleDelta().y() == 0) {
            QGraphicsView::wheelEvent(event);
            return;
        }
        zoomBy(std::pow(1.0015, event->angleDelta().y()));
        event->accept();
    }
};

HeatGraphView::HeatGraphView(QWidget *parent)
    : QWidget(parent)
    , m_counterCombo(new CounterCombo(this))
    , m_subgraphCombo(new QComboBox(this))
    , m_subgraphLabel(new QLabel(tr("Subgraph:"), this))
    , m_search(new QLineEdit(this))
    , m_fitButton(new QToolButton(this))
    , m_scene(new QGraphicsScene(this))
    , m_legend(new HeatLegend(this))
    , m_status(new QLabel(this))
{
    m_view = new HeatGraphCanvas(m_scene, this);
    m_scene->setItemIndexMethod(QGraphicsScene::BspTreeIndex);

    m_counterCombo->setToolTip(tr("Counter that colours the nodes"));
    m_counterCombo->setPlaceholderText(tr("none yet"));
    m_subgraphCombo->setToolTip(tr("Subgraph to show"));
    m_subgraphCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_search->setPlaceholderText(tr("Find op or #index (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    // The switchers keep their full text; the search field takes what is left, but never less than a
    // readable width.
    m_counterCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_subgraphCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 14);
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Fit the whole graph in the view (F)"));
    auto *zoomInButton = new QToolButton(this);
    zoomInButton->setText(QStringLiteral("+"));
    zoomInButton->setToolTip(tr("Zoom in (Ctrl++)"));
    auto *zoomOutButton = new QToolButton(this);
    zoomOutButton->setText(QStringLiteral("−"));
    zoomOutButton->setToolTip(tr("Zoom out (Ctrl+-)"));
    m_status->setForegroundRole(QPalette::PlaceholderText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Counter:"), this));
    bar->addWidget(m_counterCombo);
    bar->addWidget(m_subgraphLabel);
    bar->addWidget(m_subgraphCombo);
    bar->addWidget(m_search, 1);
    bar->addWidget(zoomOutButton);
    bar->addWidget(zoomInButton);
    bar->addWidget(m_fitButton);
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
        requestLayout();
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
    m_pendingSelection.reset();
    rebuildCombos();
    requestLayout();
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
        m_subgraphCombo->setVisible(m_subgraphCombo->count() > 1);
        m_subgraphLabel->setVisible(m_subgraphCombo->count() > 1);
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
    m_scene->clear();
    m_nodes.clear();
    m_edgeItems.clear();
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
        const QString key = label + QLatin1Char('/') + QString::number(QString::number(i).size());
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.insert(key, OperatorNodeItem::preferredSize(label, i, font()));
        input.nodeSizes.append(it.value());
    }
    input.edges = dataflowEdges(sg);
    m_layoutPending = true;
    updateStatus();
    m_layoutEngine.request(std::move(input));
}

QString HeatGraphView::nodeLabel(int index) const
{
    const auto &op = m_model->subgraphs.at(m_subgraph).operators.at(index);
    return op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty() ? op.customCode : op.op;
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
    // Readable start: fit the width (at most 100 %), top of the graph first.
    const QRectF b = m_scene->sceneRect();
    const double w = m_view->viewport()->width();
    const double s = std::clamp(b.width() > 0 ? (w - 20) / b.width() : 1.0, 0.25, 1.0);
    m_view->setTransform(QTransform::fromScale(s, s));
    m_view->centerOn(b.center().x(), b.top() + m_view->viewport()->height() / (2 * s));
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
    m_scene->clear();
    m_nodes.clear();
    m_edgeItems.clear();
    const auto &sg = m_model->subgraphs.at(m_subgraph);
    const LayoutResult &r = m_layoutResult;
    m_nodes.reserve(sg.operators.size());
    const QFont f = font();
    for (int i = 0; i < sg.operators.size(); ++i) {
        const QString label = nodeLabel(i);
        auto *item = new OperatorNodeItem(i, OperatorNodeItem::preferredSize(label, i, f), label, f);
        item->setPos(r.centers.at(i));
        m_scene->addItem(item);
        m_nodes.append(item);
    }
    // Edges in batches; arrowheads as filled triangles at the consumer's border.
    QPainterPath lines, arrows;
    int inBatch = 0;
    auto flush = [&] {
        if (inBatch == 0)
            return;
        auto *item = new EdgeBundleItem(lines, arrows);
        m_scene->addItem(item);
        m_edgeItems.append(item);
        lines = {};
        arrows = {};
        inBatch = 0;
    };
    for (const EdgeRoute &e : r.edges) {
        if (e.bezier.size() < 4)
            continue;
        lines.moveTo(e.bezier.first());
        for (int k = 1; k + 2 < e.bezier.size(); k += 3)
            lines.cubicTo(e.bezier[k], e.bezier[k + 1], e.bezier[k + 2]);
        const QPointF end = e.bezier.last();
        QPointF dir = e.arrowTip - end;
        double len = std::hypot(dir.x(), dir.y());
        if (len < 0.5) { // no separate arrow segment: point along the last control leg
            dir = end - e.bezier[e.bezier.size() - 2];
            len = std::max(0.001, std::hypot(dir.x(), dir.y()));
        }
        const QPointF u = dir / len, n(-u.y(), u.x());
        const QPointF tip = len >= 0.5 && e.arrowTip != end ? e.arrowTip : end + u * kArrowLength;
        const QPointF base = tip - u * kArrowLength;
        lines.lineTo(base);
        arrows.moveTo(tip);
        arrows.lineTo(base + n * kArrowHalfWidth);
        arrows.lineTo(base - n * kArrowHalfWidth);
        arrows.closeSubpath();
        if (++inBatch == kEdgesPerItem)
            flush();
    }
    flush();
    m_scene->setSceneRect(r.bounds.adjusted(-24, -24, 24, 24));
    applyPalette();
}

void HeatGraphView::recolor()
{
    if (m_compare.isValid()) {
        recolorDeltas();
        return;
    }
    m_range = {};
    QHash<int, int> rows;
    int counterIndex = -1;
    if (m_result && !m_counter.isEmpty()) {
        counterIndex = m_result->counters.indexOf(m_counter);
        rows = layersOfSubgraph(*m_result, m_subgraph);
    }
    QVector<std::optional<double>> values(m_nodes.size());
    if (counterIndex >= 0) {
        for (auto it = rows.constBegin(); it != rows.constEnd(); ++it) {
            if (it.key() < values.size()) {
                values[it.key()] = layerValue(m_result->layers.at(it.value()), counterIndex);
                if (values[it.key()])
                    m_range.add(*values[it.key()]);
            }
        }
    }
    const QPalette pal = palette();
    // Dark palettes often have a dim highlight: brighten it so the selected outline stands out.
    QColor selection = pal.color(QPalette::Highlight);
    if (pal.color(QPalette::Base).lightness() < 128 && selection.lightness() < 140)
        selection = selection.lighter(190);
    bool someMissing = false;
    double total = 0;
    for (const auto &v : values)
        total += v.value_or(0.0);
    for (OperatorNodeItem *item : std::as_const(m_nodes)) {
        const auto &v = values.at(item->sourceIndex());
        const QString op = item->op();
        if (v) {
            const QColor fill = m_range.colorFor(*v);
            item->setAppearance(
                fill, HeatGradient::textColorFor(fill), fill.darker(160), selection, true, compactNumber(*v));
            item->setToolTip(tr("%1 #%2\n%3: %4 (%5 % of this subgraph)")
                                 .arg(op)
                                 .arg(item->sourceIndex())
                                 .arg(shortCounterName(m_counter), formatNumber(*v),
                                     QLocale().toString(total > 0 ? *v / total * 100 : 0.0, 'f', 1)));
        } else {
            someMissing = true;
            item->setAppearance(pal.color(QPalette::Base), pal.color(QPalette::Text), pal.color(QPalette::Mid),
                selection, false, QString());
            item->setToolTip(m_result ? tr("%1 #%2\nNo %3 value for this operator")
                                            .arg(op)
                                            .arg(item->sourceIndex())
                                            .arg(shortCounterName(m_counter))
                                      : tr("%1 #%2").arg(op).arg(item->sourceIndex()));
        }
    }
    m_legend->setRange(m_counter, m_range, someMissing && m_result);
}

void HeatGraphView::applyPalette()
{
    QColor edge = palette().color(QPalette::Text);
    edge.setAlphaF(0.55);
    for (EdgeBundleItem *e : std::as_const(m_edgeItems))
        e->setColor(edge);
    m_view->setBackgroundBrush(palette().color(QPalette::Base));
}

void HeatGraphView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        recolor();
    }
}

void HeatGraphView::onSceneSelectionChanged()
{
    if (m_syncing)
        return;
    const auto sel = selectedOperator();
    if (sel)
        Q_EMIT operatorSelected(sel->first, sel->second);
}

std::optional<QPair<int, int>> HeatGraphView::selectedOperator() const
{
    const auto items = m_scene->selectedItems();
    for (QGraphicsItem *i : items)
        if (i->type() == OperatorNodeItem::Type)
            return QPair<int, int>(m_subgraph, static_cast<OperatorNodeItem *>(i)->sourceIndex());
    return std::nullopt;
}

bool HeatGraphView::selectOperator(int subgraph, int sourceIndex)
{
    if (!m_model || subgraph < 0 || subgraph >= m_model->subgraphs.size() || sourceIndex < 0
        || sourceIndex >= m_model->subgraphs.at(subgraph).operators.size())
        return false;
    if (subgraph != m_subgraph) {
        m_pendingSelection = QPair<int, int>(subgraph, sourceIndex);
        setCurrentSubgraph(subgraph);
        return true;
    }
    if (m_layoutPending || sourceIndex >= m_nodes.size()) {
        m_pendingSelection = QPair<int, int>(subgraph, sourceIndex);
        return true;
    }
    m_syncing = true;
    m_scene->clearSelection();
    m_nodes.at(sourceIndex)->setSelected(true);
    m_syncing = false;
    centerOn(m_nodes.at(sourceIndex));
    return true;
}

void HeatGraphView::centerOn(OperatorNodeItem *item)
{
    if (m_view->zoom() < 0.45) { // make the label readable
        const double f = 0.8 / m_view->zoom();
        m_view->zoomBy(f);
    }
    m_view->centerOn(item);
}

bool HeatGraphView::find(const QString &text)
{
    QString t = text.trimmed();
    if (t.isEmpty() || m_nodes.isEmpty())
        return false;
    bool isNumber = false;
    const int wanted = (t.startsWith(QLatin1Char('#')) ? t.mid(1) : t).toInt(&isNumber);
    if (isNumber)
        return wanted >= 0 && wanted < m_nodes.size() && selectAndEmit(wanted);
    const int start = selectedOperator() ? selectedOperator()->second + 1 : 0;
    for (int k = 0; k < m_nodes.size(); ++k) {
        const int i = (start + k) % m_nodes.size();
        if (m_nodes.at(i)->op().contains(t, Qt::CaseInsensitive))
            return selectAndEmit(i);
    }
    return false;
}

void HeatGraphView::stepSelection(int delta, bool toEnd)
{
    const int n = int(m_nodes.size());
    if (n == 0 || m_layoutPending)
        return;
    const auto sel = selectedOperator();
    int next = delta > 0 ? 0 : n - 1; // nothing selected: start at the end the key points away from
    if (toEnd)
        next = delta > 0 ? n - 1 : 0;
    else if (sel)
        next = std::clamp(sel->second + delta, 0, n - 1);
    selectAndEmit(next);
}

bool HeatGraphView::selectAndEmit(int sourceIndex)
{
    selectOperator(m_subgraph, sourceIndex);
    Q_EMIT operatorSelected(m_subgraph, sourceIndex);
    updateStatus();
    return true;
}

void HeatGraphView::fitToView()
{
    if (m_scene->items().isEmpty())
        return;
    m_view->fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    const double z = m_view->zoom();
    if (z > kMaxZoom || z < kMinZoom) {
        const double c = std::clamp(z, kMinZoom, kMaxZoom);
        m_view->setTransform(QTransform::fromScale(c, c));
        m_view->centerOn(m_scene->sceneRect().center());
    }
}

void HeatGraphView::zoomIn()
{
    m_view->zoomBy(1.25);
}
void HeatGraphView::zoomOut()
{
    m_view->zoomBy(0.8);
}
void HeatGraphView::resetZoom()
{
    m_view->setTransform(QTransform());
}
double HeatGraphView::zoomFactor() const
{
    return m_view->zoom();
}

QColor HeatGraphView::nodeColor(int sourceIndex) const
{
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() ? m_nodes.at(sourceIndex)->fill() : QColor();
}

bool HeatGraphView::nodeHasValue(int sourceIndex) const
{
    return sourceIndex >= 0 && sourceIndex < m_nodes.size() && m_nodes.at(sourceIndex)->hasValue();
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

QRectF HeatGraphView::exportRect() const
{
    const QRectF s = m_scene->sceneRect();
    return QRectF(0, 0, s.width(), s.height() + m_legend->sizeHint().height() + 8);
}

void HeatGraphView::renderForExport(QPainter *painter, const QRectF &target) const
{
    const QRectF s = m_scene->sceneRect();
    const QRectF e = exportRect();
    const double k = std::min(target.width() / e.width(), target.height() / e.height());
    painter->save();
    painter->fillRect(target, palette().color(QPalette::Base));
    painter->translate(target.topLeft());
    painter->scale(k, k);
    // Paint items directly (not from their device caches) so SVG keeps vector shapes and text.
    for (OperatorNodeItem *n : m_nodes)
        n->setCacheMode(QGraphicsItem::NoCache);
    m_scene->render(painter, QRectF(0, 0, s.width(), s.height()), s);
    for (OperatorNodeItem *n : m_nodes)
        n->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    const int legendH = m_legend->sizeHint().height();
    m_legend->paintLegend(
        painter, QRect(8, int(s.height()) + 4, int(std::min(e.width() - 16, 520.0)), legendH), palette());
    painter->restore();
}

} // namespace hpx::ui
