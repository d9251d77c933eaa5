#include "model/results/capturefold.h"

namespace hpx::model {

void CaptureFold::passStarted(const Capture &capture, int index)
{
    if (m_current >= 0 && m_current != index)
        foldCurrent();
    if (index >= m_passes.size())
        m_passes.resize(index + 1);
    m_passes[index].reset();
    m_current = index;
    const qlonglong announced = capture.meta(QStringLiteral("iterations")).toLongLong();
    m_samples.reset(capture.passes.at(index).name, announced > 0 && announced <= 1000000 ? int(announced) : 0);
}

void CaptureFold::finish()
{
    if (m_current >= 0)
        foldCurrent();
}

const PassAggregation *CaptureFold::pass(int index) const
{
    if (index < 0 || index >= m_passes.size() || !m_passes.at(index))
        return nullptr;
    return &*m_passes.at(index);
}

void CaptureFold::foldCurrent()
{
    m_samples.endIteration(false); // an iteration the parser left open is not committed
    m_passes[m_current] = aggregatePass(m_samples, m_aggregation, m_check);
    m_samples.reset(QString());
    m_current = -1;
}

} // namespace hpx::model
