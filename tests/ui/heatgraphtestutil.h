#pragma once

#include "ui/graph/heatgraphview.h"

#include <QSignalSpy>

namespace hpx::test {

// Layouts run off the UI thread: waits for the pending one (if any) to reach the scene.
inline bool waitForLayout(ui::HeatGraphView &view)
{
    if (!view.isLayoutPending())
        return true;
    QSignalSpy spy(&view, &ui::HeatGraphView::layoutFinished);
    return spy.wait(20000);
}

} // namespace hpx::test
