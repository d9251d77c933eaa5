#include "hpx_tflm_profiler.h"

void HpxTflmProfiler::BeginInference()
{
    m_next = 0;
    m_open = 0;
    m_active = true;
    hpx_inference_begin();
}

void HpxTflmProfiler::EndInference()
{
    while (m_open) { // an operator that failed and never ended its event still closes its row
        hpx_layer_end();
        --m_open;
    }
    m_active = false;
    hpx_inference_end();
}

uint32_t HpxTflmProfiler::BeginEvent(const char *tag)
{
    if (!m_active || m_next == 0xFFFFu)
        return NoEvent;
    const uint16_t index = m_next++;
    uint16_t subgraph = 0, op_index = 0;
    if (m_position && m_position(m_positionContext, &subgraph, &op_index))
        hpx_layer_begin_at(index, tag, subgraph, op_index);
    else
        hpx_layer_begin(index, tag);
    ++m_open;
    return index;
}

void HpxTflmProfiler::EndEvent(uint32_t event_handle)
{
    // TFLM ends events in reverse order of their beginning (ScopedMicroProfiler), so the agent's innermost open
    // layer is this event's.
    if (event_handle == NoEvent || !m_active || m_open == 0)
        return;
    --m_open;
    hpx_layer_end();
}
