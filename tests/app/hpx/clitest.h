#pragma once

// Runs the built `hpx` binary (its path comes from CMake: HPX_BIN) and reads what it wrote.

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace hpx::test {

struct HpxRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline HpxRun runHpx(const QStringList &arguments, int timeoutMs = 120000)
{
    QProcess p;
    p.start(QStringLiteral(HPX_BIN), arguments);
    HpxRun r;
    if (!p.waitForFinished(timeoutMs)) {
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

inline QByteArray readFileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QJsonObject readJsonObject(const QString &path)
{
    return QJsonDocument::fromJson(readFileBytes(path)).object();
}

inline bool writeFileBytes(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace hpx::test
