#include "device/capture/capturesession.h"
#include "device/link/link.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace hpx::device;

// What a capture says while and after it runs, when the link hands over much at once or ends on its own.
namespace {

// A link that delivers the whole stream in one chunk right after it opens, then optionally closes from the far
// end: what a fast bridge or a replayed capture does.
class OneChunkLink : public Link {
public:
    OneChunkLink(QByteArray stream, bool closeAfter)
        : m_stream(std::move(stream))
        , m_closeAfter(closeAfter)
    {
    }
    bool open() override
    {
        m_open = true;
        QTimer::singleShot(0, this, [this] {
            // The session may close and delete the link while it handles the bytes (it reached HPX_END).
            const QPointer<OneChunkLink> self(this);
            const bool closeAfter = m_closeAfter;
            Q_EMIT bytesReceived(m_stream);
            if (self && closeAfter) {
                m_open = false;
                Q_EMIT closed();
            }
        });
        return true;
    }
    void close() override { m_open = false; }
    bool isOpen() const override { return m_open; }
    bool write(const QByteArray &) override { return m_open; }
    bool setDtr(bool) override { return false; }
    QString description() const override { return QStringLiteral("one chunk"); }

private:
    QByteArray m_stream;
    bool m_closeAfter = false;
    bool m_open = false;
};

QByteArray passes(int count)
{
    QByteArray s = "--- HPX_START ---\nHPX_VERSION=1\nHPX_ENGINE=tflm\nHPX_ITERATIONS=1\n";
    s += "HPX_NUM_PRESETS=" + QByteArray::number(count) + "\nHPX_PRESETS=";
    for (int p = 0; p < count; ++p)
        s += (p ? "," : "") + QByteArray("cpu_") + QByteArray::number(p);
    s += '\n';
    for (int p = 0; p < count; ++p) {
        s += "--- HPX_PRESET cpu_" + QByteArray::number(p) + " ---\n--- HPX_ITER 0 ---\n";
        s += "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n0,CONV_2D,100,0\n1,ADD,20,0\n";
    }
    return s;
}

CaptureResult run(const QByteArray &stream, bool closeAfter, QStringList *messages)
{
    SessionOptions options;
    options.errorDrainMs = 50;
    CaptureSession session(
        [stream, closeAfter] { return std::make_unique<OneChunkLink>(stream, closeAfter); }, options);
    QSignalSpy message(&session, &CaptureSession::message);
    QSignalSpy finished(&session, &CaptureSession::finished);
    session.start();
    if (!finished.wait(10000))
        return {};
    for (const auto &args : std::as_const(message))
        messages->append(args.at(0).toString());
    return finished.first().at(0).value<CaptureResult>();
}

} // namespace

class TstCaptureMessages : public QObject {
    Q_OBJECT
private slots:
    // Ten passes in one chunk: each "Pass k of n" line names the pass it announces, not the last one the chunk holds.
    void passLabelsNameTheirPass()
    {
        QStringList messages;
        const CaptureResult result = run(passes(10) + "--- HPX_END ---\n", false, &messages);
        QCOMPARE(result.status, CaptureResult::Status::Complete);
        QStringList labels;
        for (const QString &m : std::as_const(messages)) {
            if (m.startsWith(QLatin1String("Pass ")))
                labels.append(m);
        }
        QStringList expected;
        for (int k = 1; k <= 10; ++k)
            expected.append(QStringLiteral("Pass %1 of 10: cpu_%2").arg(k).arg(k - 1));
        QCOMPARE(labels, expected);
    }

    // A board error and then the link closing: the board's error (with its code) is the headline.
    void boardErrorThenLinkClosed()
    {
        QStringList messages;
        const QByteArray stream = passes(2).left(passes(2).indexOf("--- HPX_PRESET cpu_1"))
            + "HPX_ERROR=operator_count_exceeds_capacity capacity=256\n";
        const CaptureResult result = run(stream, true, &messages);
        QCOMPARE(result.status, CaptureResult::Status::FirmwareError);
        QVERIFY2(result.error.startsWith(QLatin1String("board error operator_count_exceeds_capacity (capacity 256): "
                                                       "The model ran more operators")),
            qPrintable(result.error));
        QVERIFY2(!result.error.contains(QLatin1String("closed")), qPrintable(result.error));
        // The link closing is kept as a note.
        QVERIFY(result.warnings.join(QLatin1Char('\n')).contains(QLatin1String("closed")));
    }
};

QTEST_GUILESS_MAIN(TstCaptureMessages)
#include "tst_capturemessages.moc"
