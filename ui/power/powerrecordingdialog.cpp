#include "ui/power/powerrecordingdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace hpx::ui {

PowerRecordingDialog::PowerRecordingDialog(
    const QString &recordingName, const QStringList &channels, bool hasVoltage, QWidget *parent)
    : QDialog(parent)
    , m_gate(new QComboBox(this))
    , m_marker(new QComboBox(this))
    , m_supply(new QDoubleSpinBox(this))
    , m_inferences(new QSpinBox(this))
    , m_hasVoltage(hasVoltage)
{
    setWindowTitle(tr("Add Power Recording"));
    setObjectName(QStringLiteral("PowerRecordingDialog"));
    m_gate->addItems(channels);
    m_marker->addItem(tr("None (no energy per layer)"));
    m_marker->addItems(channels);
    // The names hpx-board-sim and docs/power.md's wiring use, else the first channel for the gate.
    const auto find = [&channels](std::initializer_list<const char *> names) {
        for (const char *n : names) {
            const int i = int(channels.indexOf(QString::fromLatin1(n)));
            if (i >= 0)
                return i;
        }
        return -1;
    };
    m_gate->setCurrentIndex(std::max(0, find({ "gate", "gpi[0]", "D0" })));
    m_marker->setCurrentIndex(find({ "marker", "gpi[1]", "D1" }) + 1);
    m_supply->setRange(0.1, 60.0);
    m_supply->setDecimals(3);
    m_supply->setValue(1.8);
    m_supply->setSuffix(QStringLiteral(" V"));
    m_supply->setEnabled(!hasVoltage);
    m_supply->setToolTip(hasVoltage ? tr("The recording has the voltage") : tr("The board's supply voltage"));
    m_inferences->setRange(0, 100000000);
    m_inferences->setSpecialValueText(tr("from the firmware's record"));
    m_inferences->setToolTip(tr("Inferences per gate window, when the stream has no power terminal record"));

    auto *form = new QFormLayout;
    form->addRow(new QLabel(tr("Recording: %1").arg(recordingName), this));
    form->addRow(tr("&Gate channel:"), m_gate);
    form->addRow(tr("&Marker channel:"), m_marker);
    form->addRow(tr("&Supply voltage:"), m_supply);
    form->addRow(tr("&Inferences:"), m_inferences);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

model::power::PowerOptions PowerRecordingDialog::options() const
{
    model::power::PowerOptions o;
    o.gate = m_gate->currentText();
    o.marker = m_marker->currentIndex() > 0 ? m_marker->currentText() : QString();
    if (!m_hasVoltage)
        o.supplyVoltageV = m_supply->value();
    if (m_inferences->value() > 0)
        o.inferences = m_inferences->value();
    return o;
}

} // namespace hpx::ui
