#pragma once

// Include QCustomPlot through this header. Debian's qcustomplot.h uses the `foreach` keyword,
// which the project-wide QT_NO_FOREACH removes; its two uses (QCustomPlot::plottableAt/itemAt)
// only read the container, so a range-for stands in while the header is parsed.
#include <utility>

#ifndef foreach
#define foreach(variable, container) for (variable : std::as_const(container))
#define HPX_QCP_DEFINED_FOREACH
#endif
#include <qcustomplot.h>
#ifdef HPX_QCP_DEFINED_FOREACH
#undef foreach
#undef HPX_QCP_DEFINED_FOREACH
#endif
