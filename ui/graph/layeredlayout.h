#pragma once

#include "ui/graph/layoutdata.h"

namespace hpx::ui::detail {

// The layered layout of one graph, without LayoutInput::groups: Graphviz `dot` for small branchy
// graphs, else the fast layout (longest-path layering, barycentric ordering, priority placement)
// whose layers graphlayoutwrap.h wraps into bands and routes. computeLayout (graphlayout.cpp) builds
// on it: it makes room for the called subgraphs drawn in place, then places them.
LayoutResult flatLayout(const LayoutInput &input, const LayoutOptions &options);

} // namespace hpx::ui::detail
