// `hpx power BUNDLE RECORDING [--gate CH] [--marker CH] [--supply-voltage V] [--inferences N]`: a power meter's
// recording made while the board ran its power windows, added to the bundle of that run (docs/power.md): energy per
// inference from the clean window, per-layer energy from the marker window, the health checks, republished
// atomically with the bundle's manifest.
#include "app/hpx/cliutil.h"
#include "model/power/powerbundle.h"
#include "model/power/powersummary.h"

#include <QCoreApplication>
#include <QDir>

#include <cmath>

namespace hpx::cli {
namespace {

using namespace hpx::model;
using namespace hpx::model::power;

// `hpx power`: checks its options, adds the recording to the bundle and prints the measurement. Its messages are its
// own.
class PowerCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::PowerCommand)
public:
    static int run(const QStringList &arguments);

private:
    static void printMeasurement(const PowerMeasurement &m, const QString &directory);
};

void PowerCommand::printMeasurement(const PowerMeasurement &m, const QString &directory)
{
    const RecordingScan &s = m.scan;
    out() << PowerCommand::tr("Bundle:      %1").arg(QDir::toNativeSeparators(directory)) << '\n';
    out() << PowerCommand::tr(
        "Recording:   %1, %2 s, %n sample(s)%3", nullptr, int(std::min<qint64>(s.samples, INT_MAX)))
                 .arg(s.format)
                 .arg(s.durationS, 0, 'f', 3)
                 .arg(s.instrument.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.instrument))
          << '\n';
    if (s.simulated)
        out() << PowerCommand::tr("Simulated:   the recording was made by hpx-board-sim from its current model; it "
                                  "measures nothing")
              << '\n';
    out() << PowerCommand::tr("Gate:        %1, %2 clean window(s), %3 marker window(s)")
                 .arg(s.gateChannel)
                 .arg(m.cleanWindows)
                 .arg(m.markerWindows)
          << '\n';
    if (m.inferences)
        out() << PowerCommand::tr("Inferences:  %1 (%2)").arg(*m.inferences).arg(m.inferenceSource) << '\n';
    if (m.energyPerInferenceJ)
        out() << PowerCommand::tr("Energy per inference: %1 (%2 inferences/J)")
                     .arg(model::power::siValue(*m.energyPerInferenceJ, QStringLiteral("J")))
                     .arg(*m.inferencesPerJoule, 0, 'f', 1)
              << '\n';
    else
        out() << PowerCommand::tr("Energy per inference: not measured (see the issues)") << '\n';
    if (m.avgPowerW)
        out() << PowerCommand::tr("Average power: %1, average current %2, peak %3")
                     .arg(model::power::siValue(*m.avgPowerW, QStringLiteral("W")),
                         model::power::siValue(*m.avgCurrentA, QStringLiteral("A")),
                         model::power::siValue(m.cleanPeakA, QStringLiteral("A")))
              << '\n';
    if (m.durationRatio)
        out() << PowerCommand::tr("Gate duration ÷ firmware's clean inferences: %1").arg(*m.durationRatio, 0, 'f', 4)
              << '\n';
    if (m.hasLayerEnergy())
        out() << PowerCommand::tr("Energy per layer: columns %1 and %2 of the layer table, overlay %3")
                     .arg(energyColumn(), powerColumn(), PowerBundle::overlayPath())
              << '\n';
    out() << PowerCommand::tr("Integrity:   %1").arg(m.integrity()) << '\n';
    for (const Issue &i : m.issues)
        out() << QStringLiteral("  %1 %2: %3").arg(i.severity, -8).arg(i.code, i.message) << '\n';
}

int PowerCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(PowerCommand::tr(
        "Add a power meter's recording to a result bundle: energy per inference from the clean window the gate\n"
        "GPIO frames, energy per layer from the marker window (docs/power.md). Reads Joulescope JLS, the CSV\n"
        "export of Nordic's Power Profiler (PPK2) and plain CSV time_s,current_a[,voltage_v],<channels>.\n"
        "The bundle is republished atomically with its manifest, which names the recording and its SHA-256.\n"
        "Exit codes: 0 added; 2 the bundle or the recording cannot be read, or an option is wrong; 3 added, but\n"
        "the measurement is invalid (e.g. the gate never went high)."));
    parser.addPositionalArgument(QStringLiteral("BUNDLE"), PowerCommand::tr("The bundle folder of the run."));
    parser.addPositionalArgument(
        QStringLiteral("RECORDING"), PowerCommand::tr("The recording (.jls, .csv) made while the board ran."));
    const QCommandLineOption gate(QStringLiteral("gate"),
        PowerCommand::tr("Digital channel of the gate GPIO, by name (gpi[0], D0, gate) or 0-based index (default: "
                         "the first)."),
        QStringLiteral("CH"));
    const QCommandLineOption marker(QStringLiteral("marker"),
        PowerCommand::tr("Digital channel of the marker GPIO, for energy per layer (default: none)."),
        QStringLiteral("CH"));
    const QCommandLineOption supply(QStringLiteral("supply-voltage"),
        PowerCommand::tr("The board's supply voltage in volts, when the recording has no voltage (PPK2, a "
                         "current-only CSV)."),
        QStringLiteral("V"));
    const QCommandLineOption inferences(QStringLiteral("inferences"),
        PowerCommand::tr("Inferences per gate window, when the stream has no power terminal record and the gate "
                         "pulses once for the whole window."),
        QStringLiteral("N"));
    const QCommandLineOption firmware(QStringLiteral("power-firmware"),
        PowerCommand::tr("Which firmware ran the windows: profiling (this app's agent, default) or dedicated "
                         "(heliaPROFILER's power firmware)."),
        QStringLiteral("KIND"), QStringLiteral("profiling"));
    parser.addOptions({ gate, marker, supply, inferences, firmware });
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("power"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    const auto usage = [](const QString &why) {
        err() << PowerCommand::tr("hpx power: %1; run 'hpx power --help' for the options.").arg(why) << '\n';
        return int(ExitBadInput);
    };
    if (positional.size() != 2)
        return usage(PowerCommand::tr("expected BUNDLE RECORDING"));
    PowerOptions options;
    options.gate = parser.value(gate);
    options.marker = parser.value(marker);
    if (parser.isSet(supply)) {
        bool ok = false;
        const double v = parser.value(supply).toDouble(&ok);
        if (!ok || !(v > 0) || !std::isfinite(v))
            return usage(
                PowerCommand::tr("--supply-voltage takes volts above 0, not \"%1\"").arg(parser.value(supply)));
        options.supplyVoltageV = v;
    }
    if (parser.isSet(inferences)) {
        bool ok = false;
        const qint64 n = parser.value(inferences).toLongLong(&ok);
        if (!ok || n <= 0)
            return usage(PowerCommand::tr("--inferences takes a whole number above 0, not \"%1\"")
                             .arg(parser.value(inferences)));
        options.inferences = n;
    }
    options.powerFirmware = parser.value(firmware);
    if (options.powerFirmware != QStringLiteral("profiling") && options.powerFirmware != QStringLiteral("dedicated"))
        return usage(
            PowerCommand::tr("--power-firmware is profiling or dedicated, not \"%1\"").arg(options.powerFirmware));

    int lastTenth = -1;
    const auto progress = [&lastTenth](double fraction) {
        const int tenth = int(fraction * 10);
        if (tenth != lastTenth && tenth < 10) {
            lastTenth = tenth;
            err() << PowerCommand::tr("hpx power: reading the recording, %1 %").arg(tenth * 10) << '\n';
            err().flush();
        }
    };
    const PowerBundle::Result r = PowerBundle::attach(positional.at(0), positional.at(1), options, progress);
    if (!r.ok) {
        err() << PowerCommand::tr("hpx power: error: %1").arg(r.error) << '\n';
        return ExitBadInput;
    }
    printMeasurement(*r.measurement, QDir(positional.at(0)).absolutePath());
    for (const QString &note : r.notes)
        out() << PowerCommand::tr("Note:        %1").arg(note) << '\n';
    return r.measurement->integrity() == QStringLiteral("invalid") ? int(ExitBoard) : int(ExitOk);
}

const CommandRegistration registration({ QStringLiteral("power"),
    PowerCommand::tr("Add a power meter's recording to a bundle: energy per inference and per layer."),
    &PowerCommand::run });

} // namespace
} // namespace hpx::cli
