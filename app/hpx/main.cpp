#include "app/hpx/command.h"
#include "model/version.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hpx"));
    QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio"));
    QCoreApplication::setApplicationVersion(hpx::model::versionString());
    return hpx::cli::dispatch(QCoreApplication::arguments());
}
