#pragma once

#include "model/bundle/runcontext.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QString>
#include <QStringList>

namespace hpx::test {

// Conformance cases copied to tests/data/bundle/conformance (see SOURCES.md there).
QStringList conformanceCases(bool withSummaryOnly = true);
QString conformanceDir(const QString &caseName);
model::JsonValue readJsonFile(const QString &path);
QByteArray readFile(const QString &path);

// A ProfileResult built by hand from a case's expected.json (`parsed` layers, passes, groups, meta;
// the issues of its expected summary), so bundle tests do not depend on the parser or the merge.
// tflm/helia-rt rule: subgraph 0, source index = layer id.
model::ProfileResult profileFromExpected(const QString &caseName);

// The §1.10 example of docs/compatibility.md after median aggregation (2 passes, 3 layers).
model::ProfileResult specExampleResult();

// A deterministic context: fixed run id and timestamp, no model.
model::RunContext fixedContext();

// A synthetic result of `layers` layers x `counters` counters (deterministic values).
model::ProfileResult syntheticResult(int layers, int counters);

} // namespace hpx::test
