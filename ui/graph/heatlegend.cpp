#include "ui/graph/heatlegend.h"

#include "model/compare/divergingpalette.h"
#include "ui/common/resultviewdata.h"

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace hpx::ui {

HeatLegend::HeatLegend(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setRange({}, {}, false);
}

void HeatLegend::setRange(const QString &title, const HeatRange &range, bool someMissing)
{
    m_title = title;
    m_stops.clear();
    m_valid = range.valid;
    m_someMissing = someMissing;
    m_minText = range.valid ? formatNumber(range.min) : QString();
    m_maxText = range.valid ? formatNumber(range.max) : QString();
    m_minShort = range.valid ? compactNumber(range.min) : QString();
    m_maxShort = range.valid ? compactNumber(range.max) : QString();
    QString scaleToolTip;
    switch (range.scale) {
    case HeatScale::Linear:
        m_scaleText = tr("linear scale");
        scaleToolTip = tr("The colour is proportional to the value.");
        break;
    case HeatScale::Logarithmic:
        m_scaleText = tr("log scale");
        scaleToolTip = tr("Equal colour steps are equal factors of the value, so small operators are told apart.");
        break;
    case HeatScale::Rank:
        m_scaleText = tr("rank scale");
        scaleToolTip = tr("The colour is the operator's rank among those shown (percentile), not its value: "
                          "the midpoint is the median operator.");
        break;
    }
    if (!range.valid)
        m_note = title.isEmpty() ? tr("No result yet: run a profile to colour the nodes")
                                 : tr("No values for this subgraph");
    else if (range.allEqual())
        m_note = tr("all equal");
    else
        m_note.clear();
    setToolTip(range.valid ? tr("%1: green = lowest (%2), yellow = midpoint, red = highest (%3) in this subgraph")
                                 .arg(title, m_minText, m_maxText)
                + QLatin1Char('\n') + scaleToolTip
                           : m_note);
    updateGeometry();
    update();
}

QSize HeatLegend::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(360, fm.height() + 12);
}

QPair<QString, QString> HeatLegend::rangeTexts(const QFontMetrics &fm, int width) const
{
    // Narrower than the whole numbers and a short bar need, they are written as the graph's labels write them
    // ("-216k"); the whole numbers are in the tooltip.
    constexpr int kMinBar = 40;
    if (fm.horizontalAdvance(m_minText) + fm.horizontalAdvance(m_maxText) + 12 + kMinBar <= width)
        return { m_minText, m_maxText };
    return { m_minShort, m_maxShort };
}

QPair<QString, QString> HeatLegend::shownRangeTexts() const
{
    return rangeTexts(fontMetrics(), rect().adjusted(4, 2, -4, -2).width());
}

void HeatLegend::paintLegend(QPainter *p, const QRect &rect, const QPalette &pal) const
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(p->font());
    const int h = rect.height();
    const int barH = std::max(8, h - 8);
    int x = rect.left();
    p->setPen(pal.color(QPalette::WindowText));
    // The range (lowest, bar, highest) is what the legend is for: in a narrow pane (a large scale factor) the title
    // gives way, elided or left out, and the bar shrinks to kMinBar, but the two numbers are always drawn whole.
    constexpr int kMinBar = 40;
    const auto [minText, maxText] = rangeTexts(fm, rect.width());
    const int minW = m_valid ? fm.horizontalAdvance(minText) : 0;
    const int maxW = m_valid ? fm.horizontalAdvance(maxText) : 0;
    const int rangeW = m_valid ? minW + 6 + kMinBar + 6 + maxW : 0;
    if (!m_title.isEmpty()) {
        QFont bold = p->font();
        bold.setBold(true);
        p->setFont(bold);
        const QFontMetrics boldMetrics(bold);
        const int room = std::max(0, rect.width() - rangeW - 10);
        QString title = boldMetrics.elidedText(m_title, Qt::ElideRight, room);
        // "C…" names nothing; the counter combo above says which counter it is, and the tooltip says it all.
        if (title != m_title && title.size() < 4)
            title.clear();
        const int w = boldMetrics.horizontalAdvance(title);
        p->drawText(QRect(x, rect.top(), w, h), Qt::AlignVCenter, title);
        p->setFont(font());
        if (!title.isEmpty())
            x += w + 10;
    }
    if (m_valid) {
        p->drawText(QRect(x, rect.top(), minW, h), Qt::AlignVCenter, minText);
        x += minW + 6;
        const int barW = std::clamp(rect.right() - x - maxW - 6 - 120, kMinBar, 220);
        const QRect bar(x, rect.top() + (h - barH) / 2, barW, barH);
        QLinearGradient g(bar.topLeft(), bar.topRight());
        g.setStops(!m_stops.isEmpty() ? m_stops
                : m_note.isEmpty()
                ? HeatGradient::gradientStops()
                : QGradientStops { { 0, HeatGradient::colorAt(0.5) }, { 1, HeatGradient::colorAt(0.5) } });
        p->setPen(pal.color(QPalette::Mid));
        p->setBrush(g);
        p->drawRoundedRect(bar, 3, 3);
        x = bar.right() + 6;
        p->setPen(pal.color(QPalette::WindowText));
        p->drawText(QRect(x, rect.top(), maxW, h), Qt::AlignVCenter, maxText);
        x += maxW + 12;
    }
    QString note = m_note;
    if (m_valid && !m_scaleText.isEmpty())
        note = note.isEmpty() ? m_scaleText : m_scaleText + QStringLiteral(", ") + note;
    if (m_valid && m_someMissing)
        note = note.isEmpty() ? tr("dashed: no value") : note + tr(", dashed: no value");
    const QString shownNote = fm.elidedText(note, Qt::ElideRight, std::max(0, rect.right() - x));
    if (shownNote == note || shownNote.size() >= 4) { // not a lone "l…"
        p->setPen(pal.color(QPalette::PlaceholderText));
        p->drawText(QRect(x, rect.top(), std::max(0, rect.right() - x), h), Qt::AlignVCenter, shownNote);
    }
    p->restore();
}

void HeatLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintLegend(&p, rect().adjusted(4, 2, -4, -2), palette());
}

void HeatLegend::setDiverging(const QString &title, double maxAbs, bool someMissing)
{
    m_title = tr("Δ %1").arg(title);
    m_scaleText.clear();
    m_valid = true;
    m_someMissing = someMissing;
    m_minText = formatNumber(-maxAbs);
    m_maxText = QStringLiteral("+") + formatNumber(maxAbs);
    m_minShort = compactNumber(-maxAbs);
    m_maxShort = QStringLiteral("+") + compactNumber(maxAbs);
    m_note = maxAbs > 0 ? tr("blue faster · red slower") : tr("no change");
    const auto stop = [](const model::Rgb &c) { return QColor(c.r, c.g, c.b); };
    m_stops = { { 0, stop(model::DivergingPalette::faster()) }, { 0.5, stop(model::DivergingPalette::unchanged()) },
        { 1, stop(model::DivergingPalette::slower()) } };
    setToolTip(tr("%1, candidate − baseline: blue = faster (down to %2), white = unchanged, red = slower (up to %3); "
                  "centred on zero")
                   .arg(title, m_minText, m_maxText));
    updateGeometry();
    update();
}

} // namespace hpx::ui
