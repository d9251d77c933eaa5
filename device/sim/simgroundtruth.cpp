#include "device/sim/simgroundtruth.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace hpx::device {

QJsonObject GroundTruth::toJson() const
{
    QJsonObject root;
    root[QStringLiteral("schema")] = QStringLiteral("hpx-sim.ground-truth");
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("engine")] = engine;
    root[QStringLiteral("soc")] = soc;
    root[QStringLiteral("transport")] = transport;
    root[QStringLiteral("model")]
        = QJsonObject { { QStringLiteral("file"), modelFile }, { QStringLiteral("sha256"), modelSha256 } };
    root[QStringLiteral("seed")] = QString::number(seed);
    root[QStringLiteral("iterations")] = iterations;
    root[QStringLiteral("warmup")] = warmup;
    root[QStringLiteral("plan_source")] = planSource;
    root[QStringLiteral("presets")] = QJsonArray::fromStringList(presets);

    QJsonArray layerArray;
    for (const GroundTruthLayer &l : layers) {
        QJsonArray members;
        for (const auto &m : l.members)
            members.append(
                QJsonObject { { QStringLiteral("subgraph"), m.first }, { QStringLiteral("operator"), m.second } });
        QJsonObject o { { QStringLiteral("position"), l.position }, { QStringLiteral("tag"), l.tag },
            { QStringLiteral("members"), members } };
        if (l.instruction >= 0)
            o[QStringLiteral("instruction")] = l.instruction;
        if (l.parent >= 0)
            o[QStringLiteral("enclosed_by")] = l.parent; // its printed values are part of that row's
        layerArray.append(o);
    }
    root[QStringLiteral("layers")] = layerArray;

    QJsonArray passArray;
    for (const GroundTruthPass &p : passes) {
        QJsonArray iterArray;
        for (const GroundTruthIteration &it : p.iterations) {
            QJsonArray rows;
            for (const GroundTruthRow &r : it.rows) {
                QJsonArray values, trueValues;
                for (quint32 v : r.values)
                    values.append(qint64(v));
                for (quint64 v : r.trueValues)
                    trueValues.append(double(v));
                rows.append(QJsonObject { { QStringLiteral("layer"), r.layer }, { QStringLiteral("op"), r.op },
                    { QStringLiteral("values"), values }, { QStringLiteral("true_values"), trueValues },
                    { QStringLiteral("overflow"), r.overflow } });
            }
            iterArray.append(QJsonObject { { QStringLiteral("number"), it.number }, { QStringLiteral("rows"), rows } });
        }
        passArray.append(QJsonObject { { QStringLiteral("name"), p.name },
            { QStringLiteral("counters"), QJsonArray::fromStringList(p.counters) },
            { QStringLiteral("iterations"), iterArray } });
    }
    root[QStringLiteral("passes")] = passArray;

    QJsonArray metaArray;
    for (const auto &m : metadata)
        metaArray.append(QJsonArray { m.first, m.second });
    root[QStringLiteral("metadata")] = metaArray;

    QJsonArray faultArray;
    for (const SimFaultEvent &f : faults)
        faultArray.append(QJsonObject { { QStringLiteral("kind"), f.kind }, { QStringLiteral("line"), f.line },
            { QStringLiteral("pass"), f.pass }, { QStringLiteral("iteration"), f.iteration },
            { QStringLiteral("layer"), f.layer }, { QStringLiteral("detail"), f.detail } });
    root[QStringLiteral("faults")] = faultArray;
    return root;
}

bool GroundTruth::writeJson(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace hpx::device
