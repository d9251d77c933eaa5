#pragma once

#include "model/results/aggregation.h"
#include "model/results/capture.h"
#include "model/results/passsamples.h"

#include <QVector>

#include <optional>

namespace hpx::model {

// The streaming merge of hpx import (docs/merging.md, "Streaming"): the wire parser writes each row into the fold's
// samples instead of keeping it, and the fold aggregates a pass as soon as the stream moves on to the next one. A 13 MB
// stream of 300,000 rows then never holds more than one pass in compact form, and the passes reuse the same memory. The
// result is the one aggregatePass() gives for the same rows: the fold only feeds it.
//
// The parser calls passStarted(), writes the pass's rows into samples() and calls finish() (WireParser::setFold);
// mergeCapture() reads the aggregates through Capture::fold.
class CaptureFold {
public:
    explicit CaptureFold(Aggregation aggregation)
        : m_aggregation(aggregation)
    {
    }

    Aggregation aggregation() const { return m_aggregation; }
    // Breaks ties between iterations by agreement with the model (aggregatePass); what it reads must outlive the fold.
    void setTagCheck(TagCheck check) { m_check = std::move(check); }

    // Pass `index` of `capture` starts: a new pass, or one seen before starting again (its earlier attempt is
    // replaced, as the parser replaces it). The pass before it is aggregated now.
    void passStarted(const Capture &capture, int index);
    // The open pass: the parser adds its iterations and rows here (PassSamples::beginIteration ... endIteration).
    PassSamples &samples() { return m_samples; }
    const PassSamples &samples() const { return m_samples; }
    // The stream ended: the pass still open is aggregated.
    void finish();

    // Pass `index` as aggregated, or null when the fold never saw it.
    const PassAggregation *pass(int index) const;

private:
    void foldCurrent();

    Aggregation m_aggregation;
    TagCheck m_check;
    PassSamples m_samples; // the open pass
    int m_current = -1;
    QVector<std::optional<PassAggregation>> m_passes;
};

} // namespace hpx::model
