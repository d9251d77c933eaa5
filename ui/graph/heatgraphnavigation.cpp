// HeatGraphView, the part that moves around the graph: selection and its sync, search, keyboard
// walks, the hottest-node jumps, called subgraphs and their callers, zoom and fit.
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"
#include "ui/graph/heatminimap.h"

#include <QGraphicsScene>
#include <QLocale>
#include <QMenu>
#include <QScrollBar>
#include <QStyle>
#include <QToolButton>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr int kTopListSize = 10;
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
            return QPair<int, int>(
                static_cast<OperatorNodeItem *>(i)->subgraph(), static_cast<OperatorNodeItem *>(i)->sourceIndex());
    return std::nullopt;
}

bool HeatGraphView::selectOperator(int subgraph, int sourceIndex)
{
    if (!m_model || subgraph < 0 || subgraph >= m_model->subgraphs.size() || sourceIndex < 0
        || sourceIndex >= m_model->subgraphs.at(subgraph).operators.size())
        return false;
    if (subgraph != m_subgraph && isDrawnInPlace(subgraph)) {
        // A body drawn in place: select it there instead of switching.
        for (OperatorNodeItem *n : std::as_const(m_bodyNodes)) {
            if (n->subgraph() == subgraph && n->sourceIndex() == sourceIndex && !m_layoutPending) {
                m_syncing = true;
                m_scene->clearSelection();
                n->setSelected(true);
                m_syncing = false;
                centerOn(n);
                return true;
            }
        }
        m_pendingSelection = QPair<int, int>(subgraph, sourceIndex);
        return true;
    }
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
    if (currentDetail() == NodeDetail::Far) // make the label readable
        m_view->setZoom(m_detailScale->fullFrom() * 1.1);
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
    const auto sel = selectedOperator();
    const int start = sel && sel->first == m_subgraph ? sel->second + 1 : 0;
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
    auto sel = selectedOperator();
    if (sel && sel->first != m_subgraph)
        sel.reset(); // a node of a body drawn in place: walk the shown subgraph from its end
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
    if (m_nodes.isEmpty())
        return;
    const QRectF b = m_scene->sceneRect();
    const QSizeF pane = QSizeF(m_view->viewport()->size()) - QSizeF(4, 4);
    if (b.width() <= 0 || b.height() <= 0 || pane.width() <= 0 || pane.height() <= 0)
        return;
    const double whole = std::min(pane.width() / b.width(), pane.height() / b.height());
    if (whole >= m_detailScale->mediumFrom() * 1.01) {
        // Everything fits with readable labels; small graphs are not blown up past 150 %.
        m_view->setAlignment(Qt::AlignCenter);
        m_view->setZoom(std::min(whole, 1.5));
        m_view->centerOn(b.center());
        return;
    }
    // Fit the width (wrapped layouts are made for it), never past 100 %, top of the graph first; the
    // vertical scroll bar this brings takes its share of the width, and the minimap its strip on the
    // right, so it covers no node: the graph keeps to the left of it.
    const double bar = m_view->verticalScrollBar()->isVisible()
        ? 0
        : m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view->verticalScrollBar());
    const QRect viewport(QPoint(), (pane + QSizeF(4 - bar, 4)).toSize());
    const double full = std::min((pane.width() - bar) / b.width(), 1.0);
    const double besideMap = std::min((pane.width() - bar - minimap()->reservedWidth(viewport)) / b.width(), 1.0);
    // Beside the minimap if the labels stay as readable (else the minimap steps aside: HeatMinimap::place).
    const double z = m_detailScale->at(besideMap) == m_detailScale->at(full) ? besideMap : full;
    m_view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_view->setZoom(z);
    m_view->centerOn(b.center().x(), b.top() + m_view->viewport()->height() / (2 * m_view->zoom()));
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

bool HeatGraphView::selectNextHottest(int step)
{
    if (m_hottest.isEmpty() || m_layoutPending)
        return false;
    const auto sel = selectedOperator();
    const int at = sel && sel->first == m_subgraph ? int(m_hottest.indexOf(sel->second)) : -1;
    int next;
    if (at < 0)
        next = step > 0 ? 0 : int(m_hottest.size()) - 1; // from the top, or from the coolest backwards
    else
        next = std::clamp(at + step, 0, int(m_hottest.size()) - 1);
    return selectAndEmit(m_hottest.at(next));
}

void HeatGraphView::showHottestMenu()
{
    QMenu *menu = m_hotButton->menu();
    menu->clear();
    menu->addAction(tr("Next hottest"), QKeySequence(Qt::Key_N), this, [this] { selectNextHottest(1); });
    menu->addAction(
        tr("Previous hottest"), QKeySequence(Qt::SHIFT | Qt::Key_N), this, [this] { selectNextHottest(-1); });
    if (m_hottest.isEmpty())
        return;
    const int shown = int(qMin(qsizetype(kTopListSize), m_hottest.size()));
    menu->addSection(tr("Top %n by %1", nullptr, shown).arg(shortCounterName(m_counter)));
    double total = 0;
    for (const auto &v : std::as_const(m_values))
        total += v.value_or(0.0);
    for (int rank = 0; rank < std::min<qsizetype>(kTopListSize, m_hottest.size()); ++rank) {
        const int i = m_hottest.at(rank);
        const double v = m_values.at(i).value_or(0.0);
        const QString text = tr("%1. %2 #%3 · %4 (%5 %)")
                                 .arg(rank + 1)
                                 .arg(nodeLabel(i))
                                 .arg(i)
                                 .arg(compactNumber(v), QLocale().toString(total > 0 ? v / total * 100 : 0.0, 'f', 1));
        menu->addAction(text, this, [this, i] { selectAndEmit(i); });
    }
}

QVector<int> HeatGraphView::calledSubgraphs(int sourceIndex) const
{
    if (!m_model || m_subgraph < 0 || m_subgraph >= m_model->subgraphs.size())
        return {};
    const auto &ops = m_model->subgraphs.at(m_subgraph).operators;
    QVector<int> out;
    if (sourceIndex >= 0 && sourceIndex < ops.size())
        for (int s : ops.at(sourceIndex).calledSubgraphs)
            if (s >= 0 && s < m_model->subgraphs.size())
                out.append(s);
    return out;
}

QString HeatGraphView::calledText(int index) const
{
    const QVector<int> called = calledSubgraphs(index);
    if (called.isEmpty())
        return {};
    QStringList names;
    for (int s : called)
        names.append(subgraphLabel(m_model.get(), s));
    return tr("runs %1").arg(names.join(QStringLiteral(", ")));
}

bool HeatGraphView::openCalledSubgraph(int sourceIndex, int which)
{
    const QVector<int> called = calledSubgraphs(sourceIndex);
    if (called.isEmpty())
        return false;
    const auto &op = m_model->subgraphs.at(m_subgraph).operators.at(sourceIndex).op;
    if (which < 0) // a WHILE's work is in its body (cond, body); anything else: its first
        which = op == QLatin1String("WHILE") && called.size() > 1 ? 1 : 0;
    const int target = called.value(std::clamp(which, 0, int(called.size()) - 1));
    setCurrentSubgraph(target);
    return currentSubgraph() == target;
}

std::optional<QPair<int, int>> HeatGraphView::callerOf(int subgraph) const
{
    if (!m_model)
        return std::nullopt;
    for (const auto &sg : m_model->subgraphs)
        for (const auto &op : sg.operators)
            if (sg.index != subgraph && op.calledSubgraphs.contains(subgraph))
                return QPair<int, int>(sg.index, op.index);
    return std::nullopt;
}

void HeatGraphView::updateCaller()
{
    const auto caller = callerOf(m_subgraph);
    m_callerButton->setVisible(caller.has_value());
    if (!caller)
        return;
    const auto &op = m_model->subgraphs.at(caller->first).operators.at(caller->second);
    m_callerButton->setText(
        tr("↑ %1 #%2 in %3").arg(op.op).arg(caller->second).arg(subgraphLabel(m_model.get(), caller->first)));
    m_callerButton->setToolTip(tr("Back to the operator that runs this subgraph"));
}

void HeatGraphView::setDirection(LayoutOptions::Direction direction)
{
    if (direction == m_direction)
        return;
    m_direction = direction;
    const bool leftToRight = direction == LayoutOptions::Direction::LeftToRight;
    {
        QSignalBlocker block(m_directionButton);
        m_directionButton->setChecked(leftToRight);
    }
    m_directionButton->setText(leftToRight ? QStringLiteral("→") : QStringLiteral("↓"));
    m_directionButton->setToolTip(leftToRight ? tr("Layout direction: left to right; click for top to bottom")
                                              : tr("Layout direction: top to bottom; click for left to right"));
    const auto keep = selectedOperator();
    requestLayout();
    if (keep)
        m_pendingSelection = keep;
}

} // namespace hpx::ui
