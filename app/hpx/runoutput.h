#pragma once

// Shared by `hpx import` and `hpx profile`: from a parsed capture to a bundle on disk.

#include "model/aotmanifest.h"
#include "model/capture.h"
#include "model/config.h"
#include "model/jsonvalue.h"
#include "model/modelinfo.h"
#include "model/profileresult.h"
#include "model/runcontext.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>

namespace hpx::cli {

struct RunInputs {
    hpx::model::Config config;
    std::shared_ptr<const hpx::model::ModelInfo> model; // null: no MACs, overlays assume graph "main"
    std::optional<hpx::model::AotManifest> aotManifest; // helia-aot only
    hpx::model::Engine engine = hpx::model::Engine::HeliaRt;
    QString transport; // rtt | usb_cdc | uart | swo | sim
    QByteArray rawCapture; // the stream as received / read from a file
    QString rawCapturePath; // or a file holding it
    hpx::model::RunTiming timing;
};

// RunContext::fromConfig (fresh run id and time, config snapshot, platform, output options) plus the
// rest of these inputs: model, transport, timing, raw capture and AOT manifest.
hpx::model::RunContext runContextFor(const RunInputs &inputs);

// Loads a model; prints the loader's one-line message on failure. An empty path: null model, true.
bool loadModelFor(const QString &path, std::shared_ptr<const hpx::model::ModelInfo> *model);
// Loads an aot_operator_manifest.json; prints the message on failure. An empty path: nullopt, true.
bool loadAotManifest(const QString &path, std::optional<hpx::model::AotManifest> *manifest);

// Prints the capture's problems (parse errors, warnings) to stderr, at most `limit` of them.
void printCaptureProblems(const hpx::model::Capture &capture, int limit = 10);

// Merges the capture, writes the bundle to config.outputDir(), prints notes on stderr and the bundle
// directory on stdout. Returns the exit code (docs/cli.md).
int mergeAndWriteBundle(const hpx::model::Capture &capture, const RunInputs &inputs);

} // namespace hpx::cli
