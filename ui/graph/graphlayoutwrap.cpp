#include "ui/graph/graphlayoutwrap.h"

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hpx::ui::detail {

namespace {

constexpr double kArrowLength = 7;
constexpr double kLaneStep = 6; // between parallel edges in a gutter or beside a column
constexpr double kCornerRadius = 9;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Extent {
    double top = kInf;
    double bottom = -kInf;
    double left = kInf;
    double right = -kInf;
};

QRectF rectOf(const LayoutInput &in, const LayoutResult &r, int v)
{
    const QSizeF s = in.nodeSizes.at(v);
    return QRectF(r.centers.at(v).x() - s.width() / 2, r.centers.at(v).y() - s.height() / 2, s.width(), s.height());
}

int layerCountOf(const LayoutResult &r)
{
    int count = 0;
    for (int l : r.layers)
        count = std::max(count, l + 1);
    return count;
}

QVector<Extent> layerExtents(const LayoutInput &in, const LayoutResult &r, int layerCount)
{
    QVector<Extent> ext(layerCount);
    for (int v = 0; v < r.centers.size(); ++v) {
        const QRectF rect = rectOf(in, r, v);
        Extent &e = ext[r.layers.at(v)];
        e.top = std::min(e.top, rect.top());
        e.bottom = std::max(e.bottom, rect.bottom());
        e.left = std::min(e.left, rect.left());
        e.right = std::max(e.right, rect.right());
    }
    return ext;
}

void appendLine(QVector<QPointF> &bezier, const QPointF &to)
{
    const QPointF from = bezier.last();
    bezier << from + (to - from) / 3 << from + (to - from) * 2 / 3 << to;
}

// An orthogonal polyline as a cubic chain with rounded corners.
QVector<QPointF> roundedPolyline(QVector<QPointF> points)
{
    points.erase(std::unique(points.begin(), points.end(),
                     [](const QPointF &a, const QPointF &b) { return QLineF(a, b).length() < 0.01; }),
        points.end());
    QVector<QPointF> out { points.first() };
    for (int i = 1; i + 1 < points.size(); ++i) {
        const QPointF p = points.at(i), prev = points.at(i - 1), next = points.at(i + 1);
        const double d1 = QLineF(prev, p).length(), d2 = QLineF(p, next).length();
        const double radius = std::min({ kCornerRadius, d1 / 2, d2 / 2 });
        const QPointF a = p + (prev - p) / d1 * radius, b = p + (next - p) / d2 * radius;
        appendLine(out, a);
        out << a + (p - a) * 0.55 << b + (p - b) * 0.55 << b;
    }
    if (points.size() > 1)
        appendLine(out, points.last());
    else
        appendLine(out, points.first());
    return out;
}

// Vertical tangents at both ends, as between neighbouring layers.
void appendSCurve(QVector<QPointF> &bezier, const QPointF &to)
{
    const QPointF from = bezier.last();
    const double dy = std::max(8.0, (to.y() - from.y()) / 2);
    bezier << from + QPointF(0, dy) << to - QPointF(0, dy) << to;
}

// Edges crossing the boundary below each layer.
QVector<int> crossingCounts(const LayoutInput &in, const LayoutResult &r, int layerCount)
{
    QVector<int> crossing(layerCount + 1, 0);
    for (const auto &e : in.edges) {
        const int a = r.layers.at(e.first), b = r.layers.at(e.second);
        if (a < b) {
            ++crossing[a];
            --crossing[b];
        }
    }
    for (int l = 1; l <= layerCount; ++l)
        crossing[l] += crossing[l - 1];
    return crossing;
}

// The first layer of each band, then layerCount: bands of about equal length, each cut where the
// fewest edges cross within two layers of the ideal place.
QVector<int> cutLayers(const QVector<Extent> &ext, const QVector<int> &crossing, int bands)
{
    const int layerCount = ext.size();
    QVector<int> first { 0 };
    if (bands >= 2 && layerCount > 1) {
        const double target = (ext.last().bottom - ext.first().top) / bands;
        int start = 0;
        for (int l = 0; l + 1 < layerCount && first.size() < bands; ++l) {
            if (ext[l].bottom - ext[start].top < target)
                continue;
            int best = l;
            for (int c = std::max(start + 1, l - 2); c <= std::min(layerCount - 2, l + 2); ++c) {
                if (crossing[c] < crossing[best]
                    || (crossing[c] == crossing[best] && std::abs(c - l) < std::abs(best - l)))
                    best = c;
            }
            start = best + 1;
            first.append(start);
            l = best;
        }
    }
    first.append(layerCount);
    return first;
}

// Width of the bands side by side with their gutters: each band as wide as its widest layer, as
// wrapAndRoute centres every layer of a band on the band's axis.
double wrappedWidth(const QVector<Extent> &ext, const QVector<int> &first, double gap)
{
    double total = 0;
    for (int b = 0; b + 1 < first.size(); ++b) {
        double width = 0;
        for (int l = first[b]; l < first[b + 1]; ++l)
            width = std::max(width, ext[l].right - ext[l].left);
        total += width + (b ? gap : 0);
    }
    return total;
}

} // namespace

LayoutInput transposed(const LayoutInput &in)
{
    LayoutInput out = in;
    for (QSizeF &s : out.nodeSizes)
        s.transpose();
    return out;
}

void transpose(LayoutResult &r)
{
    auto swap = [](QPointF &p) { p = QPointF(p.y(), p.x()); };
    for (QPointF &c : r.centers)
        swap(c);
    for (EdgeRoute &e : r.edges) {
        for (QPointF &p : e.bezier)
            swap(p);
        swap(e.arrowTip);
    }
}

int bandCount(const LayoutInput &in, const LayoutResult &placed, const LayoutOptions &options)
{
    const int layerCount = layerCountOf(placed);
    if (options.targetAspect <= 0 || placed.centers.size() < 16 || layerCount < 12)
        return 1;
    QRectF all;
    for (int v = 0; v < placed.centers.size(); ++v)
        all = all.united(rectOf(in, placed, v));
    const double width = all.width(), height = all.height(); // across and along the flow
    const bool leftToRight = options.direction == LayoutOptions::Direction::LeftToRight;
    const double aspect = options.targetAspect;
    // Only long narrow graphs wrap: a wide or branchy graph already uses the pane.
    if (leftToRight ? height / width < aspect * 3 : width / height > aspect / 3)
        return 1;
    // Nodes drift sideways along a long chain, so a band is narrower than the whole: start from the
    // widest layer and check the real width of the cut below.
    const QVector<Extent> ext = layerExtents(in, placed, layerCount);
    double layerWidth = 0;
    for (const Extent &e : ext)
        layerWidth = std::max(layerWidth, e.right - e.left);
    const double pitch = layerWidth + options.bandGap;
    const bool capped = options.viewWidth > 0 && options.readableZoom > 0;
    double k;
    if (!leftToRight) {
        // k columns: (k * pitch) / (height / k) = aspect, but no more columns than fit the pane's
        // width at a readable zoom (Fit fits the width, then the user scrolls).
        k = std::round(std::sqrt(aspect * height / pitch));
        if (capped)
            k = std::min(k, std::floor(options.viewWidth / (options.readableZoom * pitch)));
    } else {
        // k rows: (height / k) / (k * pitch) = aspect, and rows short enough to fit the width.
        k = std::round(std::sqrt(height / (aspect * pitch)));
        if (capped)
            k = std::max(k, std::ceil(height * options.readableZoom / options.viewWidth));
    }
    int bands = int(std::clamp(k, 1.0, std::max(1.0, std::floor(layerCount / 3.0))));
    if (!leftToRight && capped) {
        const QVector<int> crossing = crossingCounts(in, placed, layerCount);
        while (bands > 1
            && wrappedWidth(ext, cutLayers(ext, crossing, bands), options.bandGap) * options.readableZoom
                > options.viewWidth)
            --bands;
        // A graph still much taller than wide gets its overview as a strip at the pane's right edge, and
        // Fit keeps the columns out of that strip: they must be readable in what is left.
        const double stripped = options.viewWidth - options.minimapStrip;
        auto tall = [&] {
            return wrappedWidth(ext, cutLayers(ext, crossing, bands), options.bandGap) < 0.5 * height / bands;
        };
        if (options.minimapStrip > 0 && bands > 1 && tall()) {
            while (bands > 1
                && wrappedWidth(ext, cutLayers(ext, crossing, bands), options.bandGap) * options.readableZoom
                    > stripped)
                --bands;
        }
    }
    return bands;
}

void wrapAndRoute(const LayoutInput &in, const LayoutOptions &options, int bands, LayoutResult &r)
{
    const int n = r.centers.size();
    const int layerCount = layerCountOf(r);
    const double gap = options.bandGap;
    QVector<Extent> ext = layerExtents(in, r, layerCount);
    QVector<int> bandOf(layerCount, 0);
    QVector<int> firstLayer = cutLayers(ext, crossingCounts(in, r, layerCount), bands);
    const int bandTotal = firstLayer.size() - 1;

    // Bands side by side, each layer centred on its band's axis: the sideways drift of a long
    // chain would otherwise make every band as wide as the whole graph.
    QVector<Extent> band(bandTotal);
    QVector<double> layerShift(layerCount, 0);
    double cursor = 0;
    for (int b = 0; b < bandTotal; ++b) {
        double width = 0;
        for (int l = firstLayer[b]; l < firstLayer[b + 1]; ++l) {
            bandOf[l] = b;
            width = std::max(width, ext[l].right - ext[l].left);
        }
        const double axis = cursor + width / 2;
        const double top = ext[firstLayer[b]].top;
        for (int l = firstLayer[b]; l < firstLayer[b + 1]; ++l)
            layerShift[l] = axis - (ext[l].left + ext[l].right) / 2;
        band[b] = { 0, ext[firstLayer[b + 1] - 1].bottom - top, cursor, cursor + width };
        cursor += width + gap;
    }
    if (bandTotal > 1) {
        QVector<double> bandTop(bandTotal);
        for (int b = 0; b < bandTotal; ++b)
            bandTop[b] = ext[firstLayer[b]].top;
        for (int v = 0; v < n; ++v) {
            const int l = r.layers[v];
            r.centers[v] += QPointF(layerShift[l], -bandTop[bandOf[l]]);
        }
        for (int l = 0; l < layerCount; ++l) {
            const double dy = -bandTop[bandOf[l]];
            ext[l] = { ext[l].top + dy, ext[l].bottom + dy, ext[l].left + layerShift[l], ext[l].right + layerShift[l] };
        }
    } else {
        band[0] = { ext.first().top, ext.last().bottom, kInf, -kInf };
        for (const Extent &e : ext) {
            band[0].left = std::min(band[0].left, e.left);
            band[0].right = std::max(band[0].right, e.right);
        }
    }
    r.bands = bandTotal;

    QVector<QVector<int>> rows(layerCount);
    for (int v = 0; v < n; ++v)
        rows[r.layers[v]].append(v);

    // Lanes beside the columns already taken: (band, from y, to y, x).
    struct Lane {
        int band;
        double y0, y1, x;
    };
    QVector<Lane> lanes;
    QVector<int> gutterUse(bandTotal + 1, 0);
    int topUse = 0;
    const double step = std::min(options.rankSeparation / 2 - 2, 12.0); // stays inside the gap between layers
    auto laneOffset = [](int use) { return ((use % 5) - 2) * kLaneStep; };

    r.edges.clear();
    r.edges.reserve(in.edges.size());
    for (const auto &e : in.edges) {
        EdgeRoute route;
        route.from = e.first;
        route.to = e.second;
        const QRectF ru = rectOf(in, r, e.first), rv = rectOf(in, r, e.second);
        const int lu = r.layers[e.first], lv = r.layers[e.second];
        const int bu = bandOf[lu], bv = bandOf[lv];
        const QPointF p0(ru.center().x(), ru.bottom());
        route.arrowTip = QPointF(rv.center().x(), rv.top());
        const QPointF p3 = route.arrowTip - QPointF(0, kArrowLength);
        route.bezier = { p0 };
        if (lv <= lu) { // a cycle's back edge: rare, drawn directly
            appendSCurve(route.bezier, p3);
        } else if (bu == bv) {
            bool blocked = false;
            for (int l = lu + 1; l < lv && !blocked; ++l) {
                const double y = (ext[l].top + ext[l].bottom) / 2;
                const double x = p0.x() + (p3.x() - p0.x()) * (y - p0.y()) / std::max(1.0, p3.y() - p0.y());
                for (int w : rows[l]) {
                    const QRectF rw = rectOf(in, r, w);
                    if (x > rw.left() - 6 && x < rw.right() + 6) {
                        blocked = true;
                        break;
                    }
                }
            }
            if (!blocked) {
                appendSCurve(route.bezier, p3);
            } else {
                // Beside the nodes it jumps over: right of the layers in between (a column's side),
                // or, when those reach far out, right of the nodes in its way.
                const double minX = std::min(p0.x(), p3.x());
                double laneX = std::max(p0.x(), p3.x());
                double side = laneX;
                for (int l = lu + 1; l < lv; ++l)
                    side = std::max(side, ext[l].right);
                if (side - laneX < 400) {
                    laneX = side;
                } else {
                    for (int pass = 0; pass < 3; ++pass) {
                        for (int l = lu + 1; l < lv; ++l) {
                            for (int w : rows[l]) {
                                const QRectF rw = rectOf(in, r, w);
                                if (rw.left() < laneX + 20 && rw.right() > minX - 6)
                                    laneX = std::max(laneX, rw.right());
                            }
                        }
                    }
                }
                laneX += 14;
                const double y0 = ext[lu + 1].top, y1 = ext[lv - 1].bottom;
                for (bool moved = true; moved;) {
                    moved = false;
                    for (const Lane &l : lanes) {
                        if (l.band == bu && std::abs(l.x - laneX) < kLaneStep - 0.5 && l.y0 < y1 && y0 < l.y1) {
                            laneX += kLaneStep;
                            moved = true;
                        }
                    }
                }
                lanes.append({ bu, y0, y1, laneX });
                appendSCurve(route.bezier, QPointF(laneX, y0));
                appendLine(route.bezier, QPointF(laneX, y1));
                appendSCurve(route.bezier, p3);
            }
        } else {
            // To a later band: out below the producer, through the gutter, in above the consumer.
            const double below = ru.bottom() + step, above = rv.top() - step;
            const double right = band[bu].right + gap * 0.6 + laneOffset(gutterUse[bu + 1]++);
            QVector<QPointF> points { p0, QPointF(p0.x(), below), QPointF(right, below) };
            if (bv == bu + 1) {
                points << QPointF(right, above);
            } else { // over the bands in between, above their tops
                const double top = -2 * step + laneOffset(topUse++) / 2 - kLaneStep * 2;
                const double left = band[bv].left - gap * 0.4 + laneOffset(gutterUse[bv]++);
                points << QPointF(right, top) << QPointF(left, top) << QPointF(left, above);
            }
            points << QPointF(p3.x(), above) << p3;
            route.bezier = roundedPolyline(points);
        }
        r.edges.append(route);
    }
}

} // namespace hpx::ui::detail
