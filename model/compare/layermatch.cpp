#include "model/compare/layermatch.h"

#include <QHash>

#include <algorithm>
#include <functional>

namespace hpx::model {

namespace {

// The op-sequence alignment keeps a table of (differing baseline layers) x (differing candidate layers);
// beyond this many cells the layers are not paired at all rather than paired badly.
constexpr qint64 kMaxAlignmentCells = 8 * 1024 * 1024;

bool identicalLists(const ProfileResult &b, const ProfileResult &c)
{
    if (b.layers.size() != c.layers.size())
        return false;
    for (int i = 0; i < b.layers.size(); ++i) {
        if (b.layers.at(i).op != c.layers.at(i).op)
            return false;
    }
    return true;
}

void count(LayerMatch &m)
{
    for (const LayerPair &p : std::as_const(m.pairs)) {
        m.matched += p.baseline >= 0 && p.candidate >= 0;
        m.baselineOnly += p.candidate < 0;
        m.candidateOnly += p.baseline < 0;
    }
}

// Every layer has a resolved (subgraph, operator index), unique within its run.
std::optional<QHash<qint64, int>> operatorKeys(const ProfileResult &r)
{
    QHash<qint64, int> keys;
    keys.reserve(r.layers.size());
    for (int i = 0; i < r.layers.size(); ++i) {
        const LayerResult &l = r.layers.at(i);
        if (l.subgraph < 0 || l.sourceIndex < 0)
            return std::nullopt;
        const qint64 key = (qint64(l.subgraph) << 32) | qint64(l.sourceIndex);
        if (keys.contains(key))
            return std::nullopt;
        keys.insert(key, i);
    }
    return keys;
}

QVector<LayerPair> byOperatorIndex(
    const ProfileResult &b, const ProfileResult &c, const QHash<qint64, int> &bk, const QHash<qint64, int> &ck)
{
    QVector<bool> baselineMatched(b.layers.size(), false);
    QVector<int> partner(c.layers.size(), -1);
    for (int j = 0; j < c.layers.size(); ++j) {
        const LayerResult &l = c.layers.at(j);
        const int i = bk.value((qint64(l.subgraph) << 32) | qint64(l.sourceIndex), -1);
        partner[j] = i;
        if (i >= 0)
            baselineMatched[i] = true;
    }
    Q_UNUSED(ck);
    // Candidate order; a baseline-only layer comes out just before the next pair that follows it.
    QVector<LayerPair> pairs;
    int cursor = 0;
    for (int j = 0; j < c.layers.size(); ++j) {
        if (partner[j] >= 0) {
            for (; cursor < partner[j]; ++cursor) {
                if (!baselineMatched[cursor])
                    pairs.append({ cursor, -1 });
            }
        }
        pairs.append({ partner[j], j });
    }
    for (; cursor < b.layers.size(); ++cursor) {
        if (!baselineMatched[cursor])
            pairs.append({ cursor, -1 });
    }
    return pairs;
}

// Longest common subsequence of the op types; common prefix and suffix first, so the table only spans the
// part that changed.
std::optional<QVector<LayerPair>> byOpSequence(const ProfileResult &b, const ProfileResult &c)
{
    const int nb = int(b.layers.size());
    const int nc = int(c.layers.size());
    const auto same = [&](int i, int j) { return b.layers.at(i).opType == c.layers.at(j).opType; };
    int prefix = 0;
    while (prefix < nb && prefix < nc && same(prefix, prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < nb - prefix && suffix < nc - prefix && same(nb - 1 - suffix, nc - 1 - suffix))
        ++suffix;
    const int rows = nb - prefix - suffix;
    const int cols = nc - prefix - suffix;
    if (qint64(rows + 1) * qint64(cols + 1) > kMaxAlignmentCells)
        return std::nullopt;
    QVector<LayerPair> pairs;
    pairs.reserve(std::max(nb, nc));
    for (int i = 0; i < prefix; ++i)
        pairs.append({ i, i });
    // lcs[i][j] = LCS length of baseline[prefix + i ..] and candidate[prefix + j ..] (middle part only);
    // lengths fit 16 bits because min(rows, cols) <= sqrt(kMaxAlignmentCells).
    const int width = cols + 1;
    std::vector<quint16> lcs(size_t(rows + 1) * size_t(width), 0);
    for (int i = rows - 1; i >= 0; --i) {
        for (int j = cols - 1; j >= 0; --j) {
            quint16 &cell = lcs[size_t(i) * width + j];
            if (same(prefix + i, prefix + j))
                cell = quint16(lcs[size_t(i + 1) * width + j + 1] + 1);
            else
                cell = std::max(lcs[size_t(i + 1) * width + j], lcs[size_t(i) * width + j + 1]);
        }
    }
    int i = 0, j = 0;
    while (i < rows || j < cols) {
        if (i < rows && j < cols && same(prefix + i, prefix + j)) {
            pairs.append({ prefix + i, prefix + j });
            ++i;
            ++j;
        } else if (j >= cols || (i < rows && lcs[size_t(i + 1) * width + j] >= lcs[size_t(i) * width + j + 1])) {
            pairs.append({ prefix + i, -1 });
            ++i;
        } else {
            pairs.append({ -1, prefix + j });
            ++j;
        }
    }
    for (int k = 0; k < suffix; ++k)
        pairs.append({ nb - suffix + k, nc - suffix + k });
    return pairs;
}

} // namespace

QString layerMatchRuleName(LayerMatchRule rule)
{
    switch (rule) {
    case LayerMatchRule::None:
        return QStringLiteral("none");
    case LayerMatchRule::Position:
        return QStringLiteral("position");
    case LayerMatchRule::OperatorIndex:
        return QStringLiteral("operator_index");
    case LayerMatchRule::OpSequence:
        return QStringLiteral("op_sequence");
    }
    return {};
}

LayerMatch matchLayers(const ProfileResult &baseline, const ProfileResult &candidate, ModelRelation relation)
{
    LayerMatch m;
    m.identicalLists = identicalLists(baseline, candidate);
    if (m.identicalLists && relation != ModelRelation::Different) {
        m.rule = LayerMatchRule::Position;
        m.pairs.reserve(baseline.layers.size());
        for (int i = 0; i < baseline.layers.size(); ++i)
            m.pairs.append({ i, i });
        count(m);
        return m;
    }
    if (relation == ModelRelation::Same) {
        const auto bk = operatorKeys(baseline);
        const auto ck = bk ? operatorKeys(candidate) : std::nullopt;
        if (bk && ck) {
            m.rule = LayerMatchRule::OperatorIndex;
            m.pairs = byOperatorIndex(baseline, candidate, *bk, *ck);
            count(m);
            return m;
        }
    }
    if (auto pairs = byOpSequence(baseline, candidate)) {
        m.rule = LayerMatchRule::OpSequence;
        m.pairs = std::move(*pairs);
        count(m);
        return m;
    }
    m.reason = QStringLiteral("too many differing layers to align by op sequence");
    return m;
}

} // namespace hpx::model
