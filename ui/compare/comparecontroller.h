#pragma once

#include "device/thread/jobtracker.h"
#include "ui/common/comparedata.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QTabWidget;
class QWidget;

namespace hpx::ui {

class CompareColumns;
class CompareSummaryStrip;
class DeltaChart;
class LayerTableView;
class MessageBanner;
class ViewState;

// Compare mode (File → Compare With…): the shown result (the candidate) against a baseline bundle, or two bundles
// picked without a board. The comparison (model/compare/comparison.h) runs off the UI thread; then it becomes the
// ViewState's comparison: the table gains Baseline / Δ / Δ % columns, the heat graph paints deltas on a diverging
// palette, a "Δ Compare" chart tab shows deltas sorted by absolute change and a summary strip (for the window to
// place) shows total cycles, latency and the verdict. A new result, model or bundle on the state ends compare mode.
// It knows only the state and the views it changes, not the window: opening the candidate of two bundles is
// openBundle's, which the window sets.
class CompareController : public QObject {
    Q_OBJECT
public:
    // `banner` says what an export did; `parent` owns the controller and the delta chart and parents the dialogs.
    CompareController(
        ViewState *state, LayerTableView *table, QTabWidget *charts, MessageBanner *banner, QWidget *parent);
    ~CompareController() override;

    // Starts showing the bundle in `directory` (false when it cannot now); the state's result then changes to it.
    std::function<bool(const QString &directory)> openBundle;

    QAction *compareAction() const { return m_compareAction; }
    QAction *profileAction() const { return m_profileAction; }
    QAction *exportAction() const { return m_exportAction; }
    QAction *stopAction() const { return m_stopAction; }

    bool isActive() const;
    const CompareData &data() const;
    QString profilePath() const { return m_profilePath; }
    void setProfilePath(const QString &path); // "" = no profile (no verdict)
    DeltaChart *deltaChart() const { return m_chart; }
    CompareSummaryStrip *summaryStrip() const { return m_strip; }

    // The shown result's bundle against baselineDir. Asynchronous: comparisonFinished() says how it ended.
    bool compareWithBaseline(const QString &baselineDir);
    // Two bundles without a board: the candidate is opened in the window, then compared.
    bool compareBundles(const QString &baselineDir, const QString &candidateDir);
    // Enters compare mode with a finished comparison whose candidate is the shown result.
    void showComparison(ComparisonPtr comparison);
    void stop();
    // Writes compare_summary.json, layer_diff.csv and the delta overlays; false with a message shown.
    bool exportTo(const QString &directory);

Q_SIGNALS:
    void comparisonFinished(bool ok);

private:
    void chooseAndCompare();
    void chooseProfile();
    void chooseExport();
    void start(const QString &baselineDir, const QString &candidateDir, bool allowModelChange);
    void onFinished(const QString &baselineDir, const QString &candidateDir, bool allowModelChange,
        const QString &error, ComparisonPtr comparison);
    void onResultChanged();
    void setCounter(const QString &counter);
    void updateActions();

    ViewState *m_state;
    QWidget *m_dialogParent;
    LayerTableView *m_table;
    QTabWidget *m_charts;
    DeltaChart *m_chart;
    CompareSummaryStrip *m_strip;
    MessageBanner *m_banner;
    QString m_bannerText; // what this controller last put in the banner
    QAction *m_compareAction;
    QAction *m_profileAction;
    QAction *m_exportAction;
    QAction *m_stopAction;
    std::shared_ptr<const void> m_shownResult; // the result compare mode was entered for
    std::shared_ptr<CompareColumns> m_columns;
    QString m_counter;
    QString m_profilePath;
    QString m_pendingBaseline; // two-bundle flow: compare once the candidate is shown
    QString m_pendingCandidate;
    hpx::device::JobTracker m_jobs; // the comparison being worked out
    bool m_running = false;
};

} // namespace hpx::ui
