#pragma once

#include "ui/common/heatgradient.h"

#include <QPair>
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
    // Paints into any rect (the widget, or the bottom of an exported image).
    void paintLegend(QPainter *painter, const QRect &rect, const QPalette &palette) const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_title;
    QString m_minText;
    QString m_maxText;
    // The same, as the graph's labels write them ("-216k"), for a pane too narrow for the whole numbers.
    QString m_minShort;
    QString m_maxShort;
    QPair<QString, QString> rangeTexts(const QFontMetrics &fm, int width) const;
    QString m_note;
    QString m_scaleText;
    bool m_valid = false;
    bool m_someMissing = false;
    QGradientStops m_stops; // non-empty: drawn instead of the heat gradient (compare mode)
};

} // namespace hpx::ui
