// `hpx model-info MODEL [--memory] [--json]`: what the model library reads from a .tflite and the arena it needs
// (docs/model-info.md, docs/memory.md).
#include "app/hpx/command.h"
#include "model/json/jsonwriter.h"
#include "model/memory/arenaestimate.h"
#include "model/memory/boardplacement.h"
#include "model/memory/memoryplan.h"
#include "model/memory/memoryplanjson.h"
#include "model/tflite/tflitemodel.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>

namespace hpx::cli {

namespace {

using hpx::model::ModelInfo;
using hpx::model::OperatorInfo;
using hpx::model::SubgraphInfo;

// `hpx model-info`: parses its options, reads the model (and its memory plan) and prints them as tables or JSON. Its
// messages are its own.
class ModelInfoCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ModelInfoCommand)
public:
    static int run(const QStringList &arguments);

private:
    static void writeTable(QTextStream &out, const ModelInfo &m);
    static QString arenaPartName(const QString &key);
    static void writeMemoryTable(QTextStream &out, const ModelInfo &m, const hpx::model::MemoryPlan &plan);
};

QString jsonString(const QString &s)
{
    QString out;
    out.reserve(s.size() + 2);
    out += QLatin1Char('"');
    for (const QChar c : s) {
        switch (c.unicode()) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        case '\b':
            out += QStringLiteral("\\b");
            break;
        case '\f':
            out += QStringLiteral("\\f");
            break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    out += QLatin1Char('"');
    return out;
}

QString jsonInts(const QVector<int> &v)
{
    QString out = QStringLiteral("[");
    for (qsizetype i = 0; i < v.size(); ++i) {
        if (i)
            out += QStringLiteral(", ");
        out += QString::number(v.at(i));
    }
    return out + QLatin1Char(']');
}

// Written by hand so the keys come out in the documented order, one operator per line.
void writeJson(QTextStream &out, const ModelInfo &m)
{
    out << "{\n";
    out << "  \"file\": " << jsonString(m.fileName) << ",\n";
    out << "  \"sha256\": " << jsonString(m.sha256) << ",\n";
    out << "  \"size_bytes\": " << m.sizeBytes << ",\n";
    out << "  \"total_macs\": " << m.totalMacs() << ",\n";
    out << "  \"subgraphs\": [";
    for (qsizetype s = 0; s < m.subgraphs.size(); ++s) {
        const SubgraphInfo &sg = m.subgraphs.at(s);
        out << (s ? ",\n" : "\n") << "    {\n";
        out << "      \"index\": " << sg.index << ",\n";
        out << "      \"name\": " << (sg.name.isEmpty() ? QStringLiteral("null") : jsonString(sg.name)) << ",\n";
        out << "      \"graph_id\": " << jsonString(sg.graphId) << ",\n";
        out << "      \"operators\": [";
        for (qsizetype i = 0; i < sg.operators.size(); ++i) {
            const OperatorInfo &op = sg.operators.at(i);
            out << (i ? ",\n" : "\n") << "        {\"index\": " << op.index << ", \"op\": " << jsonString(op.op);
            if (op.op == QLatin1String("CUSTOM"))
                out << ", \"custom_code\": " << jsonString(op.customCode);
            out << ", \"inputs\": " << jsonInts(op.inputs) << ", \"outputs\": " << jsonInts(op.outputs)
                << ", \"macs\": " << op.macs << '}';
        }
        out << (sg.operators.isEmpty() ? "]\n" : "\n      ]\n") << "    }";
    }
    out << (m.subgraphs.isEmpty() ? "]\n" : "\n  ]\n") << "}\n";
}

QString grouped(qint64 n)
{
    QString digits = QString::number(n < 0 ? -n : n);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return n < 0 ? QLatin1Char('-') + digits : digits;
}

QString ints(const QVector<int> &v)
{
    QStringList parts;
    parts.reserve(v.size());
    for (int i : v)
        parts << QString::number(i);
    return parts.join(QLatin1Char(','));
}

// Names come from the file: keep the table on one line per row.
QString oneLine(QString s)
{
    for (QChar &c : s) {
        if (c.unicode() < 0x20)
            c = QLatin1Char(' ');
    }
    return s;
}

void ModelInfoCommand::writeTable(QTextStream &out, const ModelInfo &m)
{
    out << ModelInfoCommand::tr("File:             %1").arg(m.fileName) << '\n';
    out << ModelInfoCommand::tr("SHA-256:          %1").arg(m.sha256) << '\n';
    out << ModelInfoCommand::tr("Size:             %1 bytes").arg(grouped(m.sizeBytes)) << '\n';
    out << ModelInfoCommand::tr("Schema version:   %1").arg(m.schemaVersion) << '\n';
    if (!m.description.isEmpty())
        out << ModelInfoCommand::tr("Description:      %1").arg(oneLine(m.description)) << '\n';
    out << ModelInfoCommand::tr("Subgraphs:        %1").arg(m.subgraphs.size()) << '\n';
    out << ModelInfoCommand::tr("Operators:        %1").arg(m.operatorCount()) << '\n';
    out << ModelInfoCommand::tr("Total MACs:       %1").arg(grouped(m.totalMacs())) << '\n';
    out << ModelInfoCommand::tr("Parameter bytes:  %1").arg(grouped(m.totalParameterBytes())) << '\n';
    for (const hpx::model::SignatureInfo &sig : m.signatures)
        out << ModelInfoCommand::tr("Signature:        %1 -> subgraph %2").arg(oneLine(sig.key)).arg(sig.subgraphIndex)
            << '\n';

    const QStringList header = { ModelInfoCommand::tr("#"), ModelInfoCommand::tr("Op"), ModelInfoCommand::tr("MACs"),
        ModelInfoCommand::tr("Param B"), ModelInfoCommand::tr("Act B"), ModelInfoCommand::tr("Inputs"),
        ModelInfoCommand::tr("Outputs"), ModelInfoCommand::tr("Calls") };
    for (const SubgraphInfo &sg : m.subgraphs) {
        out << '\n'
            << ModelInfoCommand::tr("Subgraph %1 %2 (graph id \"%3\"): %4 operators, inputs [%5], outputs [%6]")
                   .arg(sg.index)
                   .arg(sg.name.isEmpty() ? ModelInfoCommand::tr("(unnamed)")
                                          : QLatin1Char('"') + oneLine(sg.name) + QLatin1Char('"'))
                   .arg(oneLine(sg.graphId))
                   .arg(sg.operators.size())
                   .arg(ints(sg.inputs), ints(sg.outputs))
            << '\n';
        QVector<QStringList> rows;
        rows.reserve(sg.operators.size() + 1);
        rows.append(header);
        for (const OperatorInfo &op : sg.operators) {
            const QString name = op.customCode.isEmpty() ? op.op : op.op + QLatin1Char(':') + oneLine(op.customCode);
            rows.append({ QString::number(op.index), name, grouped(op.macs), grouped(op.parameterBytes),
                grouped(op.activationBytes), ints(op.inputs), ints(op.outputs), ints(op.calledSubgraphs) });
        }
        QVector<qsizetype> widths(header.size(), 0);
        for (const QStringList &row : std::as_const(rows)) {
            for (qsizetype c = 0; c < row.size(); ++c)
                widths[c] = std::max(widths.at(c), row.at(c).size());
        }
        for (const QStringList &row : std::as_const(rows)) {
            QString line = QStringLiteral("  ");
            for (qsizetype c = 0; c < row.size(); ++c) {
                const bool numeric = c == 0 || (c >= 2 && c <= 4);
                line += numeric ? row.at(c).rightJustified(widths.at(c)) : row.at(c).leftJustified(widths.at(c));
                line += QStringLiteral("  ");
            }
            out << line.trimmed().prepend(QStringLiteral("  ")) << '\n';
        }
    }
}

void printRows(QTextStream &out, const QVector<QStringList> &rows, const QVector<bool> &numeric)
{
    QVector<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths.at(c), row.at(c).size());
    }
    for (const QStringList &row : rows) {
        QString line = QStringLiteral("  ");
        for (qsizetype c = 0; c < row.size(); ++c) {
            line += numeric.value(c) ? row.at(c).rightJustified(widths.at(c)) : row.at(c).leftJustified(widths.at(c));
            line += QStringLiteral("  ");
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out << line << '\n';
    }
}

QString ModelInfoCommand::arenaPartName(const QString &key)
{
    if (key == QLatin1String("non_persistent_plan"))
        return ModelInfoCommand::tr("non-persistent plan (TFLM's greedy planner)");
    if (key == QLatin1String("scratch_buffers"))
        return ModelInfoCommand::tr("kernel scratch buffers");
    if (key == QLatin1String("variables"))
        return ModelInfoCommand::tr("variables");
    if (key == QLatin1String("tensor_records"))
        return ModelInfoCommand::tr("tensor records");
    if (key == QLatin1String("operator_records"))
        return ModelInfoCommand::tr("operator records");
    if (key == QLatin1String("resource_variables"))
        return ModelInfoCommand::tr("resource variables");
    if (key == QLatin1String("operator_params"))
        return ModelInfoCommand::tr("operator parameters");
    if (key == QLatin1String("operator_data"))
        return ModelInfoCommand::tr("kernel data");
    if (key == QLatin1String("io_tensors"))
        return ModelInfoCommand::tr("input and output tensors");
    if (key == QLatin1String("runtime_objects"))
        return ModelInfoCommand::tr("runtime objects");
    return key;
}

void ModelInfoCommand::writeMemoryTable(QTextStream &out, const ModelInfo &m, const hpx::model::MemoryPlan &plan)
{
    using hpx::model::MemoryStep;
    using hpx::model::TensorMemory;
    auto where = [&](int step) {
        const MemoryStep s = plan.steps.at(step);
        if (s.op < 0)
            return ModelInfoCommand::tr("start of subgraph %1").arg(s.subgraph);
        return ModelInfoCommand::tr("subgraph %1, operator %2 (%3)")
            .arg(s.subgraph)
            .arg(s.op)
            .arg(m.subgraphs.at(s.subgraph).operators.at(s.op).op);
    };
    auto tensorName
        = [&](const TensorMemory &t) { return oneLine(m.subgraphs.at(t.subgraph).tensors.at(t.tensor).name); };
    out << ModelInfoCommand::tr("File:                 %1").arg(m.fileName) << '\n';
    out << ModelInfoCommand::tr("Peak live bytes:      %1 at step %2, %3")
               .arg(grouped(plan.peakLiveBytes))
               .arg(plan.peakStep)
               .arg(plan.peakStep >= 0 ? where(plan.peakStep) : ModelInfoCommand::tr("(no steps)"))
        << '\n';
    out << ModelInfoCommand::tr("Non-persistent plan:  %1 bytes (TFLM's greedy planner, %2-byte alignment%3)")
               .arg(grouped(plan.plannedBytes))
               .arg(hpx::model::arenaAlignment)
               .arg(plan.offlinePlan ? ModelInfoCommand::tr(", the model's offline plan") : QString())
        << '\n';
    out << ModelInfoCommand::tr("Arena estimate:       %1 bytes, with TFLM's %2 kernels on a 32-bit Cortex-M")
               .arg(grouped(plan.arenaBytes()), hpx::model::kernelSetName(plan.kernels))
        << '\n';
    for (const hpx::model::ArenaPart &p : plan.arena) {
        const QString bytes
            = p.known ? ModelInfoCommand::tr("%1 bytes").arg(grouped(p.bytes)) : ModelInfoCommand::tr("not known");
        out << "  " << arenaPartName(p.key).leftJustified(44) << ' ' << bytes.rightJustified(16)
            << (p.known && p.estimated ? ModelInfoCommand::tr("  (estimated)") : QString()) << '\n';
    }
    for (const QString &note : plan.notes)
        out << ModelInfoCommand::tr("Note: %1").arg(note) << '\n';

    out << '\n' << ModelInfoCommand::tr("Alive at the peak:") << '\n';
    QVector<QStringList> peakRows { { ModelInfoCommand::tr("Subgraph"), ModelInfoCommand::tr("Tensor"),
        ModelInfoCommand::tr("Name"), ModelInfoCommand::tr("Bytes"), ModelInfoCommand::tr("Offset") } };
    for (int i : plan.peakTensors) {
        const TensorMemory &t = plan.tensors.at(i);
        peakRows.append({ QString::number(t.subgraph), QString::number(t.tensor), tensorName(t),
            grouped(t.alignedBytes), grouped(t.offset) });
    }
    printRows(out, peakRows, { true, true, false, true, true });

    out << '\n' << ModelInfoCommand::tr("Largest tensors:") << '\n';
    QVector<QStringList> rows { { ModelInfoCommand::tr("Subgraph"), ModelInfoCommand::tr("Tensor"),
        ModelInfoCommand::tr("Name"), ModelInfoCommand::tr("Bytes"), ModelInfoCommand::tr("Offset"),
        ModelInfoCommand::tr("First step"), ModelInfoCommand::tr("Last step") } };
    for (int i : plan.largestTensors(10)) {
        const TensorMemory &t = plan.tensors.at(i);
        rows.append({ QString::number(t.subgraph), QString::number(t.tensor), tensorName(t), grouped(t.alignedBytes),
            grouped(t.offset), QString::number(t.firstStep), QString::number(t.lastStep) });
    }
    printRows(out, rows, { true, true, false, true, true, true, true });

    for (const SubgraphInfo &sg : m.subgraphs) {
        out << '\n'
            << ModelInfoCommand::tr("Subgraph %1 (graph id \"%2\"): live bytes per operator")
                   .arg(sg.index)
                   .arg(oneLine(sg.graphId))
            << '\n';
        QVector<QStringList> opRows { { ModelInfoCommand::tr("#"), ModelInfoCommand::tr("Op"),
            ModelInfoCommand::tr("Step"), ModelInfoCommand::tr("Live bytes") } };
        for (const OperatorInfo &op : sg.operators) {
            const int step = plan.operatorStep.at(sg.index).at(op.index);
            const qint64 live = plan.operatorLiveBytes.at(sg.index).at(op.index);
            opRows.append({ QString::number(op.index), op.op,
                step >= 0 ? QString::number(step) : ModelInfoCommand::tr("never runs"),
                live >= 0 ? grouped(live) : QStringLiteral("-") });
        }
        printRows(out, opRows, { true, false, true, true });
    }
}

int ModelInfoCommand::run(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(ModelInfoCommand::tr(
        "Print what hpx reads from a TensorFlow Lite model: subgraphs with their Model Explorer graph ids, "
        "operators with their tensors and host-computed MACs, and the file's SHA-256; with --memory, the tensor "
        "arena it "
        "needs under TFLM."));
    const QCommandLineOption help(
        { QStringLiteral("h"), QStringLiteral("help") }, ModelInfoCommand::tr("Show this help."));
    const QCommandLineOption json(
        QStringLiteral("json"), ModelInfoCommand::tr("Print JSON instead of a table (fields in docs/model-info.md)."));
    const QCommandLineOption memory(QStringLiteral("memory"),
        ModelInfoCommand::tr(
            "Print the tensor arena the model needs under TFLM: the peak, the greedy planner's offsets, an estimate of "
            "the whole arena, live bytes per operator and the largest tensors (docs/memory.md)."));
    const QCommandLineOption kernels(QStringLiteral("kernels"),
        ModelInfoCommand::tr(
            "With --memory: the kernels TFLM is built with, %1 (the default, as the virtual board's) or %2; they "
            "decide the kernels' data and scratch buffers in the arena estimate.")
            .arg(hpx::model::kernelSetName(hpx::model::defaultKernelSet),
                hpx::model::kernelSetName(hpx::model::KernelSet::Reference)),
        QStringLiteral("SET"), hpx::model::kernelSetName(hpx::model::defaultKernelSet));
    const QCommandLineOption kernelSets(QStringLiteral("kernel-sets"),
        ModelInfoCommand::tr("Print the names --kernels takes, one a line, the default first, and exit (the table "
                             "scripts/qemu-board.sh and the firmware's CMake take theirs from)."));
    const QCommandLineOption placement(QStringLiteral("placement"),
        ModelInfoCommand::tr(
            "Print where the virtual board puts the model's arena and weights for --kernels SET (the fastest memory "
            "that fits, the arena first, as heliaPROFILER places them; docs/virtual-board.md): the Makefile's "
            "ARENA_REGION, ARENA_SIZE and WEIGHTS_REGION, one a line, or with --json summary.json's memory_plan. "
            "Exits 2, naming the bytes needed and the largest region, when the model fits nowhere."));
    const QCommandLineOption arenaLocation(QStringLiteral("arena-location"),
        ModelInfoCommand::tr("With --placement: put the arena in L (tcm, sram or psram) instead of the fastest that "
                             "fits."),
        QStringLiteral("L"));
    const QCommandLineOption weightsLocation(QStringLiteral("weights-location"),
        ModelInfoCommand::tr("With --placement: put the weights in L (tcm, sram, mram or psram) instead of the "
                             "fastest that fits."),
        QStringLiteral("L"));
    const QCommandLineOption arenaSize(QStringLiteral("arena-size"),
        ModelInfoCommand::tr("With --placement: an arena of BYTES instead of the estimate and its margin."),
        QStringLiteral("BYTES"));
    parser.addOption(help);
    parser.addOption(memory);
    parser.addOption(placement);
    parser.addOption(arenaSize);
    parser.addOption(arenaLocation);
    parser.addOption(weightsLocation);
    parser.addOption(kernels);
    parser.addOption(kernelSets);
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("MODEL"), ModelInfoCommand::tr("The .tflite file to read."));

    // The parser treats the first element as the program name: make it "hpx model-info".
    QStringList args = arguments.mid(2);
    args.prepend(QStringLiteral("hpx model-info"));
    if (!parser.parse(args)) {
        err << "hpx model-info: " << parser.errorText() << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // helpText() names the running binary; show the command as users type it.
        text.replace(0, text.indexOf(QLatin1Char('\n')),
            ModelInfoCommand::tr("Usage: hpx model-info [--memory | --placement [--arena-location L] "
                                 "[--weights-location L] [--arena-size BYTES]] [--kernels SET] [--json] MODEL"));
        out << text
            << ModelInfoCommand::tr(
                   "\nExit status: 0 when the model was read; 2 when it could not be (missing, empty, truncated or\n"
                   "damaged file, not a TFLite model, an index out of range, a MAC count that overflows) or the\n"
                   "arguments are wrong. The error is one line on stderr naming the file and the problem. With "
                   "--memory,\n"
                   "also 2 when TFLM could not plan the model either (a subgraph calling itself, a tensor type TFLM\n"
                   "cannot size, an offline plan whose tensor count does not match). With --placement, also 2 when "
                   "the\n"
                   "model fits in no memory of the virtual board, or not where --arena-location or --weights-location\n"
                   "put it.\n");
        return ExitOk;
    }
    if (parser.isSet(kernelSets)) {
        for (const QString &name : hpx::model::kernelSetNames())
            out << name << '\n';
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        err << "hpx model-info: "
            << (positional.isEmpty()
                       ? ModelInfoCommand::tr("missing MODEL argument (see --help)")
                       : ModelInfoCommand::tr("expected one MODEL, got %1 arguments").arg(positional.size()))
            << '\n';
        return ExitBadInput;
    }
    const std::optional<hpx::model::KernelSet> kernelSet = hpx::model::kernelSetFromName(parser.value(kernels));
    if (!kernelSet) {
        err << "hpx model-info: "
            << ModelInfoCommand::tr("unknown kernel set \"%1\" for --kernels (choose %2)")
                   .arg(oneLine(parser.value(kernels)), hpx::model::kernelSetNames().join(QStringLiteral(" or ")))
            << '\n';
        return ExitBadInput;
    }
    const hpx::model::ModelLoadResult result = hpx::model::loadModel(positional.first());
    if (!result.model) {
        err << "hpx: " << oneLine(result.error) << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(placement)) {
        const auto given = [&](const QCommandLineOption &o) {
            return parser.isSet(o) ? std::optional<QString>(parser.value(o)) : std::nullopt;
        };
        std::optional<qint64> size;
        if (parser.isSet(arenaSize)) {
            bool ok = false;
            size = parser.value(arenaSize).toLongLong(&ok);
            if (!ok) {
                err << "hpx model-info: "
                    << ModelInfoCommand::tr("--arena-size takes a number of bytes, not \"%1\"")
                           .arg(oneLine(parser.value(arenaSize)))
                    << '\n';
                return ExitBadInput;
            }
        }
        const hpx::model::BoardPlacementResult placed = hpx::model::placeOnVirtualBoard(
            *result.model, *kernelSet, given(arenaLocation), given(weightsLocation), size);
        if (!placed.ok()) {
            err << "hpx: " << oneLine(result.model->fileName) << ": " << oneLine(placed.error) << '\n';
            return ExitBadInput;
        }
        if (parser.isSet(json))
            out << QString::fromUtf8(hpx::model::toPythonJson(placed.placement->memoryPlanJson())) << '\n';
        else
            out << placed.placement->makeVariables().join(QLatin1Char('\n')) << '\n';
        return ExitOk;
    }
    if (parser.isSet(memory)) {
        const hpx::model::MemoryPlanResult plan = hpx::model::planMemory(*result.model, *kernelSet);
        if (!plan.plan) {
            err << "hpx: " << oneLine(result.model->fileName) << ": " << oneLine(plan.error) << '\n';
            return ExitBadInput;
        }
        if (parser.isSet(json))
            out << QString::fromUtf8(hpx::model::toPythonJson(hpx::model::memoryPlanJson(*result.model, *plan.plan)))
                << '\n';
        else
            writeMemoryTable(out, *result.model, *plan.plan);
        return ExitOk;
    }
    if (parser.isSet(json))
        writeJson(out, *result.model);
    else
        writeTable(out, *result.model);
    return ExitOk;
}

const CommandRegistration registration({ QStringLiteral("model-info"),
    ModelInfoCommand::tr("Show a model's subgraphs, operators and MACs."), &ModelInfoCommand::run });

} // namespace

} // namespace hpx::cli
