#include "ui/table/layertablemodel.h"

#include "model/board/counters.h"

#include <QColor>
#include <QFont>
#include <QLocale>
#include <QSet>

namespace hpx::ui {

namespace {

// Before the first run the table lists the model's operators (subgraph by subgraph, in stored order) with
// their host MACs, so the user can browse and select them; counters arrive with the result.
ResultPtr previewOf(const model::ModelInfo *info)
{
    if (!info)
        return nullptr;
    auto preview = std::make_shared<model::ProfileResult>();
    for (const model::SubgraphInfo &subgraph : info->subgraphs) {
        for (const model::OperatorInfo &op : subgraph.operators) {
            model::LayerResult layer;
            layer.position = preview->layers.size();
            layer.id = layer.position;
            layer.op = op.op;
            layer.opType = op.op;
            layer.subgraph = subgraph.index;
            layer.sourceIndex = op.index;
            layer.macs = op.macs;
            layer.ops = op.ops;
            preview->layers.append(layer);
        }
    }
    return preview;
}

// The result plus a row for each operator that did not run in the profiled inferences (ProfileResult::notRun, found
// by position when the result was made) and, for a result that does not say (a heliaPROFILER bundle), for each
// operator the run cannot have seen because it runs once at start (ModelInfo::runOnceAtStart), so the table counts
// every operator of the model.
ResultPtr withOperatorsNotRun(const ResultPtr &result, const model::ModelInfo *info)
{
    if (!result || (result->notRun.isEmpty() && !info))
        return result;
    QSet<qint64> seen;
    for (const model::LayerResult &layer : result->layers)
        seen.insert((qint64(layer.subgraph) << 32) | quint32(layer.sourceIndex));
    QVector<model::LayerResult> missing = result->notRun;
    for (const model::LayerResult &layer : result->notRun)
        seen.insert((qint64(layer.subgraph) << 32) | quint32(layer.sourceIndex));
    const QVector<bool> once = info ? info->runOnceAtStart() : QVector<bool>();
    for (const model::SubgraphInfo &subgraph : info ? info->subgraphs : QVector<model::SubgraphInfo>()) {
        if (!once.value(subgraph.index))
            continue;
        for (const model::OperatorInfo &op : subgraph.operators) {
            if (seen.contains((qint64(subgraph.index) << 32) | quint32(op.index)))
                continue;
            model::LayerResult layer;
            layer.position = -1;
            layer.op = op.op;
            layer.opType = op.op;
            layer.subgraph = subgraph.index;
            layer.sourceIndex = op.index;
            layer.values.resize(result->counters.size());
            layer.observed = false;
            layer.invocations = 0;
            layer.execution = model::LayerResult::Execution::OnceAtInit;
            missing.append(layer);
        }
    }
    if (missing.isEmpty())
        return result;
    auto rows = std::make_shared<model::ProfileResult>(*result);
    rows->layers += missing;
    return rows;
}

} // namespace

LayerTableModel::LayerTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void LayerTableModel::setModel(ModelPtr model)
{
    beginResetModel();
    m_model = std::move(model);
    rebuild();
    endResetModel();
}

void LayerTableModel::setResult(ResultPtr result)
{
    beginResetModel();
    m_result = std::move(result);
    rebuild();
    endResetModel();
}

void LayerTableModel::setModel(const model::ModelInfo &model)
{
    setModel(std::make_shared<const model::ModelInfo>(model));
}

void LayerTableModel::setResult(const model::ProfileResult &result)
{
    setResult(std::make_shared<const model::ProfileResult>(result));
}

void LayerTableModel::clear()
{
    beginResetModel();
    m_model.reset();
    m_result.reset();
    rebuild();
    endResetModel();
}

void LayerTableModel::setHighlightedCounter(const QString &counter)
{
    if (counter == m_highlighted)
        return;
    m_highlighted = counter;
    if (!m_columns.isEmpty())
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, m_columns.size() - 1);
}

void LayerTableModel::rebuild()
{
    m_columns.clear();
    m_totals.clear();
    m_cycles = -1;
    m_derived.reset();
    m_rows = m_result ? withOperatorsNotRun(m_result, m_model.get()) : previewOf(m_model.get());
    m_profiledRows = m_result ? int(m_result->layers.size()) : (m_rows ? int(m_rows->layers.size()) : 0);
    if (!m_rows)
        return;
    const QStringList &counters = m_rows->counters;
    // A counter the board did not count feeds no derived column: there is nothing to derive from.
    m_cycles = m_rows->isCounted(model::cyclesCounterName()) ? m_rows->counterIndex(model::cyclesCounterName()) : -1;
    m_derived.emplace(*m_rows);
    using model::DerivedMetric;
    auto derived = [this](ColumnKind kind, DerivedMetric metric) {
        m_columns.append({ kind, -1, metric, model::derivedMetricId(metric) });
    };

    bool haveMacs = false;
    for (const auto &layer : m_rows->layers)
        haveMacs = haveMacs || layer.macs.has_value();

    m_columns.append({ ColumnKind::Position, -1, {}, QStringLiteral("position") });
    m_columns.append({ ColumnKind::Op, -1, {}, QStringLiteral("op") });
    m_columns.append({ ColumnKind::Subgraph, -1, {}, QStringLiteral("subgraph") });
    m_columns.append({ ColumnKind::SourceIndex, -1, {}, QStringLiteral("index") });
    for (int e = 0; m_extra && m_result && e < m_extra->columnCount(); ++e)
        m_columns.append({ ColumnKind::Extra, e, {}, m_extra->columnId(e) });
    if (haveMacs) {
        m_columns.append({ ColumnKind::Macs, -1, {}, QStringLiteral("macs") });
        if (m_derived->available(DerivedMetric::MacsPerCycle))
            derived(ColumnKind::MacsPerCycle, DerivedMetric::MacsPerCycle);
        if (m_derived->available(DerivedMetric::CyclesPerMac))
            derived(ColumnKind::CyclesPerMac, DerivedMetric::CyclesPerMac);
    }
    for (int c = 0; c < counters.size(); ++c) {
        m_columns.append({ ColumnKind::Counter, c, {}, QStringLiteral("counter:") + counters.at(c) });
        // Control flow: a WHILE/IF/CALL_ONCE row holds the counts of the layers it called; its own beside them, for
        // every counter the board counted (the cycle column keeps the id the CLI's self_cycles field has).
        if (m_rows->hasEnclosingLayers() && m_rows->isCounted(counters.at(c))) {
            m_columns.append({ ColumnKind::Self, c, {},
                c == m_cycles ? QStringLiteral("self_cycles") : QStringLiteral("self:") + counters.at(c) });
        }
    }
    for (DerivedMetric metric : m_derived->availableCounterRatios())
        derived(ColumnKind::Derived, metric);

    // Totals count every event once: an enclosing layer adds its own values, not what its called layers hold too,
    // so the share of a WHILE (its inclusive value over the total) and of its body's layers never add up past 100 %.
    m_totals.fill(0.0, m_columns.size());
    for (int col = 0; col < m_columns.size(); ++col) {
        const Column &c = m_columns.at(col);
        if (c.kind != ColumnKind::Counter && c.kind != ColumnKind::Self && c.kind != ColumnKind::Macs)
            continue;
        double total = 0;
        for (int row = 0; row < m_rows->layers.size(); ++row) {
            total += c.kind == ColumnKind::Macs ? number(row, c).value_or(0.0)
                                                : m_rows->layers.at(row).selfAt(c.counter).value_or(0.0);
        }
        m_totals[col] = total;
    }
}

int LayerTableModel::notRunCount() const
{
    int count = 0;
    for (int row = m_profiledRows; m_rows && row < m_rows->layers.size(); ++row)
        count += m_rows->layers.at(row).execution == model::LayerResult::Execution::NotRun ? 1 : 0;
    return count;
}

int LayerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_rows ? 0 : m_rows->layers.size();
}

int LayerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns.size();
}

std::optional<double> LayerTableModel::counterValue(int row, int counterIndex) const
{
    return layerValue(m_rows->layers.at(row), counterIndex);
}

std::optional<double> LayerTableModel::number(int row, const Column &c) const
{
    const auto &layer = m_rows->layers.at(row);
    switch (c.kind) {
    case ColumnKind::Position:
        return layer.position;
    case ColumnKind::Subgraph:
        return layer.subgraph;
    case ColumnKind::SourceIndex:
        return layer.sourceIndex >= 0 ? std::optional<double>(layer.sourceIndex) : std::nullopt;
    case ColumnKind::Macs:
        return layer.macs ? std::optional<double>(double(*layer.macs)) : std::nullopt;
    case ColumnKind::MacsPerCycle:
    case ColumnKind::CyclesPerMac:
    case ColumnKind::Derived:
        return m_derived->value(c.derived, layer);
    case ColumnKind::Counter:
        return counterValue(row, c.counter);
    case ColumnKind::Self:
        return layer.selfAt(c.counter);
    case ColumnKind::Op:
    case ColumnKind::Extra: // the provider answers for its columns
        break;
    }
    return std::nullopt;
}

int LayerTableModel::widestRow(int column) const
{
    if (column < 0 || column >= m_columns.size() || rowCount() == 0)
        return -1;
    const Column &c = m_columns.at(column);
    int best = -1;
    if (c.kind == ColumnKind::Op) {
        qsizetype longest = -1;
        for (int row = 0; row < rowCount(); ++row) {
            const qsizetype length = opText(row).size();
            if (length > longest) {
                longest = length;
                best = row;
            }
        }
        return best;
    }
    if (c.kind == ColumnKind::Extra)
        return -1;
    double largest = -1;
    for (int row = 0; row < rowCount(); ++row) {
        const std::optional<double> value = number(row, c);
        if (value && qAbs(*value) > largest) {
            largest = qAbs(*value);
            best = row;
        }
    }
    return best;
}

QString LayerTableModel::opText(int row) const
{
    const auto &layer = m_rows->layers.at(row);
    QString text = layer.opType.isEmpty() ? layer.op : layer.opType;
    if (m_model && layer.subgraph >= 0 && layer.subgraph < m_model->subgraphs.size()) {
        const auto &ops = m_model->subgraphs.at(layer.subgraph).operators;
        if (layer.sourceIndex >= 0 && layer.sourceIndex < ops.size() && !ops.at(layer.sourceIndex).customCode.isEmpty())
            text += QStringLiteral(" (") + ops.at(layer.sourceIndex).customCode + QLatin1Char(')');
    }
    return text;
}

QVariant LayerTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_rows)
        return {};
    const int row = index.row();
    const Column &c = m_columns.at(index.column());
    const auto &layer = m_rows->layers.at(row);

    switch (role) {
    case LayerIndexRole:
        return isProfiled(row) ? row : -1;
    case SubgraphRole:
        return layer.subgraph;
    case SourceIndexRole:
        return layer.sourceIndex;
    case OpTypeRole:
        return layer.opType.isEmpty() ? layer.op : layer.opType;
    case OpTagRole:
        return layer.op;
    default:
        break;
    }
    if (c.kind == ColumnKind::Extra) {
        if (!isProfiled(row))
            return {};
        return m_extra->data(row, c.counter, role == ExportRole ? int(RawValueRole) : role);
    }
    if (role == ExportRole)
        return exportCell(row, index.column());
    if (!isProfiled(row) && (role == Qt::ForegroundRole || role == Qt::FontRole)) {
        // The whole row is greyed (and its op in italics): the operator has no value, and the row says why.
        if (role == Qt::ForegroundRole)
            return QColor(Qt::gray);
        if (c.kind != ColumnKind::Op)
            return {};
        QFont font;
        font.setItalic(true);
        return font;
    }

    if (c.kind == ColumnKind::Op) {
        switch (role) {
        case Qt::DisplayRole:
        case SortRole:
        case RawValueRole:
            return opText(row);
        case Qt::ToolTipRole:
            return layer.overflow
                ? tr("%1 (firmware tag %2) — a counter overflowed in this layer").arg(opText(row), layer.op)
                : tr("%1 (firmware tag %2)").arg(opText(row), layer.op);
        default:
            return {};
        }
    }
    if (c.kind == ColumnKind::Subgraph && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
        return subgraphLabel(m_model.get(), layer.subgraph);

    // A cell that holds no measurement, and says why: grey text in place of a number.
    const auto noValue = [role](const QVariant &text, const QString &why) -> QVariant {
        switch (role) {
        case Qt::DisplayRole:
            return text;
        case Qt::ToolTipRole:
            return why;
        case Qt::ForegroundRole:
            return QColor(Qt::gray);
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        default:
            return {};
        }
    };
    if (!isProfiled(row) && layer.execution == model::LayerResult::Execution::NotRun && c.kind != ColumnKind::Subgraph
        && c.kind != ColumnKind::SourceIndex) {
        // A loop not entered, an IF branch not taken, a subgraph nothing called: the operator did not run in the
        // profiled inferences. Listed, invocations 0, never with a number.
        return noValue(c.kind == ColumnKind::Position ? QVariant(tr("—"))
                : c.kind == ColumnKind::Counter       ? QVariant(tr("not run"))
                                                      : QVariant(),
            tr("Not run: this operator did not run in the profiled inferences (a loop not entered, an IF branch not "
               "taken, or a subgraph nothing called, on the board's input): no value, not 0."));
    }
    if (!isProfiled(row) && c.kind != ColumnKind::Subgraph && c.kind != ColumnKind::SourceIndex) {
        // An operator of a CALL_ONCE's init subgraph: it ran in the first inference, which a profile spends as
        // warm-up, so no run has a value for it. Listed, never with a number.
        return noValue(c.kind == ColumnKind::Position ? QVariant(tr("—"))
                : c.kind == ColumnKind::Counter       ? QVariant(tr("not profiled: runs once at start"))
                                                      : QVariant(),
            tr("Not profiled: this operator belongs to a CALL_ONCE's init subgraph (%1), which runs once, in the "
               "first inference; the board spends that one as warm-up before profiling.")
                .arg(subgraphLabel(m_model.get(), layer.subgraph)));
    }
    if (c.kind == ColumnKind::Counter && !m_rows->isCounted(m_rows->counters.at(c.counter))) {
        // The board printed a number for it, but did not count it: never shown as a measurement.
        return noValue(tr("not counted"),
            tr("The board did not count %1 (see the run's issues): no value, not 0")
                .arg(m_rows->counters.at(c.counter)));
    }
    const std::optional<double> v = number(row, c);
    // Derived values come rounded (model::DerivedInputs) and are shown with exactly their places.
    const bool derived
        = c.kind == ColumnKind::Derived || c.kind == ColumnKind::CyclesPerMac || c.kind == ColumnKind::MacsPerCycle;
    const int decimals = derived ? model::derivedMetricDecimals(c.derived) : 1;
    switch (role) {
    case Qt::DisplayRole:
        if (!v)
            return c.kind == ColumnKind::SourceIndex ? tr("—") : QString();
        if (c.kind == ColumnKind::SourceIndex) // the operator's number as every view writes it ("#1")
            return tr("#%1").arg(int(*v));
        if (derived)
            return QLocale().toString(*v, 'f', decimals);
        return formatNumber(*v, decimals);
    case SortRole:
        return v ? QVariant(*v) : QVariant();
    case RawValueRole:
        return v ? QVariant(*v) : QVariant();
    case PercentOfTotalRole: {
        const double total = m_totals.value(index.column());
        if (!v || total <= 0)
            return {};
        return *v / total;
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(
            Qt::Alignment((c.kind == ColumnKind::Subgraph ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter));
    case Qt::ToolTipRole: {
        if (!v)
            return c.kind == ColumnKind::Counter ? tr("Not captured for this layer") : QVariant();
        const double total = m_totals.value(index.column());
        if (c.kind == ColumnKind::Counter && layer.encloses()) {
            const std::optional<double> own = layer.selfAt(c.counter);
            return tr("%1 inclusive: its own %2 and %3 in the layers it called — %4 % of the total")
                .arg(formatNumber(*v, decimals), own ? formatNumber(*own, decimals) : tr("unknown"),
                    own ? formatNumber(*v - *own, decimals) : tr("the rest"),
                    QLocale().toString(total > 0 ? *v / total * 100 : 0.0, 'f', 1));
        }
        if (total > 0)
            return tr("%1 — %2 % of the total")
                .arg(formatNumber(*v, decimals), QLocale().toString(*v / total * 100, 'f', 1));
        return derived ? QLocale().toString(*v, 'f', decimals) : formatNumber(*v, decimals); // as the cell shows it
    }
    default:
        return {};
    }
}

QVariant LayerTableModel::exportCell(int row, int column) const
{
    const Column &c = m_columns.at(column);
    switch (c.kind) {
    case ColumnKind::Op:
        return opText(row);
    case ColumnKind::Subgraph:
        return subgraphLabel(m_model.get(), m_rows->layers.at(row).subgraph);
    case ColumnKind::Counter:
        // Words, not a number and not 0, where the table says why there is none.
        if (!isProfiled(row))
            return m_rows->layers.at(row).execution == model::LayerResult::Execution::NotRun
                ? QStringLiteral("not run")
                : QStringLiteral("not profiled");
        if (!m_rows->isCounted(m_rows->counters.at(c.counter)))
            return QStringLiteral("not counted");
        break;
    default:
        if (!isProfiled(row) && c.kind != ColumnKind::SourceIndex)
            return {};
        break;
    }
    return data(index(row, column), RawValueRole);
}

QString LayerTableModel::exportName(int column) const
{
    if (column < 0 || column >= m_columns.size() || !m_rows)
        return {};
    const Column &c = m_columns.at(column);
    const bool emulated = m_rows->cyclesAreEmulatedInstructions();
    auto counterName = [this, emulated](int counter) {
        return counter == m_cycles && emulated ? QStringLiteral("emulated_instructions") : m_rows->counters.at(counter);
    };
    switch (c.kind) {
    case ColumnKind::Position:
        return QStringLiteral("execution_order");
    case ColumnKind::SourceIndex:
        return QStringLiteral("operator_index");
    case ColumnKind::MacsPerCycle:
        return emulated ? QStringLiteral("macs_per_emulated_instruction") : c.id;
    case ColumnKind::CyclesPerMac:
        return emulated ? QStringLiteral("emulated_instructions_per_mac") : c.id;
    case ColumnKind::Counter:
        return counterName(c.counter);
    case ColumnKind::Self:
        return QStringLiteral("self_") + counterName(c.counter);
    case ColumnKind::Extra:
        return QString(c.id).replace(QLatin1Char(':'), QLatin1Char('_'));
    default:
        return c.id;
    }
}

bool LayerTableModel::hasShare(int column) const
{
    if (column < 0 || column >= m_columns.size() || m_totals.value(column) <= 0)
        return false;
    const Column &c = m_columns.at(column);
    return c.kind == ColumnKind::Macs || c.kind == ColumnKind::Self
        || (c.kind == ColumnKind::Counter && m_rows->isCounted(m_rows->counters.at(c.counter)));
}

QString LayerTableModel::title(const Column &c) const
{
    // The virtual board's cycle column holds instructions QEMU executed: never call them cycles.
    if (m_rows->cyclesAreEmulatedInstructions()) {
        switch (c.kind) {
        case ColumnKind::MacsPerCycle:
            return tr("MAC/instruction");
        case ColumnKind::CyclesPerMac:
            return tr("Instructions/MAC");
        default:
            break;
        }
    }
    switch (c.kind) {
    case ColumnKind::Position: // not "#": "#1" is an operator's number in its graph (graph id #index)
        return tr("Order");
    case ColumnKind::Op:
        return tr("Op");
    case ColumnKind::Subgraph:
        return tr("Subgraph");
    case ColumnKind::SourceIndex:
        return tr("Index");
    case ColumnKind::Macs:
        return tr("MACs");
    case ColumnKind::MacsPerCycle:
        return tr("MAC/cycle");
    case ColumnKind::CyclesPerMac:
        return tr("Cycles/MAC");
    case ColumnKind::Self: // named as its inclusive column is, beside it ("Self CPU_CYCLES", never "Self cycles")
        return tr("Self %1").arg(counterLabel(m_rows->counters.at(c.counter), m_rows.get()));
    case ColumnKind::Counter:
        return counterLabel(m_rows->counters.at(c.counter), m_rows.get());
    case ColumnKind::Derived:
        switch (c.derived) {
        case model::DerivedMetric::MveShare:
            return tr("MVE share %");
        case model::DerivedMetric::MveMacDensity:
            return tr("MVE MAC density");
        case model::DerivedMetric::MveLdStDensity:
            return tr("MVE ld/st density");
        case model::DerivedMetric::MveStallShare:
            return tr("MVE stall share %");
        case model::DerivedMetric::L1dHitRate:
            return tr("L1D hit rate %");
        case model::DerivedMetric::MacsPerCycle: // columns of their own kind
        case model::DerivedMetric::CyclesPerMac:
            break;
        }
        break;
    case ColumnKind::Extra:
        break;
    }
    return {};
}

QString LayerTableModel::tooltip(const Column &c) const
{
    if (m_rows->cyclesAreEmulatedInstructions()) {
        const QString why = tr("The virtual board counts the instructions QEMU executed for each operator (-icount), "
                               "not the core's cycles: compare operators with it, not boards.");
        switch (c.kind) {
        case ColumnKind::MacsPerCycle:
            return tr("MACs / emulated instructions. %1").arg(why);
        case ColumnKind::CyclesPerMac:
            return tr("Emulated instructions / MACs. %1").arg(why);
        case ColumnKind::Self:
            if (c.counter != m_cycles)
                break;
            return tr("The layer's own emulated instructions, without the layers a control-flow operator calls. %1")
                .arg(why);
        case ColumnKind::Counter:
            if (m_rows->counters.at(c.counter) == model::cyclesCounterName())
                return tr("%1 column of the stream. %2").arg(m_rows->counters.at(c.counter), why);
            break;
        default:
            break;
        }
    }
    switch (c.kind) {
    case ColumnKind::Position:
        return tr("Position in execution order. An operator's own number is its subgraph and index (\"main #3\"), as "
                  "the graph, the charts and the exports write it.");
    case ColumnKind::Op:
        return tr("Operator type");
    case ColumnKind::Subgraph:
        return tr("Subgraph the operator belongs to (Model Explorer graph id)");
    case ColumnKind::SourceIndex:
        return tr("Operator index in its subgraph (the node id in Model Explorer): the #1 of \"main #1\"");
    case ColumnKind::Macs:
        return tr("Multiply-accumulates computed on the host from the model");
    case ColumnKind::MacsPerCycle:
        return tr("MACs / CPU cycles: higher is better");
    case ColumnKind::CyclesPerMac:
        return tr("CPU cycles / MACs, rounded to 2 places as in the CSV");
    case ColumnKind::Self:
        if (c.counter == m_cycles)
            return tr("The layer's own cycles. A control-flow operator (WHILE, IF, CALL_ONCE) is measured around the "
                      "layers it calls: CPU_CYCLES is its inclusive cost, this is without them. Every cycle is in "
                      "exactly one layer's self cycles.");
        return tr("The layer's own %1. A control-flow operator (WHILE, IF, CALL_ONCE) is measured around the layers "
                  "it calls: %1 is its inclusive count, this is without them. Every event is in exactly one "
                  "layer's own count.")
            .arg(m_rows->counters.at(c.counter));
    case ColumnKind::Counter:
        return m_rows->isCounted(m_rows->counters.at(c.counter))
            ? m_rows->counters.at(c.counter)
            : tr("%1 — not counted by the board").arg(m_rows->counters.at(c.counter));
    case ColumnKind::Derived:
        switch (c.derived) {
        case model::DerivedMetric::MveShare:
            return tr("MVE_INST_RETIRED / INST_RETIRED × 100");
        case model::DerivedMetric::MveMacDensity:
            return tr("MVE_INT_MAC_RETIRED / MVE_INST_RETIRED");
        case model::DerivedMetric::MveLdStDensity:
            return tr("MVE_LDST_RETIRED / MVE_INST_RETIRED");
        case model::DerivedMetric::MveStallShare:
            return tr("MVE_STALL / CPU_CYCLES × 100");
        case model::DerivedMetric::L1dHitRate:
            return tr("(1 − L1D read misses / L1D reads) × 100 for this layer");
        case model::DerivedMetric::MacsPerCycle: // columns of their own kind
        case model::DerivedMetric::CyclesPerMac:
            break;
        }
        break;
    case ColumnKind::Extra:
        break;
    }
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column &c = m_columns.at(section);
    if (c.kind == ColumnKind::Extra && role != ColumnIdRole && role != NumericColumnRole)
        return m_extra->headerData(c.counter, role);
    switch (role) {
    case Qt::DisplayRole:
        return title(c);
    case Qt::ToolTipRole:
        return tooltip(c);
    case ColumnIdRole:
        return c.id;
    case CounterRole:
        return c.kind == ColumnKind::Counter ? QVariant(m_rows->counters.at(c.counter)) : QVariant();
    case NumericColumnRole:
        return c.kind != ColumnKind::Op;
    case Qt::FontRole:
        if (c.kind == ColumnKind::Counter && m_rows->counters.at(c.counter) == m_highlighted) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(
            Qt::Alignment((c.kind == ColumnKind::Op || c.kind == ColumnKind::Subgraph ? Qt::AlignLeft : Qt::AlignRight)
                | Qt::AlignVCenter));
    default:
        return {};
    }
}

void LayerTableModel::setColumnProvider(std::shared_ptr<const LayerColumnProvider> provider)
{
    beginResetModel();
    m_extra = std::move(provider);
    rebuild();
    endResetModel();
}

void LayerTableModel::extraColumnsChanged()
{
    int first = -1, last = -1;
    for (int i = 0; i < m_columns.size(); ++i) {
        if (m_columns.at(i).kind == ColumnKind::Extra) {
            first = first < 0 ? i : first;
            last = i;
        }
    }
    if (first < 0 || rowCount() == 0)
        return;
    Q_EMIT headerDataChanged(Qt::Horizontal, first, last);
    Q_EMIT dataChanged(index(0, first), index(rowCount() - 1, last));
}

LayerTableModel::ColumnKind LayerTableModel::columnKind(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).kind : ColumnKind::Op;
}

QString LayerTableModel::columnId(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).id : QString();
}

int LayerTableModel::columnForId(const QString &id) const
{
    for (int i = 0; i < m_columns.size(); ++i)
        if (m_columns.at(i).id == id)
            return i;
    return -1;
}

int LayerTableModel::columnForCounter(const QString &counter) const
{
    return columnForId(QStringLiteral("counter:") + counter);
}

int LayerTableModel::columnToReveal(const QString &counter) const
{
    const int extra = m_extra ? m_extra->columnToReveal() : -1;
    if (extra >= 0)
        for (int i = 0; i < m_columns.size(); ++i)
            if (m_columns.at(i).kind == ColumnKind::Extra && m_columns.at(i).counter == extra)
                return i;
    return columnForCounter(counter);
}

int LayerTableModel::rowForOperator(int subgraph, int sourceIndex) const
{
    if (!m_rows || sourceIndex < 0)
        return -1;
    int found = -1; // the later layer wins, as in the overlays
    for (int i = 0; i < m_rows->layers.size(); ++i) {
        const auto &l = m_rows->layers.at(i);
        if (l.subgraph == subgraph && l.sourceIndex == sourceIndex)
            found = i;
    }
    return found;
}

QStringList LayerTableModel::opTypes() const
{
    QSet<QString> set;
    if (m_rows)
        for (const auto &l : m_rows->layers)
            set.insert(l.opType.isEmpty() ? l.op : l.opType);
    QStringList out(set.begin(), set.end());
    out.sort();
    return out;
}

} // namespace hpx::ui
