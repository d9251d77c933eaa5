#include "ui/graph/heatgraphnavigator.h"

#include "ui/graph/heatcoloring.h"
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphscene.h"

#include <QLocale>
#include <QMenu>

#include <algorithm>

namespace hpx::ui {

namespace {
constexpr int kTopListSize = 10;
}

HeatGraphNavigator::HeatGraphNavigator(
    HeatGraphScene *scene, HeatGraphCanvas *canvas, const HeatColoring *coloring, QObject *parent)
    : QObject(parent)
    , m_scene(scene)
    , m_canvas(canvas)
    , m_coloring(coloring)
{
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &HeatGraphNavigator::onSceneSelectionChanged);
}

void HeatGraphNavigator::onSceneSelectionChanged()
{
    if (m_syncing)
        return;
    if (const auto sel = selected())
        Q_EMIT operatorSelected(sel->first, sel->second);
}

std::optional<QPair<int, int>> HeatGraphNavigator::selected() const
{
    const auto items = m_scene->selectedItems();
    for (QGraphicsItem *i : items)
        if (i->type() == OperatorNodeItem::Type)
            return QPair<int, int>(
                static_cast<OperatorNodeItem *>(i)->subgraph(), static_cast<OperatorNodeItem *>(i)->sourceIndex());
    return std::nullopt;
}

void HeatGraphNavigator::select(OperatorNodeItem *node)
{
    m_syncing = true;
    m_scene->clearSelection();
    node->setSelected(true);
    m_syncing = false;
    if (m_canvas->detail() == NodeDetail::Far) // make the label readable
        m_canvas->setZoom(m_canvas->detailScale()->fullFrom() * 1.1);
    m_canvas->centerOn(node);
}

bool HeatGraphNavigator::selectAndEmit(int sourceIndex)
{
    OperatorNodeItem *node = m_scene->node(sourceIndex);
    if (!node)
        return false;
    select(node);
    Q_EMIT operatorSelected(node->subgraph(), sourceIndex);
    return true;
}

bool HeatGraphNavigator::find(const QString &text)
{
    const QString t = text.trimmed();
    const auto &nodes = m_scene->nodes();
    if (t.isEmpty() || nodes.isEmpty())
        return false;
    bool isNumber = false;
    const int wanted = (t.startsWith(QLatin1Char('#')) ? t.mid(1) : t).toInt(&isNumber);
    if (isNumber)
        return wanted >= 0 && wanted < nodes.size() && selectAndEmit(wanted);
    const auto sel = selected();
    const int shown = nodes.first()->subgraph();
    const int start = sel && sel->first == shown ? sel->second + 1 : 0;
    for (int k = 0; k < nodes.size(); ++k) {
        const int i = (start + k) % nodes.size();
        if (nodes.at(i)->op().contains(t, Qt::CaseInsensitive))
            return selectAndEmit(i);
    }
    return false;
}

void HeatGraphNavigator::step(int delta, bool toEnd)
{
    const auto &nodes = m_scene->nodes();
    const int n = int(nodes.size());
    if (n == 0)
        return;
    auto sel = selected();
    if (sel && sel->first != nodes.first()->subgraph())
        sel.reset(); // a node of a body drawn in place: walk the shown subgraph from its end
    int next = delta > 0 ? 0 : n - 1; // nothing selected: start at the end the key points away from
    if (toEnd)
        next = delta > 0 ? n - 1 : 0;
    else if (sel)
        next = std::clamp(sel->second + delta, 0, n - 1);
    selectAndEmit(next);
}

bool HeatGraphNavigator::nextHottest(int step)
{
    const QVector<int> &hottest = m_coloring->hottest();
    if (hottest.isEmpty() || m_scene->nodes().isEmpty())
        return false;
    const auto sel = selected();
    const int at = sel && sel->first == m_scene->nodes().first()->subgraph() ? int(hottest.indexOf(sel->second)) : -1;
    int next;
    if (at < 0)
        next = step > 0 ? 0 : int(hottest.size()) - 1; // from the top, or from the coolest backwards
    else
        next = std::clamp(at + step, 0, int(hottest.size()) - 1);
    return selectAndEmit(hottest.at(next));
}

void HeatGraphNavigator::fillHottestMenu(QMenu *menu)
{
    menu->clear();
    menu->addAction(tr("Next hottest"), QKeySequence(Qt::Key_N), this, [this] { nextHottest(1); });
    menu->addAction(tr("Previous hottest"), QKeySequence(Qt::SHIFT | Qt::Key_N), this, [this] { nextHottest(-1); });
    const QVector<int> &hottest = m_coloring->hottest();
    if (hottest.isEmpty() || m_scene->nodes().isEmpty())
        return;
    const int shown = int(qMin(qsizetype(kTopListSize), hottest.size()));
    menu->addSection(tr("Top %n by %1", nullptr, shown).arg(m_coloring->counterLabel()));
    const double total = m_coloring->shownTotal();
    for (int rank = 0; rank < shown; ++rank) {
        const int i = hottest.at(rank);
        const double v = m_coloring->value(i).value_or(0.0);
        const OperatorNodeItem *node = m_scene->node(i);
        const QString text
            = tr("%1. %2 · %3 (%4 %)")
                  .arg(rank + 1)
                  .arg(operatorName(node->op(), m_coloring->model(), node->subgraph(), node->sourceIndex()),
                      compactNumber(v), QLocale().toString(total > 0 ? v / total * 100 : 0.0, 'f', 1));
        menu->addAction(text, this, [this, i] { selectAndEmit(i); });
    }
}

} // namespace hpx::ui
