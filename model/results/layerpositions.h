#pragma once

#include <QString>
#include <QStringView>
#include <QVector>

#include <optional>

namespace hpx::model {

// Where the engine says each row's operator is in the model: the agent's HPX_LAYER_POSITIONS line, printed after the
// rows of every profiled iteration (docs/compatibility.md §0.2). Entry k describes the row whose Layer is k.
struct LayerPosition {
    int subgraph = -1; // -1: the line names no position for this Layer ("-")
    int operatorIndex = -1;
    int parentLayer = -1; // the Layer of the row whose event encloses this one, or -1 (top level)
    bool known() const { return subgraph >= 0 && operatorIndex >= 0; }
    bool operator==(const LayerPosition &o) const
    {
        return subgraph == o.subgraph && operatorIndex == o.operatorIndex && parentLayer == o.parentLayer;
    }
};

// Reads a value: "<subgraph>.<operator>[-<last operator>][^<enclosing Layer>]" or "-" per entry, comma-separated; a
// range stands for consecutive Layers with consecutive operators of one subgraph and one parent. nullopt when the
// value is damaged in any way (a parent that is not an earlier Layer included), or longer than 65536 Layers.
std::optional<QVector<LayerPosition>> parseLayerPositions(QStringView value);

// What the capture said: the first iteration's line, and whether any later iteration's line differed from it.
struct CaptureLayerPositions {
    QString value; // empty: no line came
    int iterations = 0; // lines seen
    bool differ = false; // some iteration's line is not the first one's
};

} // namespace hpx::model
