// Every input the fuzz targets are seeded with, and every finding saved in tests/data/fuzz/<target>/, run through the
// targets' bodies (fuzz/*.cpp). A target aborts on a broken invariant, so a regression fails this test by crashing it.
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundlereader.h"
#include "model/compare/comparison.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx;

namespace {

using Body = int (*)(const uint8_t *, size_t);

QStringList filesIn(const QString &relativeDir, const QStringList &patterns)
{
    QStringList out;
    QDir dir(test::dataPath(relativeDir));
    const QStringList names = dir.entryList(patterns, QDir::Files, QDir::Name);
    for (const QString &n : names)
        out.append(dir.filePath(n));
    return out;
}

// The archive scripts/fuzz.sh builds from a conformance folder (format in fuzz/fuzz_bundle.cpp).
QByteArray packBundle(const QString &dir)
{
    QByteArray out;
    QStringList files;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    for (const QString &f : files) {
        QString rel = QDir(dir).relativeFilePath(f);
        if (rel == QLatin1String("expected.json"))
            continue;
        rel.replace(QLatin1String("expected_summary.json"), QLatin1String("summary.json"));
        rel.replace(QLatin1String("expected_model_explorer"), QLatin1String("model_explorer"));
        QFile in(f);
        if (!in.open(QIODevice::ReadOnly))
            continue;
        out += "==> " + rel.toUtf8() + " <==\n" + in.readAll() + '\n';
    }
    return out;
}

} // namespace

class TestFuzzReplay : public QObject {
    Q_OBJECT

private:
    void addRows(const char *target, const QStringList &files)
    {
        for (const QString &f : files) {
            QFile in(f);
            QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(f));
            QTest::newRow(qPrintable(QStringLiteral("%1:%2").arg(
                QLatin1String(target), QDir(test::dataPath(QString())).relativeFilePath(f))))
                << QString::fromLatin1(target) << in.readAll();
        }
    }

private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QByteArray>("input");
        addRows("tflite", filesIn(QStringLiteral("models"), { QStringLiteral("*.tflite") }));
        addRows("tflite", filesIn(QStringLiteral("fuzz/tflite"), {}));
        QStringList streams = filesIn(QStringLiteral("cli"), { QStringLiteral("*.log") })
            + filesIn(QStringLiteral("link"), { QStringLiteral("*.txt") });
        const QStringList cases
            = QDir(test::dataPath(QStringLiteral("conformance"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &c : cases) {
            const QString s = test::dataPath(QStringLiteral("conformance/%1/stream.txt").arg(c));
            if (QFile::exists(s))
                streams.append(s);
        }
        addRows("wireparser", streams);
        addRows("wireparser", filesIn(QStringLiteral("fuzz/wireparser"), {}));
        addRows("config", filesIn(QStringLiteral("fuzz/config"), {}));
        addRows("bundle", filesIn(QStringLiteral("fuzz/bundle"), {}));
        addRows("schema", filesIn(QStringLiteral("fuzz/schema"), {}));
        addRows("compare", filesIn(QStringLiteral("fuzz/compare"), {}));
        addRows("import", filesIn(QStringLiteral("fuzz/import"), {}));
        addRows("npy", filesIn(QStringLiteral("fuzz/npy"), {}));
        const QString bundles = test::dataPath(QStringLiteral("bundle/conformance"));
        const QStringList bundleCases = QDir(bundles).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &c : bundleCases) {
            if (QFile::exists(bundles + QLatin1Char('/') + c + QStringLiteral("/expected_summary.json")))
                QTest::newRow(qPrintable(QStringLiteral("bundle:%1").arg(c)))
                    << QStringLiteral("bundle") << packBundle(bundles + QLatin1Char('/') + c);
        }
    }

    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QByteArray, input);
        Body body = nullptr;
        if (target == QLatin1String("tflite"))
            body = &fuzz::tfliteOneInput;
        else if (target == QLatin1String("wireparser"))
            body = &fuzz::wireParserOneInput;
        else if (target == QLatin1String("config"))
            body = &fuzz::configOneInput;
        else if (target == QLatin1String("schema"))
            body = &fuzz::schemaOneInput;
        else if (target == QLatin1String("compare"))
            body = &fuzz::compareOneInput;
        else if (target == QLatin1String("import"))
            body = &fuzz::importOneInput;
        else if (target == QLatin1String("npy"))
            body = &fuzz::npyOneInput;
        else
            body = &fuzz::bundleOneInput;
        // A broken invariant aborts inside the body (fuzz::fail), which fails this test with the message on stderr.
        QCOMPARE(body(reinterpret_cast<const uint8_t *>(input.constData()), size_t(input.size())), 0);
    }

    // The bundle seeds written by hpx Studio unpack to folders that read back verified and valid: the fuzzer starts
    // from inputs that reach every reader, not from ones rejected at the first check.
    void bundleSeedsUnpackToGoodBundles()
    {
        const QStringList seeds = filesIn(QStringLiteral("fuzz/bundle"), { QStringLiteral("hpx_import_*.txt") });
        QVERIFY(!seeds.isEmpty());
        for (const QString &seed : seeds) {
            QFile in(seed);
            QVERIFY(in.open(QIODevice::ReadOnly));
            QTemporaryDir tmp;
            const auto files = fuzz::unpackBundleArchive(in.readAll());
            QVERIFY(files.size() >= 6);
            for (const auto &f : files) {
                const QString path = tmp.filePath(f.first);
                QVERIFY(QDir().mkpath(QFileInfo(path).path()));
                QFile out(path);
                QVERIFY(out.open(QIODevice::WriteOnly));
                out.write(f.second);
            }
            const model::BundleReadResult r = model::BundleReader::read(tmp.path());
            QVERIFY2(r.bundle, qPrintable(seed + QStringLiteral(": ") + r.error));
            QVERIFY(r.bundle->verified);
            QCOMPARE(r.bundle->validity, QStringLiteral("valid"));
        }
    }

    // The compare seeds hold two bundles that read back verified and compare: the fuzzer starts past the refusals (the
    // findings saved next to them are damaged on purpose).
    void compareSeedsCompare()
    {
        const QStringList seeds = filesIn(QStringLiteral("fuzz/compare"), { QStringLiteral("hpx_import_*.txt") });
        QVERIFY(!seeds.isEmpty());
        for (const QString &seed : seeds) {
            QFile in(seed);
            QVERIFY(in.open(QIODevice::ReadOnly));
            QTemporaryDir tmp;
            fuzz::writeArchiveTree(tmp.path(), fuzz::unpackBundleArchive(in.readAll()));
            QString error;
            const auto cmp = model::Comparator::compareDirectories(
                tmp.filePath(QStringLiteral("baseline")), tmp.filePath(QStringLiteral("candidate")), {}, &error);
            QVERIFY2(cmp, qPrintable(seed + QStringLiteral(": ") + error));
            QVERIFY(!cmp->blocked());
            QVERIFY(!cmp->pairs.isEmpty());
        }
    }

    // The replay must really cover every target: an empty seed folder would make the test above vacuous.
    void everyTargetHasInputs()
    {
        QVERIFY(!filesIn(QStringLiteral("fuzz/config"), {}).isEmpty());
        QVERIFY(!filesIn(QStringLiteral("fuzz/bundle"), {}).isEmpty());
        QVERIFY(!filesIn(QStringLiteral("fuzz/schema"), {}).isEmpty());
        QVERIFY(!filesIn(QStringLiteral("fuzz/compare"), {}).isEmpty());
        QVERIFY(!filesIn(QStringLiteral("models"), { QStringLiteral("*.tflite") }).isEmpty());
        QVERIFY(!filesIn(QStringLiteral("cli"), { QStringLiteral("*.log") }).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
