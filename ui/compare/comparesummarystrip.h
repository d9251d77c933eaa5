#pragma once

#include "ui/common/comparedata.h"

#include <QFrame>

class QLabel;

namespace hpx::ui {

class ElidingLabel;

// The line above the views in compare mode: which runs are compared, total cycles and latency (baseline →
// candidate, delta %), how the layers were matched, and the profile's verdict. In a narrow central area (scale 2)
// the parts wrap onto more rows, each on one line, and the run names give way, elided, whole in the tooltip.
class CompareSummaryStrip : public QFrame {
    Q_OBJECT
public:
    explicit CompareSummaryStrip(QWidget *parent = nullptr);
    void setCompareData(const CompareData &data);

    // For tests and the screenshot tool.
    QString cyclesText() const;
    QString latencyText() const;
    QString verdictText() const;
    QString runsText() const; // as shown, perhaps elided

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    ElidingLabel *m_runs;
    QLabel *m_cycles;
    QLabel *m_latency;
    QLabel *m_layers;
    QLabel *m_verdict;
};

} // namespace hpx::ui
