#include "graphlayoutwrap.h"

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
    if ((leftToRight ? height / width : width / height) > aspect / 3)
        return 1;
    const double pitch = width + options.bandGap;
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
    return int(std::clamp(k, 1.0, std::max(1.0, std::floor(layerCount / 3.0))));
}

void wrapAndRoute(const LayoutInput &in, const LayoutOptions &options, int bands, LayoutResult &r)
{
    const int n = r.centers.size();
    const int layerCount = layerCountOf(r);
    const double gap = options.bandGap;
    QVector<Extent> ext = layerExtents(in, r, layerCount);
    QVector<int> bandOf(layerCount, 0);
    QVector<int> firstLayer { 0 };

    if (bands >= 2 && layerCount > 1) {
        // Edges crossing the boundary below each layer: cut where the fewest run, near the target.
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
        const double target = (ext.last().bottom - ext.first().top) / bands;
        int start = 0;
        for (int l = 0; l + 1 < layerCount && firstLayer.size() < bands; ++l) {
            if (ext[l].bottom - ext[start].top < target)
                continue;
            int best = l;
            for (int c = std::max(start + 1, l - 2); c <= std::min(layerCount - 2, l + 2); ++c) {
                if (crossing[c] < crossing[best]
                    || (crossing[c] == crossing[best] && std::abs(c - l) < std::abs(best - l)))
                    best = c;
            }
            start = best + 1;
            firstLayer.append(start);
            l = best;
        }
    }
    const int bandTotal = firstLayer.size();
    firstLayer.append(layerCount);
    QVector<Extent> band(bandTotal);
    double cursor = 0;
    QVector<QPointF> shift(bandTotal);
    for (int b = 0; b < bandTotal; ++b) {
        Extent e;
        for (int l = firstLayer[b]; l < firstLayer[b + 1]; ++l) {
            bandOf[l] = b;
            e.left = std::min(e.left, ext[l].left);
            e.right = std::max(e.right, ext[l].right);
        }
        shift[b] = bandTotal > 1 ? QPointF(cursor - e.left, -ext[firstLayer[b]].top) : QPointF();
        cursor += e.right - e.left + gap;
        band[b] = { ext[firstLayer[b]].top + shift[b].y(), ext[firstLayer[b + 1] - 1].bottom + shift[b].y(),
            e.left + shift[b].x(), e.right + shift[b].x() };
    }
    if (bandTotal > 1) {
        for (int v = 0; v < n; ++v)
            r.centers[v] += shift[bandOf[r.layers[v]]];
        for (int l = 0; l < layerCount; ++l) {
            const QPointF s = shift[bandOf[l]];
            ext[l] = { ext[l].top + s.y(), ext[l].bottom + s.y(), ext[l].left + s.x(), ext[l].right + s.x() };
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
                // Beside the nodes it jumps over: right of everything between the two ends.
                const double minX = std::min(p0.x(), p3.x());
                double laneX = std::max(p0.x(), p3.x());
                for (int pass = 0; pass < 3; ++pass) {
                    for (int l = lu + 1; l < lv; ++l) {
                        for (int w : rows[l]) {
                            const QRectF rw = rectOf(in, r, w);
                            if (rw.left() < laneX + 6 && rw.right() > minX - 6)
                                laneX = std::max(laneX, rw.right());
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
