#pragma once

#include "model/json/jsonvalue.h"

#include <QObject>
#include <QProcess>
#include <QString>

namespace hpx::run {

// The virtual board (docs/virtual-board.md): TensorFlow Lite Micro running a model on QEMU's mps3-an547 (Cortex-M55
// with MVE), with the reference or the CMSIS-NN kernels, behind a TCP port. It runs scripts/qemu-board.sh, which
// builds what is missing (each kernel set's TFLM library once, then the model's firmware), starts QEMU on a free
// port and prints the address. Both front ends use it: `hpx profile --port qemu` and the window's Board dock.
class VirtualBoard : public QObject {
    Q_OBJECT

public:
    explicit VirtualBoard(QObject *parent = nullptr);
    ~VirtualBoard() override; // stops QEMU

    static QStringList kernelSets(); // "cmsis-nn" (the default), "reference"
    static QString defaultKernels();
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
    static model::JsonValue emulatorJson(const QString &kernels);

    // Builds if needed and starts the board for `model` (hpxBinary: the hpx that reads the model's operators); progress
    // lines come as progress(), then started(url) or failed(message) (translated; the script's own message names the
    // missing package or setting).
    void start(const QString &model, const QString &kernels, const QString &hpxBinary);
    void stop();
    bool isRunning() const;
    QString url() const { return m_url; }

Q_SIGNALS:
    void progress(const QString &line);
    void started(const QString &url);
    void failed(const QString &message);

private:
    void readOutput();
    void readErrors();
    void finished(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    QString m_url;
    QString m_lastError;
    QByteArray m_errors; // stderr not yet split into lines
    bool m_stopping = false;
};

} // namespace hpx::run
