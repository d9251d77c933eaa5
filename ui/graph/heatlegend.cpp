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
    // Its height follows its width (one line or two, heightForWidth()): a fixed height would cap it at one line.
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
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

namespace {
constexpr int kMinBar = 40;
}

QString HeatLegend::fullNote() const
{
    QString note = m_note;
    if (m_valid && !m_scaleText.isEmpty())
        note = note.isEmpty() ? m_scaleText : m_scaleText + QStringLiteral(", ") + note;
    if (m_valid && m_someMissing)
        note = note.isEmpty() ? tr("dashed: no value") : note + tr(", dashed: no value");
    return note;
}

int HeatLegend::oneLineWidth(const QFont &font) const
{
    const QFontMetrics fm(font);
    QFont bold = font;
    bold.setBold(true);
    int width = m_title.isEmpty() ? 0 : QFontMetrics(bold).horizontalAdvance(m_title) + 10;
    if (m_valid)
        width += fm.horizontalAdvance(m_minText) + 6 + kMinBar + 6 + fm.horizontalAdvance(m_maxText) + 12;
    return width + fm.horizontalAdvance(fullNote());
}

int HeatLegend::heightForWidth(int width) const
{
    const QFontMetrics fm(font());
    if (!m_valid || oneLineWidth(font()) <= width - 8)
        return fm.height() + 12;
    return 2 * fm.height() + 14;
}

QSize HeatLegend::minimumSizeHint() const
{
    return QSize(0, heightForWidth(width() > 0 ? width() : sizeHint().width()));
}

void HeatLegend::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const int lines = heightForWidth(width());
    if (lines != m_minimumHeight) {
        m_minimumHeight = lines;
        updateGeometry(); // one line more or less: the graph's minimum follows
    }
}

bool HeatLegend::twoLines(const QFontMetrics &fm, const QRect &rect) const
{
    return m_valid && rect.height() >= 2 * fm.height() + 4 && oneLineWidth(font()) > rect.width();
}

QVector<HeatLegend::Part> HeatLegend::layoutParts(const QFont &font, const QRect &rect, QRect *bar) const
{
    const QFontMetrics fm(font);
    QFont boldFont = font;
    boldFont.setBold(true);
    const QFontMetrics boldMetrics(boldFont);
    QVector<Part> parts;
    *bar = QRect();
    const bool two = twoLines(fm, rect);
    const int lineH = two ? rect.height() / 2 : rect.height();
    const QRect first(rect.left(), rect.top(), rect.width(), lineH);
    const QRect second = two ? QRect(rect.left(), rect.top() + lineH, rect.width(), rect.height() - lineH) : first;
    // The range (lowest, bar, highest) is what the legend is for: on one line in a narrow pane the title gives way,
    // elided or left out, and the bar shrinks to kMinBar, but the two numbers are always drawn whole. On two lines
    // (a pane too narrow for all of it, heightForWidth()) the title and the scale have the first line to themselves.
    const auto [minText, maxText] = rangeTexts(fm, second.width());
    const int minW = m_valid ? fm.horizontalAdvance(minText) : 0;
    const int maxW = m_valid ? fm.horizontalAdvance(maxText) : 0;
    const int rangeW = m_valid && !two ? minW + 6 + kMinBar + 6 + maxW : 0;
    int x = first.left();
    if (!m_title.isEmpty()) {
        const int room = std::max(0, first.width() - rangeW - 10);
        QString title = boldMetrics.elidedText(m_title, Qt::ElideRight, room);
        // "C…" names nothing; the counter combo above says which counter it is, and the tooltip says it all.
        if (title != m_title && title.size() < 4)
            title.clear();
        if (!title.isEmpty()) {
            const int w = boldMetrics.horizontalAdvance(title);
            parts.append({ title, QRect(x, first.top(), w, lineH), true, false });
            x += w + 10;
        }
    }
    int noteX = x;
    QRect noteLine = first;
    if (m_valid) {
        if (two)
            x = second.left();
        parts.append({ minText, QRect(x, second.top(), minW, second.height()), false, false });
        x += minW + 6;
        const int barH = std::max(8, second.height() - 8);
        const int spare = two ? 0 : 120; // on one line the note keeps some room
        const int barW = std::clamp(second.right() - x - maxW - 6 - spare, kMinBar, 220);
        *bar = QRect(x, second.top() + (second.height() - barH) / 2, barW, barH);
        x = bar->right() + 6;
        parts.append({ maxText, QRect(x, second.top(), maxW, second.height()), false, false });
        x += maxW + 12;
        if (!two)
            noteX = x;
        else
            noteLine = first;
    }
    const QString note = fullNote();
    const QString shownNote = fm.elidedText(note, Qt::ElideRight, std::max(0, noteLine.right() - noteX));
    if (!note.isEmpty() && (shownNote == note || shownNote.size() >= 4)) // not a lone "l…"
        parts.append({ shownNote,
            QRect(noteX, noteLine.top(), std::max(0, noteLine.right() - noteX), noteLine.height()), false, true });
    return parts;
}

QString HeatLegend::shownText() const
{
    QRect bar;
    QStringList texts;
    for (const Part &part : layoutParts(font(), rect().adjusted(4, 2, -4, -2), &bar))
        texts << part.text;
    return texts.join(QLatin1Char('|'));
}

void HeatLegend::paintLegend(QPainter *p, const QRect &rect, const QPalette &pal) const
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    QRect bar;
    const QVector<Part> parts = layoutParts(p->font(), rect, &bar);
    if (bar.isValid()) {
        QLinearGradient g(bar.topLeft(), bar.topRight());
        g.setStops(!m_stops.isEmpty() ? m_stops
                : m_note.isEmpty()
                ? HeatGradient::gradientStops()
                : QGradientStops { { 0, HeatGradient::colorAt(0.5) }, { 1, HeatGradient::colorAt(0.5) } });
        p->setPen(pal.color(QPalette::Mid));
        p->setBrush(g);
        p->drawRoundedRect(bar, 3, 3);
    }
    const QFont plain = p->font();
    for (const Part &part : parts) {
        QFont f = plain;
        f.setBold(part.bold);
        p->setFont(f);
        p->setPen(pal.color(part.note ? QPalette::PlaceholderText : QPalette::WindowText));
        p->drawText(part.rect, Qt::AlignVCenter, part.text);
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
