#pragma once

#include "ui/compare/comparedata.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QDockWidget;
class QTabWidget;

namespace hpx::ui {

class CompareColumns;
class CompareSummaryStrip;
class DeltaChart;
class HeatGraphView;
class LayerTableView;
class MainWindow;

// Compare mode of the main window (File → Compare With…): the shown result (the candidate) against a
// baseline bundle, or two bundles picked without a board. The comparison (model/compare/comparison.h) runs off the
// UI thread; then the table gains Baseline / Δ / Δ % columns, the heat graph paints deltas on a diverging
// palette, a "Δ Compare" chart tab shows deltas sorted by absolute change and a summary strip shows total
// cycles, latency and the verdict. Selection sync between the views keeps working. A new result, model or
// bundle ends compare mode.
class CompareController : public QObject {
    Q_OBJECT
public:
    CompareController(MainWindow *window, HeatGraphView *graph, LayerTableView *table, QTabWidget *charts);
    ~CompareController() override;

    QAction *compareAction() const { return m_compareAction; }
    QAction *profileAction() const { return m_profileAction; }
    QAction *exportAction() const { return m_exportAction; }
    QAction *stopAction() const { return m_stopAction; }

    bool isActive() const { return m_data.isValid(); }
    const CompareData &data() const { return m_data; }
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
    void onFinished(quint64 generation, const QString &baselineDir, const QString &candidateDir, bool allowModelChange,
        const QString &error, ComparisonPtr comparison);
    void onResultChanged();
    void setCounter(const QString &counter);
    void updateActions();

    MainWindow *m_window;
    HeatGraphView *m_graph;
    LayerTableView *m_table;
    QTabWidget *m_charts;
    DeltaChart *m_chart;
    CompareSummaryStrip *m_strip;
    QDockWidget *m_stripDock;
    QAction *m_compareAction;
    QAction *m_profileAction;
    QAction *m_exportAction;
    QAction *m_stopAction;
    CompareData m_data;
    std::shared_ptr<const void> m_shownResult; // the result compare mode was entered for
    std::shared_ptr<CompareColumns> m_columns;
    QString m_counter;
    QString m_profilePath;
    QString m_pendingBaseline; // two-bundle flow: compare once the candidate is shown
    QString m_pendingCandidate;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace hpx::ui
