#pragma once

#include "device/thread/jobtracker.h"
#include "model/board/kernelset.h"
#include "model/json/jsonvalue.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace hpx::run {

// Where preparing the virtual board is: a line of scripts/qemu-board.sh as it came, what it means in words and, for
// the TFLM library's build, how far it is and how long it should still take. A plain value.
struct BoardProgress {
    enum class Step { Checking, Building, Linking, Starting };
    Step step = Step::Checking;
    QString line; // the script's line, without its "qemu-board: " prefix
    QString text; // translated: "Building TFLM with CMSIS-NN kernels (once): 45 %"
    int percent = -1; // Building: the build's own percentage (make's, by objects compiled); else -1
    qint64 elapsedMs = 0; // since the preparation began
    qint64 remainingMs = -1; // Building: from the rate measured so far (an estimate); -1 before there is one
};

// Reads the script's progress lines into BoardProgress, measuring the build's rate as the percentages come.
class BoardProgressReader {
public:
    explicit BoardProgressReader(model::KernelSet kernels);
    BoardProgress read(const QString &line); // a stderr line of the script, "qemu-board: " prefix or not
    BoardProgress read(const QString &line, qint64 elapsedMs); // ... that came `elapsedMs` after the first

    Q_DECLARE_TR_FUNCTIONS(hpx::run::BoardProgressReader)

private:
    model::KernelSet m_kernels;
    QElapsedTimer m_clock;
    BoardProgress m_last;
    // The build's percentages of the last minute, with when they came: the rate is measured over them, so a build
    // whose first part comes from the compiler cache (a build cancelled earlier) soon shows the rate of the rest.
    QVector<QPair<qint64, int>> m_samples;
};

// The virtual board (docs/virtual-board.md): TensorFlow Lite Micro running a model on QEMU's mps3-an547 (Cortex-M55
// with MVE), with a kernel set's TFLM library, behind a TCP port. It runs scripts/qemu-board.sh, which builds what is
// missing (each kernel set's TFLM library once, then the model's firmware), starts QEMU on a free port and prints the
// address. Only run::ProfileJob uses it: a run whose link is LinkSpec::Kind::Virtual ("qemu").
//
// Every process of it (the script, cmake, make, the compilers, QEMU) runs in a process group of its own that
// stop() and cancel end entirely, and the script dies with the thread that started it (PR_SET_PDEATHSIG), its trap
// then ending the group: nothing outlives hpx or the window, not even a kill -9 of them.
class VirtualBoard : public QObject {
    Q_OBJECT

public:
    explicit VirtualBoard(QObject *parent = nullptr);
    ~VirtualBoard() override; // stops QEMU

    static QString boardName(); // the board profile of its runs: "qemu_an547"
    static QString portName(); // what `--port` takes for it: "qemu"
    // The script that runs it: $HPX_QEMU_BOARD_SCRIPT, else an installed kit's, else the source tree's
    // scripts/qemu-board.sh. Empty with *error set when there is none.
    static QString script(QString *error);
    // The installed hpx Studio's virtual-board kit (<prefix>/lib/hpx-studio/virtual-board: prebuilt kernel sets,
    // headers, the script), or empty when these programs run from a build tree.
    static QString installedKit();
    // "QEMU emulator version 7.2.x" (first line of qemu-system-arm --version), empty when QEMU is not installed.
    static QString qemuVersion();
    // run_metadata.json's hpx_studio.emulator for a run on it: name, version, machine, kernels, what cycles are.
    static model::JsonValue emulatorJson(model::KernelSet kernels);

    // What build() ended with.
    struct Build {
        bool ok = false;
        bool cancelled = false; // the token was cancelled: every process of the build was ended
        QString error; // translated; empty when ok or cancelled
    };
    // Builds what the board for `model` needs and is missing (the kernel set's TFLM library, the model's firmware),
    // blocking, on any thread: `progress` is called there for every line. Ends the build's process group as soon as
    // `token` is cancelled; the script then removes the unfinished library's folder and its lock is free.
    // `arguments`: the script's options for this firmware: `--input FILE` (every input tensor's bytes in input order,
    // linked into the firmware; none: the board's fixed input) and the placement (placementArguments(); none: the
    // script places the arena and the weights itself, the fastest memory that fits first).
    static Build build(const QString &model, model::KernelSet kernels, const QString &hpxBinary,
        const device::CancelToken &token, const std::function<void(const BoardProgress &)> &progress,
        const QStringList &arguments = {});
    // The script's arguments for the locations model.arena_location / model.weights_location pin (none: automatic).
    static QStringList placementArguments(const std::optional<QString> &arenaLocation,
        const std::optional<QString> &weightsLocation, std::optional<qint64> arenaSize = std::nullopt);

    // Starts the board for `model` (built by build(), so this takes a second); progress lines come as progress(),
    // then started(url) or failed(message) (translated; the script's own message names the missing package or
    // setting). Call from a thread that lives as long as the board (the board dies with it).
    void start(const QString &model, model::KernelSet kernels, const QString &hpxBinary,
        const QStringList &arguments = {}); // `arguments` as build()'s
    void stop(); // ends the board's process group and waits for it
    bool isRunning() const;
    QString url() const { return m_url; }

Q_SIGNALS:
    void progress(const hpx::run::BoardProgress &progress);
    void started(const QString &url);
    void failed(const QString &message);

private:
    void readOutput();
    void readErrors();
    void finished(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    std::optional<BoardProgressReader> m_reader;
    QString m_url;
    QString m_lastError;
    QByteArray m_errors; // stderr not yet split into lines
    bool m_stopping = false;
};

} // namespace hpx::run

Q_DECLARE_METATYPE(hpx::run::BoardProgress)
