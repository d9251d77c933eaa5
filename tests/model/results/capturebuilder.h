#pragma once

#include "model/results/capture.h"

#include <QStringList>

#include <initializer_list>
#include <optional>

namespace hpx::test {

// Builds Capture values by hand: pass("cpu_0", {counters}).iteration({{"CONV_2D", {1, 2}}, ...}).
struct RowSpec {
    QString op;
    QVector<std::optional<double>> values;
    bool overflow = false;
};

class PassBuilder {
public:
    PassBuilder(const QString &name, const QStringList &counters)
    {
        m_pass.name = name;
        m_pass.counters = counters;
        m_pass.header = QStringList { QStringLiteral("Layer"), QStringLiteral("Op") } + counters
            + QStringList { QStringLiteral("overflow") };
    }
    PassBuilder &iteration(const QVector<RowSpec> &rows)
    {
        hpx::model::CaptureIteration iteration;
        iteration.number = int(m_pass.iterations.size());
        for (int i = 0; i < rows.size(); ++i) {
            hpx::model::CaptureRow row;
            row.position = i;
            row.layer = QString::number(i);
            row.op = rows.at(i).op;
            row.values = rows.at(i).values;
            row.overflow = rows.at(i).overflow;
            row.line = 100 * (m_pass.iterations.size() + 1) + i;
            iteration.rows.append(row);
        }
        m_pass.iterations.append(iteration);
        return *this;
    }
    hpx::model::CapturePass build() const { return m_pass; }
    operator hpx::model::CapturePass() const { return m_pass; }

private:
    hpx::model::CapturePass m_pass;
};

inline hpx::model::Capture captureOf(std::initializer_list<hpx::model::CapturePass> passes)
{
    hpx::model::Capture capture;
    capture.sawStart = capture.sawEnd = true;
    for (const hpx::model::CapturePass &pass : passes) {
        capture.passes.append(pass);
        capture.announcedPresets.append(pass.name);
    }
    return capture;
}

} // namespace hpx::test
