// Child process of tst_bundlepublish: publishes one bundle into a folder and, when HPX_KILL_AT_STEP=N is set, kills
// itself with SIGKILL just before step N of the publish sequence (the steps BundleWriter's fault hook sees).
// Usage: tst_bundlepublish_child DIR first|second|second-early|lock-crash. Prints the number of steps when it was not
// killed. lock-crash dies while creating the folder's lock, as QLockFile creates it: the file made and flocked, its
// owner lines not yet written (the 0-byte lock a kill -9 can leave).
// second-early publishes the same bundle as second, with its raw capture staged before the bundle is written (as hpx
// import stages it while parsing: BundlePublisher::open); being killed right after that staging is its step 0.
#include "model/bundle/bundlepublish.h"
#include "model/bundle/bundlewriter.h"
#include "tests/model/bundle/bundletestdata.h"

#include <QCoreApplication>
#include <QDir>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <sys/file.h>

using namespace hpx;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3)
        return 2;
    if (args.at(2) == QLatin1String("lock-crash")) {
        QDir().mkpath(args.at(1));
        const QByteArray path = QFile::encodeName(QDir(args.at(1)).filePath(model::BundlePublisher::lockFileName()));
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0)
            return 1;
        std::fprintf(stderr, "killed while creating the lock\n");
        std::fflush(stderr);
        std::raise(SIGKILL);
    }
    const bool early = args.at(2) == QLatin1String("second-early");
    const bool second = early || args.at(2) == QLatin1String("second");
    const int killAt
        = qEnvironmentVariableIsSet("HPX_KILL_AT_STEP") ? qEnvironmentVariableIntValue("HPX_KILL_AT_STEP") : -1;
    model::RunContext ctx = test::fixedContext();
    ctx.rawCapture = second ? QByteArrayLiteral("second run's raw stream\n") : QByteArrayLiteral("first run\n");
    if (!second) {
        // Files the second run does not write: a swap that leaves stale files behind shows up.
        ctx.format = model::OutputFormat::Json;
        ctx.detailed = true;
    }
    const model::ProfileResult result
        = second ? test::specExampleResult() : test::profileFromExpected(QStringLiteral("u01_single_preset_basic"));
    int steps = 0;
    const auto step = [&](const QString &name) {
        if (steps++ == killAt) {
            std::fprintf(stderr, "killed before %s\n", qPrintable(name));
            std::fflush(stderr);
            std::raise(SIGKILL);
        }
        return true;
    };
    const QString dir = QDir(args.at(1)).absolutePath();
    if (early) {
        QString error;
        ctx.staging = model::BundlePublisher::open(dir, 0, &error);
        if (!ctx.staging || !ctx.staging->stage(ctx.rawCaptureName, ctx.rawCapture, QString(), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        step(QStringLiteral("publish, after early staging"));
    }
    const model::BundleWriteResult r = model::BundleWriter::write(result, ctx, dir, step);
    if (!r.ok) {
        std::fprintf(stderr, "%s\n", qPrintable(r.error));
        return 1;
    }
    std::printf("%d\n", steps);
    return 0;
}
