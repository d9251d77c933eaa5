#include "model/version.h"

#include <QApplication>
#include <QLabel>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("hpx Studio"));
    QApplication::setApplicationVersion(hpx::model::versionString());
    // Placeholder until ui/ provides the main window.
    QLabel label(hpx::model::versionLine(QStringLiteral("hpx Studio")));
    label.show();
    return QApplication::exec();
}
