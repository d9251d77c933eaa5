#pragma once

#include <QString>
#include <QVector>

namespace hpx::model {

// The loader's view of the TensorType names that tensorTypeName() hands out, indexed by type (empty where the schema
// has no name). The strings share static text: copying one touches no reference count.
const QVector<QString> &tensorTypeNames();

} // namespace hpx::model
