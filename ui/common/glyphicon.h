#pragma once

#include <QIcon>

namespace hpx::ui {

// Run and Stop drawn in colour rather than taken from the style: the styles' media icons are dark grey,
// which all but disappears on a dark palette. Green and red read on light and dark alike; the disabled
// state is derived by QIcon as usual.
enum class Glyph { Run, Stop };
QIcon glyphIcon(Glyph glyph);

} // namespace hpx::ui
