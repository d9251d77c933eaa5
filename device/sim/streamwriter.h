#pragma once

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::device {

// One thing the simulated board does: print bytes, stay silent, wait for the host, restart or stop.
struct SimStep {
    enum class Kind {
        Bytes, // print `bytes` (one device write)
        Delay, // modelled work (preamble spacing, clean window, inferences): `ms`
        Stall, // injected silence: `ms`
        WaitDtr, // USB CDC: block until the host asserts DTR
        WaitPlan, // plan-capable board: wait up to planWaitMs for one HPX_PLAN line
        Reset, // injected reset: the board restarts from power-on
        Disconnect, // injected disconnect: the link goes away
        Halt, // fatal HPX_ERROR printed: the firmware stops
        End, // HPX_END printed: the firmware parks
    };
    Kind kind = Kind::Bytes;
    QByteArray bytes;
    double ms = 0;
};

// What a fault did, for tests and the ground-truth file.
struct SimFaultEvent {
    QString kind; // corrupt, drop, stall, reset, disconnect, error
    int line = 0; // 1-based line of the emitted stream it hit (the line the next byte starts)
    int pass = -1; // pass index, -1 outside passes
    int iteration = -1;
    int layer = -1;
    QString detail;
};

// Exact v1 line formats (docs/compatibility.md §1). Every function returns the line without its LF.
namespace v1 {
QByteArray meta(const char *key, const QByteArray &value); // HPX_<KEY>=<value>
QByteArray meta(const char *key, qint64 value);
QByteArray start(); // --- HPX_START ---
QByteArray end(); // --- HPX_END ---
QByteArray preset(const QString &name); // --- HPX_PRESET <name> ---
QByteArray iter(int n); // --- HPX_ITER <n> ---
QByteArray header(const QStringList &counters); // "Layer","Op","C1",...,"overflow"
QByteArray row(int layer, const QString &op, const QVector<quint32> &values, bool overflow);
QByteArray heartbeat(const char *phase, const QVector<QPair<QByteArray, QByteArray>> &fields = {});
} // namespace v1

// Builds the step list of a stream; applies the byte and line faults (corrupt, drop) as lines are written.
class StreamWriter {
public:
    StreamWriter(quint64 seed, double corruptRate, double dropLineRate);

    void setLocation(int pass, int iteration, int layer); // for the fault log
    void setSessionActive(bool active) { m_session = active; }

    void line(const QByteArray &text); // one line, one device write
    void writes(const QVector<QByteArray> &parts); // one line printed in several device writes
    void blank() { line(QByteArray()); }
    void delay(double ms, SimStep::Kind kind = SimStep::Kind::Delay);
    void step(SimStep::Kind kind);
    void logFault(const QString &kind, const QString &detail);

    int linesWritten() const { return m_lines; }
    QVector<SimStep> takeSteps();
    QVector<SimFaultEvent> takeFaults();

private:
    QByteArray corrupt(QByteArray bytes);

    quint64 m_seed;
    quint64 m_counter = 0;
    double m_corruptRate;
    double m_dropRate;
    bool m_session = false;
    int m_lines = 0;
    int m_pass = -1, m_iteration = -1, m_layer = -1;
    QVector<SimStep> m_steps;
    QVector<SimFaultEvent> m_faults;
};

} // namespace hpx::device
