#include "linktruth.h"

#include <QJsonArray>

namespace hpx::test {

namespace {
const hpx::device::GroundTruthPass *truthPass(const hpx::device::GroundTruth &truth, const QString &name)
{
    for (const auto &pass : truth.passes) {
        if (pass.name == name)
            return &pass;
    }
    return nullptr;
}
} // namespace

QString compareWithTruth(const hpx::model::Capture &capture, const hpx::device::GroundTruth &truth)
{
    if (capture.passes.size() != truth.passes.size())
        return QStringLiteral("%1 passes, truth has %2").arg(capture.passes.size()).arg(truth.passes.size());
    for (int p = 0; p < truth.passes.size(); ++p) {
        const auto &cp = capture.passes.at(p);
        const auto &tp = truth.passes.at(p);
        if (cp.name != tp.name)
            return QStringLiteral("pass %1 is %2, truth %3").arg(p).arg(cp.name, tp.name);
        if (cp.counters != tp.counters)
            return QStringLiteral("pass %1 counters %2 vs %3")
                .arg(cp.name, cp.counters.join(QLatin1Char(',')), tp.counters.join(QLatin1Char(',')));
        if (cp.iterations.size() != tp.iterations.size())
            return QStringLiteral("pass %1: %2 iterations vs %3")
                .arg(cp.name)
                .arg(cp.iterations.size())
                .arg(tp.iterations.size());
        for (int i = 0; i < tp.iterations.size(); ++i) {
            const auto &ci = cp.iterations.at(i);
            const auto &ti = tp.iterations.at(i);
            if (ci.number != ti.number || ci.rows.size() != ti.rows.size())
                return QStringLiteral("pass %1 iteration %2: %3 rows vs %4")
                    .arg(cp.name)
                    .arg(i)
                    .arg(ci.rows.size())
                    .arg(ti.rows.size());
            for (int r = 0; r < ti.rows.size(); ++r) {
                const auto &cr = ci.rows.at(r);
                const auto &tr = ti.rows.at(r);
                if (cr.position != tr.layer || cr.op != tr.op || cr.overflow != tr.overflow
                    || cr.values.size() != tr.values.size())
                    return QStringLiteral("pass %1 iteration %2 row %3: %4 %5 vs %6 %7")
                        .arg(cp.name)
                        .arg(i)
                        .arg(r)
                        .arg(cr.position)
                        .arg(cr.op)
                        .arg(tr.layer)
                        .arg(tr.op);
                for (int v = 0; v < tr.values.size(); ++v) {
                    if (!cr.values.at(v) || *cr.values.at(v) != double(tr.values.at(v)))
                        return QStringLiteral("pass %1 iteration %2 row %3 counter %4: %5 vs %6")
                            .arg(cp.name)
                            .arg(i)
                            .arg(r)
                            .arg(tp.counters.value(v))
                            .arg(
                                cr.values.at(v) ? QString::number(*cr.values.at(v), 'f', 0) : QStringLiteral("missing"))
                            .arg(tr.values.at(v));
                }
            }
        }
    }
    return {};
}

hpx::device::GroundTruth truthFromJson(const QJsonObject &json)
{
    hpx::device::GroundTruth truth;
    truth.planSource = json.value(QLatin1String("plan_source")).toString();
    const QJsonArray passes = json.value(QLatin1String("passes")).toArray();
    for (const QJsonValue &p : passes) {
        hpx::device::GroundTruthPass pass;
        pass.name = p[QLatin1String("name")].toString();
        for (const QJsonValue &c : p[QLatin1String("counters")].toArray())
            pass.counters.append(c.toString());
        for (const QJsonValue &i : p[QLatin1String("iterations")].toArray()) {
            hpx::device::GroundTruthIteration iteration;
            iteration.number = i[QLatin1String("number")].toInt(-1);
            for (const QJsonValue &r : i[QLatin1String("rows")].toArray()) {
                hpx::device::GroundTruthRow row;
                row.layer = r[QLatin1String("layer")].toInt(-1);
                row.op = r[QLatin1String("op")].toString();
                row.overflow = r[QLatin1String("overflow")].toBool();
                for (const QJsonValue &v : r[QLatin1String("values")].toArray())
                    row.values.append(quint32(v.toDouble(-1)));
                iteration.rows.append(row);
            }
            pass.iterations.append(iteration);
        }
        truth.passes.append(pass);
    }
    return truth;
}

int differencesInPlace(const hpx::model::Capture &capture, const hpx::device::GroundTruth &truth, QString *error)
{
    int differences = 0;
    auto fail = [error](const QString &message) {
        *error = message;
        return -1;
    };
    for (const auto &cp : capture.passes) {
        const auto *tp = truthPass(truth, cp.name);
        if (!tp) {
            // A corrupted PRESET line gives a pass name the board never printed: count it, do not fail.
            ++differences;
            continue;
        }
        QVector<int> column;
        for (const QString &counter : cp.counters)
            column.append(int(tp->counters.indexOf(counter)));
        for (const auto &ci : cp.iterations) {
            const hpx::device::GroundTruthIteration *ti = nullptr;
            for (const auto &it : tp->iterations) {
                if (it.number == ci.number)
                    ti = &it;
            }
            if (!ti)
                return fail(QStringLiteral("pass %1: iteration %2 was never printed").arg(cp.name).arg(ci.number));
            for (const auto &cr : ci.rows) {
                if (cr.position < 0 || cr.position >= ti->rows.size())
                    return fail(QStringLiteral("pass %1 iteration %2: position %3 was never printed")
                                    .arg(cp.name)
                                    .arg(ci.number)
                                    .arg(cr.position));
                const auto &tr = ti->rows.at(cr.position);
                if (cr.op != tr.op)
                    ++differences;
                for (int v = 0; v < cr.values.size() && v < column.size(); ++v) {
                    if (!cr.values.at(v))
                        continue; // missing, not moved
                    if (column.at(v) < 0 || *cr.values.at(v) != double(tr.values.value(column.at(v))))
                        ++differences;
                }
            }
        }
    }
    return differences;
}

} // namespace hpx::test
