#include "model/board/engine.h"

namespace hpx::model {

QString engineName(Engine engine)
{
    switch (engine) {
    case Engine::Tflm:
        return QStringLiteral("tflm");
    case Engine::HeliaRt:
        return QStringLiteral("helia-rt");
    case Engine::HeliaAot:
        return QStringLiteral("helia-aot");
    case Engine::Executorch:
        return QStringLiteral("executorch");
    }
    return {};
}

QString engineWireName(Engine engine)
{
    return engineName(engine).replace(QLatin1Char('-'), QLatin1Char('_'));
}

QStringList engineNames()
{
    QStringList names;
    for (Engine engine : allEngines)
        names.append(engineName(engine));
    return names;
}

std::optional<Engine> engineFromName(const QString &name)
{
    QString normal = name.trimmed().toLower();
    normal.replace(QLatin1Char('_'), QLatin1Char('-'));
    for (Engine engine : allEngines) {
        if (engineName(engine) == normal)
            return engine;
    }
    return std::nullopt;
}

} // namespace hpx::model
