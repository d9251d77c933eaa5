// The wire parser on arbitrary bytes, fed in pseudo-random chunks. The parser promises (device/wire/wireparser.h) that
// any chunking gives the same capture as the whole stream at once, and that rows keep increasing positions with one
// value per counter; a difference is a finding.
#include "device/wire/wireparser.h"
#include "fuzz/fuzzsupport.h"
#include "model/results/capturefold.h"
#include "model/results/merge.h"
#include "tests/device/wire/wiretestutil.h"

namespace hpx::fuzz {

namespace {

// Chunk sizes and transport come from a hash of the input, so a saved input replays exactly.
quint64 fnv1a(const uint8_t *data, size_t size)
{
    quint64 h = 1469598103934665603ULL;
    for (size_t i = 0; i < size; ++i)
        h = (h ^ data[i]) * 1099511628211ULL;
    return h;
}

void checkInvariants(const model::Capture &c, const QByteArray &input)
{
    for (const model::CapturePass &p : c.passes) {
        for (const model::CaptureIteration &it : p.iterations) {
            qint64 last = -1;
            for (const model::CaptureRow &r : it.rows) {
                if (r.values.size() != p.counters.size())
                    fail("a row holds a value count other than its pass's counter count", input.left(200));
                if (r.position <= last || r.position > device::WireParser::MaxPosition)
                    fail("row positions must increase within an iteration", input.left(200));
                last = r.position;
            }
        }
    }
    if (c.problems.size() > device::WireParser::MaxStoredProblems + 1)
        fail("more problems stored than the bound", input.left(200));
}

// What a merge decides, as text: iterations (numbers and row counts), the outcome, every layer and issue.
QString describeMerge(const model::Capture &capture)
{
    QString out;
    for (const model::CapturePass &p : capture.passes) {
        out += p.name + QLatin1Char(':');
        for (const model::CaptureIteration &it : p.iterations)
            out += QStringLiteral(" %1/%2").arg(it.number).arg(it.rowCount());
        out += QLatin1Char('\n');
    }
    const model::MergeOutcome merged = model::mergeCapture(capture, model::MergeOptions());
    out += merged.error + QLatin1Char('\n') + merged.rejectedPasses.join(QLatin1Char(',')) + QLatin1Char('\n');
    if (!merged.result)
        return out;
    out += merged.result->warnings.join(QLatin1Char('\n')) + QLatin1Char('\n');
    for (const model::PassResult &pass : merged.result->passes) {
        for (const model::LayerResult &layer : pass.layers) {
            out += QStringLiteral("%1 %2 %3 %4 %5:")
                       .arg(pass.name, layer.op, layer.id.toString())
                       .arg(layer.samples)
                       .arg(layer.overflow);
            for (const std::optional<double> &v : layer.values)
                out += v ? QLatin1Char(' ') + QString::number(*v, 'g', 17) : QStringLiteral(" -");
            out += QLatin1Char('\n');
        }
    }
    for (const model::Issue &issue : merged.result->issues)
        out += issue.severity + QLatin1Char(' ') + issue.code + QLatin1Char(' ') + issue.message + QLatin1Char('\n');
    return out;
}

} // namespace

int wireParserOneInput(const uint8_t *data, size_t size)
{
    const QByteArray stream(reinterpret_cast<const char *>(data), qsizetype(size));
    quint64 h = fnv1a(data, size);
    const auto next = [&h] {
        h ^= h << 13;
        h ^= h >> 7;
        h ^= h << 17;
        return h;
    };
    using hpx::model::FirmwareTransport;
    // nullopt twice: lines handed straight to the parser, and a stream of unknown origin (TCP).
    static const hpx::device::StreamOrigin kinds[] = { std::nullopt, FirmwareTransport::Rtt, FirmwareTransport::Swo,
        FirmwareTransport::Uart, FirmwareTransport::UsbCdc, std::nullopt };
    const hpx::device::StreamOrigin kind = kinds[next() % 6];

    QVector<int> chunks;
    for (int i = 0; i < 16; ++i) {
        const quint64 r = next();
        chunks.append(r % 4 == 0 ? int(1 + r % 3) : int(1 + (r >> 8) % 97)); // many 1..3 byte chunks: split CRLF
    }
    const model::Capture whole = device::WireParser::parse(stream, kind);
    checkInvariants(whole, stream);
    const model::Capture chunked = test::parseChunked(stream, kind, chunks);
    const QString a = test::dumpCapture(whole);
    const QString b = test::dumpCapture(chunked);
    if (a != b)
        fail("the chunked parse differs from the whole-stream parse",
            "whole:\n" + a.toUtf8().left(4000) + "\nchunked:\n" + b.toUtf8().left(4000));

    // hpx import folds each pass while parsing (model/results/capturefold.h); its merge must be the kept rows'.
    device::WireParser folding(kind);
    folding.setFold(std::make_shared<model::CaptureFold>(model::MergeOptions().aggregation));
    for (qsizetype at = 0, i = 0; at < stream.size(); ++i) {
        const qsizetype n = std::min<qsizetype>(chunks.at(int(i % chunks.size())), stream.size() - at);
        folding.feed(QByteArrayView(stream).sliced(at, n));
        at += n;
    }
    const QString kept = describeMerge(whole);
    const QString folded = describeMerge(folding.finish());
    if (kept != folded)
        fail("the folded merge differs from the merge of the kept rows",
            "kept:\n" + kept.toUtf8().left(4000) + "\nfolded:\n" + folded.toUtf8().left(4000));
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::wireParserOneInput)
