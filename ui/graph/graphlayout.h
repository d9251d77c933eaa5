#pragma once

#include "device/thread/jobtracker.h"
#include "model/tflite/modelinfo.h"
#include "ui/graph/layoutdata.h"

#include <QObject>
#include <QVector>

namespace hpx::ui {

// Layered (Sugiyama-style) layout of an operator DAG in data-flow order, top to bottom or left to
// right. Graphviz `dot` lays out small and branchy graphs (up to LayoutOptions::graphvizNodeLimit
// nodes; dot needs ~7.5 s for 10,000). Larger graphs, and long narrow ones (a converted network is
// mostly one chain with skip connections) when the pane's aspect is known, use a fast layout of our
// own: longest-path layering, barycentric ordering sweeps and a priority placement (layeredlayout.h);
// a long chain is then wrapped into bands (columns top to bottom, rows left to right) that fit the
// pane, with skip connections routed beside the nodes they jump over and band changes through the
// gutters (graphlayoutwrap.h). computeLayout() adds the called subgraphs drawn in place, at any depth.
// Both run off the UI thread through GraphLayoutEngine; computeLayout() is the synchronous core
// (tests, benchmarks).

// Data-flow edges of a subgraph: producer operator -> consumer operator for every tensor an
// operator writes and another reads (each pair once, in operator order).
QVector<QPair<int, int>> dataflowEdges(const model::SubgraphInfo &subgraph);

LayoutResult computeLayout(const LayoutInput &input, const LayoutOptions &options = {});

// Runs layouts on the thread pool through a job tracker. Each request() gets a new generation; a finished
// layout whose generation is no longer the latest is dropped, so switching models or subgraphs quickly never
// paints a stale graph.
class GraphLayoutEngine : public QObject {
    Q_OBJECT
public:
    explicit GraphLayoutEngine(QObject *parent = nullptr);
    ~GraphLayoutEngine() override;

    quint64 request(LayoutInput input, LayoutOptions options = {});
    // Forget pending work: whatever is running finishes and is dropped.
    void cancel();
    bool isBusy() const { return m_jobs.isBusy(); }
    int droppedCount() const { return m_jobs.droppedCount(); }

Q_SIGNALS:
    void layoutReady(const hpx::ui::LayoutResult &result);

private:
    device::JobTracker m_jobs;
};

} // namespace hpx::ui

Q_DECLARE_METATYPE(hpx::ui::LayoutResult)
