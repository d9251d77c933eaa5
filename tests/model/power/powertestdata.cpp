// jls's headers name parameters `signals`, which Qt defines as a keyword: they come first.
#if HPX_HAVE_JLS
#include <jls/format.h>
#include <jls/writer.h>
#endif

#include "powertestdata.h"

#include <QFile>

namespace hpx::test {

QVector<PowerScenario::Sample> PowerScenario::samples() const
{
    QVector<Sample> out;
    double t = 0.0;
    const double dt = 1.0 / rateHz;
    bool marker = false;
    int k = 0;
    auto push = [&](double current, bool g) {
        out.append({ double(k) / rateHz, current, g, marker });
        ++k;
        t += dt;
    };
    for (int i = 0; i < idleSamples; ++i)
        push(idleA, false);
    for (int n = 0; n < inferences; ++n) {
        for (const Segment &s : inference()) {
            for (int i = 0; i < s.samples; ++i)
                push(s.currentA, gate);
        }
    }
    for (int i = 0; i < idleSamples; ++i)
        push(idleA, false);
    const int edges = inferences * int(inference().size());
    int edge = 0;
    for (int n = 0; n < inferences; ++n) {
        for (const Segment &s : inference()) {
            for (int i = 0; i < s.samples; ++i)
                push(s.currentA, gate);
            ++edge;
            const bool last = edge == edges;
            if (edge > dropEdges && !(last && markerCoincidesWithGateFall))
                marker = !marker; // the event ended: the next sample shows the toggled level
        }
    }
    if (markerCoincidesWithGateFall) {
        marker = !marker;
    } else {
        for (int i = 0; i < tailSamples; ++i)
            push(idleA, gate);
    }
    for (int i = 0; i < idleSamples; ++i)
        push(idleA, false);
    return out;
}

double PowerScenario::energyPerInference() const
{
    double e = 0.0;
    for (const Segment &s : inference())
        e += s.currentA * voltage * s.samples / rateHz;
    return e;
}

double PowerScenario::layerSelfEnergy(int layer) const
{
    double e = 0.0;
    for (const Segment &s : inference()) {
        if (s.layer == layer)
            e += s.currentA * voltage * s.samples / rateHz;
    }
    return e;
}

double PowerScenario::layerEnergy(int layer) const
{
    return layer == 1 ? layerSelfEnergy(1) + layerSelfEnergy(2) : layerSelfEnergy(layer);
}

double PowerScenario::cleanDurationS() const
{
    int n = 0;
    for (const Segment &s : inference())
        n += s.samples;
    return double(n * inferences) / rateHz;
}

QByteArray PowerScenario::plainCsv(bool withVoltage, const QString &comment) const
{
    QByteArray out;
    if (!comment.isEmpty())
        out += "# " + comment.toUtf8() + "\n";
    out += withVoltage ? "time_s,current_a,voltage_v,gate,marker\n" : "time_s,current_a,gate,marker\n";
    for (const Sample &s : samples()) {
        out += QByteArray::number(s.t, 'g', 12) + ',' + QByteArray::number(s.current, 'g', 12);
        if (withVoltage)
            out += ',' + QByteArray::number(voltage, 'g', 12);
        out += s.gate ? ",1" : ",0";
        out += s.marker ? ",1\n" : ",0\n";
    }
    return out;
}

QByteArray PowerScenario::ppkCsv(bool separateFields) const
{
    // As pc-nrfconnect-ppk's exportChart writes it: timestamp in ms (µs / 1000), current in µA with 3 decimals,
    // the pins D0..D7 as one string or as fields; the gate on D0, the marker on D1.
    QByteArray out
        = separateFields ? "Timestamp(ms),Current(uA),D0,D1,D2,D3,D4,D5,D6,D7\n" : "Timestamp(ms),Current(uA),D0-D7\n";
    for (const Sample &s : samples()) {
        const char d0 = s.gate ? '1' : '0';
        const char d1 = s.marker ? '1' : '0';
        out += QByteArray::number(s.t * 1000.0, 'g', 12) + ',' + QByteArray::number(s.current * 1e6, 'f', 3) + ',';
        if (separateFields)
            out += QByteArray() + d0 + ',' + d1 + ",0,0,0,0,0,0\n";
        else
            out += QByteArray() + d0 + d1 + "000000\n";
    }
    return out;
}

bool PowerScenario::writeJls(const QString &path, QString *error, bool simulated) const
{
#if HPX_HAVE_JLS
    jls_wr_s *wr = nullptr;
    if (jls_wr_open(&wr, QFile::encodeName(path).constData()) != 0) {
        *error = QStringLiteral("jls_wr_open failed");
        return false;
    }
    jls_source_def_s source {};
    source.source_id = 1;
    source.name = "js220";
    source.vendor = "Jetperch";
    source.model = simulated ? "simulated" : "JS220";
    source.version = "1";
    source.serial_number = "000001";
    int rc = jls_wr_source_def(wr, &source);
    const quint32 rate = quint32(rateHz);
    auto signal = [&](uint16_t id, const char *name, uint32_t type, const char *units) {
        jls_signal_def_s s {};
        s.signal_id = id;
        s.source_id = 1;
        s.signal_type = JLS_SIGNAL_TYPE_FSR;
        s.data_type = type;
        s.sample_rate = rate;
        s.name = name;
        s.units = units;
        return jls_wr_signal_def(wr, &s);
    };
    rc = rc ? rc : signal(1, "current", JLS_DATATYPE_F32, "A");
    rc = rc ? rc : signal(2, "voltage", JLS_DATATYPE_F32, "V");
    rc = rc ? rc : signal(3, "gpi[0]", JLS_DATATYPE_U1, "");
    rc = rc ? rc : signal(4, "gpi[1]", JLS_DATATYPE_U1, "");
    const QVector<Sample> ss = samples();
    QVector<float> current, volts;
    QByteArray gate((ss.size() + 7) / 8, 0), marker((ss.size() + 7) / 8, 0);
    for (int k = 0; k < ss.size(); ++k) {
        current.append(float(ss.at(k).current));
        volts.append(float(voltage));
        if (ss.at(k).gate)
            gate[k / 8] = char(gate.at(k / 8) | (1 << (k % 8)));
        if (ss.at(k).marker)
            marker[k / 8] = char(marker.at(k / 8) | (1 << (k % 8)));
    }
    rc = rc ? rc : jls_wr_fsr_f32(wr, 1, 0, current.constData(), uint32_t(current.size()));
    rc = rc ? rc : jls_wr_fsr_f32(wr, 2, 0, volts.constData(), uint32_t(volts.size()));
    rc = rc ? rc : jls_wr_fsr(wr, 3, 0, gate.constData(), uint32_t(ss.size()));
    rc = rc ? rc : jls_wr_fsr(wr, 4, 0, marker.constData(), uint32_t(ss.size()));
    const int closed = jls_wr_close(wr);
    if (rc || closed) {
        *error = QStringLiteral("jls writer error %1/%2").arg(rc).arg(closed);
        return false;
    }
    return true;
#else
    *error = QStringLiteral("built without jls");
    return false;
#endif
}

model::ProfileResult powerScenarioResult()
{
    using namespace model;
    ProfileResult r;
    r.engine = Engine::Tflm;
    r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
    const char *ops[] = { "CONV_2D", "IF", "ADD", "SOFTMAX" };
    const double cycles[] = { 4000, 3000, 2000, 3000 };
    for (int i = 0; i < 4; ++i) {
        LayerResult l;
        l.position = i;
        l.id = i;
        l.op = QString::fromLatin1(ops[i]);
        l.opType = l.op;
        l.subgraph = i == 2 ? 1 : 0;
        l.sourceIndex = i == 2 ? 0 : (i == 3 ? 2 : i);
        l.values = { cycles[i] };
        r.layers.append(l);
    }
    r.layers[2].parentLayer = 1;
    r.layers[1].selfValues = { 1000.0 };
    r.firmware.append({ QStringLiteral("clean_infer_count"), 5 });
    r.firmware.append({ QStringLiteral("clean_infer_avg_us"), 1000 });
    return r;
}

QByteArray terminalStream(int completed, qint64 elapsedUs)
{
    const QByteArray record = "--- HPX_POWER_TERMINAL_START ---\r\n"
                              "HPX_POWER_TERMINAL_VERSION=1\r\n"
                              "HPX_POWER_STATUS=ok\r\n"
                              "HPX_POWER_REQUESTED_COUNT="
        + QByteArray::number(completed) + "\r\nHPX_POWER_COMPLETED_COUNT=" + QByteArray::number(completed)
        + "\r\nHPX_POWER_ELAPSED_US=" + QByteArray::number(elapsedUs)
        + "\r\nHPX_POWER_FINAL_PHASE=done\r\n"
          "HPX_POWER_ERROR_CODE=0\r\n"
          "HPX_POWER_GATE_ASSERTED=1\r\n"
          "HPX_POWER_GATE_LOWERED=1\r\n"
          "--- HPX_POWER_TERMINAL_END ---\r\n";
    // A first copy cut in the middle (the host attached mid-record), then two whole ones.
    return "HPX_PROFILER_START\r\n" + record.left(record.size() / 2) + record + record;
}

} // namespace hpx::test
