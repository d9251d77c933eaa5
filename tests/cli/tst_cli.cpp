#include "model/config.h"
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
    QCOMPARE(parsed.out.trimmed(), hpx::model::Config().toJson());
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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
