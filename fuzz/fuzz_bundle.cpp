// The bundle reader on arbitrary folders. A bundle is a directory, so an input is a small text archive of its files
// (docs/fuzzing.md):
//
//   ==> result_manifest.json <==
//   {...the file's bytes...}
//   ==> model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json <==
//   ...
//
// A header line is "==> PATH <==" at the start of a line; a file's bytes end before the newline that precedes the
// next header (scripts/fuzz.sh packs folders this way). Paths are kept inside the folder. Each input is read twice:
// as it is, and "resealed" (every artifact the manifest declares gets its real size and SHA-256), so mutations also
// reach the readers behind the digest check.
// The archive format itself is in fuzz/bundlearchive.cpp (fuzz_compare takes it too).
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundlereader.h"

#include <QTemporaryDir>

namespace hpx::fuzz {

namespace {

void readOnce(const QString &root, const QByteArray &input)
{
    const model::BundleReadResult r = model::BundleReader::read(root);
    if (r.bundle.has_value() == !r.error.isEmpty())
        fail("BundleReader::read: exactly one of bundle and error must be set", input.left(300));
    if (r.bundle && r.bundle->hasManifest && !r.bundle->verified && r.bundle->validity == QLatin1String("valid"))
        fail("a bundle whose manifest does not verify was called valid", input.left(300));
}

} // namespace

int bundleOneInput(const uint8_t *data, size_t size)
{
    const QByteArray archive(reinterpret_cast<const char *>(data), qsizetype(size));
    const QVector<QPair<QString, QByteArray>> files = unpackBundleArchive(archive);
    if (files.isEmpty())
        return 0;
    QTemporaryDir tmp;
    if (!tmp.isValid())
        return 0;
    writeArchiveTree(tmp.path(), files);
    readOnce(tmp.path(), archive);
    if (resealBundle(tmp.path()))
        readOnce(tmp.path(), archive);
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::bundleOneInput)
