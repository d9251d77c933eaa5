#include "device/sim/simulatedboard.h"

#include <QLoggingCategory>

#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcSim, "hpx.device.sim")

namespace hpx::device {

namespace {
constexpr int MaxUnpacedChunk = 16 * 1024;
}

SimulatedBoard::SimulatedBoard(const SimulatorConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_configError(validateSimulatorConfig(config))
    , m_timer(this)
    , m_planTimer(this)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer); // stalls and pacing must not end early (coarse timers fire up to 5 % early)
    m_planTimer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &SimulatedBoard::pump);
    connect(&m_planTimer, &QTimer::timeout, this, [this] { decidePlan(std::nullopt); });
}

SimulatedBoard::~SimulatedBoard() = default;

SimPlan SimulatedBoard::activePlan() const
{
    if (m_acceptedPlan)
        return *m_acceptedPlan;
    return m_renderer ? m_renderer->builtInPlan() : SimStreamRenderer(m_config).builtInPlan();
}

GroundTruth SimulatedBoard::groundTruth() const
{
    GroundTruth truth
        = m_renderer ? m_renderer->groundTruth(activePlan()) : SimStreamRenderer(m_config).groundTruth(activePlan());
    truth.faults = m_faults;
    return truth;
}

void SimulatedBoard::reset()
{
    m_timer.stop();
    m_planTimer.stop();
    m_steps.clear();
    m_pos = m_offset = 0;
    m_waitingPlan = false; // host lines already received stay queued: a plan sent early is answered
    m_bytesEmitted = 0;
    m_faults.clear();
    m_acceptedPlan.reset();
    if (!m_configError.isEmpty()) {
        qCWarning(lcSim) << "simulated board cannot run:" << m_configError;
        m_running = false;
        Q_EMIT finished();
        return;
    }
    m_renderer = std::make_unique<SimStreamRenderer>(m_config);
    if (m_config.engine == model::Engine::HeliaAot && !m_config.aotManifestPath.isEmpty()) {
        QString error;
        if (!m_renderer->writeAotManifest(m_config.aotManifestPath, &error))
            qCWarning(lcSim) << error;
    }
    m_running = true;
    m_steps = m_renderer->preamble();
    if (!m_config.hostPlanSupport)
        startSession();
    m_paceClock.start();
    m_pacedBytes = 0;
    schedule(0);
}

void SimulatedBoard::stop()
{
    if (!m_running)
        return;
    m_timer.stop();
    m_planTimer.stop();
    m_running = false;
    Q_EMIT finished();
}

void SimulatedBoard::setDtr(bool on)
{
    m_dtr = on;
    if (on && m_running && m_pos < m_steps.size() && m_steps.at(m_pos).kind == SimStep::Kind::WaitDtr)
        schedule(0);
}

void SimulatedBoard::hostWrite(const QByteArray &bytes)
{
    for (char c : bytes) {
        if (c == '\n' || c == '\r') {
            if (!m_hostLine.trimmed().isEmpty())
                m_hostLines.append(m_hostLine.trimmed());
            m_hostLine.clear();
        } else if (m_hostLine.size() < 4096) {
            m_hostLine += c;
        }
    }
    if (m_waitingPlan) {
        while (!m_hostLines.isEmpty()) {
            const QByteArray line = m_hostLines.takeFirst();
            if (answerPlanCommand(line, m_config)) {
                decidePlan(line);
                break;
            }
        }
    } else if (m_hostLines.size() > 16) {
        m_hostLines.remove(0, m_hostLines.size() - 16);
    }
}

void SimulatedBoard::decidePlan(const std::optional<QByteArray> &line)
{
    if (!m_waitingPlan)
        return;
    m_waitingPlan = false;
    m_planTimer.stop();
    QVector<SimStep> reply;
    if (line) {
        const auto answer = answerPlanCommand(*line, m_config);
        reply.append(SimStep { SimStep::Kind::Bytes, answer->reply + '\n', 0 });
        if (answer->plan)
            m_acceptedPlan = answer->plan;
        // After a NAK the board runs its built-in passes (or the plan it accepted before a reset).
    }
    m_steps.remove(0, m_pos + 1); // drop what was printed and the WaitPlan step itself
    m_pos = 0;
    m_offset = 0;
    m_steps = reply + m_steps;
    startSession();
    const SimPlan plan = activePlan();
    Q_EMIT planDecided(plan.fromHost, plan.passes.size());
    schedule(0);
}

void SimulatedBoard::startSession()
{
    if (!m_config.hostPlanSupport) {
        const SimPlan plan = activePlan();
        Q_EMIT planDecided(plan.fromHost, plan.passes.size());
    }
    m_steps += m_renderer->session(activePlan());
    m_faults += m_renderer->takeFaults();
}

void SimulatedBoard::schedule(double ms)
{
    m_timer.start(int(std::ceil(std::max(0.0, ms))));
}

void SimulatedBoard::finish()
{
    m_running = false;
    m_faults += m_renderer->takeFaults();
    Q_EMIT finished();
}

void SimulatedBoard::pump()
{
    if (!m_running)
        return;
    QByteArray chunk;
    auto flush = [&] {
        if (!chunk.isEmpty()) {
            m_bytesEmitted += chunk.size();
            Q_EMIT deviceBytes(std::exchange(chunk, {}));
        }
    };
    while (m_pos < m_steps.size()) {
        const SimStep &step = m_steps.at(m_pos);
        switch (step.kind) {
        case SimStep::Kind::Bytes: {
            if (m_config.baud > 0) {
                // Paced: the line carries baud/10 bytes per second; send what the clock allows, in small chunks.
                const qint64 allowed = m_paceClock.nsecsElapsed() * m_config.baud / 10 / 1000000000LL - m_pacedBytes;
                if (allowed <= 0) {
                    flush();
                    const double msPerByte = 10000.0 / m_config.baud;
                    schedule(std::max(1.0, msPerByte));
                    return;
                }
                const int n = int(std::min<qint64>(
                    { allowed, qint64(step.bytes.size() - m_offset), qint64(std::max(16, m_config.baud / 10 / 200)) }));
                chunk += step.bytes.mid(m_offset, n);
                m_offset += n;
                m_pacedBytes += n;
                if (m_offset >= step.bytes.size()) {
                    m_offset = 0;
                    ++m_pos;
                }
                flush();
                continue;
            }
            chunk += step.bytes;
            ++m_pos;
            if (chunk.size() >= MaxUnpacedChunk) {
                flush();
                schedule(0); // let the event loop breathe between chunks
                return;
            }
            continue;
        }
        case SimStep::Kind::Delay:
        case SimStep::Kind::Stall:
            flush();
            ++m_pos;
            if (step.ms >= 1.0 || step.kind == SimStep::Kind::Stall) {
                schedule(step.ms);
                m_paceClock.start(); // an idle line: pacing restarts after the silence
                m_pacedBytes = 0;
                return;
            }
            continue;
        case SimStep::Kind::WaitDtr:
            if (!m_dtr) {
                flush();
                return; // setDtr(true) resumes
            }
            ++m_pos;
            continue;
        case SimStep::Kind::WaitPlan:
            flush();
            m_waitingPlan = true;
            m_planTimer.start(std::max(0, m_config.planWaitMs));
            hostWrite(QByteArray()); // a plan line that arrived early is answered now
            return;
        case SimStep::Kind::Reset: {
            flush();
            m_faults += m_renderer->takeFaults();
            m_steps = m_renderer->preamble();
            m_pos = m_offset = 0;
            if (!m_config.hostPlanSupport)
                startSession();
            schedule(0);
            return;
        }
        case SimStep::Kind::Disconnect:
            flush();
            m_running = false;
            m_faults += m_renderer->takeFaults();
            Q_EMIT disconnected();
            Q_EMIT finished();
            return;
        case SimStep::Kind::Halt:
        case SimStep::Kind::End:
            flush();
            finish();
            return;
        }
    }
    flush();
    finish();
}

} // namespace hpx::device
