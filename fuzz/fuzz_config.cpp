// The hpx.yml reader on arbitrary text: never a crash; false exactly when an error was reported, and a rejected file
// leaves the configuration as it was (docs/config.md).
#include "fuzz/fuzzsupport.h"
#include "model/config/config.h"
#include "model/config/configdocuments.h"

namespace hpx::fuzz {

int configOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    const bool ok = config.loadYaml(text, QStringLiteral("fuzz.yml"), &diagnostics);
    bool sawError = false;
    for (const model::ConfigDiagnostic &d : diagnostics) {
        (void)d.toString();
        sawError = sawError || d.severity == model::ConfigDiagnostic::Severity::Error;
    }
    if (ok == sawError)
        fail("loadYaml: false exactly when an error diagnostic was given", text.left(200));
    if (!ok && model::configSnapshotJson(config) != model::configSnapshotJson(model::Config()))
        fail("loadYaml: a failed load changed the configuration", text.left(200));
    (void)config.entries();
    (void)config.pmuCounters();
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::configOneInput)
