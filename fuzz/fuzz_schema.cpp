// The schema checks every bundle reader shares (model/bundle/bundleschema.h, LayerTableReader::parseLayersCsv) on
// arbitrary bytes: the input is taken as each document in turn (result_manifest.json, summary.json,
// run_metadata.json, profile_results.json, profile_results.csv). Beyond "no crash": every check answers the same twice;
// a refusal names its file; a table that is accepted has one value per counter in every row, each finite or "not
// measured" (never NaN or infinity), and is refused exactly when it contradicts the rules (docs/fuzzing.md).
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundleschema.h"
#include "model/bundle/layertablereader.h"
#include "model/json/jsonparser.h"

#include <cmath>

namespace hpx::fuzz {

int schemaOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QString parseError;
    const model::JsonValue doc = model::parseJson(bytes, &parseError);
    if (parseError.isEmpty()) {
        using Check = QString (*)(const model::JsonValue &, const QString &);
        const std::pair<Check, const char *> checks[] = {
            { &model::BundleSchema::checkManifest, "result_manifest.json" },
            { &model::BundleSchema::checkSummary, "summary.json" },
            { &model::BundleSchema::checkRunMetadata, "run_metadata.json" },
            { &model::BundleSchema::checkProfileResultsJson, "profile_results.json" },
        };
        for (const auto &[check, name] : checks) {
            const QString file = QString::fromLatin1(name);
            const QString first = check(doc, file);
            if (first != check(doc, file))
                fail("a schema check answered differently twice", bytes.left(300));
            if (!first.isEmpty() && !first.startsWith(file))
                fail("a schema refusal does not name its file", first.toUtf8());
        }
        // A manifest the schema accepts declares sizes that are whole numbers of bytes, each path once.
        if (model::BundleSchema::checkManifest(doc, QStringLiteral("m")).isEmpty()) {
            QSet<QString> paths;
            for (const model::JsonValue &a : doc.value(QStringLiteral("artifacts")).elements()) {
                if (!model::BundleSchema::sizeOf(a.value(QStringLiteral("size_bytes"))))
                    fail("an accepted manifest declares a size that is not a whole number of bytes", bytes.left(300));
                if (paths.contains(a.value(QStringLiteral("path")).toString()))
                    fail("an accepted manifest declares a path twice", bytes.left(300));
                paths.insert(a.value(QStringLiteral("path")).toString());
            }
        }
        // An accepted summary holds a finite total (or none).
        if (model::BundleSchema::checkSummary(doc, QStringLiteral("s")).isEmpty()) {
            const model::JsonValue total = doc.value(QStringLiteral("total_cycles"));
            if (!total.isNull() && !(total.isNumber() && std::isfinite(total.toDouble())))
                fail("an accepted summary has a total_cycles that is not a finite number", bytes.left(300));
        }
    }

    QStringList counters;
    QString error;
    const auto layers = model::LayerTableReader::parseLayersCsv(bytes, QStringLiteral("t.csv"), &counters, &error);
    if (layers.has_value() == !error.isEmpty())
        fail("parseLayersCsv: exactly one of a table and an error", bytes.left(300));
    if (!layers) {
        if (!error.startsWith(QStringLiteral("t.csv")))
            fail("a refused table does not name its file", error.toUtf8());
        return 0;
    }
    for (const model::LayerResult &layer : *layers) {
        if (layer.values.size() != counters.size())
            fail("an accepted table has a row without one value per counter", bytes.left(300));
        for (const std::optional<double> &v : layer.values) {
            if (v && !std::isfinite(*v))
                fail("an accepted table holds a value that is not finite", bytes.left(300));
        }
        if (layer.macs && *layer.macs < 0)
            fail("an accepted table holds negative MACs", bytes.left(300));
    }
    QStringList again;
    QString errorAgain;
    const auto twice = model::LayerTableReader::parseLayersCsv(bytes, QStringLiteral("t.csv"), &again, &errorAgain);
    if (!twice || twice->size() != layers->size() || again != counters)
        fail("parseLayersCsv answered differently twice", bytes.left(300));
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::schemaOneInput)
