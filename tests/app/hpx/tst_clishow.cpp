// `hpx show BUNDLE [--json]`: a good bundle reads, verifies and prints its validity, issues and top layers; a changed
// or missing file is a digest/size mismatch with exit 2; an hpx Studio bundle without its manifest is invalid (3).
#include "clitest.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::test;

class TestCliShow : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    // A fresh bundle imported from the §1.10 example stream.
    QString importedBundle(const QString &name)
    {
        const QString out = m_tmp.filePath(name);
        const HpxRun r = runHpx({ QStringLiteral("import"), dataPath(QStringLiteral("cli/spec_example.log")),
            QStringLiteral("--output-dir"), out });
        return r.exitCode == 0 ? out : QString();
    }

private slots:
    void goodBundle()
    {
        const QString dir = importedBundle(QStringLiteral("good"));
        QVERIFY(!dir.isEmpty());
        const QJsonObject summary = readJsonObject(dir + QStringLiteral("/summary.json"));
        const QJsonArray summaryTop = summary.value(QStringLiteral("top_layers")).toArray();
        QVERIFY(!summaryTop.isEmpty());

        const HpxRun text = runHpx({ QStringLiteral("show"), dir });
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("verified against result_manifest.json"), text.out.constData());
        // English plural forms from the embedded catalogue, not "file(s)" / "layer(s)".
        QVERIFY2(!text.out.contains("(s)"), text.out.constData());
        QVERIFY2(QRegularExpression(QStringLiteral("Files: +\\d+ files verified"))
                     .match(QString::fromUtf8(text.out))
                     .hasMatch(),
            text.out.constData());
        const QString validityLine
            = QStringLiteral("Validity:  ") + summary.value(QStringLiteral("validity")).toString();
        QVERIFY2(text.out.contains(validityLine.toUtf8()), text.out.constData());
        QVERIFY2(text.out.contains(summaryTop.at(0).toObject().value(QStringLiteral("op")).toString().toUtf8()),
            text.out.constData());

        const HpxRun json = runHpx({ QStringLiteral("show"), dir, QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 0);
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(json.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(doc.value(QStringLiteral("ok")).toBool(), true);
        QCOMPARE(doc.value(QStringLiteral("verified")).toBool(), true);
        QCOMPARE(doc.value(QStringLiteral("validity")), summary.value(QStringLiteral("validity")));
        QCOMPARE(doc.value(QStringLiteral("issues")).toArray().size(),
            summary.value(QStringLiteral("issues")).toArray().size());
        const QJsonArray top = doc.value(QStringLiteral("top_layers")).toArray();
        QCOMPARE(top.size(), qMin(5, int(summaryTop.size())));
        QCOMPARE(
            top.at(0).toObject().value(QStringLiteral("op")), summaryTop.at(0).toObject().value(QStringLiteral("op")));
        QCOMPARE(top.at(0).toObject().value(QStringLiteral("cycles")).toDouble(),
            summaryTop.at(0).toObject().value(QStringLiteral("cycles")).toDouble());
        QVERIFY(doc.value(QStringLiteral("artifacts")).toArray().contains(QStringLiteral("summary.json")));

        const HpxRun one = runHpx(
            { QStringLiteral("show"), dir, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("1") });
        QCOMPARE(QJsonDocument::fromJson(one.out).object().value(QStringLiteral("top_layers")).toArray().size(), 1);
    }

    void tamperedFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("remove");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("a changed byte in the results")
            << QStringLiteral("profile_results.csv") << false << QStringLiteral("SHA-256");
        QTest::newRow("a changed byte in summary.json")
            << QStringLiteral("summary.json") << false << QStringLiteral("SHA-256");
        QTest::newRow("a removed overlay")
            << QStringLiteral("model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json") << true << QStringLiteral("missing");
    }

    void tamperedFile()
    {
        QFETCH(QString, file);
        QFETCH(bool, remove);
        QFETCH(QString, mentions);
        const QString dir = importedBundle(QStringLiteral("tampered-%1")
                                               .arg(QString::fromLatin1(QTest::currentDataTag()))
                                               .replace(QLatin1Char(' '), QLatin1Char('_')));
        QVERIFY(!dir.isEmpty());
        const QString path = dir + QLatin1Char('/') + file;
        if (remove) {
            QVERIFY(QFile::remove(path));
        } else {
            QByteArray bytes = readFileBytes(path);
            QVERIFY(bytes.size() > 10);
            bytes[bytes.size() / 2] = bytes.at(bytes.size() / 2) == '7' ? '8' : '7'; // same size: only the digest tells
            QVERIFY(writeFileBytes(path, bytes));
        }
        const HpxRun text = runHpx({ QStringLiteral("show"), dir });
        QCOMPARE(text.exitCode, 2);
        QVERIFY2(text.err.contains(file.toUtf8()) && text.err.contains(mentions.toUtf8()), text.err.constData());

        const HpxRun json = runHpx({ QStringLiteral("show"), dir, QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 2);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(doc.value(QStringLiteral("ok")).toBool(true), false);
        QCOMPARE(doc.value(QStringLiteral("verified")).toBool(true), false);
        QCOMPARE(doc.value(QStringLiteral("error_file")).toString(), file);
    }

    void missingManifestIsInvalid()
    {
        const QString dir = importedBundle(QStringLiteral("nomanifest"));
        QVERIFY(!dir.isEmpty());
        QVERIFY(QFile::remove(dir + QStringLiteral("/result_manifest.json")));
        const HpxRun r = runHpx({ QStringLiteral("show"), dir, QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 3);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("validity")).toString(), QStringLiteral("invalid"));
        QCOMPARE(doc.value(QStringLiteral("verified")).toBool(true), false);
    }

    void notABundle()
    {
        const QString empty = m_tmp.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        QCOMPARE(runHpx({ QStringLiteral("show"), empty }).exitCode, 2);
        QCOMPARE(runHpx({ QStringLiteral("show"), m_tmp.filePath(QStringLiteral("nowhere")) }).exitCode, 2);
        QCOMPARE(runHpx({ QStringLiteral("show") }).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliShow)
#include "tst_clishow.moc"
