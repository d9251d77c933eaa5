#include "model/results/layerpositions.h"

namespace hpx::model {

namespace {

constexpr int kMaxLayers = 65536; // the Layer cell's range (docs/compatibility.md §1.5)

std::optional<int> number(QStringView text)
{
    if (text.isEmpty() || text.size() > 5)
        return std::nullopt;
    int v = 0;
    for (QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
        v = v * 10 + (c.unicode() - '0');
    }
    return v;
}

} // namespace

std::optional<QVector<LayerPosition>> parseLayerPositions(QStringView value)
{
    QVector<LayerPosition> out;
    if (value.isEmpty())
        return std::nullopt;
    for (QStringView entry : value.split(QLatin1Char(','))) {
        if (entry == QLatin1String("-")) {
            out.append(LayerPosition());
        } else {
            int parent = -1;
            if (const qsizetype caret = entry.indexOf(QLatin1Char('^')); caret >= 0) {
                const std::optional<int> p = number(entry.mid(caret + 1));
                if (!p || *p >= out.size())
                    return std::nullopt; // a parent comes before the rows it encloses
                parent = *p;
                entry = entry.left(caret);
            }
            const qsizetype dot = entry.indexOf(QLatin1Char('.'));
            if (dot < 0)
                return std::nullopt;
            const std::optional<int> subgraph = number(entry.left(dot));
            QStringView ops = entry.mid(dot + 1);
            QStringView lastText;
            if (const qsizetype dash = ops.indexOf(QLatin1Char('-')); dash >= 0) {
                lastText = ops.mid(dash + 1);
                ops = ops.left(dash);
            }
            const std::optional<int> first = number(ops);
            const std::optional<int> last = lastText.isNull() ? first : number(lastText);
            if (!subgraph || !first || !last || *last < *first || out.size() + (*last - *first) >= kMaxLayers)
                return std::nullopt;
            for (int op = *first; op <= *last; ++op)
                out.append({ *subgraph, op, parent });
        }
        if (out.size() > kMaxLayers)
            return std::nullopt;
    }
    return out;
}

} // namespace hpx::model
