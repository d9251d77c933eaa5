#include "ui/common/appsettings.h"

#include "model/config/config.h"

#include <QSettings>

namespace hpx::ui {

// Each value is read as its type (QSettings' INI files give back text for numbers and booleans; QVariant converts).
#define HPX_APP_SETTING_DEFINITIONS(Type, getter, setter, key, fallback)                                               \
    Type AppSettings::getter() const                                                                                   \
    {                                                                                                                  \
        return QSettings().value(QStringLiteral(key), QVariant::fromValue(Type(fallback))).value<Type>();              \
    }                                                                                                                  \
    void AppSettings::setter(const Type &value)                                                                        \
    {                                                                                                                  \
        QSettings().setValue(QStringLiteral(key), QVariant::fromValue(value));                                         \
    }
HPX_APP_SETTINGS(HPX_APP_SETTING_DEFINITIONS)
#undef HPX_APP_SETTING_DEFINITIONS

void AppSettings::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > MaxRecentFiles)
        files.removeLast();
    setRecentFiles(files);
}

void AppSettings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    setRecentFiles(files);
}

} // namespace hpx::ui
