#include "clitest.h"
#include "model/config/config.h"
#include "model/config/configdocuments.h"
#include "tests/support/testdata.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Result runHpx(const QStringList &arguments, const QString &workDir = QString())
{
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    p.start(QStringLiteral(HPX_BIN), arguments);
    Result r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString streamPath(const char *name)
{
    return hpx::test::dataPath(QStringLiteral("cli/") + QLatin1String(name));
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void topLevelHelp();
    void unknownCommand();
    void commandHelp_data();
    void commandHelp();
    void unknownOption();
    void printDefaultRoundTrip();
    void configErrorExitCode();
    void configNotices();
    void ports();
    void importStream_data();
    void importStream();
    void importMatchesHpxOverlay();
    void importFailures_data();
    void importFailures();
    void importNoModelExplorer();
    void importBadArguments();
};

void TestCli::topLevelHelp()
{
    const Result r = runHpx({ QStringLiteral("--help") });
    QCOMPARE(r.exitCode, 0);
    for (const char *command : { "config", "ports" })
        QVERIFY2(r.out.contains(QByteArray(QByteArray("  ") + command)), command);
    const Result none = runHpx({});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.err.contains("Usage: hpx <command>"));
}

void TestCli::unknownCommand()
{
    const Result r = runHpx({ QStringLiteral("prots") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown command 'prots' (did you mean 'ports'?)"), r.err.constData());
}

void TestCli::commandHelp_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("config") << "config"
                            << QString::fromLatin1("Usage: hpx config [options]|--print-default|--config <FILE>|--help")
                                   .split(QLatin1Char('|'));
    QTest::newRow("ports")
        << "ports"
        << QString::fromLatin1("Usage: hpx ports [options]|--json|VID:PID|sim|tcp://").split(QLatin1Char('|'));
}

void TestCli::commandHelp()
{
    QFETCH(QString, command);
    QFETCH(QStringList, mustMention);
    for (const QString &flag : { QStringLiteral("--help"), QStringLiteral("-h") }) {
        const Result r = runHpx({ command, flag });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QString text = QString::fromUtf8(r.out);
        for (const QString &needle : mustMention)
            QVERIFY2(text.contains(needle), qPrintable(needle + QStringLiteral(" missing from:\n") + text));
    }
}

void TestCli::unknownOption()
{
    const Result r = runHpx({ QStringLiteral("config"), QStringLiteral("--frobnicate") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("Unknown option 'frobnicate'"), r.err.constData());
    QVERIFY(r.err.contains("hpx config --help"));
}

void TestCli::printDefaultRoundTrip()
{
    QTemporaryDir dir;
    const Result def = runHpx({ QStringLiteral("config"), QStringLiteral("--print-default") });
    QCOMPARE(def.exitCode, 0);
    QVERIFY(def.out.startsWith("# hpx.yml"));
    const QString path = dir.filePath(QStringLiteral("hpx.yml"));
    QVERIFY(writeFile(path, def.out));
    const Result parsed = runHpx({ QStringLiteral("config"), QStringLiteral("--config"), path });
    QCOMPARE(parsed.exitCode, 0);
    QVERIFY2(parsed.err.isEmpty(), parsed.err.constData());
    const Result defaults = runHpx({ QStringLiteral("config") });
    QCOMPARE(defaults.exitCode, 0);
    QCOMPARE(parsed.out, defaults.out);
    // ... and that is the resolved default configuration.
    QCOMPARE(parsed.out.trimmed(), hpx::model::configSnapshotJson(hpx::model::Config()));
}

void TestCli::configErrorExitCode()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.yml"));
    QVERIFY(writeFile(path, "output:\n  model_explorer: true\n  dirr: out\n"));
    const Result r = runHpx({ QStringLiteral("config"), QStringLiteral("--config"), path });
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    const QByteArray expected = path.toUtf8() + ":3:3: error: unknown key 'output.dirr' (did you mean 'output.dir'?)";
    QVERIFY2(r.err.contains(expected), r.err.constData());
    const Result missing
        = runHpx({ QStringLiteral("config"), QStringLiteral("--config"), dir.filePath(QStringLiteral("nope.yml")) });
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("config file not found"));
}

void TestCli::configNotices()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hpx.yml"));
    QVERIFY(writeFile(path, "target:\n  toolchain: armclang\nprofiling:\n  iterations: 4\n"));
    const Result r = runHpx({ QStringLiteral("config"), QStringLiteral("--config"), path });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(
                 ":2:3: note: target.toolchain only concerns building and flashing firmware; not used by this app"),
        r.err.constData());
    const QJsonObject resolved = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(resolved.value(QStringLiteral("profiling")).toObject().value(QStringLiteral("iterations")).toInt(), 4);
    QCOMPARE(resolved.value(QStringLiteral("target")).toObject().value(QStringLiteral("toolchain")).toString(),
        QStringLiteral("armclang"));
}

void TestCli::ports()
{
    const Result r = runHpx({ QStringLiteral("ports") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--port sim"));
    const Result json = runHpx({ QStringLiteral("ports"), QStringLiteral("--json") });
    QCOMPARE(json.exitCode, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.out, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(doc.isArray());
    const Result extra = runHpx({ QStringLiteral("ports"), QStringLiteral("extra") });
    QCOMPARE(extra.exitCode, 2);
}

void TestCli::importStream_data()
{
    QTest::addColumn<QString>("stream");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QStringList>("overlays");
    QTest::addColumn<QString>("topOp");
    QTest::newRow("spec example") << "spec_example.log" << 3
                                  << QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"),
                                         QStringLiteral("ARM_PMU_INST_RETIRED"),
                                         QStringLiteral("ARM_PMU_STALL_FRONTEND"),
                                         QStringLiteral("ARM_PMU_STALL_BACKEND"), QStringLiteral("ARM_PMU_MEM_ACCESS"),
                                         QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                                         QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") }
                                  << "CONV_2D";
    QTest::newRow("multi group") << "u11_multi_group_separate.log" << 1
                                 << QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"),
                                        QStringLiteral("ARM_PMU_MVE_INST_RETIRED") }
                                 << "CONV_2D";
    // Without HPX_END the last iteration is lost, the committed ones are used (with a warning).
    QTest::newRow("no end marker") << "truncated_no_end.log" << 3
                                   << QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"),
                                          QStringLiteral("ARM_PMU_BUS_CYCLES") }
                                   << "CONV_2D";
}

void TestCli::importStream()
{
    QFETCH(QString, stream);
    QFETCH(int, layers);
    QFETCH(QStringList, overlays);
    QFETCH(QString, topOp);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("bundle"));
    const Result r = runHpx(
        { QStringLiteral("import"), streamPath(stream.toLatin1().constData()), QStringLiteral("--output-dir"), out });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // stdout is exactly the bundle directory; the rest went to stderr.
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), QDir(out).absolutePath());
    QVERIFY(r.err.contains("No model was given"));
    for (const char *file : { "summary.json", "run_metadata.json", "profile_results.csv", "result_manifest.json" })
        QVERIFY2(QFile::exists(out + QLatin1Char('/') + QLatin1String(file)), file);
    const QJsonObject summary = readJson(out + QStringLiteral("/summary.json"));
    QCOMPARE(summary.value(QStringLiteral("layers")).toInt(-1), layers);
    const QJsonArray top = summary.value(QStringLiteral("top_layers")).toArray();
    QVERIFY(!top.isEmpty());
    QCOMPARE(top.at(0).toObject().value(QStringLiteral("op")).toString(), topOp);
    for (const QString &counter : overlays) {
        const QJsonObject overlay
            = readJson(out + QStringLiteral("/model_explorer/me_overlay_") + counter + QStringLiteral(".json"));
        QVERIFY2(overlay.contains(QStringLiteral("main")), qPrintable(counter));
        QCOMPARE(overlay.value(QStringLiteral("main")).toObject().value(QStringLiteral("name")).toString(), counter);
    }
    // The reddest node of the cycles overlay is summary.top_layers[0].
    const QJsonObject cycles = readJson(out + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"))
                                   .value(QStringLiteral("main"))
                                   .toObject()
                                   .value(QStringLiteral("results"))
                                   .toObject();
    QString reddest;
    double best = -1;
    for (auto it = cycles.begin(); it != cycles.end(); ++it) {
        if (it.value().toObject().value(QStringLiteral("value")).toDouble() > best) {
            best = it.value().toObject().value(QStringLiteral("value")).toDouble();
            reddest = it.key();
        }
    }
    QCOMPARE(best, top.at(0).toObject().value(QStringLiteral("cycles")).toDouble());
    // The raw capture is kept byte for byte.
    QCOMPARE(readAll(out + QStringLiteral("/capture.log")), readAll(streamPath(stream.toLatin1().constData())));
    // It was staged while the stream was parsed (docs/output-files.md "Publishing"): no staging folder or lock stays.
    QCOMPARE(QDir(out).entryList({ QStringLiteral(".hpx-*") }, QDir::AllEntries | QDir::Hidden), QStringList());
    // run_metadata records the resolved config with the engine the stream announced (or the default).
    const QJsonObject config
        = readJson(out + QStringLiteral("/run_metadata.json")).value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("output")).toObject().value(QStringLiteral("dir")).toString(), out);
    QCOMPARE(config.value(QStringLiteral("engine")).toObject().value(QStringLiteral("type")).toString(),
        QStringLiteral("helia-rt"));
}

void TestCli::importMatchesHpxOverlay()
{
    // heliaPROFILER's own output for conformance case u01: the overlay must be byte-identical.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("b"));
    const Result r = runHpx({ QStringLiteral("import"), streamPath("u01_single_preset_basic.log"),
        QStringLiteral("--output-dir"), out, QStringLiteral("--transport"), QStringLiteral("usb_cdc") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(readAll(out + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json")),
        readAll(streamPath("u01_expected_me_overlay_ARM_PMU_CPU_CYCLES.json")).trimmed());
}

void TestCli::importFailures_data()
{
    QTest::addColumn<QString>("stream");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("stderrHas");
    QTest::newRow("firmware error") << "u24_unsupported_op.log" << 3
                                    << QStringList { QStringLiteral("error: board error unsupported_op (kind builtin"),
                                           QStringLiteral("FOO"), QStringLiteral("hint: ") };
    QTest::newRow("empty session") << "u20_empty_session.log" << 3
                                   << QStringList { QStringLiteral("no complete iteration") };
    QTest::newRow("no complete iteration")
        << "no_complete_iteration.log" << 3
        << QStringList { QStringLiteral("no complete iteration"), QStringLiteral("hint: ") };
    QTest::newRow("not a stream") << "SOURCES.md" << 2 << QStringList { QStringLiteral("error: ") };
}

void TestCli::importFailures()
{
    QFETCH(QString, stream);
    QFETCH(int, exitCode);
    QFETCH(QStringList, stderrHas);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("b"));
    const Result r = runHpx(
        { QStringLiteral("import"), streamPath(stream.toLatin1().constData()), QStringLiteral("--output-dir"), out });
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(r.out.isEmpty());
    for (const QString &needle : stderrHas)
        QVERIFY2(QString::fromUtf8(r.err).contains(needle, Qt::CaseInsensitive), r.err.constData());
    QVERIFY(!QFile::exists(out + QStringLiteral("/result_manifest.json"))); // no bundle is written
    // The folder the import made for its early staging goes again.
    QVERIFY(!QFileInfo::exists(out));
}

void TestCli::importNoModelExplorer()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a")), b = dir.filePath(QStringLiteral("b"));
    QCOMPARE(runHpx({ QStringLiteral("import"), streamPath("spec_example.log"), QStringLiteral("--output-dir"), a })
                 .exitCode,
        0);
    const Result r = runHpx({ QStringLiteral("import"), streamPath("spec_example.log"), QStringLiteral("--output-dir"),
        b, QStringLiteral("--no-model-explorer"), QStringLiteral("--output-format"), QStringLiteral("json") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QDir(a + QStringLiteral("/model_explorer")).exists());
    QVERIFY(!QDir(b + QStringLiteral("/model_explorer")).exists());
    QVERIFY(QFile::exists(b + QStringLiteral("/profile_results.json")));
    QVERIFY(!QFile::exists(b + QStringLiteral("/profile_results.csv")));
    const QByteArray manifest = readAll(b + QStringLiteral("/result_manifest.json"));
    QVERIFY(!manifest.contains("model_explorer"));
}

void TestCli::importBadArguments()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("b"));
    QCOMPARE(runHpx({ QStringLiteral("import") }).exitCode, 2);
    const Result missing = runHpx(
        { QStringLiteral("import"), dir.filePath(QStringLiteral("none.log")), QStringLiteral("--output-dir"), out });
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("no such file"));
    const Result badModel = runHpx({ QStringLiteral("import"), streamPath("spec_example.log"), streamPath("SOURCES.md"),
        QStringLiteral("--output-dir"), out });
    QCOMPARE(badModel.exitCode, 2);
    QVERIFY(badModel.err.contains("SOURCES.md"));
    // A model that cannot be read ends the import before anything is written, folder included.
    QVERIFY(badModel.err.contains("not a TFLite model"));
    QVERIFY(!badModel.err.contains("Writing the bundle"));
    QVERIFY(!QFileInfo::exists(out));
    const Result badAggregation = runHpx({ QStringLiteral("import"), streamPath("spec_example.log"),
        QStringLiteral("--aggregation"), QStringLiteral("avg"), QStringLiteral("--output-dir"), out });
    QCOMPARE(badAggregation.exitCode, 2);
    QVERIFY(
        badAggregation.err.contains("--aggregation: error: --aggregation: 'avg' is not one of median, mean, trimmed"));
    const Result badManifest = runHpx({ QStringLiteral("import"), streamPath("spec_example.log"),
        QStringLiteral("--aot-manifest"), streamPath("SOURCES.md"), QStringLiteral("--output-dir"), out });
    QCOMPARE(badManifest.exitCode, 2);
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
