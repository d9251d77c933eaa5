#pragma once

#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

namespace hpx::model {

// Operators that did not run in the profiled inferences (docs/merging.md, "Operators that did not run"): a WHILE
// whose body was not entered, the IF branch not taken, a subgraph nothing called, and a CALL_ONCE's init subgraph,
// which runs once at the first Invoke (not profiled). A separate step after attribution: it reads only the layers'
// (subgraph, sourceIndex) and the model's control structure, never op types.
//
// TFLM runs a subgraph's operators in order, all of them, each time the subgraph is invoked, and invokes subgraph 0
// every inference; so a subgraph without a single row did not run, and one with rows ran whole. Nothing is claimed
// (empty result) when the rows cannot say it: no model; an engine whose rows do not follow TFLM's interpreter
// (helia-aot, executorch); a row not attributed to an operator; a subgraph that ran with an operator missing its row
// (the firmware stopped recording, pmu_max_ops); a firmware that records only the calling operators (a WHILE that ran
// without its condition's rows, an IF that ran without either branch's).
//
// Finds them and says them; its messages are its own.
class NotRunOperators {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::NotRunOperators)
public:
    // One LayerResult per such operator, in the model's order (subgraph, index): execution NotRun or OnceAtInit,
    // invocations 0, one nullopt value per counter of `result` (never 0), no rows, positions after the last layer's.
    static QVector<LayerResult> find(const ProfileResult &result, const ModelInfo *model);

    // The sentences the bundle's notes, `hpx profile` / `hpx import` and the window say about result.notRun,
    // translated: "3 operators did not run in the profiled inferences: ADD (while_body #0), …" and "12 operators ran
    // once, at initialisation (…): …". Each operator by position (graph id, operator index) and type. Empty when
    // there are none.
    static QStringList notes(const ProfileResult &result, const ModelInfo *model);
};

} // namespace hpx::model
