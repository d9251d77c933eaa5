#pragma once

#include <QString>
#include <QStringList>

namespace hpx::ui {

// The example models shipped with hpx Studio: the installed share/hpx-studio/examples next to the
// executable, else the source tree's resources/examples (a build that was not installed).
QString exampleModelsDir();
QStringList exampleModels(); // absolute paths, sorted
QString defaultExampleModel(); // the one ./run.sh opens, or "" when none is found

} // namespace hpx::ui
