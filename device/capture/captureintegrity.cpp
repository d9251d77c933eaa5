#include "device/capture/captureintegrity.h"

#include <QCoreApplication>
#include <QSet>

namespace hpx::device {

namespace {
QString passAt(const QVector<QPair<int, QString>> &passStarts, int line)
{
    QString pass;
    for (const auto &start : passStarts) {
        if (line > 0 && start.first > line)
            break;
        pass = start.second;
    }
    return pass;
}

QStringList layerList(const model::CaptureIteration &iteration)
{
    QStringList out;
    out.reserve(iteration.rows.size());
    for (const auto &row : iteration.rows)
        out.append(QString::number(row.position) + QLatin1Char(':') + row.op);
    return out;
}
} // namespace

bool isDamageProblem(const QString &kind)
{
    static const QSet<QString> damage {
        QStringLiteral("malformed_row"),
        QStringLiteral("non_numeric_value"),
        QStringLiteral("layer_out_of_sequence"),
        QStringLiteral("rows_missing"),
        QStringLiteral("missing_header"),
        QStringLiteral("header_mismatch"),
        QStringLiteral("header_changed"),
        QStringLiteral("iteration_lost"),
        QStringLiteral("iteration_out_of_sequence"),
        QStringLiteral("line_too_long"),
        QStringLiteral("inconsistent_layer_counts"),
        QStringLiteral("problems_truncated"),
        QStringLiteral("parse_error"),
    };
    return damage.contains(kind);
}

std::optional<IntegrityIssue> checkCaptureIntegrity(
    const model::Capture &capture, const QVector<QPair<int, QString>> &passStarts, int fromLine)
{
    for (const model::CaptureProblem &problem : capture.problems) {
        if (!isDamageProblem(problem.kind) || (problem.line > 0 && problem.line < fromLine))
            continue;
        IntegrityIssue issue { problem.kind, passAt(passStarts, problem.line), problem.line, {} };
        // The parser's messages already name the line.
        issue.message = problem.message.isEmpty()
            ? (problem.line > 0 ? IntegrityIssue::tr("line %1: %2").arg(problem.line).arg(problem.kind) : problem.kind)
            : problem.message;
        if (!problem.text.isEmpty())
            issue.message += QStringLiteral(" \u2014 \"") + problem.text.left(80) + QLatin1Char('"');
        return issue;
    }

    // Every announced pass must be there, in order.
    if (!capture.announcedPresets.isEmpty()) {
        for (int i = 0; i < capture.announcedPresets.size(); ++i) {
            const QString &name = capture.announcedPresets.at(i);
            if (i >= capture.passes.size() || capture.passes.at(i).name != name)
                return IntegrityIssue { QStringLiteral("pass_missing"), name, 0,
                    IntegrityIssue::tr("pass %1, announced in HPX_PRESETS, did not arrive complete").arg(name) };
        }
    }

    const QVariant announced = capture.meta(QStringLiteral("iterations"));
    bool haveCount = false;
    const int iterations = announced.toInt(&haveCount);
    QStringList reference;
    QString referencePass;
    for (const model::CapturePass &pass : capture.passes) {
        if (haveCount && iterations > 0 && pass.iterations.size() != iterations)
            return IntegrityIssue { QStringLiteral("iteration_count"), pass.name, 0,
                IntegrityIssue::tr("%1 of the %2 announced iterations arrived")
                    .arg(pass.iterations.size())
                    .arg(iterations) };
        for (const model::CaptureIteration &iteration : pass.iterations) {
            const QStringList layers = layerList(iteration);
            if (reference.isEmpty() && referencePass.isEmpty()) {
                reference = layers;
                referencePass = pass.name;
                continue;
            }
            if (layers == reference)
                continue;
            // Name the first row that differs, so the damaged line can be found in the raw stream.
            int at = 0;
            while (at < layers.size() && at < reference.size() && layers.at(at) == reference.at(at))
                ++at;
            const int line = at < iteration.rows.size() ? iteration.rows.at(at).line : 0;
            return IntegrityIssue { QStringLiteral("layer_mismatch"), pass.name, line,
                IntegrityIssue::tr("iteration %1 lists other layers than pass %2 (first difference at position "
                                   "%3%4)")
                    .arg(iteration.number)
                    .arg(referencePass)
                    .arg(at)
                    .arg(line > 0 ? IntegrityIssue::tr(", line %1").arg(line) : QString()) };
        }
    }
    return std::nullopt;
}

} // namespace hpx::device
