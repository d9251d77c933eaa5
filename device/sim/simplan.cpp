#include "device/sim/simevents.h"
#include "device/sim/simstream.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace hpx::device {

namespace {
QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}
} // namespace

std::optional<SimPlanReply> answerPlanCommand(const QByteArray &rawLine, const SimulatorConfig &config)
{
    const QByteArray line = rawLine.trimmed();
    if (line != "HPX_PLAN" && !line.startsWith("HPX_PLAN ") && !line.startsWith("HPX_PLAN\t"))
        return std::nullopt;
    auto nak = [](const QString &reason) { return SimPlanReply { "HPX_PLAN_NAK reason=" + reason.toLatin1(), {} }; };
    SimPlan plan;
    plan.iterations = config.iterations;
    plan.warmup = config.warmup;
    plan.fromHost = true;
    const QList<QByteArray> tokens = line.simplified().split(' ');
    for (int i = 1; i < tokens.size(); ++i) {
        const QByteArray &token = tokens.at(i);
        const int eq = token.indexOf('=');
        if (eq <= 0)
            return nak(QStringLiteral("malformed token=") + QString::fromLatin1(token));
        const QByteArray key = token.left(eq);
        const QString value = QString::fromLatin1(token.mid(eq + 1));
        if (key == "iterations" || key == "warmup") {
            bool ok = false;
            const int n = value.toInt(&ok);
            if (!ok || n < (key == "iterations" ? 1 : 0) || n > (key == "iterations" ? 100000 : 10000))
                return nak(QStringLiteral("bad_number field=") + QString::fromLatin1(key));
            (key == "iterations" ? plan.iterations : plan.warmup) = n;
        } else if (key == "pass") {
            const auto pass = parseSimPass(value);
            if (!pass)
                return nak(QStringLiteral("malformed_pass pass=") + value);
            plan.passes.append(*pass);
        } else {
            return nak(QStringLiteral("unknown_field field=") + QString::fromLatin1(key));
        }
    }
    QString reason;
    if (!validateSimPasses(plan.passes, config.soc, &reason).isEmpty())
        return nak(reason);
    return SimPlanReply { "HPX_PLAN_ACK passes=" + num(plan.passes.size()), plan };
}

QByteArray simPlanCommand(const SimPlan &plan)
{
    QByteArray line = "HPX_PLAN iterations=" + num(plan.iterations) + " warmup=" + num(plan.warmup);
    for (const WirePass &p : plan.passes)
        line += " pass=" + p.name.toLatin1() + ':' + p.events.join(QLatin1Char(',')).toLatin1();
    return line;
}

QByteArray SimStreamRenderer::aotManifestJson() const
{
    QJsonArray ops;
    const auto &sg0 = m_config.model.subgraphs.value(0);
    auto tensor = [&](int index) {
        QJsonObject o;
        if (index < 0 || index >= sg0.tensors.size())
            return o;
        const auto &t = sg0.tensors.at(index);
        QJsonArray shape;
        for (qint64 d : t.shape)
            shape.append(d);
        o[QStringLiteral("id")] = t.index;
        o[QStringLiteral("name")] = t.name;
        o[QStringLiteral("dtype")] = t.type.toLower();
        o[QStringLiteral("shape")] = shape;
        o[QStringLiteral("ndim")] = int(t.shape.size());
        o[QStringLiteral("nbytes")] = t.bytes;
        o[QStringLiteral("kind")] = t.isConstant ? QStringLiteral("constant") : QStringLiteral("activation");
        o[QStringLiteral("memory")] = t.isConstant ? QStringLiteral("mram") : QStringLiteral("sram");
        o[QStringLiteral("is_constant")] = t.isConstant;
        if (t.isConstant)
            o[QStringLiteral("buffer_index")] = t.buffer;
        return o;
    };
    for (int idx = 0; idx < m_exec.layers.size(); ++idx) {
        const SimOpRef ref = m_exec.layers.at(idx).members.first();
        const auto &op = sg0.operators.at(ref.op);
        QJsonArray inputs, outputs;
        for (int t : op.inputs)
            if (t >= 0)
                inputs.append(tensor(t));
        for (int t : op.outputs)
            outputs.append(tensor(t));
        const int id = op.index >= 0 ? op.index : ref.op;
        ops.append(QJsonObject { { QStringLiteral("idx"), idx }, { QStringLiteral("id"), id },
            { QStringLiteral("op_type"), op.op.toUpper() },
            { QStringLiteral("name"), QString(op.op.toLower() + QLatin1Char('_') + QString::number(id)) },
            { QStringLiteral("inputs"), inputs }, { QStringLiteral("outputs"), outputs } });
    }
    return QJsonDocument(ops).toJson(QJsonDocument::Indented);
}

bool SimStreamRenderer::writeAotManifest(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(aotManifestJson());
        if (file.commit())
            return true;
    }
    if (error)
        *error = QCoreApplication::translate("hpx::device::SimulatedBoard", "Cannot write %1: %2")
                     .arg(path, file.errorString());
    return false;
}

} // namespace hpx::device
