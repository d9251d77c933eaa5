#include "model/version.h"

#include "hpx_version_info.h"

#include <QtGlobal>

namespace hpx::model {

QString versionString()
{
    return QStringLiteral(HPX_VERSION_STRING);
}

QString gitCommit()
{
    return QStringLiteral(HPX_GIT_COMMIT);
}

QString versionLine(const QString &program)
{
    return program + QLatin1Char(' ') + versionString() + QStringLiteral(" (commit ") + gitCommit()
        + QStringLiteral(", Qt ") + QLatin1String(qVersion()) + QLatin1Char(')');
}

} // namespace hpx::model
