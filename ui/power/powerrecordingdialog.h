#pragma once

#include "model/power/poweranalysis.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace hpx::ui {

// The channels of a recording for File → Add Power Recording… (hpx power's options): gate, marker, the supply voltage
// when the recording has none, and the inference count when the firmware's record does not say it.
class PowerRecordingDialog : public QDialog {
    Q_OBJECT
public:
    PowerRecordingDialog(
        const QString &recordingName, const QStringList &channels, bool hasVoltage, QWidget *parent = nullptr);
    model::power::PowerOptions options() const;

private:
    QComboBox *m_gate;
    QComboBox *m_marker;
    QDoubleSpinBox *m_supply;
    QSpinBox *m_inferences;
    bool m_hasVoltage;
};

} // namespace hpx::ui
