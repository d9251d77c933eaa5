#include "ui/window/examplemodels.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace hpx::ui {

QString exampleModelsDir()
{
    const QString fromEnv = qEnvironmentVariable("HPX_EXAMPLES_DIR");
    QStringList candidates;
    if (!fromEnv.isEmpty())
        candidates << fromEnv;
    candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/hpx-studio/examples")
               << QStringLiteral(HPX_SOURCE_EXAMPLES_DIR);
    for (const QString &dir : qAsConst(candidates)) {
        if (QFileInfo(dir).isDir() && !QDir(dir).entryList({ QStringLiteral("*.tflite") }, QDir::Files).isEmpty())
            return QDir(dir).canonicalPath();
    }
    return {};
}

QStringList exampleModels()
{
    const QString dir = exampleModelsDir();
    if (dir.isEmpty())
        return {};
    QStringList paths;
    const QStringList names = QDir(dir).entryList({ QStringLiteral("*.tflite") }, QDir::Files, QDir::Name);
    for (const QString &name : names)
        paths << dir + QLatin1Char('/') + name;
    return paths;
}

QString defaultExampleModel()
{
    const QStringList models = exampleModels();
    for (const QString &path : models) {
        if (path.endsWith(QLatin1String("/kws_ref_model.tflite")))
            return path;
    }
    return models.value(0);
}

} // namespace hpx::ui
