// TensorFlow Lite Micro adapter of the hpx agent: pass an HpxTflmProfiler to the MicroInterpreter and every
// operator TFLM runs becomes one row, in execution order (docs/firmware.md).
#ifndef HPX_TFLM_PROFILER_H
#define HPX_TFLM_PROFILER_H

#include "hpx_agent.h"
#include "tensorflow/lite/micro/micro_profiler_interface.h"

#include <stdint.h>

// TFLM begins an event per operator it invokes (MicroInterpreterGraph::InvokeSubgraph) and ends it when the
// operator returns. A WHILE, IF or CALL_ONCE operator invokes its subgraphs inside its own event, so their
// operators' events nest in it: each event, nested or not, takes the next position of the inference, which is the
// order hpx Studio aligns with the model's execution order to attribute rows to (subgraph, operator) (docs/
// compatibility.md §0.2). The control-flow operator's row includes the work of the operators it ran.
class HpxTflmProfiler : public tflite::MicroProfilerInterface {
public:
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
};

#endif // HPX_TFLM_PROFILER_H
