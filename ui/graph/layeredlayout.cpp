#include "ui/graph/layeredlayout.h"

#include "ui/graph/graphlayoutwrap.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMutex>

#include <algorithm>
#include <cmath>
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

Q_LOGGING_CATEGORY(lcLayout, "hpx.ui.layout")

namespace hpx::ui {

namespace {

QRectF nodeRect(const LayoutInput &in, const QVector<QPointF> &centers, int i)
{
    const QSizeF s = in.nodeSizes.at(i);
    return QRectF(centers.at(i).x() - s.width() / 2, centers.at(i).y() - s.height() / 2, s.width(), s.height());
}

void computeBounds(const LayoutInput &in, LayoutResult &r)
{
    QRectF b;
    for (int i = 0; i < r.centers.size(); ++i)
        b = b.united(nodeRect(in, r.centers, i));
    for (const EdgeRoute &e : r.edges) {
        for (const QPointF &p : e.bezier)
            b = b.united(QRectF(p, QSizeF(0.01, 0.01)));
    }
    r.bounds = b;
}

// Graphviz keeps global state (its error handling, the GVC plugin registry): one layout at a time.
QMutex &graphvizMutex()
{
    static QMutex mutex;
    return mutex;
}

QByteArray inches(double points)
{
    return QByteArray::number(points / 72.0, 'f', 4);
}

bool graphvizLayout(const LayoutInput &in, const LayoutOptions &opt, LayoutResult &out, QString *error)
{
    QMutexLocker lock(&graphvizMutex());
    static GVC_t *gvc = nullptr;
    if (!gvc) {
        agseterr(AGERR); // warnings would only go to stderr
        gvc = gvContext();
    }
    if (!gvc) {
        *error = LayoutResult::tr("Graphviz could not be initialised.");
        return false;
    }
    char graphName[] = "g";
    Agraph_t *g = agopen(graphName, Agdirected, nullptr);
    auto gattr = [g](const char *name, const QByteArray &value) {
        agattr(g, AGRAPH, const_cast<char *>(name), const_cast<char *>(value.constData()));
    };
    gattr("rankdir", opt.direction == LayoutOptions::Direction::LeftToRight ? "LR" : "TB");
    gattr("nodesep", inches(opt.nodeSeparation));
    gattr("ranksep", inches(opt.rankSeparation));
    gattr("splines", "spline");
    // Graphviz 2.42's classic ranking spends ~2/3 of a 1,000-node layout in network simplex;
    // newrank ranks the whole graph in one pass and halves the layout time (bench_uiviews).
    gattr("newrank", "true");
    // Keep dot's crossing minimisation bounded on mid-sized graphs.
    gattr("mclimit", in.nodeSizes.size() > 500 ? "0.5" : "1");
    Agsym_t *width = agattr(g, AGNODE, const_cast<char *>("width"), const_cast<char *>("1"));
    Agsym_t *height = agattr(g, AGNODE, const_cast<char *>("height"), const_cast<char *>("0.5"));
    agattr(g, AGNODE, const_cast<char *>("shape"), const_cast<char *>("box"));
    agattr(g, AGNODE, const_cast<char *>("fixedsize"), const_cast<char *>("true"));
    agattr(g, AGNODE, const_cast<char *>("label"), const_cast<char *>("")); // no font work in dot
    agattr(g, AGEDGE, const_cast<char *>("arrowsize"), const_cast<char *>("0.6"));

    QVector<Agnode_t *> nodes(in.nodeSizes.size());
    for (int i = 0; i < nodes.size(); ++i) {
        QByteArray name = QByteArray::number(i);
        nodes[i] = agnode(g, name.data(), 1);
        agxset(nodes[i], width, inches(in.nodeSizes.at(i).width()).data());
        agxset(nodes[i], height, inches(in.nodeSizes.at(i).height()).data());
    }
    QVector<Agedge_t *> edges(in.edges.size());
    for (int i = 0; i < in.edges.size(); ++i)
        edges[i] = agedge(g, nodes.at(in.edges[i].first), nodes.at(in.edges[i].second), nullptr, 1);

    if (gvLayout(gvc, g, "dot") != 0) {
        agclose(g);
        *error = LayoutResult::tr("Graphviz dot layout failed.");
        return false;
    }
    const boxf bb = GD_bb(g);
    auto flip = [&bb](pointf p) { return QPointF(p.x, bb.UR.y - p.y); };
    out.centers.resize(nodes.size());
    for (int i = 0; i < nodes.size(); ++i)
        out.centers[i] = flip(ND_coord(nodes.at(i)));
    out.edges.reserve(edges.size());
    for (int i = 0; i < edges.size(); ++i) {
        EdgeRoute route;
        route.from = in.edges[i].first;
        route.to = in.edges[i].second;
        const splines *spl = ED_spl(edges.at(i));
        if (spl && spl->size > 0) {
            const bezier &bz = spl->list[0];
            for (int k = 0; k < bz.size; ++k)
                route.bezier.append(flip(bz.list[k]));
            route.arrowTip = bz.eflag ? flip(bz.ep) : route.bezier.value(route.bezier.size() - 1);
        }
        if (route.bezier.size() < 4) { // straight fallback: should not happen with splines=spline
            const QPointF a = out.centers.at(route.from), b = out.centers.at(route.to);
            route.bezier = { a, a, b, b };
            route.arrowTip = b;
        }
        out.edges.append(route);
    }
    gvFreeLayout(gvc, g);
    agclose(g);
    out.method = LayoutResult::Method::Graphviz;
    return true;
}

// Places the nodes top to bottom; edges are routed afterwards (detail::routeEdges).
void fastPlace(const LayoutInput &in, const LayoutOptions &opt, LayoutResult &out)
{
    const int n = in.nodeSizes.size();
    // Compressed adjacency.
    QVector<int> outStart(n + 1, 0), inStart(n + 1, 0);
    for (const auto &e : in.edges) {
        ++outStart[e.first + 1];
        ++inStart[e.second + 1];
    }
    std::partial_sum(outStart.begin(), outStart.end(), outStart.begin());
    std::partial_sum(inStart.begin(), inStart.end(), inStart.begin());
    QVector<int> succ(in.edges.size()), pred(in.edges.size());
    {
        QVector<int> o = outStart, i = inStart;
        for (const auto &e : in.edges) {
            succ[o[e.first]++] = e.second;
            pred[i[e.second]++] = e.first;
        }
    }

    // Topological order (Kahn, ties by index); a cycle is broken at its lowest unvisited node.
    QVector<int> indeg(n), topoPos(n, -1), order;
    order.reserve(n);
    for (int v = 0; v < n; ++v)
        indeg[v] = inStart[v + 1] - inStart[v];
    QVector<int> queue;
    queue.reserve(n);
    int head = 0, scan = 0;
    for (int v = 0; v < n; ++v)
        if (indeg[v] == 0)
            queue.append(v);
    while (int(order.size()) < n) {
        if (head == queue.size()) {
            while (topoPos[scan] >= 0 || queue.contains(scan))
                ++scan;
            queue.append(scan);
        }
        const int v = queue[head++];
        if (topoPos[v] >= 0)
            continue;
        topoPos[v] = order.size();
        order.append(v);
        for (int k = outStart[v]; k < outStart[v + 1]; ++k)
            if (--indeg[succ[k]] == 0)
                queue.append(succ[k]);
    }

    // Longest-path layering: a consumer sits at least one layer below each of its producers.
    QVector<int> layer(n, 0);
    int layerCount = n ? 1 : 0;
    for (int v : order) {
        for (int k = inStart[v]; k < inStart[v + 1]; ++k) {
            const int u = pred[k];
            if (topoPos[u] < topoPos[v])
                layer[v] = std::max(layer[v], layer[u] + 1);
        }
        layerCount = std::max(layerCount, layer[v] + 1);
    }
    QVector<QVector<int>> rows(layerCount);
    for (int v : order)
        rows[layer[v]].append(v);

    // Barycentric ordering sweeps (down by producers, up by consumers).
    QVector<double> pos(n), bary(n);
    auto renumber = [&](const QVector<int> &row) {
        for (int i = 0; i < row.size(); ++i)
            pos[row[i]] = i - (row.size() - 1) / 2.0; // centre rows so wide and narrow rows align
    };
    for (const auto &row : rows)
        renumber(row);
    auto sweep = [&](int l, bool down) {
        auto &row = rows[l];
        if (row.size() < 2)
            return;
        for (int v : row) {
            double sum = 0;
            int count = 0;
            const int b = down ? inStart[v] : outStart[v], e = down ? inStart[v + 1] : outStart[v + 1];
            for (int k = b; k < e; ++k) {
                sum += pos[down ? pred[k] : succ[k]];
                ++count;
            }
            bary[v] = count ? sum / count : pos[v];
        }
        std::stable_sort(row.begin(), row.end(), [&](int a, int b) { return bary[a] < bary[b]; });
        renumber(row);
    };
    for (int pass = 0; pass < 4; ++pass) {
        for (int l = 1; l < layerCount; ++l)
            sweep(l, true);
        for (int l = layerCount - 2; l >= 0; --l)
            sweep(l, false);
    }

    // Coordinates: each node wants the mean x of its producers; two push passes keep the order
    // and the gaps, and their average is centred.
    out.centers.resize(n);
    const double gap = opt.nodeSeparation;
    double y = 0;
    QVector<double> x(n, 0);
    std::vector<double> desired, a, b;
    for (int l = 0; l < layerCount; ++l) {
        const auto &row = rows[l];
        const int m = row.size();
        desired.assign(m, std::numeric_limits<double>::quiet_NaN());
        double rowHeight = 0;
        for (int i = 0; i < m; ++i) {
            const int v = row[i];
            rowHeight = std::max(rowHeight, in.nodeSizes[v].height());
            double sum = 0;
            int count = 0;
            for (int k = inStart[v]; k < inStart[v + 1]; ++k) {
                if (layer[pred[k]] < l) {
                    sum += x[pred[k]];
                    ++count;
                }
            }
            if (count)
                desired[i] = sum / count;
        }
        a.assign(m, 0);
        b.assign(m, 0);
        for (int i = 0; i < m; ++i) {
            const double w = in.nodeSizes[row[i]].width();
            const double minX = i ? a[i - 1] + in.nodeSizes[row[i - 1]].width() / 2 + gap + w / 2
                                  : -std::numeric_limits<double>::infinity();
            const double want = std::isnan(desired[i]) ? (i ? minX : 0.0) : desired[i];
            a[i] = std::max(want, minX);
        }
        for (int i = m - 1; i >= 0; --i) {
            const double w = in.nodeSizes[row[i]].width();
            const double maxX = i < m - 1 ? b[i + 1] - in.nodeSizes[row[i + 1]].width() / 2 - gap - w / 2
                                          : std::numeric_limits<double>::infinity();
            const double want = std::isnan(desired[i]) ? (i < m - 1 ? maxX : 0.0) : desired[i];
            b[i] = std::min(want, maxX);
        }
        for (int i = 0; i < m; ++i) {
            x[row[i]] = (a[i] + b[i]) / 2;
            out.centers[row[i]] = QPointF(x[row[i]], y + rowHeight / 2);
        }
        y += rowHeight + opt.rankSeparation;
    }

    out.layers = layer;
    out.method = LayoutResult::Method::Fast;
}

} // namespace

LayoutResult detail::flatLayout(const LayoutInput &input, const LayoutOptions &options)
{
    LayoutResult result;
    const int n = input.nodeSizes.size();
    if (n == 0)
        return result;
    for (const auto &e : input.edges) {
        if (e.first < 0 || e.first >= n || e.second < 0 || e.second >= n) {
            result.warning = LayoutResult::tr("Edge %1 -> %2 is out of range.").arg(e.first).arg(e.second);
            return result;
        }
    }
    const bool leftToRight = options.direction == LayoutOptions::Direction::LeftToRight;
    // The fast layout works top to bottom; left to right is the same layout transposed.
    auto fast = [&] {
        LayoutResult r;
        const LayoutInput frame = leftToRight ? detail::transposed(input) : input;
        fastPlace(frame, options, r);
        return std::make_pair(frame, r);
    };
    std::optional<std::pair<LayoutInput, LayoutResult>> placed;
    int bands = 1;
    if (options.targetAspect > 0 && options.method != LayoutOptions::Method::Graphviz) {
        placed = fast();
        bands = detail::bandCount(placed->first, placed->second, options);
    }
    bool useGraphviz = options.method == LayoutOptions::Method::Graphviz
        || (options.method == LayoutOptions::Method::Auto && n <= options.graphvizNodeLimit && bands < 2);
    if (useGraphviz) {
        QString error;
        if (!graphvizLayout(input, options, result, &error)) {
            qCWarning(lcLayout) << error;
            result = {};
            result.warning = error;
            useGraphviz = false;
        }
    }
    if (!useGraphviz) {
        const QString warning = result.warning;
        if (!placed)
            placed = fast();
        result = placed->second;
        result.warning = warning;
        detail::wrapAndRoute(placed->first, options, bands, result);
        if (leftToRight)
            detail::transpose(result);
    }
    result.direction = options.direction;
    computeBounds(input, result);
    return result;
}

} // namespace hpx::ui
