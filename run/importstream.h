#pragma once

#include "device/capture/capturesession.h"
#include "device/capture/captureverdict.h"
#include "model/board/engine.h"
#include "model/config/config.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/modelinfo.h"
#include "run/runrequest.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace hpx::run {

// A saved raw stream (`hpx import`) made ready for the one merge-and-write path, ProfileJob::finishCapture(): what
// the front end shows before the bundle is written, and the capture and request it then hands on.
struct StreamImport {
    device::CaptureResult captured; // Complete, with the stream's bytes and its capture (folded, see below)
    std::optional<device::CaptureFailure> failure; // the stream cannot make a run (no data, no START, board error...)
    model::Engine engine = model::Engine::HeliaRt; // the engine the run is merged for
    QString streamEngine; // HPX_ENGINE as the stream sent it; empty when it sent none
    bool engineOverridden = false; // the stream names another engine than the one chosen (a flag or the file wins)
    // Without a board chosen (--board, target.board): what the stream showed about its board and what was recorded.
    // Empty when a board was chosen or the default fits the stream. `boardAssumed`: the facts fit several SoCs and the
    // recorded board is the first of them (the core is what the stream can tell, the board is not).
    QString boardNote; // translated, for the front end
    bool boardAssumed = false;
    RunRequest request; // importRequest() for the resolved configuration (engine.type as decided)
    bool cancelled = false; // ImportReading::cancelled stopped the parse: the rest is not to be used

    // importStream()'s words (the board note).
    Q_DECLARE_TR_FUNCTIONS(hpx::run::StreamImport)
};

// How the stream is read (hpx import, docs/cli.md "Bounded reads").
struct ImportReading {
    // `stream` is a read-only mapping of streamPath: pages read (parsed and hashed) are given back as it goes, so the
    // process holds a window of the file, not the file. Never set for bytes in ordinary memory.
    bool mapped = false;
    // Asked after every window read; true stops the parse there (StreamImport::cancelled).
    std::function<bool()> cancelled;
};

// Parses `stream` as `config` says (target.transport's glitch rule; each pass folded with profiling.aggregation as it
// is read, docs/merging.md "Streaming") and decides the engine: engine.type when a flag or the file set it, else the
// stream's HPX_ENGINE (recorded as engine.type from HPX_ENGINE), else engine.type's default. The board likewise:
// target.board when a flag or the file set it, else the default when the stream's facts fit it, else the board the
// facts imply (model::socs::fitting()), marked assumed when they fit several SoCs. `stream` may be a view of
// a mapped file: it must outlive the returned value's use. `streamPath`: the file `stream` holds the start of, if any
// (the bundle's copy of the stream is then made from it by the kernel); empty for bytes from elsewhere.
StreamImport importStream(const QByteArray &stream, const QString &streamPath, const model::Config &config,
    std::shared_ptr<const model::ModelInfo> model, std::shared_ptr<const model::AotManifest> aotManifest,
    const ImportReading &reading = {});

} // namespace hpx::run
