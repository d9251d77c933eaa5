// `hpx compare`'s inputs: two bundle folders and a comparison profile, from one text archive (the fuzz_bundle format,
// docs/fuzzing.md) whose paths start with baseline/ or candidate/, plus an optional profile.json. Each input is
// compared twice: as it is, and with both bundles "resealed" (every declared artifact gets its real size and
// SHA-256) so mutations reach past the digests. Beyond "no crash":
//   - one verification: the comparison reads a bundle exactly when BundleReader::read does, and refuses it otherwise;
//   - a blocked comparison has no verdict; one that is not blocked compares no invalid or incomplete bundle;
//   - every layer pair points at real layers; the comparison's files can be written.
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundlereader.h"
#include "model/compare/comparison.h"
#include "model/compare/comparisonexport.h"
#include "model/compare/comparisonprofile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace hpx::fuzz {

namespace {

void compareOnce(const QString &root, const QByteArray &input)
{
    const QString base = QDir(root).filePath(QStringLiteral("baseline"));
    const QString cand = QDir(root).filePath(QStringLiteral("candidate"));
    std::optional<model::ComparisonProfile> profile;
    const QString profilePath = QDir(root).filePath(QStringLiteral("profile.json"));
    if (QFile::exists(profilePath)) {
        QString error;
        profile = model::ComparisonProfile::load(profilePath, &error);
        if (!profile && error.isEmpty())
            fail("ComparisonProfile::load: no profile and no error", input.left(300));
    }
    // What the one verification says about each side, read by the full reader first.
    const model::BundleReadResult baseRead = model::BundleReader::read(base);
    const model::BundleReadResult candRead = model::BundleReader::read(cand);
    const bool baseReads = baseRead.bundle.has_value();
    const bool candReads = candRead.bundle.has_value();
    model::ComparisonOptions options;
    options.profile = profile ? &*profile : nullptr;
    options.allowModelChange = input.size() % 2 == 1;
    QString error;
    const auto cmp = model::Comparator::compareDirectories(base, cand, options, &error);
    if (cmp.has_value() != (baseReads && candReads))
        fail("hpx compare judged a bundle the reader refuses, or refused one it reads",
            (QStringLiteral("baseline: ") + baseRead.error + QStringLiteral("\ncandidate: ") + candRead.error
                + QStringLiteral("\ncompare: ") + error)
                .toUtf8());
    if (!cmp) {
        if (error.isEmpty())
            fail("a refused comparison names no reason", input.left(300));
        return;
    }
    if (cmp->blocked()) {
        if (cmp->verdict)
            fail("a blocked comparison gave a verdict", input.left(300));
        if (cmp->blockingMessages().isEmpty())
            fail("a blocked comparison says nothing", input.left(300));
        return;
    }
    for (const model::Bundle *b : { &cmp->baseline, &cmp->candidate }) {
        if (b->validity == QLatin1String("invalid"))
            fail("an invalid bundle was compared", input.left(300));
        if (b->hasManifest && b->status != QLatin1String("complete"))
            fail("an incomplete bundle was compared", input.left(300));
    }
    for (const model::LayerPair &p : cmp->pairs) {
        if (p.baseline >= cmp->baseline.result.layers.size() || p.candidate >= cmp->candidate.result.layers.size()
            || (p.baseline < 0 && p.candidate < 0))
            fail("a layer pair points outside the layers", input.left(300));
    }
    QTemporaryDir out;
    if (out.isValid()) {
        const model::ComparisonWriteResult w = model::writeComparison(*cmp, out.path(), base, cand);
        if (!w.ok && w.error.isEmpty())
            fail("writeComparison failed without saying why", input.left(300));
    }
}

} // namespace

int compareOneInput(const uint8_t *data, size_t size)
{
    const QByteArray archive(reinterpret_cast<const char *>(data), qsizetype(size));
    const QVector<QPair<QString, QByteArray>> files = unpackBundleArchive(archive);
    if (files.isEmpty())
        return 0;
    QTemporaryDir tmp;
    if (!tmp.isValid())
        return 0;
    QDir().mkpath(tmp.filePath(QStringLiteral("baseline")));
    QDir().mkpath(tmp.filePath(QStringLiteral("candidate")));
    writeArchiveTree(tmp.path(), files);
    compareOnce(tmp.path(), archive);
    const bool resealed = resealBundle(tmp.filePath(QStringLiteral("baseline")));
    if (resealBundle(tmp.filePath(QStringLiteral("candidate"))) || resealed)
        compareOnce(tmp.path(), archive);
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::compareOneInput)
