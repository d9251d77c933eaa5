#pragma once

#include "ui/common/heatgradient.h"

#include <QPair>
#include <QVector>
#include <QWidget>

class QFontMetrics;

namespace hpx::ui {

// Gradient bar with the counter name, min and max (or a note when there is nothing to colour).
class HeatLegend : public QWidget {
    Q_OBJECT
public:
    explicit HeatLegend(QWidget *parent = nullptr);
    void setRange(const QString &title, const HeatRange &range, bool someMissing);
    // Compare mode: the diverging bar (faster - unchanged - slower) from -maxAbs to +maxAbs, centred on zero.
    void setDiverging(const QString &title, double maxAbs, bool someMissing);
    bool isDiverging() const { return !m_stops.isEmpty(); }
    QString minText() const { return m_minText; }
    QString maxText() const { return m_maxText; }
    // Lowest and highest as drawn at the current width: whole, or compact ("-216k") in a narrow pane.
    QPair<QString, QString> shownRangeTexts() const;
    QString title() const { return m_title; }
    QString scaleText() const { return m_scaleText; } // which colour scale the bar uses; empty in compare mode
    QSize sizeHint() const override;
    // One line when the title, the whole range and the scale fit side by side; else two: the title and the scale above
    // the range, so a narrow pane (scale 2) loses neither the counter's name nor the scale (issue 37).
    bool hasHeightForWidth() const override { return true; }
    // Never lower than its lines at the current width: the window's layout reads minimums, not heightForWidth().
    QSize minimumSizeHint() const override;
    int heightForWidth(int width) const override;
    // The texts as drawn at the current size (tests): title, lowest, highest, note, "|" between them.
    QString shownText() const;
    // Paints into any rect (the widget, or the bottom of an exported image).
    void paintLegend(QPainter *painter, const QRect &rect, const QPalette &palette) const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QString m_title;
    QString m_minText;
    QString m_maxText;
    // The same, as the graph's labels write them ("-216k"), for a pane too narrow for the whole numbers.
    QString m_minShort;
    QString m_maxShort;
    QPair<QString, QString> rangeTexts(const QFontMetrics &fm, int width) const;
    QString fullNote() const; // the scale and what the dashes mean, as one note
    int oneLineWidth(const QFont &font) const; // everything whole on one line
    bool twoLines(const QFontMetrics &fm, const QRect &rect) const;
    // Each drawn text and its rect, in paint order (the first is the bold title when shown).
    struct Part {
        QString text;
        QRect rect;
        bool bold = false;
        bool note = false;
    };
    QVector<Part> layoutParts(const QFont &font, const QRect &rect, QRect *bar) const;
    QString m_note;
    QString m_scaleText;
    bool m_valid = false;
    bool m_someMissing = false;
    int m_minimumHeight = 0; // heightForWidth() at the last size, to tell when it changes
    QGradientStops m_stops; // non-empty: drawn instead of the heat gradient (compare mode)
};

} // namespace hpx::ui
