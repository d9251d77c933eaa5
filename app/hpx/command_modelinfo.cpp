// `hpx model-info MODEL [--json]`: what the model library reads from a .tflite (docs/model-info.md).
#include "app/hpx/command.h"
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

QString tr(const char *text)
{
    return QCoreApplication::translate("ModelInfoCommand", text);
}

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

void writeTable(QTextStream &out, const ModelInfo &m)
{
    out << tr("File:             %1").arg(m.fileName) << '\n';
    out << tr("SHA-256:          %1").arg(m.sha256) << '\n';
    out << tr("Size:             %1 bytes").arg(grouped(m.sizeBytes)) << '\n';
    out << tr("Schema version:   %1").arg(m.schemaVersion) << '\n';
    if (!m.description.isEmpty())
        out << tr("Description:      %1").arg(oneLine(m.description)) << '\n';
    out << tr("Subgraphs:        %1").arg(m.subgraphs.size()) << '\n';
    out << tr("Operators:        %1").arg(m.operatorCount()) << '\n';
    out << tr("Total MACs:       %1").arg(grouped(m.totalMacs())) << '\n';
    out << tr("Parameter bytes:  %1").arg(grouped(m.totalParameterBytes())) << '\n';
    for (const hpx::model::SignatureInfo &sig : m.signatures)
        out << tr("Signature:        %1 -> subgraph %2").arg(oneLine(sig.key)).arg(sig.subgraphIndex) << '\n';

    const QStringList header
        = { tr("#"), tr("Op"), tr("MACs"), tr("Param B"), tr("Act B"), tr("Inputs"), tr("Outputs"), tr("Calls") };
    for (const SubgraphInfo &sg : m.subgraphs) {
        out << '\n'
            << tr("Subgraph %1 %2 (graph id \"%3\"): %4 operators, inputs [%5], outputs [%6]")
                   .arg(sg.index)
                   .arg(sg.name.isEmpty() ? tr("(unnamed)") : QLatin1Char('"') + oneLine(sg.name) + QLatin1Char('"'))
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

int runModelInfo(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Print what hpx reads from a TensorFlow Lite model: subgraphs with their Model Explorer graph ids, "
           "operators with their tensors and host-computed MACs, and the file's SHA-256."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, tr("Show this help."));
    const QCommandLineOption json(
        QStringLiteral("json"), tr("Print JSON instead of a table (fields in docs/model-info.md)."));
    parser.addOption(help);
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("MODEL"), tr("The .tflite file to read."));

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
        text.replace(0, text.indexOf(QLatin1Char('\n')), tr("Usage: hpx model-info [--json] MODEL"));
        out << text
            << tr("\nExit status: 0 when the model was read; 2 when it could not be (missing, empty, truncated or\n"
                  "damaged file, not a TFLite model, an index out of range, a MAC count that overflows) or the\n"
                  "arguments are wrong. The error is one line on stderr naming the file and the problem.\n");
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        err << "hpx model-info: "
            << (positional.isEmpty() ? tr("missing MODEL argument (see --help)")
                                     : tr("expected one MODEL, got %1 arguments").arg(positional.size()))
            << '\n';
        return ExitBadInput;
    }
    const hpx::model::ModelLoadResult result = hpx::model::loadModel(positional.first());
    if (!result.model) {
        err << "hpx: " << oneLine(result.error) << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(json))
        writeJson(out, *result.model);
    else
        writeTable(out, *result.model);
    return ExitOk;
}

const CommandRegistration registration({ QStringLiteral("model-info"),
    QCoreApplication::translate("ModelInfoCommand", "Show a model's subgraphs, operators and MACs."), &runModelInfo });

} // namespace

} // namespace hpx::cli
