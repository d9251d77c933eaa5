// Positions for HpxTflmProfiler from a tflite::MicroInterpreter (hpx_tflm_profiler.h): which subgraph and which
// operator of it TFLM is running when it begins an operator's profiler event.
//
//   HpxTflmProfiler profiler;
//   tflite::MicroInterpreter interpreter(model, resolver, arena, size, nullptr, &profiler);
//   hpx_tflm_attach_positions(profiler, interpreter);
//
// MicroInterpreterGraph keeps both while it invokes an operator (GetCurrentSubgraphIndex(),
// GetCurrentOperatorIndex()): the graph is reached through the interpreter's TfLiteContext, the
// way TFLM's kernels reach it (GetMicroContext(context)->graph()). An older TFLM without GetCurrentOperatorIndex()
// does not compile this header: leave it out, and hpx Studio aligns the rows by name (docs/firmware.md).
#ifndef HPX_TFLM_POSITIONS_H
#define HPX_TFLM_POSITIONS_H

#include "hpx_tflm_profiler.h"
#include "tensorflow/lite/micro/micro_context.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_interpreter_graph.h"

namespace hpx_tflm_detail {

// MicroInterpreter::context() is protected; a pointer to it formed through a derived class reads it without copying
// or changing TFLM.
struct InterpreterAccess : tflite::MicroInterpreter {
    static const TfLiteContext &contextOf(const tflite::MicroInterpreter &interpreter)
    {
        const TfLiteContext &(tflite::MicroInterpreter::*get)() const = &InterpreterAccess::context;
        return (interpreter.*get)();
    }
};

inline bool graphPosition(void *context, uint16_t *subgraph, uint16_t *op_index)
{
    // The interpreter's micro context always runs a MicroInterpreterGraph (micro_interpreter.cc).
    auto &graph = static_cast<tflite::MicroInterpreterGraph &>(
        tflite::GetMicroContext(static_cast<const TfLiteContext *>(context))->graph());
    const int s = graph.GetCurrentSubgraphIndex();
    const uint32_t o = static_cast<uint32_t>(graph.GetCurrentOperatorIndex());
    if (s < 0 || s >= 0xFFFF || o >= 0xFFFFu)
        return false;
    *subgraph = static_cast<uint16_t>(s);
    *op_index = static_cast<uint16_t>(o);
    return true;
}

} // namespace hpx_tflm_detail

inline void hpx_tflm_attach_positions(HpxTflmProfiler &profiler, const tflite::MicroInterpreter &interpreter)
{
    profiler.SetPositionSource(&hpx_tflm_detail::graphPosition,
        const_cast<TfLiteContext *>(&hpx_tflm_detail::InterpreterAccess::contextOf(interpreter)));
}

#endif // HPX_TFLM_POSITIONS_H
