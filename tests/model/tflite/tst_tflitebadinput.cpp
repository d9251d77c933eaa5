// Bad input never crashes or hangs the loader: every case ends in a one-line message that names the
// file and the problem. Run under ./test.sh --sanitize as well (ASan + UBSan).
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model;

namespace {

const QString kName = QStringLiteral("broken.tflite");

// main: in -> CONV_2D -> WHILE(cond=1, body=2) -> out, plus a signature; small enough to damage exhaustively.
SyntheticModel validModel()
{
    SyntheticModel m;
    SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
    const int in = sg.addTensor(QStringLiteral("in"), QStringLiteral("INT8"), { 1, 4, 4, 2 });
    const int w = sg.addTensor(QStringLiteral("w"), QStringLiteral("INT8"), { 3, 1, 1, 2 }, true);
    const int b = sg.addTensor(QStringLiteral("b"), QStringLiteral("INT32"), { 3 }, true);
    const int mid = sg.addTensor(QStringLiteral("mid"), QStringLiteral("INT8"), { 1, 4, 4, 3 });
    const int out = sg.addTensor(QStringLiteral("out"), QStringLiteral("INT8"), { 1, 4, 4, 3 });
    sg.addOperator(QStringLiteral("CONV_2D"), { in, w, b }, { mid });
    sg.addOperator(QStringLiteral("WHILE"), { mid }, { out }).calledSubgraphs = { 1, 2 };
    sg.inputs = { in };
    sg.outputs = { out };
    for (const QString &name : { QStringLiteral("cond"), QStringLiteral("body") }) {
        SyntheticModel::Subgraph &s = m.addSubgraph(name);
        const int t = s.addTensor(QStringLiteral("t"), QStringLiteral("INT8"), { 1, 4, 4, 3 });
        const int u = s.addTensor(QStringLiteral("u"), QStringLiteral("INT8"), { 1, 4, 4, 3 });
        s.addOperator(QStringLiteral("RELU"), { t }, { u });
        s.inputs = { t };
        s.outputs = { u };
    }
    m.signatures.append({ QStringLiteral("serving_default"), 0 });
    return m;
}

// Any outcome is fine except a crash, a hang, or an error that is not one line naming the file.
void checkOutcome(const ModelLoadResult &r, const QString &name)
{
    if (r.model) {
        // An accepted model keeps every promise the loader makes to its users.
        QVERIFY(r.error.isEmpty());
        const ModelInfo &m = *r.model;
        QVERIFY(!m.subgraphs.isEmpty());
        for (const SubgraphInfo &sg : m.subgraphs) {
            const int n = int(sg.tensors.size());
            QVERIFY(!sg.graphId.isEmpty());
            for (int t : sg.inputs + sg.outputs)
                QVERIFY(t >= 0 && t < n);
            for (const TensorInfo &t : sg.tensors)
                QVERIFY(t.bytes >= 0);
            for (const OperatorInfo &op : sg.operators) {
                QVERIFY(!op.op.isEmpty());
                QVERIFY(op.macs >= 0 && op.ops >= 0 && op.parameterBytes >= 0 && op.activationBytes >= 0);
                for (int t : op.inputs + op.outputs)
                    QVERIFY(t >= -1 && t < n);
                for (int c : op.calledSubgraphs)
                    QVERIFY(c >= 0 && c < m.subgraphs.size());
            }
        }
        QVERIFY(m.totalMacs() >= 0);
        return;
    }
    QVERIFY2(r.error.startsWith(name + QStringLiteral(": ")), qPrintable(r.error));
    QVERIFY2(!r.error.contains(QLatin1Char('\n')), qPrintable(r.error));
    QVERIFY(r.error.size() > name.size() + 5);
}

} // namespace

class TestTfliteBadInput : public QObject {
    Q_OBJECT

private slots:
    void validModelLoads()
    {
        const ModelLoadResult r = parseModel(validModel().build(), kName);
        QVERIFY2(r.model, qPrintable(r.error));
        QCOMPARE(r.model->subgraphs.at(0).operators.at(1).calledSubgraphs, QVector<int>({ 1, 2 }));
    }

    // Each deliberately broken model fails with the message the problem deserves.
    void brokenModels_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");

        auto variant = [](auto edit) {
            SyntheticModel m = validModel();
            edit(m);
            return m.build();
        };
        QTest::newRow("empty") << QByteArray() << "the file is empty";
        QTest::newRow("3 bytes") << QByteArray("abc") << "not a TFLite model";
        QTest::newRow("text file") << QByteArray("hello, this is not a model at all\n") << "not a TFLite model";
        QTest::newRow("PNG header") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << "not a TFLite model";
        QTest::newRow("no TFL3 identifier")
            << variant([](SyntheticModel &m) { m.fileIdentifier = false; }) << "not a TFLite model";
        QTest::newRow("zeros with identifier")
            << QByteArray("\0\0\0\0TFL3\0\0\0\0\0\0\0\0", 16) << "damaged or truncated";
        QTest::newRow("no subgraphs") << variant([](SyntheticModel &m) {
            m.subgraphs.clear();
            m.signatures.clear();
        }) << "no subgraphs";
        QTest::newRow("opcode index out of range")
            << variant([](SyntheticModel &m) { m.subgraphs[0].operators[0].opcodeIndexOverride = 7; })
            << "subgraph 0, operator 0: opcode index 7 out of range (3 operator codes)";
        QTest::newRow("input tensor out of range")
            << variant([](SyntheticModel &m) { m.subgraphs[0].operators[0].inputs[1] = 99; })
            << "subgraph 0, operator 0 (CONV_2D): input tensor index 99 out of range (5 tensors)";
        QTest::newRow("negative input other than -1")
            << variant([](SyntheticModel &m) { m.subgraphs[0].operators[0].inputs[2] = -2; })
            << "input tensor index -2 out of range";
        QTest::newRow("output tensor out of range")
            << variant([](SyntheticModel &m) { m.subgraphs[2].operators[0].outputs[0] = 5; })
            << "subgraph 2, operator 0 (RELU): output tensor index 5 out of range (2 tensors)";
        QTest::newRow("subgraph input out of range")
            << variant([](SyntheticModel &m) { m.subgraphs[1].inputs = { 2 }; })
            << "subgraph 1: input tensor index 2 out of range (2 tensors)";
        QTest::newRow("subgraph output -1") << variant([](SyntheticModel &m) { m.subgraphs[0].outputs = { -1 }; })
                                            << "subgraph 0: output tensor index -1 out of range";
        QTest::newRow("buffer index out of range")
            << variant([](SyntheticModel &m) { m.subgraphs[0].tensors[1].bufferOverride = 40; })
            << "subgraph 0, tensor 1 \"w\": buffer index 40 out of range (2 buffers)";
        QTest::newRow("WHILE body out of range") << variant([](SyntheticModel &m) {
            m.subgraphs[0].operators[1].calledSubgraphs = { 1, 3 };
        }) << "subgraph 0, operator 1 (WHILE): called subgraph index 3 out of range (3 subgraphs)";
        QTest::newRow("WHILE cond negative") << variant([](SyntheticModel &m) {
            m.subgraphs[0].operators[1].calledSubgraphs = { -1, 2 };
        }) << "called subgraph index -1 out of range";
        QTest::newRow("IF else out of range") << variant([](SyntheticModel &m) {
            m.subgraphs[0].operators[1].op = QStringLiteral("IF");
            m.subgraphs[0].operators[1].calledSubgraphs = { 1, 9 };
        }) << "operator 1 (IF): called subgraph index 9 out of range";
        QTest::newRow("CALL_ONCE init out of range") << variant([](SyntheticModel &m) {
            m.subgraphs[0].operators[1].op = QStringLiteral("CALL_ONCE");
            m.subgraphs[0].operators[1].calledSubgraphs = { 3 };
        }) << "operator 1 (CALL_ONCE): called subgraph index 3 out of range";
        QTest::newRow("signature subgraph out of range")
            << variant([](SyntheticModel &m) { m.signatures[0].subgraphIndex = 3; })
            << "signature \"serving_default\": subgraph index 3 out of range (3 subgraphs)";
        QTest::newRow("MAC count overflow") << variant([](SyntheticModel &m) {
            // 65536^4 = 2^64 MACs; every tensor's own size still fits.
            SyntheticModel::Subgraph &sg = m.subgraphs[0];
            sg.tensors[0].shape = { 1, 1, 1, 65536 };
            sg.tensors[1].shape = { 65536, 1, 1, 65536 };
            sg.tensors[1].constant = false;
            sg.tensors[3].shape = { 1, 65536, 65536, 65536 };
        }) << "subgraph 0, operator 0 (CONV_2D): the MAC count overflows 64 bits";
        QTest::newRow("FULLY_CONNECTED MAC overflow") << variant([](SyntheticModel &m) {
            SyntheticModel::Subgraph &sg = m.subgraphs[0];
            sg.operators[0].op = QStringLiteral("FULLY_CONNECTED");
            sg.tensors[0].shape = { 2147483647, 2147483647 };
            sg.tensors[1].shape = { 2147483647, 2147483647 };
            sg.tensors[1].constant = false;
            sg.tensors[3].shape = { 2147483647, 2147483647 };
        }) << "operator 0 (FULLY_CONNECTED): the MAC count overflows 64 bits";
        QTest::newRow("tensor size overflow") << variant([](SyntheticModel &m) {
            m.subgraphs[0].tensors[4].shape = { 2147483647, 2147483647, 2147483647 };
        }) << "subgraph 0, tensor 4 \"out\": the shape's size overflows 64 bits";
    }
    void brokenModels()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const ModelLoadResult r = parseModel(bytes, kName);
        QVERIFY(!r.model);
        QVERIFY2(r.error.startsWith(kName + QStringLiteral(": ")), qPrintable(r.error));
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
        QVERIFY(!r.error.contains(QLatin1Char('\n')));
    }

    // Cut the file at many offsets: every cut is detected, none crashes.
    void truncated_data()
    {
        QTest::addColumn<QString>("model");
        QTest::newRow("synthetic") << QString();
        QTest::newRow("hello_world_int8") << QStringLiteral("models/hello_world_int8.tflite");
        QTest::newRow("multi_subgraphs_while") << QStringLiteral("models/multi_subgraphs_while.tflite");
        QTest::newRow("person_detect") << QStringLiteral("models/person_detect.tflite");
    }
    void truncated()
    {
        QFETCH(QString, model);
        const QByteArray bytes = model.isEmpty() ? validModel().build() : hpx::test::readData(model);
        QVERIFY(parseModel(bytes, kName).model);
        // Every offset for small files, ~2,000 spread offsets plus the last 64 for large ones.
        const qsizetype step = qMax<qsizetype>(1, bytes.size() / 2000);
        for (qsizetype cut = 0; cut < bytes.size(); cut += (cut >= bytes.size() - 64 ? 1 : step)) {
            const ModelLoadResult r = parseModel(truncatedCopy(bytes, cut), kName, Digest::None);
            checkOutcome(r, kName);
            // Flatbuffers are written back to front: the first-written vectors (and, for a converter's
            // file, the weights) sit at the end, so only trailing padding can be lost without notice.
            if (cut < bytes.size() / 2)
                QVERIFY2(!r.model, qPrintable(QStringLiteral("cut at %1 accepted").arg(cut)));
            if (QTest::currentTestFailed())
                return;
        }
    }

    // Flip bits across the whole file: the loader either reads a (different) valid model or reports
    // the damage; it never crashes (sanitizer builds check memory safety as well).
    void bitFlips_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("stride"); // bits between flips
        QTest::newRow("synthetic, every bit") << QString() << 1;
        QTest::newRow("hello_world_int8, every bit") << QStringLiteral("models/hello_world_int8.tflite") << 1;
        QTest::newRow("multi_subgraphs_while, every bit") << QStringLiteral("models/multi_subgraphs_while.tflite") << 1;
        QTest::newRow("mww_okay_nabu_v2, every 17th bit") << QStringLiteral("models/mww_okay_nabu_v2.tflite") << 17;
    }
    void bitFlips()
    {
        QFETCH(QString, model);
        QFETCH(int, stride);
        const QByteArray bytes = model.isEmpty() ? validModel().build() : hpx::test::readData(model);
        int rejected = 0;
        for (qint64 bit = 0; bit < qint64(bytes.size()) * 8; bit += stride) {
            const ModelLoadResult r = parseModel(bitFlippedCopy(bytes, bit), kName, Digest::None);
            checkOutcome(r, kName);
            rejected += r.model ? 0 : 1;
            if (QTest::currentTestFailed())
                return;
        }
        // Flips in the identifier alone must be caught.
        QVERIFY(rejected >= 32 / stride);
        qInfo("%d of %lld flipped copies rejected", rejected, qint64(bytes.size()) * 8 / stride);
    }

    // Bursts of random bytes at random places (seeded: reproducible).
    void randomCorruption()
    {
        const QByteArray bytes = hpx::test::readData(QStringLiteral("models/vww_96_float.tflite"));
        QRandomGenerator rng(20261130);
        for (int i = 0; i < 300; ++i) {
            QByteArray copy = bytes;
            const int bursts = 1 + int(rng.bounded(4));
            for (int b = 0; b < bursts; ++b) {
                // Aim at the tail (tables, vectors of offsets) half the time: that is where damage bites.
                const qsizetype region = rng.bounded(2) ? copy.size() : qMin<qsizetype>(copy.size(), 40000);
                const qsizetype at = copy.size() - 1 - qsizetype(rng.bounded(quint32(region)));
                const int len = 1 + int(rng.bounded(8));
                for (int k = 0; k < len && at + k < copy.size(); ++k)
                    copy[at + k] = char(rng.bounded(256));
            }
            checkOutcome(parseModel(copy, kName, Digest::None), kName);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void files_data()
    {
        QTest::addColumn<QString>("setup"); // what to create at the path
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "none"
                                 << "no such file";
        QTest::newRow("empty") << "empty"
                               << "the file is empty";
        QTest::newRow("directory") << "dir"
                                   << "is a directory";
        QTest::newRow("text") << "text"
                              << "not a TFLite model";
        QTest::newRow("truncated") << "truncated"
                                   << "damaged or truncated";
        QTest::newRow("unreadable") << "unreadable"
                                    << "cannot open";
    }
    void files()
    {
        QFETCH(QString, setup);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("model.tflite"));
        QFile f(path);
        if (setup == QLatin1String("dir")) {
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("model.tflite")));
        } else if (setup != QLatin1String("none")) {
            QVERIFY(f.open(QIODevice::WriteOnly));
            if (setup == QLatin1String("text"))
                f.write("name,value\nx,1\n");
            else if (setup == QLatin1String("truncated") || setup == QLatin1String("unreadable"))
                f.write(truncatedCopy(validModel().build(), 200));
            f.close();
        }
        if (setup == QLatin1String("unreadable")) {
            f.setPermissions(QFileDevice::Permissions());
            if (QFile(path).open(QIODevice::ReadOnly))
                QSKIP("running as root: permissions do not stop reads");
        }
        const ModelLoadResult r = loadModel(path);
        QVERIFY(!r.model);
        QVERIFY2(r.error.startsWith(path + QStringLiteral(": ")), qPrintable(r.error));
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    }

    void deviceReadError()
    {
        hpx::test::FailDevice device(validModel().build(), 100);
        QVERIFY(device.open(QIODevice::ReadOnly));
        const ModelLoadResult r = readModel(&device, kName);
        QVERIFY(!r.model);
        QVERIFY2(r.error.startsWith(kName + QStringLiteral(": read error")), qPrintable(r.error));
        QVERIFY(r.error.contains(QStringLiteral("simulated read failure")));

        hpx::test::FailDevice whole(validModel().build(), 1 << 20);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const ModelLoadResult ok = readModel(&whole, kName);
        QVERIFY2(ok.model, qPrintable(ok.error));
    }

    // Bytes at an odd address are copied to aligned memory rather than read misaligned.
    void unalignedBuffer()
    {
        const QByteArray bytes = validModel().build();
        QByteArray shifted(bytes.size() + 1, '\0');
        memcpy(shifted.data() + 1, bytes.constData(), size_t(bytes.size()));
        const ModelLoadResult r
            = parseModel(reinterpret_cast<const uchar *>(shifted.constData()) + 1, bytes.size(), kName);
        QVERIFY2(r.model, qPrintable(r.error));
        QCOMPARE(r.model->sha256, parseModel(bytes, kName).model->sha256);
    }

    // A subgraph that calls itself (WHILE body = its own subgraph) is recorded, not followed.
    void selfCallDoesNotHang()
    {
        SyntheticModel m = validModel();
        m.subgraphs[0].operators[1].calledSubgraphs = { 0, 0 };
        const ModelLoadResult r = parseModel(m.build(), kName);
        QVERIFY2(r.model, qPrintable(r.error));
        QCOMPARE(r.model->subgraphs.at(0).operators.at(1).calledSubgraphs, QVector<int>({ 0, 0 }));
    }
};

QTEST_GUILESS_MAIN(TestTfliteBadInput)
#include "tst_tflitebadinput.moc"
