#pragma once

#include "model/bundle/overlay.h"
#include "model/compare/comparison.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::model {

// What a comparison writes to disk: compare_summary.json and layer_diff.csv (heliaPROFILER's files,
// docs/compatibility.md §7.2) and, as hpx Studio's addition, one Model Explorer overlay per shared counter
// with the per-layer delta: model_explorer/me_overlay_delta_<COUNTER>.json (docs/output-files.md).

inline QString compareSummaryFileName()
{
    return QStringLiteral("compare_summary.json");
}
inline QString layerDiffFileName()
{
    return QStringLiteral("layer_diff.csv");
}
// compare_summary.json exactly as hpx writes it (json.dumps indent 2 + LF), plus hpx Studio's
// "layer_matching" object at the end. baselineDir/candidateDir are written as given.
QByteArray compareSummaryJson(const Comparison &comparison, const QString &baselineDir, const QString &candidateDir);

QString deltaOverlayFileName(const QString &counter); // me_overlay_delta_<COUNTER>.json

// One delta overlay: node key (the candidate layer's operator index) -> candidate - baseline, with the
// diverging colour of divergingpalette.h as the node's bgColor (Model Explorer spreads a gradient from the
// file's minimum to its maximum, which would not put zero in the middle), and a three-stop diverging
// gradient (stops 0 / 0.5 / 1) for Model Explorer's legend.
// One graph of a delta overlay: node key -> candidate - baseline, in layer order (plain numbers: 40 overlays of
// 10,000 nodes would otherwise build 400,000 JSON values only to print them).
struct DeltaGraph {
    QString graphId;
    QVector<QPair<QString, double>> results;
};

struct DeltaOverlay {
    QString counter;
    QString relativePath; // model_explorer/me_overlay_delta_<COUNTER>.json
    QVector<DeltaGraph> graphs;
    double maxAbs = 0; // the symmetric range the colours use
    int nodeCount = 0;

    JsonValue document() const;
    QByteArray bytes() const; // toPythonJson(document()), no trailing newline like the other overlays
};

// Every shared counter that has a delta for at least one paired layer. Layers without a resolved operator
// index are left out (never painted on an unrelated node); an ExecuTorch candidate gets no overlays. Graph
// ids come from the candidate bundle's layer identities (hpx_studio_layers.csv), else "main" for subgraph
// 0 and "subgraph_<i>".
QVector<DeltaOverlay> buildDeltaOverlays(const Comparison &comparison);
JsonValue deltaOverlayGradient();

struct ComparisonWriteResult {
    bool ok = false;
    QString error; // translated
    QStringList files; // relative paths written

    // writeComparison()'s messages are this struct's, whose `error` holds them.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::ComparisonWriteResult)
};

// Writes the three kinds of file into directory (created if needed); stale me_overlay_delta_*.json files of
// an earlier comparison are removed. Each file is written atomically (QSaveFile).
ComparisonWriteResult writeComparison(const Comparison &comparison, const QString &directory,
    const QString &baselineDirText, const QString &candidateDirText, bool deltaOverlays = true);

} // namespace hpx::model
