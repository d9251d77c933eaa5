// The simulated board's power windows and its recording (docs/power.md "Without hardware").
#include "device/sim/simpower.h"

#include "model/power/powerrecordingwriter.h"

#include <algorithm>
#include <cmath>

namespace hpx::device {

QVector<QByteArray> SimPower::terminalRecord(qint64 inferences, qint64 elapsedUs)
{
    const QByteArray n = QByteArray::number(inferences);
    return { QByteArrayLiteral("--- HPX_POWER_TERMINAL_START ---"), QByteArrayLiteral("HPX_POWER_TERMINAL_VERSION=1"),
        QByteArrayLiteral("HPX_POWER_STATUS=ok"), "HPX_POWER_REQUESTED_COUNT=" + n, "HPX_POWER_COMPLETED_COUNT=" + n,
        "HPX_POWER_ELAPSED_US=" + QByteArray::number(elapsedUs), QByteArrayLiteral("HPX_POWER_FINAL_PHASE=complete"),
        QByteArrayLiteral("HPX_POWER_ERROR_CODE=0"), QByteArrayLiteral("HPX_POWER_GATE_ASSERTED=1"),
        QByteArrayLiteral("HPX_POWER_GATE_LOWERED=1"), QByteArrayLiteral("--- HPX_POWER_TERMINAL_END ---") };
}

bool SimPower::writeRecording(
    const GroundTruth &truth, qint64 clockHz, int inferences, const QString &path, QString *error)
{
    // One inference's events: the rows of the first pass that counted cycles, their own cycles.
    const GroundTruthPass *pass = nullptr;
    int cyclesColumn = -1;
    for (const GroundTruthPass &p : truth.passes) {
        cyclesColumn = int(p.counters.indexOf(QStringLiteral("ARM_PMU_CPU_CYCLES")));
        if (cyclesColumn >= 0 && !p.iterations.isEmpty() && !p.iterations.first().rows.isEmpty()) {
            pass = &p;
            break;
        }
    }
    double avgUs = 0.0;
    for (const auto &m : truth.metadata) {
        if (m.first == QStringLiteral("HPX_CLEAN_INFER_AVG_US"))
            avgUs = m.second.toDouble();
    }
    if (!pass || avgUs <= 0.0) {
        *error = tr("The simulated stream has no cycles or no clean-window time to make a recording from.");
        return false;
    }
    const QVector<GroundTruthRow> &rows = pass->iterations.first().rows;
    const int n = int(rows.size());
    QVector<int> parent;
    QVector<double> self;
    for (const GroundTruthRow &row : rows) {
        const int layer = row.layer;
        parent.append(layer >= 0 && layer < truth.layers.size() ? truth.layers.at(layer).parent : -1);
        self.append(double(row.trueValues.value(cyclesColumn)));
    }
    for (int r = 0; r < n; ++r) {
        if (parent.at(r) >= 0 && parent.at(r) < n)
            self[parent.at(r)] -= double(rows.at(r).trueValues.value(cyclesColumn));
    }
    // End order: an event ends before the next begins unless it encloses it.
    QVector<int> order, stack;
    for (int r = 0; r < n; ++r) {
        while (!stack.isEmpty() && stack.last() != parent.at(r)) {
            order.append(stack.last());
            stack.removeLast();
        }
        stack.append(r);
    }
    while (!stack.isEmpty()) {
        order.append(stack.last());
        stack.removeLast();
    }
    double total = 0.0, largest = 0.0;
    for (double &s : self) {
        s = std::max(s, 1.0);
        total += s;
        largest = std::max(largest, s);
    }
    const double inferenceS = avgUs * 1e-6;
    double shortest = inferenceS;
    for (double s : std::as_const(self))
        shortest = std::min(shortest, inferenceS * s / total);
    double rate = 1e6;
    for (double decade = 1e6; rate * shortest < 4.0 && decade < 1e10; decade *= 10) {
        for (double step : { 1.0, 2.0, 5.0 }) {
            rate = decade * step;
            if (rate * shortest >= 4.0)
                break;
        }
    }
    (void)clockHz;

    model::power::PowerRecordingWriter w;
    if (!w.open(path, rate, { QStringLiteral("gate"), QStringLiteral("marker") },
            QStringLiteral("hpx-board-sim, current model of docs/power.md"), true)) {
        *error = w.error();
        return false;
    }
    const float v = float(kSupplyV);
    qint64 k = 0; // next sample
    const auto idle = [&](double seconds) {
        const qint64 end = k + qint64(std::llround(seconds * rate));
        for (; k < end; ++k)
            w.append(float(kIdleA), v, 0);
    };
    bool marker = false;
    double t = 0.0; // time within the window, seconds
    const auto window = [&](bool toggle) {
        const qint64 start = k;
        t = 0.0;
        for (int i = 0; i < inferences; ++i) {
            for (int r : std::as_const(order)) {
                t += inferenceS * self.at(r) / total;
                const qint64 end = start + qint64(std::llround(t * rate));
                const float current = float(kBaseA + kSpanA * self.at(r) / largest);
                for (; k < end; ++k)
                    w.append(current, v, quint8(1u | (marker ? 2u : 0u)));
                if (toggle)
                    marker = !marker;
            }
        }
        if (toggle) {
            for (int i = 0; i < 2; ++i, ++k)
                w.append(float(kIdleA), v, quint8(1u | (marker ? 2u : 0u)));
        }
    };
    idle(100e-6);
    window(false);
    idle(100e-6);
    window(true);
    idle(100e-6);
    if (!w.finish()) {
        *error = w.error();
        return false;
    }
    return true;
}

} // namespace hpx::device
