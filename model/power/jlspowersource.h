#pragma once

#include "model/power/powersource.h"

#include <QCoreApplication>
#include <QVector>

struct jls_rd_s;

namespace hpx::model::power {

// A Joulescope JLS v2 recording read with Jetperch's own jls library (HPX_JLS_DIR, docs/power.md): the fixed-rate
// `current` signal as f32, `voltage` when recorded, and the 1-bit or 8-bit digital signals (the Joulescope UI names
// them gpi[0..3] and trigger_in) as digital channels, each read in blocks (a digital signal at another rate than the
// current is sampled at the current's sample times). Only built when the library is there.
class JlsPowerSource : public PowerSource {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::JlsPowerSource)
public:
    JlsPowerSource();
    ~JlsPowerSource() override;
    JlsPowerSource(const JlsPowerSource &) = delete;
    JlsPowerSource &operator=(const JlsPowerSource &) = delete;

    bool open(const QString &path);
    QString format() const override { return QStringLiteral("jls"); }
    QStringList digitalChannels() const override;
    bool hasVoltage() const override { return m_voltage.id >= 0; }
    bool simulated() const override { return m_simulated; }
    QString instrument() const override { return m_instrument; }
    bool next(PowerBlock &block, int maxSamples) override;
    QString error() const override { return m_error; }
    double progress() const override { return m_length > 0 ? double(m_next) / double(m_length) : 1.0; }
    double sampleRate() const { return m_rate; }

private:
    static bool closedProperly(const QString &path, QString *why);
    struct Signal {
        int id = -1;
        QString name;
        quint32 rate = 0;
        quint32 dataType = 0;
        qint64 length = 0;
    };
    bool fail(const QString &message);
    bool readDigital(const Signal &s, qint64 first, qint64 count, QVector<quint8> &levels);

    jls_rd_s *m_reader = nullptr;
    Signal m_current;
    Signal m_voltage;
    QVector<Signal> m_digital;
    double m_rate = 0.0;
    qint64 m_length = 0;
    qint64 m_next = 0;
    bool m_simulated = false;
    QString m_instrument;
    QString m_error;
    QVector<float> m_f32;
    QVector<quint8> m_raw;
};

} // namespace hpx::model::power
