#pragma once

// Shared by `hpx import` and `hpx profile`: loading a run's inputs and reporting how it ended. The run itself
// (request, capture, merge, bundle) is the run service's (run/).

#include "model/results/capture.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/modelinfo.h"
#include "run/profilejob.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace hpx::cli {

// The messages of loading a run's inputs and reporting its end are this class's own.
class RunOutput {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::RunOutput)
public:
    // Loads a model; prints the loader's one-line message on failure. An empty path: null model, true.
    static bool loadModelFor(const QString &path, std::shared_ptr<const hpx::model::ModelInfo> *model);
    // Loads an aot_operator_manifest.json; prints the message on failure. An empty path: null, true.
    static bool loadAotManifest(const QString &path, std::shared_ptr<const hpx::model::AotManifest> *manifest);

    // Prints the capture's problems (parse errors, warnings) to stderr, at most `limit` of them.
    static void printCaptureProblems(const hpx::model::Capture &capture, int limit = 10);

    // Prints a finished run's notes, issues and outcome on stderr ("hpx <command>: error: ..." on failure) and the
    // bundle directory on stdout. Returns the exit code (docs/cli.md): ExitInvalid when the bundle written is
    // `invalid`.
    static int reportOutcome(const QString &command, const hpx::run::ProfileOutcome &outcome);
};

} // namespace hpx::cli
