// TensorFlow Lite Micro adapter of the hpx agent: pass an HpxTflmProfiler to the MicroInterpreter and every
// operator TFLM runs becomes one row, in execution order (docs/firmware.md).
#ifndef HPX_TFLM_PROFILER_H
#define HPX_TFLM_PROFILER_H

#include "hpx_agent.h"
#include "tensorflow/lite/micro/micro_profiler_interface.h"

#include <stdint.h>

// TFLM begins an event per operator it invokes (MicroInterpreterGraph::InvokeSubgraph) and ends it when the
// operator returns. A WHILE, IF or CALL_ONCE operator invokes its subgraphs inside its own event, so their
// operators' events nest in it: each event, nested or not, takes the next position of the inference. The control-flow
// operator's row includes the work of the operators it ran.
//
// Which operator an event is: TFLM's BeginEvent() gets only the operator's name, so give the profiler a position
// source (hpx_tflm_positions.h does it for a MicroInterpreter). With one, every row carries its (subgraph, operator
// index) and the agent prints them (HPX_LAYER_POSITIONS), and hpx Studio attributes by position; without one, hpx
// Studio aligns the rows' names with the model's execution order (docs/compatibility.md §0.2).
class HpxTflmProfiler : public tflite::MicroProfilerInterface {
public:
    // The operator TFLM is about to run: its subgraph and its index in that subgraph. Returns false when unknown.
    using PositionSource = bool (*)(void *context, uint16_t *subgraph, uint16_t *op_index);
    void SetPositionSource(PositionSource source, void *context)
    {
        m_position = source;
        m_positionContext = context;
    }

    // Around interpreter.Invoke(): hpx_inference_begin()/end() and the position count.
    void BeginInference();
    void EndInference();

    uint32_t BeginEvent(const char *tag) override;
    void EndEvent(uint32_t event_handle) override;

    static constexpr uint32_t NoEvent = 0xFFFFFFFFu; // an event outside an inference: not recorded

private:
    uint16_t m_next = 0;
    uint16_t m_open = 0;
    bool m_active = false;
    PositionSource m_position = nullptr;
    void *m_positionContext = nullptr;
};

#endif // HPX_TFLM_PROFILER_H
