#pragma once

#include <QByteArray>
#include <QString>

namespace hpx::model {

// One file of a bundle, relative POSIX path + bytes: what BundleWriter builds and BundlePublisher publishes.
struct BundleFile {
    QString path;
    QByteArray data;
};

} // namespace hpx::model
