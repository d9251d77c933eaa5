#pragma once

#include "ui/graph/layoutdata.h"

// The fast layout's second half (layeredlayout.cpp places the nodes): wrapping a long layered
// layout into bands and routing the edges. Everything works top to bottom; a left-to-right layout
// is computed on transposed sizes and transposed back.
namespace hpx::ui::detail {

LayoutInput transposed(const LayoutInput &in); // every node size with width and height swapped
void transpose(LayoutResult &r); // every point with x and y swapped

// How many bands (columns top to bottom, rows left to right) a placed layout should wrap into for
// the pane in options; 1 = do not wrap (short or already wide graphs).
int bandCount(const LayoutInput &in, const LayoutResult &placed, const LayoutOptions &options);

// Cuts the layers into `bands` bands side by side (1 = none) and routes every edge: neighbouring
// layers by an S-curve, skip connections beside the nodes they jump over, band changes through the
// gutter between the bands.
void wrapAndRoute(const LayoutInput &in, const LayoutOptions &options, int bands, LayoutResult &r);

} // namespace hpx::ui::detail
