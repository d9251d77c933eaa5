#pragma once

// Shared by the fuzz targets (docs/fuzzing.md). Each target's body is a plain function so that the same code runs
// under libFuzzer (fuzz build, clang) and in the replay test of tests/fuzz (any compiler).

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QVector>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace hpx::fuzz {

int tfliteOneInput(const uint8_t *data, size_t size);
int wireParserOneInput(const uint8_t *data, size_t size);
int configOneInput(const uint8_t *data, size_t size);
int bundleOneInput(const uint8_t *data, size_t size);
int schemaOneInput(const uint8_t *data, size_t size);
int compareOneInput(const uint8_t *data, size_t size);
int importOneInput(const uint8_t *data, size_t size);
int npyOneInput(const uint8_t *data, size_t size);

// fuzz_bundle's input format, a text archive of a folder (docs/fuzzing.md): relative path and bytes per file. Paths
// outside [A-Za-z0-9_.-], deeper than three levels or leaving the folder are skipped; at most 64 files.
QVector<QPair<QString, QByteArray>> unpackBundleArchive(const QByteArray &archive);
// Writes unpacked files under root (a name a folder already holds, or under a file, is skipped).
void writeArchiveTree(const QString &root, const QVector<QPair<QString, QByteArray>> &files);
// Gives every declared artifact of root/result_manifest.json that exists its real size and SHA-256; false when there
// is no manifest to reseal.
bool resealBundle(const QString &root);

// An invariant the code under test promises; a violation is a finding, so it aborts like a sanitizer report would.
[[noreturn]] inline void fail(const char *what, const QByteArray &detail = {})
{
    std::fprintf(stderr, "hpx fuzz: invariant violated: %s\n%s\n", what, detail.constData());
    std::abort();
}

} // namespace hpx::fuzz

// Expands to libFuzzer's entry point in the fuzz build only (HPX_FUZZ_ENTRY is defined there).
#ifdef HPX_FUZZ_ENTRY
#define HPX_FUZZ_TARGET(function)                                                                                      \
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                            \
    {                                                                                                                  \
        return function(data, size);                                                                                   \
    }
#else
#define HPX_FUZZ_TARGET(function)
#endif
