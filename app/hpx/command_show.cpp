// `hpx show BUNDLE [--json]`: reads a result bundle back the way the window's Open Bundle does — every artifact the
// manifest declares is checked against its size and SHA-256 — and prints its validity, issues and top layers, so a
// script or CI job can check a bundle (docs/cli.md).
#include "app/hpx/cliutil.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/layertables.h"
#include "model/json/jsonwriter.h"
#include "model/results/summarydata.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>

namespace hpx::cli {
namespace {

using namespace hpx::model;

// `hpx show`: checks a result bundle and prints its validity, issues and top layers. Its messages are its own.
class ShowCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ShowCommand)
public:
    static int run(const QStringList &arguments);
};

// The bundle's own top_layers (summary.json) when it has them; otherwise ranked from the layers that have cycles as the
// bundle writer ranks them (model::topLayers).
QVector<TopLayer> shownTopLayers(const Bundle &b, int count)
{
    QVector<TopLayer> out;
    const JsonValue written = b.summary.value(QStringLiteral("top_layers"));
    if (written.isArray()) {
        for (const JsonValue &t : written.elements()) {
            TopLayer top;
            top.op = t.value(QStringLiteral("op")).toString();
            top.cycles = t.value(QStringLiteral("cycles")).toDouble();
            top.pct = t.value(QStringLiteral("pct")).toDouble();
            out.append(top);
        }
    } else {
        for (const TopLayer &t : model::topLayers(b.result, -1)) {
            if (b.result.cycles(t.layer))
                out.append(t);
        }
    }
    if (out.size() > count)
        out.resize(count);
    return out;
}

JsonValue stringArray(const QStringList &list)
{
    JsonValue a = JsonValue::array();
    for (const QString &s : list)
        a.append(JsonValue(s));
    return a;
}

// ok: the bundle was read (and verified when it has a manifest).
int exitCodeFor(const BundleReadResult &r)
{
    if (!r.bundle)
        return ExitBadInput;
    return r.bundle->validity == QLatin1String("invalid") ? ExitBoard : ExitOk;
}

void printJson(const QString &path, const BundleReadResult &r, int topCount)
{
    JsonValue doc = JsonValue::object();
    doc.appendMember(QStringLiteral("bundle"), JsonValue(QDir(path).absolutePath()));
    doc.appendMember(QStringLiteral("ok"), JsonValue(r.bundle.has_value()));
    if (!r.bundle) {
        doc.appendMember(QStringLiteral("verified"), JsonValue(false));
        doc.appendMember(QStringLiteral("error"), JsonValue(r.error));
        doc.appendMember(QStringLiteral("error_file"), r.errorFile.isEmpty() ? JsonValue() : JsonValue(r.errorFile));
        out() << QString::fromUtf8(toPythonJson(doc)) << '\n';
        return;
    }
    const Bundle &b = *r.bundle;
    doc.appendMember(QStringLiteral("verified"), JsonValue(b.verified));
    doc.appendMember(QStringLiteral("has_manifest"), JsonValue(b.hasManifest));
    doc.appendMember(QStringLiteral("producer"), JsonValue(b.producer));
    doc.appendMember(QStringLiteral("status"), b.status.isEmpty() ? JsonValue() : JsonValue(b.status));
    doc.appendMember(QStringLiteral("validity"), JsonValue(b.validity));
    doc.appendMember(QStringLiteral("engine"), JsonValue(engineName(b.result.engine)));
    doc.appendMember(QStringLiteral("layers"), JsonValue(int(b.result.layers.size())));
    // Operators that did not run in the profiled inferences (hpx_studio_layers.csv), by position; no value.
    JsonValue notRun = JsonValue::array();
    for (const LayerResult &op : b.result.notRun) {
        JsonValue entry = JsonValue::object();
        entry.appendMember(QStringLiteral("op"), JsonValue(op.op));
        entry.appendMember(QStringLiteral("subgraph"), JsonValue(op.subgraph));
        entry.appendMember(QStringLiteral("operator_index"), JsonValue(op.sourceIndex));
        entry.appendMember(QStringLiteral("execution"), JsonValue(bundle::executionName(op.execution)));
        notRun.append(std::move(entry));
    }
    doc.appendMember(QStringLiteral("not_run"), std::move(notRun));
    QStringList counted = b.result.counters;
    for (const QString &name : b.result.notCounted)
        counted.removeAll(name);
    doc.appendMember(QStringLiteral("counters"), stringArray(counted));
    doc.appendMember(QStringLiteral("not_counted"), stringArray(b.result.notCounted));
    doc.appendMember(QStringLiteral("issues"), bundle::issuesJson(b.result.issues)); // as summary.json lists them
    JsonValue top = JsonValue::array();
    for (const TopLayer &t : shownTopLayers(b, topCount)) {
        JsonValue layer = JsonValue::object();
        layer.appendMember(QStringLiteral("op"), JsonValue(t.op));
        layer.appendMember(QStringLiteral("cycles"), JsonValue(t.cycles));
        layer.appendMember(QStringLiteral("pct"), JsonValue(t.pct.value_or(0.0)));
        top.append(std::move(layer));
    }
    doc.appendMember(QStringLiteral("top_layers"), std::move(top));
    // Control flow: every cycle once (top_layers and total_cycles, as heliaPROFILER writes them, count an enclosed
    // layer's cycles twice).
    if (const JsonValue self = b.summary.value(QStringLiteral("self_costs")); self.isObject())
        doc.appendMember(QStringLiteral("self_costs"), self);
    // A power meter's measurement (hpx power, heliaPROFILER's power runs): summary.json's section as written.
    if (const JsonValue power = b.summary.value(QStringLiteral("power")); power.isObject())
        doc.appendMember(QStringLiteral("power"), power);
    doc.appendMember(QStringLiteral("artifacts"), stringArray(b.artifacts));
    doc.appendMember(QStringLiteral("warnings"), stringArray(b.warnings));
    out() << QString::fromUtf8(toPythonJson(doc)) << '\n';
}

// summary.json's power section (docs/power.md): energy per inference and average power, from a meter's recording.
void printPower(const JsonValue &power)
{
    if (!power.isObject())
        return;
    const auto figure = [&](const char *key, const QString &unit) {
        const JsonValue v = power.value(QString::fromLatin1(key));
        return v.isNumber() ? QStringLiteral("%1 %2").arg(v.toDouble(), 0, 'g', 4).arg(unit)
                            : ShowCommand::tr("not measured");
    };
    const QString source = power.value(QStringLiteral("measurement_source")).toString();
    out() << ShowCommand::tr("Power:     energy per inference %1, average power %2 (%3, integrity %4)%5")
                 .arg(figure("energy_per_inference_j", QStringLiteral("J")), figure("avg_power_w", QStringLiteral("W")),
                     power.value(QStringLiteral("measurement_scope")).toString(),
                     power.value(QStringLiteral("integrity")).isString()
                         ? power.value(QStringLiteral("integrity")).toString()
                         : ShowCommand::tr("not stated"),
                     source == QStringLiteral("simulated") ? ShowCommand::tr(", SIMULATED: not a measurement")
                                                           : QString())
          << '\n';
    for (const JsonValue &i : power.value(QStringLiteral("issues")).elements())
        out() << QStringLiteral("  %1 %2: %3")
                     .arg(i.value(QStringLiteral("severity")).toString(), -8)
                     .arg(i.value(QStringLiteral("code")).toString(), i.value(QStringLiteral("message")).toString())
              << '\n';
}

// The operators that did not run in the profiled inferences, counted and named by position (graph id #index).
void printNotRun(const QVector<LayerResult> &notRun)
{
    QStringList skipped, atInit;
    for (const LayerResult &op : notRun) {
        const QString name = QStringLiteral("%1 (subgraph %2 #%3)").arg(op.op).arg(op.subgraph).arg(op.sourceIndex);
        (op.execution == LayerResult::Execution::OnceAtInit ? atInit : skipped).append(name);
    }
    // Twelve named, the rest counted (--json lists every one).
    const auto named = [](const QStringList &names) {
        return names.size() <= 12 ? names.join(QStringLiteral(", "))
                                  : names.mid(0, 12).join(QStringLiteral(", "))
                + ShowCommand::tr(" and %n more", nullptr, int(names.size()) - 12);
    };
    if (!skipped.isEmpty())
        out() << ShowCommand::tr(
            "Not run:   %n operator(s) did not run in the profiled inferences (no value, not 0): %1", nullptr,
            int(skipped.size()))
                     .arg(named(skipped))
              << '\n';
    if (!atInit.isEmpty())
        out() << ShowCommand::tr(
            "At init:   %n operator(s) ran once, at initialisation, not profiled: %1", nullptr, int(atInit.size()))
                     .arg(named(atInit))
              << '\n';
}

void printText(const BundleReadResult &r, int topCount)
{
    const Bundle &b = *r.bundle;
    out() << ShowCommand::tr("Bundle:    %1").arg(QDir::toNativeSeparators(b.directory)) << '\n';
    if (b.hasManifest)
        out() << ShowCommand::tr("Files:     %n file(s) verified against result_manifest.json (size and SHA-256)",
            nullptr, int(b.artifacts.size()))
              << '\n';
    else
        out() << ShowCommand::tr("Files:     not verified: the bundle has no result_manifest.json") << '\n';
    out() << ShowCommand::tr("Producer:  %1").arg(b.producer) << '\n';
    if (!b.status.isEmpty())
        out() << ShowCommand::tr("Status:    %1").arg(b.status) << '\n';
    out() << ShowCommand::tr("Validity:  %1").arg(b.validity) << '\n';
    out() << ShowCommand::tr("Engine:    %1, %n layer(s)", nullptr, int(b.result.layers.size()))
                 .arg(engineName(b.result.engine))
          << '\n';
    printNotRun(b.result.notRun);
    QStringList counted = b.result.counters;
    for (const QString &name : b.result.notCounted)
        counted.removeAll(name);
    // The virtual board's cycle column holds emulated instructions (the column keeps its stream name).
    if (b.result.cyclesAreEmulatedInstructions())
        counted.replaceInStrings(
            QRegularExpression(QStringLiteral("^ARM_PMU_CPU_CYCLES$")), ShowCommand::tr("instructions (emulated)"));
    out() << ShowCommand::tr("Counters:  %1").arg(counted.join(QStringLiteral(", "))) << '\n';
    if (!b.result.notCounted.isEmpty())
        out() << ShowCommand::tr("Not counted: %1 (the board did not count them: no value, not 0)")
                     .arg(b.result.notCounted.join(QStringLiteral(", ")))
              << '\n';
    if (b.result.issues.isEmpty()) {
        out() << ShowCommand::tr("Issues:    none") << '\n';
    } else {
        out() << ShowCommand::tr("Issues:") << '\n';
        for (const Issue &i : b.result.issues)
            out() << QStringLiteral("  %1 %2: %3").arg(i.severity, -8).arg(i.code, i.message) << '\n';
    }
    // The virtual board's cycle column counts emulated instructions: say what it counts (summary.json keeps
    // heliaPROFILER's field names, docs/output-files.md).
    const bool emulated = b.result.cyclesAreEmulatedInstructions();
    const QVector<TopLayer> top = shownTopLayers(b, topCount);
    if (!top.isEmpty()) {
        out() << (emulated ? ShowCommand::tr("Top layers by instructions (emulated):")
                           : ShowCommand::tr("Top layers by cycles:"))
              << '\n';
        for (int i = 0; i < top.size(); ++i)
            out() << QStringLiteral("  %1. %2 %3 %4 %")
                         .arg(i + 1, 2)
                         .arg(top.at(i).op, -24)
                         .arg(QString::number(top.at(i).cycles, 'f', 1), 14)
                         .arg(QString::number(top.at(i).pct.value_or(0.0), 'f', 1), 5)
                  << '\n';
    }
    const JsonValue self = b.summary.value(QStringLiteral("self_costs"));
    if (self.isObject() && self.value(QStringLiteral("top_layers")).isArray()) {
        out() << (emulated ? ShowCommand::tr("Control flow: some layers enclose others (WHILE, IF, CALL_ONCE). "
                                             "Counted once, the layers take %1 instructions (emulated); the total "
                                             "(%2) and the percentages above count the %3 enclosed instructions "
                                             "twice.")
                           : ShowCommand::tr("Control flow: some layers enclose others (WHILE, IF, CALL_ONCE). "
                                             "Counted once, the layers take %1 cycles; heliaPROFILER's total_cycles "
                                             "(%2) and the percentages above count the %3 enclosed cycles twice."))
                     .arg(QString::number(self.value(QStringLiteral("total_cycles")).toDouble(), 'f', 1),
                         QString::number(b.summary.value(QStringLiteral("total_cycles")).toDouble(), 'f', 1),
                         QString::number(self.value(QStringLiteral("cycles_counted_twice")).toDouble(), 'f', 1))
              << '\n';
        out() << (emulated ? ShowCommand::tr(
                      "Top layers by own (self) instructions (emulated), with their inclusive instructions:")
                           : ShowCommand::tr("Top layers by own (self) cycles, with their inclusive cycles:"))
              << '\n';
        int rank = 0;
        for (const JsonValue &t : self.value(QStringLiteral("top_layers")).elements()) {
            out() << QStringLiteral("  %1. %2 %3 %4 % %5")
                         .arg(++rank, 2)
                         .arg(t.value(QStringLiteral("op")).toString(), -24)
                         .arg(QString::number(t.value(QStringLiteral("self_cycles")).toDouble(), 'f', 1), 14)
                         .arg(QString::number(t.value(QStringLiteral("pct")).toDouble(), 'f', 1), 5)
                         .arg(ShowCommand::tr("(inclusive %1)")
                                  .arg(QString::number(t.value(QStringLiteral("cycles")).toDouble(), 'f', 1)))
                  << '\n';
            if (rank >= topCount)
                break;
        }
    }
    printPower(b.summary.value(QStringLiteral("power")));
    for (const QString &w : b.warnings)
        out() << ShowCommand::tr("Note:      %1").arg(w) << '\n';
}

int ShowCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ShowCommand::tr(
        "Read a result bundle back and check it: every file result_manifest.json declares must be there with\n"
        "its size and SHA-256 digest. Prints the validity, the issues and the top layers (stdout).\n"
        "Exit codes: 0 the bundle reads and verifies, validity valid or degraded; 2 it cannot be read or does\n"
        "not verify (a missing, damaged or changed file); 3 it verifies but its validity is invalid."));
    parser.addPositionalArgument(
        QStringLiteral("BUNDLE"), ShowCommand::tr("The bundle folder (the output.dir of a run)."));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"), ShowCommand::tr("Print one JSON object instead of text."));
    const QCommandLineOption topOption(QStringLiteral("top"),
        ShowCommand::tr("How many top layers to list (default 5)."), QStringLiteral("N"), QStringLiteral("5"));
    parser.addOption(jsonOption);
    parser.addOption(topOption);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("show"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    bool topOk = false;
    const int topCount = parser.value(topOption).toInt(&topOk);
    if (positional.size() != 1 || !topOk || topCount < 0) {
        err() << ShowCommand::tr("hpx show: expected BUNDLE [--json] [--top N]; run 'hpx show --help' for the options.")
              << '\n';
        return ExitBadInput;
    }
    const QString path = positional.constFirst();
    const BundleReadResult r = BundleReader::read(path);
    if (parser.isSet(jsonOption))
        printJson(path, r, topCount);
    else if (r.bundle)
        printText(r, topCount);
    out().flush();
    if (!r.bundle)
        err() << ShowCommand::tr("hpx show: error: %1").arg(r.error) << '\n';
    else if (r.bundle->validity == QLatin1String("invalid"))
        err() << ShowCommand::tr("hpx show: the results of %1 are invalid.")
                     .arg(QDir::toNativeSeparators(r.bundle->directory))
              << '\n';
    err().flush();
    return exitCodeFor(r);
}

const CommandRegistration registration({ QStringLiteral("show"),
    ShowCommand::tr("Check a result bundle and print its validity, issues and top layers."), &ShowCommand::run });

} // namespace
} // namespace hpx::cli
