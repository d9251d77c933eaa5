#include "ui/memory/memoryview.h"

#include "model/memory/arenaestimate.h"
#include "model/memory/memoryplan.h"
#include "model/results/runissues.h"
#include "ui/common/elidinglabel.h"
#include "ui/common/plotpalette.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/common/viewstate.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace hpx::ui {

namespace {

// More bars than this are not drawn one by one (the largest are); the line and the tables still cover all.
constexpr int kMaxBars = 4000;
constexpr int kLargestRows = 50;

QString bytesText(qint64 bytes)
{
    return MemoryView::tr("%1 B").arg(QLocale().toString(bytes));
}

std::optional<qint64> firmwareValue(const model::ProfileResult &result, const char *key)
{
    for (const auto &kv : result.firmware) {
        if (kv.first == QLatin1String(key)) {
            bool ok = false;
            const qint64 v = kv.second.toLongLong(&ok);
            if (ok && v > 0)
                return v;
        }
    }
    return std::nullopt;
}

// Tick labels that name the operator of a step (MemoryView::stepLabel) instead of the step's number.
class StepTicker : public QCPAxisTickerFixed {
public:
    std::function<QString(int)> label;
    std::function<int()> fittingCount; // how many labels fit side by side in the plot as it is now

protected:
    double getTickStep(const QCPRange &range) override
    {
        if (fittingCount)
            setTickCount(std::max(1, fittingCount()));
        return QCPAxisTickerFixed::getTickStep(range);
    }

    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        const long step = std::lround(tick);
        return label && std::abs(tick - double(step)) < 1e-6 ? label(int(step)) : QString();
    }
};

QColor subgraphColor(int subgraph, const QPalette &palette)
{
    // Subgraph 0 in the highlight's hue family; called subgraphs step around the wheel.
    const int hue = (210 + subgraph * 67) % 360;
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return QColor::fromHsl(hue, 120, dark ? 120 : 165);
}

} // namespace

MemoryView::MemoryView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new ElidingLabel(this))
    , m_warning(new QLabel(this))
    , m_showLive(new QCheckBox(tr("Live bytes"), this))
    , m_showTensors(new QCheckBox(tr("Tensor lifetimes"), this))
    , m_plot(new QCustomPlot(this))
    , m_tables(new QTabWidget(this))
    , m_largest(new QTableWidget(this))
    , m_aot(new QTableWidget(this))
    , m_placement(new QTableWidget(this))
{
    setObjectName(QStringLiteral("MemoryView"));
    m_summary->setMinimumWidth(80);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warning->setWordWrap(true);
    m_warning->setVisible(false);
    m_showLive->setChecked(true);
    m_showTensors->setChecked(true);
    m_showLive->setToolTip(tr("The bytes of planned tensors alive at each step"));
    m_showTensors->setToolTip(tr("Each planned tensor as a bar from its first to its last step, at its arena offset"));

    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 0);
    top->addWidget(m_summary, 1);
    top->addWidget(m_showLive);
    top->addWidget(m_showTensors);

    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setMouseTracking(true);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setMinimumSize(240, 120);
    // No axis titles: the dock is often short, and the tooltips say what a step and a bar are.
    m_plot->axisRect()->setAutoMargins(QCP::msLeft | QCP::msBottom);
    m_plot->axisRect()->setMargins(QMargins(0, 6, 8, 0));
    m_plot->yAxis->ticker()->setTickCount(4);
    // Bytes as the summary and the tables write them ("60,000"); QCustomPlot's own locale leaves out the separators.
    m_plot->setLocale(QLocale());
    m_plot->yAxis->setNumberFormat(QStringLiteral("f"));
    m_plot->yAxis->setNumberPrecision(0);
    QSharedPointer<StepTicker> steps(new StepTicker);
    steps->setTickStep(1.0);
    steps->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    steps->label = [this](int step) { return stepLabel(step); };
    steps->fittingCount = [this] { return fittingStepLabels(); };
    m_plot->xAxis->setTicker(steps);
    m_plot->xAxis->setSubTicks(false);

    for (QTableWidget *t : { m_largest, m_aot, m_placement }) {
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->verticalHeader()->setVisible(false);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setWordWrap(false);
        // Long tensor names differ at their end ("…/conv_3/BiasAdd" and "…/conv_4/BiasAdd"): cut in the middle.
        t->setTextElideMode(Qt::ElideMiddle);
    }
    m_largest->setObjectName(QStringLiteral("MemoryLargestTensors"));
    m_largest->viewport()->installEventFilter(this);
    m_aot->setVisible(false); // a tab only when a bundle has AOT placement rows
    m_aot->setObjectName(QStringLiteral("MemoryAotPlacement"));
    m_placement->setVisible(false); // a tab only when the run has a memory_plan
    m_placement->setObjectName(QStringLiteral("MemoryRegionPlacement"));
    m_tables->addTab(m_largest, tr("Largest tensors"));
    m_tables->setMinimumWidth(200);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("MemorySplitter"));
    split->addWidget(m_plot);
    split->addWidget(m_tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_warning);
    layout->addWidget(split, 1);

    connect(m_showLive, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(m_showTensors, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(m_plot, &QCustomPlot::afterLayout, this, &MemoryView::separatePlotLabels);
    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryView::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &MemoryView::onMousePress);
    connect(m_largest, &QTableWidget::cellClicked, this, [this](int row, int) {
        const int step = m_largest->item(row, 0) ? m_largest->item(row, 0)->data(Qt::UserRole).toInt() : -1;
        if (!m_plan || step < 0 || step >= m_plan->steps.size())
            return;
        const model::MemoryStep s = m_plan->steps.at(step);
        if (s.op < 0)
            return;
        selectOperator(s.subgraph, s.op);
        Q_EMIT operatorSelected(s.subgraph, s.op);
    });
    applyPalette();
    rebuild();
    updateSummary();
}

MemoryView::~MemoryView() = default;

void MemoryView::setModel(ModelPtr model)
{
    m_model = std::move(model);
    m_selected.reset();
    replan();
}

void MemoryView::bind(ViewState *state)
{
    connect(state, &ViewState::modelChanged, this, [this, state] { setModel(state->model()); });
    connect(state, &ViewState::resultChanged, this, [this, state] { setResult(state->result()); });
    state->bindSelection(this);
    connect(this, &MemoryView::planChanged, state, [this, state] {
        state->setModelMetric(QStringLiteral("MEMORY_LIVE_BYTES"), tr("Live memory (bytes)"), liveBytesBySubgraph());
    });
}

void MemoryView::replan()
{
    m_plan.reset();
    m_error.clear();
    if (m_model) {
        model::MemoryPlanResult r = model::planMemory(*m_model, model::kernelSetOf(m_result.get()));
        if (r.plan)
            m_plan = std::make_shared<const model::MemoryPlan>(std::move(*r.plan));
        else
            m_error = r.error;
    }
    rebuild();
    rebuildTables();
    updateSummary();
    Q_EMIT planChanged();
}

void MemoryView::setResult(ResultPtr result)
{
    m_result = std::move(result);
    if (m_plan && m_plan->kernels != model::kernelSetOf(m_result.get()))
        replan();
    else
        updateSummary();
}

void MemoryView::setAotRows(const QVector<model::AotMemoryRow> &rows)
{
    m_aotRows = rows;
    rebuildTables();
}

void MemoryView::setMemoryPlan(const model::JsonValue &memoryPlan)
{
    m_memoryPlan = memoryPlan.isObject() ? memoryPlan : model::JsonValue();
    rebuildPlacement();
}

int MemoryView::placementRowCount() const
{
    return m_placement->rowCount();
}

QString MemoryView::placementText() const
{
    QStringList lines;
    for (int row = 0; row < m_placement->rowCount(); ++row) {
        QStringList cells;
        for (int c = 0; c < m_placement->columnCount(); ++c)
            cells << (m_placement->item(row, c) ? m_placement->item(row, c)->text() : QString());
        lines << cells.join(QLatin1Char('|'));
    }
    return lines.join(QLatin1Char('\n'));
}

// heliaPROFILER's memory_plan (docs/compatibility.md §5.5): a row per region, what it holds in words.
void MemoryView::rebuildPlacement()
{
    m_placement->clear();
    const QStringList header { tr("Region"), tr("Capacity"), tr("Used"), tr("Free"), tr("Holds") };
    m_placement->setColumnCount(header.size());
    m_placement->setHorizontalHeaderLabels(header);
    const model::JsonValue regions = m_memoryPlan.value(QStringLiteral("regions"));
    m_placement->setRowCount(regions.isArray() ? regions.size() : 0);
    for (int row = 0; row < m_placement->rowCount(); ++row) {
        const model::JsonValue &r = regions.at(row);
        QStringList holds;
        const model::JsonValue consumers = r.value(QStringLiteral("consumers"));
        for (int c = 0; c < consumers.size(); ++c) {
            const model::JsonValue &consumer = consumers.at(c);
            const QString kind = consumer.value(QStringLiteral("kind")).toString();
            const QString what = kind == QLatin1String("arena") ? tr("tensor arena")
                : kind == QLatin1String("weights")              ? tr("model weights")
                : kind == QLatin1String("firmware")             ? tr("firmware (kept)")
                                                                : consumer.value(QStringLiteral("name")).toString();
            holds << tr("%1: %2").arg(what, bytesText(consumer.value(QStringLiteral("size")).toInt()));
        }
        const qint64 overflow = r.value(QStringLiteral("overflow")).toInt();
        if (overflow > 0)
            holds << tr("%1 over capacity").arg(bytesText(overflow));
        const QStringList cells { r.value(QStringLiteral("region")).toString(),
            bytesText(r.value(QStringLiteral("capacity")).toInt()), bytesText(r.value(QStringLiteral("used")).toInt()),
            bytesText(r.value(QStringLiteral("free")).toInt()),
            holds.isEmpty() ? tr("nothing") : holds.join(QStringLiteral("; ")) };
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if (c >= 1 && c <= 3)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_placement->setItem(row, c, item);
        }
    }
    m_placement->resizeColumnsToContents();
    const int tab = m_tables->indexOf(m_placement);
    if (m_placement->rowCount() > 0 && tab < 0)
        m_tables->addTab(m_placement, tr("Placement"));
    else if (m_placement->rowCount() == 0 && tab >= 0) {
        m_tables->removeTab(tab);
        m_placement->setVisible(false);
    }
}

QHash<int, QVector<std::optional<double>>> MemoryView::liveBytesBySubgraph() const
{
    QHash<int, QVector<std::optional<double>>> out;
    if (!m_plan)
        return out;
    for (int s = 0; s < m_plan->operatorLiveBytes.size(); ++s) {
        const QVector<qint64> &live = m_plan->operatorLiveBytes.at(s);
        QVector<std::optional<double>> values(live.size());
        for (int i = 0; i < live.size(); ++i) {
            if (live.at(i) >= 0)
                values[i] = double(live.at(i));
        }
        out.insert(s, values);
    }
    return out;
}

QString MemoryView::operatorText(int step) const
{
    if (!m_plan || step < 0 || step >= m_plan->steps.size())
        return QString();
    const model::MemoryStep s = m_plan->steps.at(step);
    if (s.op < 0)
        return tr("start of %1").arg(subgraphLabel(m_model.get(), s.subgraph));
    const QString op = m_model->subgraphs.at(s.subgraph).operators.at(s.op).op;
    return operatorName(op, m_model.get(), s.subgraph, s.op);
}

QString MemoryView::stepLabel(int step) const
{
    if (!m_plan || step < 0 || step >= m_plan->steps.size())
        return QString();
    const model::MemoryStep s = m_plan->steps.at(step);
    return s.op < 0 ? tr("start of %1").arg(subgraphLabel(m_model.get(), s.subgraph))
                    : operatorNumber(m_model.get(), s.subgraph, s.op);
}

void MemoryView::measureStepLabels()
{
    m_widestStepLabel = 0;
    if (!m_plan)
        return;
    const QFontMetrics fm(m_plot->xAxis->tickLabelFont());
    const int every = std::max(1, int(m_plan->steps.size() / 256));
    for (int s = 0; s < m_plan->steps.size(); s += every)
        m_widestStepLabel = std::max(m_widestStepLabel, fm.horizontalAdvance(stepLabel(s)));
}

int MemoryView::fittingStepLabels() const
{
    // As many step labels as fit side by side in the plot's width (less its value axis): the axis names operators
    // as every view does ("main #1"), not the lifetime clock's step numbers, which run one ahead of them (step 0 is
    // the start of the subgraph), so the peak's line sits over the operator its label names.
    if (!m_plan || m_widestStepLabel <= 0)
        return 5;
    const QMargins margins = m_plot->axisRect()->margins();
    const int width = m_plot->width() - margins.left() - margins.right();
    const int gap = QFontMetrics(m_plot->xAxis->tickLabelFont()).averageCharWidth() * 3;
    return std::clamp(width / (m_widestStepLabel + gap), 1, std::max(1, int(m_plan->steps.size())));
}

void MemoryView::rebuild()
{
    m_plot->clearItems();
    m_plot->clearGraphs();
    m_bars.clear();
    m_drawnTensors.clear();
    m_liveGraph = nullptr;
    m_peakLine = nullptr;
    m_peakLabel = nullptr;
    m_extentLine = nullptr;
    m_extentLabel = nullptr;
    m_selectionBand = nullptr;
    if (!m_plan) {
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(0, 1);
        m_plot->replot();
        return;
    }
    const model::MemoryPlan &plan = *m_plan;
    const QPalette pal = palette();

    // The band under the selected operator's steps, drawn first so the bars stay readable over it.
    m_selectionBand = new QCPItemRect(m_plot);
    QColor band = pal.color(QPalette::Highlight);
    band.setAlpha(60);
    m_selectionBand->setBrush(band);
    m_selectionBand->setPen(Qt::NoPen);
    m_selectionBand->setVisible(false);

    if (m_showTensors->isChecked()) {
        QVector<int> drawn;
        for (int i = 0; i < plan.tensors.size(); ++i) {
            if (plan.tensors.at(i).isLiveInRun())
                drawn.append(i);
        }
        if (drawn.size() > kMaxBars) {
            std::stable_sort(drawn.begin(), drawn.end(),
                [&](int a, int b) { return plan.tensors.at(a).alignedBytes > plan.tensors.at(b).alignedBytes; });
            drawn.resize(kMaxBars);
            std::sort(drawn.begin(), drawn.end());
        }
        m_drawnTensors = drawn;
        for (int i : std::as_const(m_drawnTensors)) {
            const model::TensorMemory &t = plan.tensors.at(i);
            auto *bar = new QCPItemRect(m_plot);
            bar->topLeft->setCoords(std::max(0, t.firstStep) - 0.42, double(t.offset + t.alignedBytes));
            bar->bottomRight->setCoords(t.lastStep + 0.42, double(t.offset));
            const QColor c = subgraphColor(t.subgraph, pal);
            bar->setBrush(c);
            bar->setPen(QPen(c.darker(150), 0));
            bar->setSelectable(false);
            m_bars.append(bar);
        }
    }

    const int steps = int(plan.steps.size());
    if (m_showLive->isChecked()) {
        m_liveGraph = m_plot->addGraph();
        // Each step's level spans its whole slot, s - 0.5 to s + 0.5, under the bars of that step: drawn around the
        // step's centre (lsStepCenter) the first and last levels were half as wide, and the line seemed a step late.
        m_liveGraph->setLineStyle(QCPGraph::lsStepLeft);
        QPen pen(pal.color(QPalette::Text), 2);
        m_liveGraph->setPen(pen);
        QVector<double> x(steps + 1), y(steps + 1);
        for (int s = 0; s < steps; ++s) {
            x[s] = s - 0.5;
            y[s] = double(plan.liveBytesPerStep.at(s));
        }
        if (steps > 0) {
            x[steps] = steps - 0.5;
            y[steps] = y[steps - 1];
        }
        m_liveGraph->setData(x, y, true);
    }

    // The plan's extent and the peak.
    QColor accent(214, 39, 40);
    m_extentLine = new QCPItemStraightLine(m_plot);
    m_extentLine->point1->setCoords(0, double(plan.plannedBytes));
    m_extentLine->point2->setCoords(1, double(plan.plannedBytes));
    m_extentLine->setPen(QPen(pal.color(QPalette::Text), 1, Qt::DashLine));
    if (plan.peakStep >= 0) {
        m_peakLine = new QCPItemStraightLine(m_plot);
        m_peakLine->point1->setCoords(plan.peakStep, 0);
        m_peakLine->point2->setCoords(plan.peakStep, 1);
        m_peakLine->setPen(QPen(accent, 1.5, Qt::DashLine));
        m_peakLabel = new QCPItemText(m_plot);
        m_peakLabel->position->setCoords(plan.peakStep, double(plan.peakLiveBytes));
        m_peakLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        m_peakLabel->setText(tr("peak %1").arg(bytesText(plan.peakLiveBytes)));
        m_peakLabel->setColor(accent);
        m_peakLabel->setPadding(QMargins(4, 0, 0, 2));
    }
    m_extentLabel = new QCPItemText(m_plot);
    m_extentLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_extentLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_extentLabel->position->setCoords(1.0, double(plan.plannedBytes));
    m_extentLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_extentLabel->setText(tr("plan %1").arg(bytesText(plan.plannedBytes)));
    m_extentLabel->setColor(pal.color(QPalette::Text));
    m_extentLabel->setPadding(QMargins(0, 0, 4, 2));

    m_plot->xAxis->setRange(-0.7, std::max(1, steps) - 0.3);
    measureStepLabels();
    m_plot->yAxis->setRange(0, std::max<double>(16, double(plan.plannedBytes) * 1.5)); // room for two lines of labels
    updateSelection();
}

void MemoryView::rebuildTables()
{
    m_largest->clear();
    // Alive last, filling what is left: its operator names are long, and a narrow dock (scale 2) cut its header and
    // hid the columns after it; now its cells are elided in the middle and every header stays in view.
    const QStringList largestHeader { tr("Tensor"), tr("Bytes"), tr("Offset"), tr("Subgraph"), tr("Alive") };
    m_largest->setColumnCount(largestHeader.size());
    m_largest->setHorizontalHeaderLabels(largestHeader);
    m_largest->horizontalHeader()->setStretchLastSection(false); // a stretched last section keeps 100 px at least
    m_largest->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_largest->setRowCount(0);
    if (m_plan && m_model) {
        const QVector<int> ids = m_plan->largestTensors(kLargestRows);
        m_largest->setRowCount(ids.size());
        for (int row = 0; row < ids.size(); ++row) {
            const model::TensorMemory &t = m_plan->tensors.at(ids.at(row));
            const QString name = m_model->subgraphs.at(t.subgraph).tensors.at(t.tensor).name;
            auto *nameItem = new QTableWidgetItem(name.isEmpty() ? tr("tensor %1").arg(t.tensor) : name);
            nameItem->setToolTip(tr("%1\ntensor %2 of %3, %4 (%5 before alignment)")
                                     .arg(name)
                                     .arg(t.tensor)
                                     .arg(subgraphLabel(m_model.get(), t.subgraph))
                                     .arg(bytesText(t.alignedBytes), bytesText(t.bytes)));
            nameItem->setData(Qt::UserRole, t.firstStep);
            auto number = [](qint64 v) {
                auto *item = new QTableWidgetItem(QLocale().toString(v));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                return item;
            };
            m_largest->setItem(row, 0, nameItem);
            m_largest->setItem(row, 1, number(t.alignedBytes));
            m_largest->setItem(row, 2, number(t.offset));
            const QString alive = t.lastStep < 0
                ? tr("never")
                : tr("%1 → %2").arg(operatorText(std::max(0, t.firstStep)), operatorText(t.lastStep));
            auto *aliveItem = new QTableWidgetItem(alive);
            aliveItem->setToolTip(alive);
            m_largest->setItem(row, 3, new QTableWidgetItem(subgraphLabel(m_model.get(), t.subgraph)));
            m_largest->setItem(row, 4, aliveItem);
        }
        // One subgraph: the same name on every row says nothing (the layer table leaves it out likewise).
        m_largest->setColumnHidden(3, m_model->subgraphs.size() < 2);
        m_largest->resizeColumnsToContents();
        m_tensorColumnWidth = m_largest->columnWidth(0);
        fitTensorColumn();
    }

    m_aot->clear();
    const QStringList aotHeader { tr("Layer"), tr("Layer id"), tr("Role"), tr("Kind"), tr("Memory"), tr("Arena role"),
        tr("Staged from") };
    m_aot->setColumnCount(aotHeader.size());
    m_aot->setHorizontalHeaderLabels(aotHeader);
    m_aot->setRowCount(m_aotRows.size());
    for (int row = 0; row < m_aotRows.size(); ++row) {
        const model::AotMemoryRow &r = m_aotRows.at(row);
        const QStringList cells { r.layerIdx.value_or(QString()), r.layerId.value_or(QString()), r.tensorRole,
            r.tensorKind, r.memory, r.arenaRole, r.sourceMemory };
        for (int c = 0; c < cells.size(); ++c)
            m_aot->setItem(row, c, new QTableWidgetItem(cells.at(c)));
    }
    m_aot->resizeColumnsToContents();
    const int aotTab = m_tables->indexOf(m_aot);
    if (!m_aotRows.isEmpty() && aotTab < 0)
        m_tables->addTab(m_aot, tr("AOT placement"));
    else if (m_aotRows.isEmpty() && aotTab >= 0) {
        m_tables->removeTab(aotTab);
        m_aot->setVisible(false);
    }
}

void MemoryView::fitTensorColumn()
{
    // The names give way (cut in the middle) before Bytes, Offset and Subgraph leave the view: at most what is left
    // beside them and a few letters of Alive, and never more than 260 px.
    int others = 0;
    for (int c = 1; c < 4; ++c)
        others += m_largest->isColumnHidden(c) ? 0 : m_largest->columnWidth(c);
    const int letters = m_largest->fontMetrics().averageCharWidth();
    const int room = m_largest->viewport()->width() - others - letters * 12;
    m_largest->setColumnWidth(0, std::min(std::min(m_tensorColumnWidth, 260), std::max(room, letters * 8)));
}

bool MemoryView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_largest->viewport() && event->type() == QEvent::Resize && m_tensorColumnWidth > 0)
        fitTensorColumn();
    return QWidget::eventFilter(watched, event);
}

void MemoryView::updateSummary()
{
    m_warning->setVisible(false);
    m_warning->clear();
    if (!m_model) {
        m_summary->setParts(tr("Open a model to see the arena it needs under TFLM."));
        m_summary->setExplanation(QString());
        return;
    }
    if (!m_plan) {
        m_summary->setParts(tr("This model cannot be planned: %1").arg(m_error));
        m_summary->setExplanation(QString());
        return;
    }
    const model::MemoryPlan &plan = *m_plan;
    QString text = tr("Peak %1 at %2 · plan %3 · arena ≈ %4")
                       .arg(bytesText(plan.peakLiveBytes), operatorText(plan.peakStep), bytesText(plan.plannedBytes),
                           bytesText(plan.arenaBytes()));
    QStringList details { tr("Peak: the most bytes of planned tensors alive at one step, %1 at step %2 (%3).")
                              .arg(bytesText(plan.peakLiveBytes))
                              .arg(plan.peakStep)
                              .arg(operatorText(plan.peakStep)),
        tr("Plan: the non-persistent area TFLM's greedy planner lays out, %1 (16-byte aligned; checked against "
           "TFLM).")
            .arg(bytesText(plan.plannedBytes)),
        tr("Arena: an estimate of the whole arena, %1, for TFLM with the %2 kernels on a 32-bit Cortex-M: the plan "
           "with the kernels' scratch buffers, and TFLM's persistent records with the sizes its allocator showed "
           "(docs/memory.md).")
            .arg(bytesText(plan.arenaBytes()), model::kernelSetName(plan.kernels)) };
    if (m_showTensors->isChecked() && m_drawnTensors.size() < plan.largestTensors(-1).size())
        details << tr("Bars are drawn for the %1 largest tensors.").arg(QLocale().toString(m_drawnTensors.size()));
    // 0: the board did not report it.
    const qint64 used = m_result ? firmwareValue(*m_result, "allocated_arena").value_or(0) : 0;
    const qint64 size = m_result ? firmwareValue(*m_result, "arena_size").value_or(0) : 0;
    if (used > 0) {
        const double diff = (double(plan.arenaBytes()) - double(used)) / double(used) * 100.0;
        text += tr(" · board used %1").arg(bytesText(used));
        details << tr("The board reported %1 of arena in use; the estimate is %2 % off.")
                       .arg(bytesText(used),
                           (diff > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(diff, 'f', 1));
    }
    if (size > 0) {
        details << tr("The board's arena is %1.").arg(bytesText(size));
        if (size < plan.plannedBytes) {
            m_warning->setText(tr("The board's arena (%1) is smaller than the %2 the non-persistent plan alone needs: "
                                  "TFLM's AllocateTensors fails with this model.")
                                   .arg(bytesText(size), bytesText(plan.plannedBytes)));
            m_warning->setVisible(true);
        } else if (size < plan.arenaBytes()) {
            m_warning->setText(tr("The board's arena (%1) is smaller than the estimated %2 the whole arena needs; it "
                                  "may be too small once persistent data and scratch buffers are added.")
                                   .arg(bytesText(size), bytesText(plan.arenaBytes())));
            m_warning->setVisible(true);
        }
    }
    details += plan.notes;
    m_summary->setExplanation(details.join(QLatin1Char('\n')));
    m_summary->setParts(QString(), text); // elided in a narrow dock, whole in the tooltip
}

void MemoryView::separatePlotLabels()
{
    // The peak's label starts at the peak step and the plan's ends at the right edge, on (nearly) the same height:
    // in a narrow plot they ran into each other ("peak 49,152 Bplan 49,152 B"), or the peak's ran past the edge. Then
    // one label at the right edge says both; the dashed red line still marks the peak's step.
    if (!m_peakLabel || !m_extentLabel || !m_plan)
        return;
    const QString peakText = tr("peak %1").arg(bytesText(m_plan->peakLiveBytes));
    const QString planText = tr("plan %1").arg(bytesText(m_plan->plannedBytes));
    m_peakLabel->setVisible(true);
    m_extentLabel->setText(planText);
    const QRectF peak(m_peakLabel->topLeft->pixelPosition(), m_peakLabel->bottomRight->pixelPosition());
    const QRectF extent(m_extentLabel->topLeft->pixelPosition(), m_extentLabel->bottomRight->pixelPosition());
    if (peak.intersects(extent) || peak.right() > m_plot->axisRect()->rect().right()) {
        m_peakLabel->setVisible(false);
        m_extentLabel->setText(peakText + QStringLiteral(" · ") + planText);
        // Still too wide: one above the other (the value axis leaves half the plan's height above it).
        if (m_extentLabel->topLeft->pixelPosition().x() < m_plot->axisRect()->left())
            m_extentLabel->setText(peakText + QLatin1Char('\n') + planText);
    }
}

QString MemoryView::plotLabelsText() const
{
    QStringList texts;
    for (const QCPItemText *label : { m_peakLabel, m_extentLabel })
        if (label && label->visible())
            texts << label->text();
    return texts.join(QLatin1Char('|'));
}

QString MemoryView::summaryText() const
{
    return m_summary->fullText();
}

QString MemoryView::warningText() const
{
    return m_warning->isHidden() ? QString() : m_warning->text();
}

int MemoryView::largestRowCount() const
{
    return m_largest->rowCount();
}

int MemoryView::aotRowCount() const
{
    return m_tables->indexOf(m_aot) >= 0 ? m_aot->rowCount() : 0;
}

bool MemoryView::selectOperator(int subgraph, int sourceIndex)
{
    if (!m_plan || subgraph < 0 || subgraph >= m_plan->operatorStep.size() || sourceIndex < 0
        || sourceIndex >= m_plan->operatorStep.at(subgraph).size()) {
        m_selected.reset();
        updateSelection();
        return false;
    }
    m_selected = std::make_pair(subgraph, sourceIndex);
    updateSelection();
    return true;
}

void MemoryView::updateSelection()
{
    if (!m_plan || !m_selectionBand) {
        m_plot->replot();
        return;
    }
    const model::MemoryPlan &plan = *m_plan;
    int first = -1;
    int last = -1;
    QSet<int> touched; // tensors of the selected operator
    if (m_selected) {
        const auto [sg, op] = *m_selected;
        first = plan.operatorStep.at(sg).at(op);
        last = plan.operatorLastStep.at(sg).at(op);
        const model::OperatorInfo &info = m_model->subgraphs.at(sg).operators.at(op);
        for (int t : info.inputs + info.outputs) {
            if (t >= 0)
                touched.insert(plan.firstTensorOfSubgraph.at(sg) + t);
        }
    }
    m_selectionBand->setVisible(first >= 0);
    if (first >= 0) {
        m_selectionBand->topLeft->setCoords(first - 0.5, m_plot->yAxis->range().upper * 4);
        m_selectionBand->bottomRight->setCoords(last + 0.5, -m_plot->yAxis->range().upper);
    }
    const QPalette pal = palette();
    const QColor highlight = pal.color(QPalette::Highlight);
    for (int b = 0; b < m_bars.size(); ++b) {
        const int i = m_drawnTensors.at(b);
        const model::TensorMemory &t = plan.tensors.at(i);
        QColor c = touched.contains(i) ? highlight : subgraphColor(t.subgraph, pal);
        if (m_selected && !touched.contains(i))
            c.setAlpha(150);
        m_bars.at(b)->setBrush(c);
        m_bars.at(b)->setPen(
            QPen(touched.contains(i) ? highlight.darker(160) : c.darker(150), touched.contains(i) ? 1.5 : 0));
    }
    m_plot->replot();
}

int MemoryView::stepAt(double x) const
{
    if (!m_plan)
        return -1;
    const int s = int(std::lround(x));
    return s >= 0 && s < m_plan->steps.size() ? s : -1;
}

int MemoryView::tensorAt(double x, double y) const
{
    if (!m_plan)
        return -1;
    for (int b = int(m_drawnTensors.size()) - 1; b >= 0; --b) {
        const model::TensorMemory &t = m_plan->tensors.at(m_drawnTensors.at(b));
        if (x >= std::max(0, t.firstStep) - 0.42 && x <= t.lastStep + 0.42 && y >= double(t.offset)
            && y <= double(t.offset + t.alignedBytes))
            return m_drawnTensors.at(b);
    }
    return -1;
}

QString MemoryView::toolTipAt(double x, double y) const
{
    const int step = stepAt(x);
    if (step < 0)
        return QString();
    QString tip
        = tr("Step %1: %2\nLive: %3").arg(step).arg(operatorText(step), bytesText(m_plan->liveBytesPerStep.at(step)));
    const int t = tensorAt(x, y);
    if (t >= 0) {
        const model::TensorMemory &tm = m_plan->tensors.at(t);
        const QString name = m_model->subgraphs.at(tm.subgraph).tensors.at(tm.tensor).name;
        tip += tr("\n\n%1 (tensor %2)\n%3 at offset %4\nalive from %5 to %6")
                   .arg(name)
                   .arg(tm.tensor)
                   .arg(bytesText(tm.alignedBytes), QLocale().toString(tm.offset),
                       operatorText(std::max(0, tm.firstStep)), operatorText(tm.lastStep));
    }
    return tip;
}

void MemoryView::onMouseMove(QMouseEvent *event)
{
    const double x = m_plot->xAxis->pixelToCoord(event->pos().x());
    const double y = m_plot->yAxis->pixelToCoord(event->pos().y());
    const QString tip = toolTipAt(x, y);
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), tip, m_plot);
}

void MemoryView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_plan)
        return;
    const int step = stepAt(m_plot->xAxis->pixelToCoord(event->pos().x()));
    if (step < 0)
        return;
    const model::MemoryStep s = m_plan->steps.at(step);
    if (s.op < 0)
        return;
    selectOperator(s.subgraph, s.op);
    Q_EMIT operatorSelected(s.subgraph, s.op);
}

void MemoryView::applyPalette()
{
    applyPlotPalette(m_plot, palette(), PlotGrid::Mid);
    QPalette warn = m_warning->palette();
    warn.setColor(QPalette::WindowText, QColor(200, 30, 30));
    m_warning->setPalette(warn);
}

void MemoryView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        rebuild();
    } else if (event->type() == QEvent::LanguageChange) {
        rebuild();
        rebuildTables();
        rebuildPlacement();
        updateSummary();
    }
}

} // namespace hpx::ui
