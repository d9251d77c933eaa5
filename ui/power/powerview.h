#pragma once

#include "model/json/jsonvalue.h"
#include "model/power/poweranalysis.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QPushButton;

namespace hpx::ui {

// The Power view (docs/power.md, docs/studio.md): a power meter's measurement of the run's windows. The summary
// figures of summary.json's `power` section, for any bundle that has one (heliaPROFILER's included); right after
// File → Add Power Recording… also the recording itself: current over time with the gate windows shaded and the
// marker's layer boundaries marked (drag to pan, wheel to zoom; "One inference" zooms to the first of the marker
// window at full resolution), and the energy of each inference as a histogram.
class PowerView : public QWidget {
    Q_OBJECT
public:
    explicit PowerView(QWidget *parent = nullptr);

    // A bundle's figures only (no recording at hand); `power` Null: the bundle has no measurement.
    void showSummary(const model::JsonValue &power);
    // A measurement just made, with the bundle's section it wrote.
    void showMeasurement(
        std::shared_ptr<const model::power::PowerMeasurement> measurement, const model::JsonValue &power);
    void clear();
    void zoomToInference();
    void zoomToAll();
    bool hasTrace() const { return bool(m_measurement); }
    QCustomPlot *tracePlot() const { return m_trace; }

private:
    void fillTrace();
    void fillHistogram();
    QString summaryText(const model::JsonValue &power) const;

    QLabel *m_summary;
    QCustomPlot *m_trace;
    QCustomPlot *m_histogram;
    QPushButton *m_oneInference;
    QPushButton *m_all;
    std::shared_ptr<const model::power::PowerMeasurement> m_measurement;
};

} // namespace hpx::ui
