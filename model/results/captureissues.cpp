#include "model/results/captureissues.h"

#include "model/board/counters.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace hpx::model {

namespace {

QString english(const char *text)
{
    return QString::fromUtf8(text);
}

constexpr int kMaxLines = 10; // lines named in an issue's context; the count says how many there were
constexpr int kMaxLayers = 50; // layers named in profile.values_missing

struct Loss {
    const char *code;
    const char *message; // %1 = count, %2 = the lines
};

// Parser problem kinds (device/wire/wireparser.h) -> issue. Kinds not listed (firmware warnings, a protocol version
// mismatch) lose nothing and stay warnings on the console.
const Loss *lossFor(const QString &kind)
{
    static const Loss rowsLost { "capture.rows_lost",
        "%1 row(s) of the stream were lost or unreadable (lines %2); the layers they belonged to have one sample "
        "less in those iterations." };
    static const Loss rowsDuplicated { "capture.rows_duplicated",
        "%1 repeated row(s) were dropped (lines %2); the first copy was used." };
    static const Loss valuesUnreadable { "capture.values_unreadable",
        "%1 counter cell(s) were not numbers (lines %2) and were treated as missing samples." };
    static const Loss iterationsUnusable { "capture.iterations_unusable",
        "%1 iteration(s) or iteration remainder(s) could not be used (lines %2): a header or iteration marker was "
        "lost or damaged, so their rows could not be placed with certainty." };
    // The board stopped sending mid-iteration (unplugged, reset, cancelled): nothing was damaged, the iteration is
    // incomplete. Said as a cut, not as a lost marker.
    static const Loss iterationCutOff { "capture.iteration_cut_off",
        "%1 iteration was cut off where the stream ended (line %2) and is not used; the iterations before it are "
        "complete." };
    static const Loss headerReordered { "capture.header_reordered",
        "%1 header(s) listed the pass's columns in another order (lines %2); their cells were matched by name." };
    static const Loss endMissing { "capture.stream_ended_early",
        "The stream ended without \"--- HPX_END ---\"; an iteration still open at the end was lost." };
    static const Loss restarted { "capture.stream_restarted",
        "The board restarted during the capture %1 time(s) (lines %2); the interrupted iteration was discarded." };
    static const Loss passRepeated { "capture.pass_repeated",
        "%1 pass(es) arrived again (lines %2); the later attempt replaced the earlier one." };
    static const Loss countsDiffer { "capture.layer_counts_differ",
        "Iterations of a pass have different layer counts; rows were lost or the stream is damaged." };
    static const Loss truncated { "capture.problems_truncated",
        "The stream had more problems than are listed; it is badly damaged." };
    static const QHash<QString, const Loss *> table {
        { QStringLiteral("rows_missing"), &rowsLost },
        { QStringLiteral("malformed_row"), &rowsLost },
        { QStringLiteral("line_too_long"), &rowsLost },
        { QStringLiteral("parse_error"), &rowsLost },
        { QStringLiteral("duplicate_row"), &rowsDuplicated },
        { QStringLiteral("non_numeric_value"), &valuesUnreadable },
        { QStringLiteral("iteration_lost"), &iterationCutOff },
        { QStringLiteral("missing_header"), &iterationsUnusable },
        { QStringLiteral("header_damaged"), &iterationsUnusable },
        { QStringLiteral("header_mismatch"), &iterationsUnusable },
        { QStringLiteral("layer_out_of_sequence"), &iterationsUnusable },
        { QStringLiteral("positions_uncertain"), &iterationsUnusable },
        { QStringLiteral("iteration_out_of_sequence"), &iterationsUnusable },
        { QStringLiteral("header_changed"), &headerReordered },
        { QStringLiteral("hpx_end_missing"), &endMissing },
        { QStringLiteral("stream_restarted"), &restarted },
        { QStringLiteral("pass_repeated"), &passRepeated },
        { QStringLiteral("inconsistent_layer_counts"), &countsDiffer },
        { QStringLiteral("problems_truncated"), &truncated },
    };
    return table.value(kind, nullptr);
}

struct Tally {
    const Loss *loss = nullptr;
    int count = 0;
    QJsonArray lines;
    bool moreLines = false; // some of its problems are on lines not listed (past kMaxLines, or on none)
};

QString lineText(const QJsonArray &lines, bool moreLines)
{
    QStringList parts;
    for (const QJsonValue &line : lines)
        parts.append(QString::number(line.toInt()));
    if (parts.isEmpty())
        return QStringLiteral("not known");
    QString text = parts.join(QStringLiteral(", "));
    if (moreLines)
        text += QStringLiteral(", ...");
    return text;
}

} // namespace

QString firmwareWarningCode(const QString &payload)
{
    // As an HPX_ERROR code (§1.7): up to the first space, else the first ':', else all; then only [a-z0-9_], so the
    // issue code stays a code whatever the line held.
    int end = payload.indexOf(QLatin1Char(' '));
    if (end < 0)
        end = payload.indexOf(QLatin1Char(':'));
    const QString raw = (end < 0 ? payload : payload.left(end)).toLower();
    QString code;
    for (const QChar c : raw)
        code += (c.isDigit() || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || c == QLatin1Char('_'))
            ? c
            : QLatin1Char('_');
    return code.isEmpty() ? QStringLiteral("warning") : code;
}

QVector<Issue> captureIssues(
    const Capture &capture, const ProfileResult &result, const QVector<DroppedIteration> &droppedIterations)
{
    QVector<Issue> issues;

    // Parser problems, one issue per code in order of first appearance.
    QVector<Tally> tallies;
    for (const CaptureProblem &problem : capture.problems) {
        const Loss *loss = lossFor(problem.kind);
        if (!loss)
            continue;
        auto it = std::find_if(tallies.begin(), tallies.end(), [loss](const Tally &t) { return t.loss == loss; });
        if (it == tallies.end()) {
            tallies.append(Tally { loss, 0, {}, false });
            it = tallies.end() - 1;
        }
        it->count += std::max(1, problem.rows);
        // A line that lost several rows (a joined line and the rows it swallowed) is named once.
        if (problem.line <= 0 || it->lines.contains(problem.line))
            it->moreLines = it->moreLines || problem.line <= 0;
        else if (it->lines.size() < kMaxLines)
            it->lines.append(problem.line);
        else
            it->moreLines = true;
    }
    for (const Tally &tally : std::as_const(tallies)) {
        QString message = english(tally.loss->message);
        if (message.contains(QLatin1String("%2")))
            message = message.arg(tally.count).arg(lineText(tally.lines, tally.moreLines));
        Issue issue = Issue::make(QLatin1String(tally.loss->code), QStringLiteral("warning"), message);
        issue.put(QStringLiteral("count"), tally.count);
        if (!tally.lines.isEmpty())
            issue.put(QStringLiteral("lines"), tally.lines);
        issues.append(issue);
    }
    // Iterations merging left out because an op tag disagrees with what the pass settled on: their own cause, the
    // row that disagreed and its line (nothing was lost from the stream).
    if (!droppedIterations.isEmpty()) {
        QStringList what;
        QJsonArray entries;
        for (const DroppedIteration &dropped : droppedIterations) {
            if (what.size() < kMaxLines) {
                what.append(english("pass %1 iteration %2, line %3: layer %4 is %5 where the pass has %6")
                                .arg(dropped.pass)
                                .arg(dropped.iteration)
                                .arg(dropped.line)
                                .arg(dropped.position)
                                .arg(dropped.op, dropped.expected));
                QJsonObject entry;
                entry.insert(QStringLiteral("pass"), dropped.pass);
                entry.insert(QStringLiteral("iteration"), dropped.iteration);
                entry.insert(QStringLiteral("line"), dropped.line);
                entry.insert(QStringLiteral("position"), dropped.position);
                entry.insert(QStringLiteral("op"), dropped.op);
                entry.insert(QStringLiteral("expected"), dropped.expected);
                entries.append(entry);
            }
        }
        Issue issue = Issue::make(QStringLiteral("capture.iterations_disagree"), QStringLiteral("warning"),
            english("%1 iteration(s) were left out because a row's op tag disagrees with the other iterations' at that "
                    "position (a damaged op tag); their values would land on the wrong layer: %2%3.")
                .arg(droppedIterations.size())
                .arg(what.join(QStringLiteral("; ")))
                .arg(droppedIterations.size() > what.size() ? english("; ...") : QString()));
        issue.put(QStringLiteral("count"), int(droppedIterations.size()));
        issue.put(QStringLiteral("iterations"), entries);
        issues.append(issue);
    }

    // The board's own warnings (HPX_WARN=<code> ...), one issue each, coded by the board's code (§1.7).
    for (const CaptureProblem &problem : capture.problems) {
        if (problem.kind != QLatin1String("firmware_warning"))
            continue;
        const QString payload = problem.text.mid(int(qstrlen("HPX_WARN=")));
        const QString code = firmwareWarningCode(payload);
        Issue issue = Issue::make(QStringLiteral("firmware.") + code, QStringLiteral("warning"),
            english("The board warned (line %1): %2").arg(problem.line).arg(payload));
        issue.put(QStringLiteral("code"), code);
        issue.put(QStringLiteral("payload"), payload);
        issue.put(QStringLiteral("line"), problem.line);
        issues.append(issue);
    }

    // Passes that gave nothing: an error for their counters (§5.9).
    bool passLost = false;
    for (const PassResult &pass : result.passes) {
        if (!pass.layers.isEmpty())
            continue;
        passLost = true;
        Issue issue = Issue::make(QStringLiteral("capture.pass_empty"), QStringLiteral("error"),
            english("Pass %1 has no usable iteration (%2 committed); its counters (%3) are missing from the result.")
                .arg(pass.name)
                .arg(pass.iterationCount)
                .arg(pass.counters.isEmpty() ? english("unknown: no header arrived")
                                             : pass.counters.join(QStringLiteral(", "))));
        issue.put(QStringLiteral("pass"), pass.name);
        issue.put(QStringLiteral("counters"), QJsonArray::fromStringList(pass.counters));
        issues.append(issue);
    }
    for (const QString &name : capture.announcedPresets) {
        const bool arrived = std::any_of(
            capture.passes.cbegin(), capture.passes.cend(), [&name](const CapturePass &p) { return p.name == name; });
        if (arrived)
            continue;
        passLost = true;
        Issue issue = Issue::make(QStringLiteral("capture.pass_missing"), QStringLiteral("error"),
            english("Pass %1, announced in HPX_PRESETS, never arrived; its counters are missing from the result.")
                .arg(name));
        issue.put(QStringLiteral("pass"), name);
        issues.append(issue);
    }
    bool haveAnnounced = false;
    const int announced = capture.meta(QStringLiteral("iterations")).toInt(&haveAnnounced);
    if (haveAnnounced && announced > 0) {
        for (const CapturePass &pass : capture.passes) {
            if (pass.iterations.isEmpty() || pass.iterations.size() >= announced)
                continue; // an empty pass is capture.pass_empty
            Issue issue = Issue::make(QStringLiteral("capture.iterations_missing"), QStringLiteral("warning"),
                english("Pass %1 has %2 of the %3 announced iterations; its values rest on fewer samples.")
                    .arg(pass.name)
                    .arg(pass.iterations.size())
                    .arg(announced));
            issue.put(QStringLiteral("pass"), pass.name);
            issue.put(QStringLiteral("iterations"), int(pass.iterations.size()));
            issue.put(QStringLiteral("announced"), announced);
            issues.append(issue);
        }
    }
    if (passLost && !result.layers.isEmpty() && !result.counters.contains(cyclesCounterName())) {
        issues.append(Issue::make(QStringLiteral("pmu.missing"), QStringLiteral("error"),
            english("No usable pass delivered %1: the run has no per-layer cycles.").arg(cyclesCounterName())));
    }
    return issues;
}

QVector<Issue> missingValueIssues(const ProfileResult &result)
{
    QJsonArray layers;
    QStringList examples;
    int affected = 0;
    QSet<QString> counters;
    for (const LayerResult &layer : result.layers) {
        QStringList missing;
        for (int c = 0; c < result.counters.size(); ++c) {
            if (!layer.values.value(c) && result.isCounted(result.counters.at(c))) // not counted: its own issue
                missing.append(result.counters.at(c));
        }
        if (missing.isEmpty())
            continue;
        ++affected;
        for (const QString &counter : std::as_const(missing))
            counters.insert(counter);
        QString reason = layer.incompleteReason;
        if (reason.isEmpty()) {
            // Name the execution rows (per-pass positions) that had no usable sample for these counters.
            QStringList rows;
            const QVector<int> positions = layer.rows.isEmpty() ? QVector<int> { layer.position } : layer.rows;
            for (const PassResult &pass : result.passes) {
                if (pass.rejected || pass.layers.isEmpty())
                    continue;
                for (int position : positions) {
                    if (position < 0 || position >= pass.layers.size())
                        continue;
                    const LayerResult &row = pass.layers.at(position);
                    for (const QString &counter : std::as_const(missing)) {
                        const int column = int(pass.counters.indexOf(counter));
                        if (column >= 0 && !row.values.value(column)) {
                            rows.append(english("row %1 of pass %2").arg(position).arg(pass.name));
                            break;
                        }
                    }
                }
            }
            rows.removeDuplicates();
            reason = rows.isEmpty() ? english("no pass measured it")
                                    : english("no usable sample at %1").arg(rows.join(QStringLiteral(", ")));
        }
        const QString where = layer.subgraph >= 0
            ? english("%1 (subgraph %2, operator %3)").arg(layer.op).arg(layer.subgraph).arg(layer.sourceIndex)
            : english("%1 (layer %2)").arg(layer.op).arg(layer.position);
        if (examples.size() < 3)
            examples.append(english("%1: %2").arg(where, reason));
        if (layers.size() < kMaxLayers) {
            QJsonObject entry;
            entry.insert(QStringLiteral("layer"), layer.position);
            entry.insert(QStringLiteral("op"), layer.op);
            if (layer.subgraph >= 0) {
                entry.insert(QStringLiteral("subgraph"), layer.subgraph);
                entry.insert(QStringLiteral("source_index"), layer.sourceIndex);
            }
            entry.insert(QStringLiteral("counters"), QJsonArray::fromStringList(missing));
            entry.insert(QStringLiteral("reason"), reason);
            layers.append(entry);
        }
    }
    if (affected == 0)
        return {};
    QStringList counterList(counters.cbegin(), counters.cend());
    counterList.sort();
    Issue issue = Issue::make(QStringLiteral("profile.values_missing"), QStringLiteral("warning"),
        english("%1 layer(s) have no value for some counters (%2) because no complete sample was left; they are "
                "left out of those counters rather than shown with a partial value. %3%4")
            .arg(affected)
            .arg(counterList.join(QStringLiteral(", ")))
            .arg(examples.join(QStringLiteral("; ")))
            .arg(affected > examples.size() ? english("; ...") : QString()));
    issue.put(QStringLiteral("count"), affected);
    issue.put(QStringLiteral("layers"), layers);
    return { issue };
}

std::optional<Issue> plannedColumnsIssue(
    const ProfileResult &result, const QVector<QPair<QString, QStringList>> &planned)
{
    QStringList parts;
    QJsonArray passes;
    for (const PassResult &pass : result.passes) {
        const auto plan = std::find_if(planned.cbegin(), planned.cend(),
            [&pass](const QPair<QString, QStringList> &p) { return p.first == pass.name; });
        if (plan == planned.cend() || pass.counters.isEmpty())
            continue; // not planned, or no header arrived (capture.pass_empty says so)
        QStringList missing;
        for (const QString &counter : plan->second) {
            if (!pass.counters.contains(counter) && !result.notCounted.contains(counter))
                missing.append(counter);
        }
        if (missing.isEmpty())
            continue;
        parts.append(QStringLiteral("%1 lacks %2").arg(pass.name, missing.join(QStringLiteral(", "))));
        QJsonObject entry;
        entry.insert(QStringLiteral("pass"), pass.name);
        entry.insert(QStringLiteral("counters"), QJsonArray::fromStringList(missing));
        passes.append(entry);
    }
    if (parts.isEmpty())
        return std::nullopt;
    Issue issue = Issue::make(QStringLiteral("capture.columns_missing"), QStringLiteral("warning"),
        english("Passes arrived without counter columns the plan asked for, and the board did not say it could not "
                "count them (%1): those counters are missing from these passes, not 0.")
            .arg(parts.join(QStringLiteral("; "))));
    issue.put(QStringLiteral("passes"), passes);
    return issue;
}

} // namespace hpx::model
