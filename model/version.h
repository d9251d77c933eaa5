#pragma once

#include <QString>

namespace hpx::model {

// Version of this build, the git commit it was configured from and the Qt it runs on.
QString versionString();
QString gitCommit();
// One line for --version and the About dialog: "hpx 0.1.0 (commit abc123, Qt 6.4.2)".
QString versionLine(const QString &program);

} // namespace hpx::model
