#pragma once

// A large merged result for the bundle and compare benchmarks: `layers` layers (CONV_2D / DEPTHWISE_CONV_2D,
// resolved to subgraph 0, operator index = position) x `counters` counters (ARM_PMU_CPU_CYCLES first), with
// deterministic values; `salt` shifts the values so two results differ in every cell.
#include "model/bundle/runcontext.h"
#include "model/results/profileresult.h"

namespace hpx::bench {

inline model::ProfileResult syntheticResult(int layers, int counters, int salt = 0)
{
    model::ProfileResult r;
    r.engine = model::Engine::HeliaRt;
    r.counters.append(QStringLiteral("ARM_PMU_CPU_CYCLES"));
    for (int c = 1; c < counters; ++c)
        r.counters.append(QStringLiteral("ARM_PMU_EVENT_%1").arg(c, 2, 10, QLatin1Char('0')));
    r.layers.reserve(layers);
    for (int i = 0; i < layers; ++i) {
        model::LayerResult l;
        l.position = i;
        l.id = i;
        l.op = (i % 3 == 0) ? QStringLiteral("CONV_2D") : QStringLiteral("DEPTHWISE_CONV_2D");
        l.opType = l.op;
        l.subgraph = 0;
        l.sourceIndex = i;
        for (int c = 0; c < counters; ++c)
            l.values.append(double((i * 7919 + c * 104729 + salt * 31) % 100000) + (c % 2 ? 0.5 : 0.0));
        r.layers.append(std::move(l));
    }
    return r;
}

inline model::RunContext syntheticContext()
{
    model::RunContext ctx = model::RunContext::create();
    ctx.rawCapture = QByteArray(4 * 1024 * 1024, 'x'); // a 4 MB raw stream
    return ctx;
}

} // namespace hpx::bench
