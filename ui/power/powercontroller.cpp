// File → Add Power Recording… (docs/power.md, docs/studio.md).
#include "ui/power/powercontroller.h"

#include "device/thread/jobtracker.h"
#include "model/json/jsonparser.h"
#include "model/power/powerbundle.h"
#include "model/power/powersummary.h"
#include "ui/common/viewstate.h"
#include "ui/power/powerrecordingdialog.h"
#include "ui/power/powerview.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>

namespace hpx::ui {

using namespace hpx::model;
using namespace hpx::model::power;

namespace {

// summary.json's power section of a bundle folder (Null when it has none or the file cannot be read); the bundle
// was verified when it was opened.
JsonValue powerSection(const QString &directory)
{
    QFile f(QDir(directory).filePath(QStringLiteral("summary.json")));
    if (!f.open(QIODevice::ReadOnly) || f.size() > (16 << 20))
        return {};
    QString error;
    const JsonValue summary = parseJson(f.readAll(), &error);
    return error.isEmpty() ? summary.value(QStringLiteral("power")) : JsonValue();
}

} // namespace

PowerController::PowerController(ViewState *state, PowerView *view, QWidget *window)
    : QObject(window)
    , m_state(state)
    , m_view(view)
    , m_window(window)
    , m_action(new QAction(tr("Add &Power Recording…"), this))
    , m_jobs(new device::JobTracker(this))
    , m_progressTimer(new QTimer(this))
{
    m_action->setObjectName(QStringLiteral("AddPowerRecordingAction"));
    m_action->setStatusTip(tr("Add a power meter's recording of this run's power windows to its bundle: energy per "
                              "inference and per layer"));
    connect(m_action, &QAction::triggered, this, &PowerController::chooseRecording);
    connect(m_state, &ViewState::resultChanged, this, &PowerController::resultChanged);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_progress && m_fraction)
            m_progress->setValue(int(m_fraction->load() * 1000));
    });
    updateAction();
}

PowerController::~PowerController()
{
    if (m_cancel)
        m_cancel->store(true);
}

void PowerController::updateAction()
{
    const bool bundle = m_state->result() && !m_state->resultBundle().isEmpty();
    m_action->setEnabled(bundle && !m_working);
    m_action->setToolTip(
        bundle ? QString() : tr("Open a bundle or finish a run first: the measurement goes into its bundle"));
}

void PowerController::resultChanged()
{
    updateAction();
    const QString dir = m_state->resultBundle();
    if (dir.isEmpty() || !m_state->result()) {
        m_view->clear();
        return;
    }
    const JsonValue power = powerSection(dir);
    if (m_pending && QDir(dir).absolutePath() == QDir(m_pendingDirectory).absolutePath() && power.isObject())
        m_view->showMeasurement(m_pending, power);
    else
        m_view->showSummary(power);
    m_pending.reset();
    m_pendingDirectory.clear();
}

void PowerController::chooseRecording()
{
    if (m_state->resultBundle().isEmpty() || (isBusy && isBusy()))
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Add Power Recording"), QString(), tr("Power recordings (*.jls *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    const std::unique_ptr<PowerSource> source = PowerRecording::open(path, &error);
    if (!source) {
        QMessageBox::warning(m_window, tr("Add Power Recording"), error);
        return;
    }
    if (source->digitalChannels().isEmpty()) {
        QMessageBox::warning(m_window, tr("Add Power Recording"),
            tr("%1 has no digital channel, so no gate: wire the board's gate GPIO to one of the meter's digital "
               "inputs and record it (docs/power.md).")
                .arg(QFileInfo(path).fileName()));
        return;
    }
    PowerRecordingDialog dialog(QFileInfo(path).fileName(), source->digitalChannels(), source->hasVoltage(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    addRecording(path, dialog.options());
}

void PowerController::addRecording(const QString &recording, const PowerOptions &options)
{
    const QString directory = m_state->resultBundle();
    if (directory.isEmpty() || m_working)
        return;
    m_working = true;
    updateAction();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_fraction = std::make_shared<std::atomic<double>>(0.0);
    m_progress
        = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(recording).fileName()), tr("Cancel"), 0, 1000, m_window);
    m_progress->setWindowTitle(tr("Add Power Recording"));
    m_progress->setMinimumDuration(300);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    const std::shared_ptr<std::atomic_bool> cancel = m_cancel;
    connect(m_progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    m_progressTimer->start();
    const std::shared_ptr<std::atomic<double>> fraction = m_fraction;
    m_jobs->run(
        [directory, recording, options, cancel, fraction] {
            return PowerBundle::attach(
                directory, recording, options, [fraction](double f) { fraction->store(f); }, cancel.get());
        },
        [this, directory](const PowerBundle::Result &result) {
            m_progressTimer->stop();
            if (m_progress)
                m_progress->deleteLater();
            m_working = false;
            updateAction();
            if (!result.ok) {
                if (!m_cancel || !m_cancel->load())
                    QMessageBox::warning(m_window, tr("Add Power Recording"),
                        tr("The recording was not added; the bundle is unchanged.\n%1").arg(result.error));
                emit measurementAdded(false, result.error);
                return;
            }
            m_pending = std::make_shared<const PowerMeasurement>(*result.measurement);
            m_pendingDirectory = directory;
            if (openBundle)
                openBundle(directory);
            emit measurementAdded(true, QString());
        });
}

} // namespace hpx::ui
