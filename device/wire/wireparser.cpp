#include "device/wire/wireparser.h"

#include "device/wire/firmwareerror.h"
#include "device/wire/wirenumbers.h"
#include "model/results/capturefold.h"

#include <QCoreApplication>
#include <QLoggingCategory>

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

Q_LOGGING_CATEGORY(lcWire, "hpx.device.wire", QtWarningMsg)

namespace hpx::device {

namespace {

constexpr QByteArrayView kStart("--- HPX_START ---");
constexpr QByteArrayView kEnd("--- HPX_END ---");
constexpr QByteArrayView kPresetPrefix("--- HPX_PRESET ");
constexpr QByteArrayView kIterPrefix("--- HPX_ITER ");
constexpr QByteArrayView kSentinelSuffix(" ---");
constexpr QByteArrayView kHeartbeat("HPX_HEARTBEAT");
constexpr QByteArrayView kReady("HPX_READY");
constexpr QByteArrayView kError("HPX_ERROR=");
constexpr QByteArrayView kWarn("HPX_WARN=");

inline bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// \s in Python's str patterns, for the ASCII range (stream text is ASCII in practice).
inline bool isRegexSpace(char c)
{
    return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
}

// "^HPX_(\w+)=(.+)$": the position of the '=', or -1.
qsizetype metadataEquals(QByteArrayView line)
{
    if (!line.startsWith("HPX_"))
        return -1;
    qsizetype i = 4;
    while (i < line.size() && isWordChar(line[i]))
        ++i;
    if (i == 4 || i >= line.size() || line[i] != '=' || i + 1 >= line.size())
        return -1;
    return i;
}

// "^--- HPX_PRESET (\S+) ---$": the name, or empty.
QByteArrayView presetName(QByteArrayView line)
{
    if (!line.startsWith(kPresetPrefix) || !line.endsWith(kSentinelSuffix))
        return {};
    const qsizetype len = line.size() - kPresetPrefix.size() - kSentinelSuffix.size();
    if (len <= 0)
        return {};
    const QByteArrayView name = line.sliced(kPresetPrefix.size(), len);
    for (char c : name) {
        if (isRegexSpace(c))
            return {};
    }
    return name;
}

// "^--- HPX_ITER (\d+) ---$": the number, or empty.
QByteArrayView iterNumber(QByteArrayView line)
{
    if (!line.startsWith(kIterPrefix) || !line.endsWith(kSentinelSuffix))
        return {};
    const qsizetype len = line.size() - kIterPrefix.size() - kSentinelSuffix.size();
    if (len <= 0)
        return {};
    const QByteArrayView digits = line.sliced(kIterPrefix.size(), len);
    for (char c : digits) {
        if (c < '0' || c > '9')
            return {};
    }
    return digits;
}

} // namespace

WireParser::WireParser(StreamOrigin kind)
    : m_splitter(kind)
    , m_table([this](int line, const QString &kind, QByteArrayView text, const QString &message, int rows) {
        addProblem(line, kind, text, message, rows);
    })
{
}

model::Capture WireParser::parse(
    QByteArrayView stream, StreamOrigin kind, QStringList *transportLines, std::shared_ptr<model::CaptureFold> fold)
{
    WireParser parser(kind);
    if (fold)
        parser.setFold(std::move(fold));
    parser.setKeepTransportLines(transportLines != nullptr);
    parser.m_collectEvents = false; // nobody sees them, and a heartbeat-rich stream would build tens of thousands
    parser.feed(stream);
    model::Capture capture = parser.finish();
    if (transportLines)
        *transportLines = parser.transportLines();
    return capture;
}

model::Capture WireParser::parse(QByteArrayView stream, StreamOrigin kind, std::shared_ptr<model::CaptureFold> fold,
    qsizetype window, const std::function<bool(qsizetype)> &progress)
{
    WireParser parser(kind);
    if (fold)
        parser.setFold(std::move(fold));
    parser.m_collectEvents = false;
    window = std::max<qsizetype>(window, 4096);
    for (qsizetype at = 0; at < stream.size();) {
        const qsizetype length = std::min(window, stream.size() - at);
        parser.feed(stream.sliced(at, length));
        at += length;
        if (progress && !progress(at))
            break;
    }
    return parser.finish();
}

QString WireParser::notAStream(QByteArrayView head)
{
    head = head.first(std::min(head.size(), HeadBytes));
    if (head.isEmpty())
        return {};
    const qsizetype nuls = std::count(head.cbegin(), head.cend(), '\0');
    if (nuls * 4 > head.size())
        return tr("%1 of its first %2 bytes are NUL: binary data, not a wire stream (a stream is lines of text).")
            .arg(nuls)
            .arg(head.size());
    if (head.size() >= HeadBytes && !head.contains('\n') && !head.contains('\r'))
        return tr("its first %1 bytes hold no line feed: not a wire stream (a stream is lines of text).")
            .arg(head.size());
    return {};
}

QVector<WireEvent> WireParser::feed(QByteArrayView bytes)
{
    if (m_finished)
        return {};
    m_cap.byteCount += bytes.size();
    m_splitter.feed(bytes, [this](int n, QByteArrayView line, bool overlong) { handleLine(n, line, overlong); });
    return std::exchange(m_events, {});
}

model::Capture WireParser::finish(QVector<WireEvent> *events)
{
    if (m_finished) {
        if (events)
            events->clear();
        return m_cap;
    }
    m_splitter.finish([this](int n, QByteArrayView line, bool overlong) { handleLine(n, line, overlong); });
    m_finished = true;

    if (m_iterOpen) {
        // §1.9: only the next ITER, PRESET or END commits an iteration; without END the last one is lost.
        addProblem(openRowLine(true), QStringLiteral("iteration_lost"), QString(),
            tr("The stream ended inside iteration %1 of pass %2 without a closing marker; that iteration is "
               "not used.")
                .arg(m_iter.number)
                .arg(m_cap.passes.at(m_pass).name));
        discardIteration();
    }
    if (m_cap.sawStart && !m_cap.sawEnd && !m_cap.error) {
        addProblem(0, QStringLiteral("hpx_end_missing"), QString(),
            tr("The stream has no \"--- HPX_END ---\" line: the capture was cut short, and its last iteration "
               "is missing."));
    }
    const QVariant version = m_cap.meta(QStringLiteral("version"));
    if (version.isValid() && !(version.typeId() == QMetaType::LongLong && version.toLongLong() == 1)) {
        addProblem(0, QStringLiteral("protocol_version_mismatch"), QString(),
            tr("The board speaks wire protocol version %1; this version of hpx Studio reads version 1, so the "
               "results may be wrong.")
                .arg(version.toString()));
    }
    for (const model::CapturePass &pass : std::as_const(m_cap.passes)) {
        QStringList counts;
        bool differ = false;
        for (const model::CaptureIteration &it : pass.iterations) {
            counts << QString::number(it.rowCount());
            differ = differ || it.rowCount() != pass.iterations.constFirst().rowCount();
        }
        if (differ) {
            addProblem(0, QStringLiteral("inconsistent_layer_counts"),
                pass.name + QLatin1String(":[") + counts.join(QLatin1String(", ")) + QLatin1Char(']'),
                tr("Pass %1 has iterations with different numbers of layers (%2): lines were lost or damaged.")
                    .arg(pass.name, counts.join(QLatin1String(", "))));
        }
    }
    if (m_fold)
        m_fold->finish();
    if (m_droppedProblems > 0) {
        model::CaptureProblem p;
        p.kind = QStringLiteral("problems_truncated");
        p.message = tr("%n further problem(s) were not listed.", nullptr, m_droppedProblems);
        m_cap.problems.append(p);
    }
    if (events)
        *events = std::exchange(m_events, {});
    else
        m_events.clear();
    return m_cap;
}

void WireParser::addProblem(int lineNumber, const QString &kind, QByteArrayView text, const QString &message, int rows)
{
    addProblem(lineNumber, kind, QString::fromUtf8(text.first(qMin<qsizetype>(512, text.size()))), message, rows);
}

void WireParser::addProblem(int lineNumber, const QString &kind, const QString &text, const QString &message, int rows)
{
    if (m_cap.problems.size() >= MaxStoredProblems) {
        ++m_droppedProblems;
        return;
    }
    model::CaptureProblem p;
    p.line = lineNumber;
    p.kind = kind;
    p.text = text;
    p.message = lineNumber > 0 ? tr("Line %1: %2").arg(lineNumber).arg(message) : message;
    p.rows = rows;
    qCDebug(lcWire) << p.kind << p.message << p.text;
    m_cap.problems.append(p);
    if (!m_collectEvents)
        return;
    WireEvent ev;
    ev.kind = WireEvent::Kind::Problem;
    ev.line = lineNumber;
    ev.text = text;
    ev.problem = p;
    m_events.append(std::move(ev));
}

void WireParser::handleLine(int lineNumber, QByteArrayView line, bool overlong)
{
    ++m_cap.lineCount;
    if (m_keepLines)
        m_transportLines.append(QString::fromUtf8(line));
    if (overlong) {
        addProblem(lineNumber, QStringLiteral("line_too_long"), line.first(qMin<qsizetype>(80, line.size())),
            tr("A line longer than %1 bytes was skipped (binary noise on the link?).")
                .arg(LineSplitter::DefaultMaxLineBytes));
        return;
    }

    const char first = line.front();
    if (first >= '0' && first <= '9') {
        // The common case by far, a CSV row: no sentinel, key or heartbeat starts with a digit.
        if (m_ended || !m_inSession || !m_iterOpen)
            return;
        handleTableLine(lineNumber, line);
        return;
    }

    if (line.startsWith(kError)) {
        if (!m_cap.error) {
            const QString text = QString::fromUtf8(line);
            m_cap.error = makeFirmwareError(text, lineNumber);
            WireEvent ev;
            ev.kind = WireEvent::Kind::FirmwareError;
            ev.line = lineNumber;
            ev.text = text;
            ev.error = *m_cap.error;
            m_events.append(std::move(ev));
        }
    } else if (line.startsWith(kWarn) && !m_ended) {
        WireEvent ev;
        ev.kind = WireEvent::Kind::FirmwareWarning;
        ev.line = lineNumber;
        ev.text = QString::fromUtf8(line);
        m_events.append(ev);
        addProblem(lineNumber, QStringLiteral("firmware_warning"), ev.text,
            tr("The board warns: %1").arg(ev.text.mid(kWarn.size())));
        // The board leaves layers out on purpose (more than it has room or depth for): gaps in the Layer numbers
        // are then its choice, not a lost line feed (docs/merging.md "Lost rows").
        if (line.sliced(kWarn.size()).startsWith("layers_exceed_capacity"))
            m_table.setGapsExpected(true);
    }
    if (line.front() == '-' || line.front() == 'H') {
        if (model::power::PowerTerminalParser::isPowerLine(line) || m_power.inRecord()) {
            if (m_power.feed(line)) {
                m_cap.powerTerminal = m_power.record();
                m_cap.powerTerminalError = m_power.lastError();
                return;
            }
        }
    }
    if (m_ended)
        return;

    if (line == kStart) {
        handleStart(lineNumber, line);
        return;
    }
    if (line == kEnd) {
        if (!m_inSession)
            return; // a previous run's tail before this run's START: noise
        commitIteration();
        m_ended = true;
        m_cap.sawEnd = true;
        WireEvent ev;
        ev.kind = WireEvent::Kind::Ended;
        ev.line = lineNumber;
        ev.text = QString::fromUtf8(line);
        m_events.append(std::move(ev));
        return;
    }
    if (!m_inSession) {
        if (line == kReady && !m_sawReady) {
            m_sawReady = true;
            WireEvent ev;
            ev.kind = WireEvent::Kind::Ready;
            ev.line = lineNumber;
            ev.text = QString::fromUtf8(line);
            m_events.append(std::move(ev));
        }
        return;
    }

    // hpx treats every line starting with HPX_HEARTBEAT as a heartbeat; the HPX_HEARTBEAT_ENABLED=/_EVERY_*= config
    // keys are unused by it either way, so we keep those as metadata, which the board panel can show.
    if (line.startsWith(kHeartbeat)) {
        if (line.size() == kHeartbeat.size() || isRegexSpace(line[kHeartbeat.size()])) {
            handleHeartbeat(lineNumber, line);
            return;
        }
        const qsizetype eq = metadataEquals(line);
        if (eq > 0)
            handleMetadata(lineNumber, line, eq);
        return;
    }
    if (const qsizetype eq = metadataEquals(line); eq > 0) {
        handleMetadata(lineNumber, line, eq);
        return;
    }
    if (line.startsWith("--- HPX_")) {
        if (const QByteArrayView name = presetName(line); !name.isEmpty()) {
            handlePreset(lineNumber, line, name);
            return;
        }
        if (const QByteArrayView number = iterNumber(line); !number.isEmpty()) {
            handleIter(lineNumber, line, number);
            return;
        }
    }
    if (!m_iterOpen)
        return;
    handleTableLine(lineNumber, line);
}

void WireParser::handleTableLine(int lineNumber, QByteArrayView line)
{
    PassTable::Rows rows;
    if (m_fold)
        rows.samples = &m_fold->samples();
    else
        rows.iteration = &m_iter;
    m_table.handleLine(lineNumber, line, m_cap.passes[m_pass], m_iter.number, rows);
}

void WireParser::handleStart(int lineNumber, QByteArrayView line)
{
    if (m_inSession) {
        // The board was reset and started over. What it printed of the interrupted iteration is incomplete.
        if (m_iterOpen) {
            addProblem(lineNumber, QStringLiteral("stream_restarted"), line,
                tr("The board restarted the stream during iteration %1 of pass %2; that iteration is "
                   "discarded.")
                    .arg(m_iter.number)
                    .arg(m_cap.passes.at(m_pass).name));
            discardIteration();
        } else {
            addProblem(
                lineNumber, QStringLiteral("stream_restarted"), line, tr("The board restarted the stream (reset?)."));
        }
        m_pass = -1;
    }
    m_inSession = true;
    m_cap.sawStart = true;
    WireEvent ev;
    ev.kind = WireEvent::Kind::Started;
    ev.line = lineNumber;
    ev.text = QString::fromUtf8(line);
    m_events.append(std::move(ev));
}

void WireParser::handleHeartbeat(int lineNumber, QByteArrayView line)
{
    ++m_cap.heartbeatCount;
    // Without events only clean_window_begin feeds the capture (the announced clean-window length).
    if (!m_collectEvents && !line.contains(QByteArrayView("clean_window_begin")))
        return;
    WireEvent ev;
    ev.kind = WireEvent::Kind::Heartbeat;
    ev.line = lineNumber;
    ev.text = QString::fromUtf8(line);
    HeartbeatInfo &hb = ev.heartbeat;
    const QStringView rest = QStringView(ev.text).mid(kHeartbeat.size());
    for (const QStringView token : rest.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype eq = token.indexOf(QLatin1Char('='));
        if (eq <= 0)
            continue;
        const QString key = token.left(eq).trimmed().toString();
        const QString value = token.mid(eq + 1).trimmed().toString();
        hb.fields.append({ key, value });
        const std::optional<qint64> num = wire::parseInt(value.toLatin1());
        if (key == QLatin1String("phase"))
            hb.phase = value;
        else if (key == QLatin1String("pass"))
            hb.pass = num;
        else if (key == QLatin1String("iter"))
            hb.iter = num;
        else if (key == QLatin1String("layer"))
            hb.layer = num;
        else if (key == QLatin1String("iters"))
            hb.iters = num;
        else if (key == QLatin1String("est_ms"))
            hb.estMs = num;
    }
    if (hb.phase == QLatin1String("clean_window_begin")) {
        if (hb.iters)
            m_cap.announcedCleanIters = hb.iters;
        if (hb.estMs)
            m_cap.announcedCleanEstMs = hb.estMs;
    }
    if (m_collectEvents)
        m_events.append(std::move(ev));
}

void WireParser::handleMetadata(int lineNumber, QByteArrayView line, qsizetype eq)
{
    const QString key = QString::fromLatin1(line.sliced(4, eq - 4)).toLower();
    const QByteArrayView raw = line.sliced(eq + 1);
    if (key == QLatin1String("layer_positions")) {
        // One per profiled iteration: the positions of its rows (docs/compatibility.md §0.2). The merge uses them
        // only when every iteration said the same.
        model::CaptureLayerPositions &positions = m_cap.layerPositions;
        const QString value = QString::fromLatin1(raw);
        if (positions.iterations == 0)
            positions.value = value;
        else if (value != positions.value)
            positions.differ = true;
        ++positions.iterations;
        return;
    }
    QVariant value;
    if (const std::optional<qint64> v = wire::parseInt(raw))
        value = QVariant::fromValue<qlonglong>(*v);
    else
        value = QString::fromUtf8(raw);

    const auto it = m_metaIndex.constFind(key);
    if (it != m_metaIndex.constEnd()) {
        m_cap.metadata[*it].second = value;
    } else {
        m_metaIndex.insert(key, int(m_cap.metadata.size()));
        m_cap.metadata.append({ key, value });
    }
    if (key == QLatin1String("presets")) {
        // hpx: a comma list when the value is a non-empty string; an int value (a single numeric name) gives none.
        m_cap.announcedPresets
            = value.typeId() == QMetaType::QString ? value.toString().split(QLatin1Char(',')) : QStringList();
    }
    WireEvent ev;
    ev.kind = WireEvent::Kind::Metadata;
    ev.line = lineNumber;
    ev.text = QString::fromUtf8(line);
    ev.key = key;
    ev.value = value;
    m_events.append(std::move(ev));
}

int WireParser::passNumber(int passIndex) const
{
    const QString &name = m_cap.passes.at(passIndex).name;
    const qsizetype announced = m_cap.announcedPresets.indexOf(name);
    return announced >= 0 ? int(announced) + 1 : passIndex + 1;
}

int WireParser::passCount() const
{
    if (!m_cap.announcedPresets.isEmpty())
        return int(m_cap.announcedPresets.size());
    const QVariant n = m_cap.meta(QStringLiteral("num_presets"));
    return n.typeId() == QMetaType::LongLong ? int(qBound<qlonglong>(0, n.toLongLong(), qlonglong(1) << 20)) : 0;
}

WireEvent WireParser::passEvent(WireEvent::Kind kind, int lineNumber) const
{
    WireEvent ev;
    ev.kind = kind;
    ev.line = lineNumber;
    ev.passName = m_cap.passes.at(m_pass).name;
    ev.passNumber = passNumber(m_pass);
    ev.passCount = passCount();
    return ev;
}

void WireParser::handlePreset(int lineNumber, QByteArrayView line, QByteArrayView name)
{
    commitIteration();
    const QString passName = QString::fromUtf8(name);
    int index = -1;
    for (int i = 0; i < m_cap.passes.size(); ++i) {
        if (m_cap.passes.at(i).name == passName) {
            index = i;
            break;
        }
    }
    model::CapturePass pass;
    pass.name = passName;
    if (index >= 0) {
        addProblem(lineNumber, QStringLiteral("pass_repeated"), line,
            tr("Pass %1 started again; its earlier iterations are replaced by the new ones.").arg(passName));
        m_cap.passes[index] = std::move(pass);
    } else {
        index = int(m_cap.passes.size());
        m_cap.passes.append(std::move(pass));
    }
    m_pass = index;
    m_table.startPass();
    if (m_fold)
        m_fold->passStarted(m_cap, index);
    WireEvent ev = passEvent(WireEvent::Kind::PassStarted, lineNumber);
    ev.text = QString::fromUtf8(line);
    m_events.append(std::move(ev));
}

void WireParser::handleIter(int lineNumber, QByteArrayView line, QByteArrayView number)
{
    if (m_pass < 0) {
        // Legacy stream (no PRESET markers): one pass named _default (§1.9).
        handlePreset(lineNumber, line, QByteArrayView("_default"));
    } else {
        commitIteration();
    }
    m_iterOpen = true;
    m_iter = {};
    const std::optional<qint64> n = wire::parseInt(number);
    m_iter.number = n && *n <= std::numeric_limits<int>::max() ? int(*n) : -1;
    const auto &prev = m_cap.passes.at(m_pass).iterations;
    if (m_fold)
        m_fold->samples().beginIteration(m_iter.number);
    else if (!prev.isEmpty())
        m_iter.rows.reserve(prev.constLast().rowCount());
    m_iterRejected = false;
    if (!prev.isEmpty() && m_iter.number >= 0 && m_iter.number <= prev.constLast().number) {
        // Iteration numbers restart only with a new pass: this iteration belongs to a pass whose PRESET line was lost.
        addProblem(lineNumber, QStringLiteral("iteration_out_of_sequence"), line,
            tr("Iteration %1 follows iteration %2 in pass %3 (a lost pass marker?); it is not used.")
                .arg(m_iter.number)
                .arg(prev.constLast().number)
                .arg(m_cap.passes.at(m_pass).name));
        m_iterRejected = true;
    }
    m_table.startIteration(!m_iterRejected);
}

void WireParser::commitIteration()
{
    if (!m_iterOpen)
        return;
    if (m_iterRejected) {
        discardIteration();
        return;
    }
    WireEvent ev = passEvent(WireEvent::Kind::IterationCommitted, 0);
    ev.iteration = m_iter.number;
    ev.rowCount = openRowCount();
    ev.line = openRowLine(false);
    if (m_fold) {
        m_iter.foldedRows = openRowCount();
        m_fold->samples().endIteration(true);
    }
    m_cap.passes[m_pass].iterations.append(std::move(m_iter));
    m_iter = {};
    m_iterOpen = false;
    m_events.append(std::move(ev));
}

void WireParser::setFold(std::shared_ptr<model::CaptureFold> fold)
{
    Q_ASSERT(m_cap.passes.isEmpty()); // from the first byte on, or the fold misses passes
    m_fold = std::move(fold);
    m_cap.fold = m_fold;
}

int WireParser::openRowCount() const
{
    return m_fold ? m_fold->samples().openRowCount() : int(m_iter.rows.size());
}

int WireParser::openRowLine(bool first) const
{
    if (m_fold)
        return first ? m_fold->samples().openFirstLine() : m_fold->samples().openLastLine();
    if (m_iter.rows.isEmpty())
        return 0;
    return first ? m_iter.rows.constFirst().line : m_iter.rows.constLast().line;
}

void WireParser::discardIteration()
{
    if (m_fold)
        m_fold->samples().endIteration(false);
    m_iter = {};
    m_iterOpen = false;
    m_iterRejected = false;
}

} // namespace hpx::device
