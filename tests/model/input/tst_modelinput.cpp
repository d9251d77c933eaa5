// The virtual board's input (issue 33, item 4): .npy files read strictly (NpyReader), raw and .npy input files
// checked against the model's input tensors (size, dtype, shape), seeded input made the same way every time, and
// what run_metadata.json records of each.
#include "model/digest/sha256.h"
#include "model/input/modelinput.h"
#include "model/input/npyarray.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <cmath>

using namespace hpx::model;

namespace {

// A .npy file as NumPy writes it (numpy.lib.format.write_array): magic, version, header length, the dictionary
// padded with spaces to a multiple of 64 bytes and a newline, then the data.
QByteArray npy(const QByteArray &dict, const QByteArray &data, int major = 1)
{
    const int lengthBytes = major == 1 ? 2 : 4;
    QByteArray header = dict;
    const qsizetype preamble = 6 + 2 + lengthBytes;
    while ((preamble + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += char(0);
    if (major == 1) {
        char len[2];
        qToLittleEndian<quint16>(quint16(header.size()), len);
        out += QByteArray(len, 2);
    } else {
        char len[4];
        qToLittleEndian<quint32>(quint32(header.size()), len);
        out += QByteArray(len, 4);
    }
    return out + header + data;
}

TensorInfo tensor(
    int index, const QString &name, const QString &type, int typeCode, QVector<qint64> shape, qint64 elementBytes)
{
    TensorInfo t;
    t.index = index;
    t.name = name;
    t.type = type;
    t.typeCode = typeCode;
    t.shape = shape;
    qint64 n = 1;
    for (const qint64 d : shape)
        n *= d;
    t.bytes = n * elementBytes;
    return t;
}

// Two inputs: int8 (1, 4) and float32 (2,) (TensorType codes: FLOAT32 0, INT8 9).
ModelInfo twoInputs()
{
    ModelInfo m;
    SubgraphInfo sg;
    sg.index = 0;
    sg.tensors << tensor(0, QStringLiteral("features"), QStringLiteral("INT8"), 9, { 1, 4 }, 1)
               << tensor(1, QStringLiteral("state"), QStringLiteral("FLOAT32"), 0, { 2 }, 4)
               << tensor(2, QStringLiteral("out"), QStringLiteral("INT8"), 9, { 1 }, 1);
    sg.inputs = { 0, 1 };
    sg.outputs = { 2 };
    m.subgraphs << sg;
    return m;
}

QByteArray floats(std::initializer_list<float> values)
{
    QByteArray out;
    for (const float v : values) {
        char b[4];
        qToLittleEndian<float>(v, b);
        out += QByteArray(b, 4);
    }
    return out;
}

} // namespace

class TstModelInput : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return path;
    }

private Q_SLOTS:
    void npyAsNumpyWritesIt_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVector<qint64>>("shape");
        QTest::addColumn<QByteArray>("data");
        const QByteArray i8("\x01\xff\x7f\x80", 4);
        QTest::newRow("int8 (1, 4), version 1.0")
            << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (1, 4), }", i8) << QStringLiteral("INT8")
            << QVector<qint64> { 1, 4 } << i8;
        QTest::newRow("version 2.0") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (1, 4), }", i8, 2)
                                     << QStringLiteral("INT8") << QVector<qint64> { 1, 4 } << i8;
        QTest::newRow("version 3.0") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (1, 4), }", i8, 3)
                                     << QStringLiteral("INT8") << QVector<qint64> { 1, 4 } << i8;
        QTest::newRow("float32 (2,)") << npy(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", floats({ 0.5f, -1.0f }))
                                      << QStringLiteral("FLOAT32") << QVector<qint64> { 2 } << floats({ 0.5f, -1.0f });
        // Big-endian elements come out little-endian.
        QTest::newRow("big-endian int16")
            << npy("{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }", QByteArray("\x01\x02\x03\x04", 4))
            << QStringLiteral("INT16") << QVector<qint64> { 2 } << QByteArray("\x02\x01\x04\x03", 4);
        QTest::newRow("0-d uint8") << npy(
            "{'descr': '|u1', 'fortran_order': False, 'shape': (), }", QByteArray("\x07", 1))
                                   << QStringLiteral("UINT8") << QVector<qint64> {} << QByteArray("\x07", 1);
        QTest::newRow("keys in another order, double quotes")
            << npy("{\"shape\": (1, 1, 2), \"fortran_order\": False, \"descr\": \"|b1\"}", QByteArray("\x00\x01", 2))
            << QStringLiteral("BOOL") << QVector<qint64> { 1, 1, 2 } << QByteArray("\x00\x01", 2);
        // Fortran order where it is the same as C order: one dimension longer than 1.
        QTest::newRow("fortran_order, one long dimension")
            << npy("{'descr': '|i1', 'fortran_order': True, 'shape': (1, 4), }", i8) << QStringLiteral("INT8")
            << QVector<qint64> { 1, 4 } << i8;
    }

    void npyAsNumpyWritesIt()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, type);
        QFETCH(QVector<qint64>, shape);
        QFETCH(QByteArray, data);
        QVERIFY(NpyReader::hasMagic(file));
        const NpyReadResult r = NpyReader::read(file);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.array->type, type);
        QCOMPARE(r.array->shape, shape);
        QCOMPARE(r.array->data, data);
    }

    void npyRefused_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("says");
        const QByteArray i8("\x01\x02\x03\x04", 4);
        QTest::newRow("no magic") << QByteArray("NUMPY\x01\x00", 7) << QStringLiteral("not a .npy file");
        QTest::newRow("cut in the preamble") << QByteArray("\x93NUMPY\x01", 7) << QStringLiteral("preamble");
        QTest::newRow("version 4.0") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", i8, 4)
                                     << QStringLiteral("version 4.0");
        QTest::newRow("header longer than the file")
            << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", {}).left(20)
            << QStringLiteral("ends inside its .npy header");
        QTest::newRow("one byte short") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", i8.left(3))
                                        << QStringLiteral("needs 4 bytes of data; the file has 3");
        QTest::newRow("one byte too many") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", i8 + 'x')
                                           << QStringLiteral("needs 4 bytes of data; the file has 5");
        QTest::newRow("(4) is no tuple") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4), }", i8)
                                         << QStringLiteral("shape is not a tuple");
        QTest::newRow("negative size") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (-4,), }", i8)
                                       << QStringLiteral("shape is not a tuple");
        QTest::newRow("huge shape") << npy(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999, 99999999999), }", i8)
                                    << QStringLiteral("shape is not a tuple");
        QTest::newRow("structured dtype") << npy("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }",
            i8) << QStringLiteral("structured");
        QTest::newRow("object dtype") << npy("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", i8)
                                      << QStringLiteral("not a tensor element type");
        QTest::newRow("complex dtype") << npy("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", i8)
                                       << QStringLiteral("not a tensor element type");
        QTest::newRow("repeated key") << npy(
            "{'descr': '|i1', 'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", i8)
                                      << QStringLiteral("repeated key 'descr'");
        QTest::newRow("unknown key") << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), 'x': 1}", i8)
                                     << QStringLiteral("unexpected or repeated key 'x'");
        QTest::newRow("missing key") << npy("{'descr': '|i1', 'shape': (4,), }", i8)
                                     << QStringLiteral("lacks descr, fortran_order or shape");
        QTest::newRow("fortran order, 2 x 2")
            << npy("{'descr': '|i1', 'fortran_order': True, 'shape': (2, 2), }", i8) << QStringLiteral("Fortran order");
        QTest::newRow("no newline at the end")
            << QByteArray("\x93NUMPY\x01\x00\x3a\x00{'descr': '|i1', 'fortran_order': False, 'shape': (4,), } ", 68)
                + i8
            << QStringLiteral("newline");
    }

    void npyRefused()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, says);
        const NpyReadResult r = NpyReader::read(file);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(says), qPrintable(r.error));
    }

    void filesCheckedAgainstTheInputs()
    {
        QVERIFY(m_dir.isValid());
        const ModelInfo model = twoInputs();
        const QByteArray features("\x01\x02\x03\x04", 4);
        const QByteArray state = floats({ 0.25f, 2.0f });
        const QString raw = write(QStringLiteral("features.bin"), features);
        const QString stateNpy = write(
            QStringLiteral("state.npy"), npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", state));
        const ModelInputResult r = ModelInputs::prepare(model, { { raw, stateNpy }, std::nullopt });
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.input->bytes, features + state); // in input order, as the board copies them
        const JsonValue &meta = r.input->metadata;
        QCOMPARE(meta.value(QStringLiteral("source")).toString(), QStringLiteral("files"));
        const JsonValue tensors = meta.value(QStringLiteral("tensors"));
        QCOMPARE(tensors.size(), 2);
        QCOMPARE(tensors.at(0).value(QStringLiteral("file")).toString(), QStringLiteral("features.bin"));
        QCOMPARE(tensors.at(0).value(QStringLiteral("format")).toString(), QStringLiteral("raw"));
        QCOMPARE(tensors.at(0).value(QStringLiteral("sha256")).toString(), Sha256::hexOfFile(raw));
        QCOMPARE(tensors.at(1).value(QStringLiteral("name")).toString(), QStringLiteral("state"));
        QCOMPARE(tensors.at(1).value(QStringLiteral("format")).toString(), QStringLiteral("npy"));
        QCOMPARE(tensors.at(1).value(QStringLiteral("sha256")).toString(), Sha256::hexOfFile(stateNpy));
        QCOMPARE(tensors.at(1).value(QStringLiteral("type")).toString(), QStringLiteral("FLOAT32"));
    }

    void wrongFilesSayWhatDiffers_data()
    {
        QTest::addColumn<QByteArray>("featuresFile");
        QTest::addColumn<QString>("featuresName");
        QTest::addColumn<QString>("says");
        QTest::newRow("raw, one byte short")
            << QByteArray("\x01\x02\x03", 3) << QStringLiteral("f.bin")
            << QStringLiteral("f.bin is 3 bytes; input 0 (features, INT8 (1, 4)) is 4 bytes");
        QTest::newRow("npy of another dtype")
            << npy("{'descr': '|u1', 'fortran_order': False, 'shape': (1, 4), }", QByteArray(4, '\0'))
            << QStringLiteral("f.npy") << QStringLiteral("f.npy holds UINT8 (1, 4); input 0 (features, INT8 (1, 4))");
        QTest::newRow("npy of another shape, same size")
            << npy("{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", QByteArray(4, '\0'))
            << QStringLiteral("f.npy") << QStringLiteral("f.npy holds INT8 (4,); input 0 (features, INT8 (1, 4))");
        QTest::newRow("a .npy that is raw bytes")
            << QByteArray(4, '\0') << QStringLiteral("f.npy") << QStringLiteral("f.npy: not a .npy file");
    }

    void wrongFilesSayWhatDiffers()
    {
        QFETCH(QByteArray, featuresFile);
        QFETCH(QString, featuresName);
        QFETCH(QString, says);
        const QString f = write(featuresName, featuresFile);
        const QString s = write(QStringLiteral("s.bin"), floats({ 1.0f, 2.0f }));
        const ModelInputResult r = ModelInputs::prepare(twoInputs(), { { f, s }, std::nullopt });
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(says), qPrintable(r.error));
    }

    void oneFilePerInput()
    {
        const QString s = write(QStringLiteral("only.bin"), QByteArray(4, '\0'));
        ModelInputResult r = ModelInputs::prepare(twoInputs(), { { s }, std::nullopt });
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("1 input file(s) given (one per input")), qPrintable(r.error));
        r = ModelInputs::prepare(twoInputs(), { { s, s }, 7 });
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("not both")), qPrintable(r.error));
        r = ModelInputs::prepare(twoInputs(), { { s, m_dir.filePath(QStringLiteral("missing.bin")) }, std::nullopt });
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("missing.bin")), qPrintable(r.error));
    }

    void fixedInputIsNoBytes()
    {
        const ModelInputResult r = ModelInputs::prepare(twoInputs(), {});
        QVERIFY(r.ok());
        QVERIFY(r.input->bytes.isEmpty());
        QCOMPARE(r.input->metadata.value(QStringLiteral("source")).toString(), QStringLiteral("fixed"));
    }

    void seededInputIsReproducibleAndInRange()
    {
        const ModelInfo model = twoInputs();
        const ModelInputResult a = ModelInputs::prepare(model, { {}, 7 });
        QVERIFY2(a.ok(), qPrintable(a.error));
        QCOMPARE(a.input->bytes.size(), 4 + 8);
        QCOMPARE(a.input->bytes, ModelInputs::seeded(model, 7)); // the same seed, the same bytes
        QVERIFY(ModelInputs::seeded(model, 8) != a.input->bytes);
        // SplitMix64's first output for seed 7 is 0x63cbe1e459320dd7 (its reference algorithm, computed apart from
        // this code): the first int8 is its low byte, the second the low byte of the second output.
        QCOMPARE(quint8(a.input->bytes.at(0)), quint8(0xd7));
        QCOMPARE(quint8(a.input->bytes.at(1)), quint8(0x1c));
        for (int k = 0; k < 2; ++k) {
            const float v = qFromLittleEndian<float>(a.input->bytes.constData() + 4 + 4 * k);
            QVERIFY2(std::isfinite(v) && v >= -1.0f && v < 1.0f, qPrintable(QString::number(v)));
        }
        const JsonValue &meta = a.input->metadata;
        QCOMPARE(meta.value(QStringLiteral("source")).toString(), QStringLiteral("seed"));
        QCOMPARE(meta.value(QStringLiteral("seed")).toString(), QStringLiteral("7"));
        QCOMPARE(meta.value(QStringLiteral("tensors")).size(), 2);
    }

    void realModel()
    {
        // hello_world_int8: one INT8 (1, 1) input.
        const ModelLoadResult loaded = loadModel(hpx::test::dataPath(QStringLiteral("models/hello_world_int8.tflite")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const QString good = write(QStringLiteral("x.npy"),
            npy("{'descr': '|i1', 'fortran_order': False, 'shape': (1, 1), }", QByteArray("\x05", 1)));
        const ModelInputResult r = ModelInputs::prepare(*loaded.model, { { good }, std::nullopt });
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.input->bytes, QByteArray("\x05", 1));
        const QString wrong = write(QStringLiteral("y.npy"),
            npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), }", floats({ 0.5f })));
        const ModelInputResult w = ModelInputs::prepare(*loaded.model, { { wrong }, std::nullopt });
        QVERIFY(!w.ok());
        QVERIFY2(w.error.contains(QStringLiteral("y.npy holds FLOAT32 (1, 1)")), qPrintable(w.error));
    }
};

QTEST_GUILESS_MAIN(TstModelInput)
#include "tst_modelinput.moc"
