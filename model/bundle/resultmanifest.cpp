// result_manifest.json (docs/compatibility.md §5.8): the artifact list with digests, provenance and the
// comparability block that `hpx compare` checks.
#include "model/bundle/resultmanifest.h"

#include "model/bundle/bundledocuments.h"
#include "model/digest/sha256.h"
#include "model/json/jsonwriter.h"
#include "model/results/runissues.h"

namespace hpx::model::bundle {

JsonValue artifactJson(const Artifact &artifact)
{
    const QString path = artifact.path;
    const QString name = path.section(QLatin1Char('/'), -1);
    const QString suffix = name.contains(QLatin1Char('.')) ? name.section(QLatin1Char('.'), -1).toLower() : QString();
    QString media = QStringLiteral("application/octet-stream");
    if (suffix == QStringLiteral("csv"))
        media = QStringLiteral("text/csv");
    else if (suffix == QStringLiteral("json"))
        media = QStringLiteral("application/json");
    else if (suffix == QStringLiteral("lock"))
        media = QStringLiteral("application/yaml");

    QString role = QStringLiteral("extension");
    QString artifactName;
    QString schema;
    int schemaVersion = 0;
    QString producer = QStringLiteral("hpx");
    bool optional = true;
    if (name == QStringLiteral("summary.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.summary"),
        schema = QStringLiteral("hpx.run-summary");
        schemaVersion = kRunSummarySchemaVersion, optional = false;
    } else if (name == QStringLiteral("run_metadata.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.run-metadata"),
        schema = QStringLiteral("hpx.run-metadata"), schemaVersion = kRunMetadataSchemaVersion, optional = false;
    } else if (name == QStringLiteral("nsx.lock")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.nsx-lock"),
        producer = QStringLiteral("neuralspotx");
        optional = false;
    } else if (name == QStringLiteral("profile_results.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.profile-layers"),
        schema = QStringLiteral("hpx.profile-results"), schemaVersion = kProfileResultsSchemaVersion, optional = false;
    } else if (name == QStringLiteral("profile_results.csv")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.profile-layers"), optional = false;
    } else if (path.startsWith(QStringLiteral("model_explorer/"))) {
        role = QStringLiteral("export"), artifactName = QStringLiteral("model-explorer.overlay");
        producer = QStringLiteral("hpx.model-explorer-exporter");
    } else if (name == QStringLiteral("aot_operator_manifest.json")) {
        artifactName = QStringLiteral("helia-aot.operators");
    } else if (name == QStringLiteral("aot_memory_layers.csv")) {
        artifactName = QStringLiteral("helia-aot.memory-layers");
    } else if (name == QStringLiteral("power_summary.csv")) {
        role = QStringLiteral("diagnostic"), artifactName = QStringLiteral("hpx.power-summary");
    } else if (path.startsWith(QStringLiteral("detailed/"))) {
        role = QStringLiteral("projection");
    }

    JsonValue a = JsonValue::object();
    a.appendMember(QStringLiteral("path"), JsonValue(path));
    a.appendMember(QStringLiteral("media_type"), JsonValue(media));
    a.appendMember(QStringLiteral("size_bytes"), JsonValue(artifact.sizeBytes));
    a.appendMember(QStringLiteral("sha256"), JsonValue(artifact.sha256));
    a.appendMember(QStringLiteral("role"), JsonValue(role));
    if (!artifactName.isEmpty())
        a.appendMember(QStringLiteral("name"), JsonValue(artifactName));
    if (!schema.isEmpty())
        a.appendMember(QStringLiteral("schema"), JsonValue(schema));
    if (schemaVersion > 0)
        a.appendMember(QStringLiteral("schema_version"), JsonValue(schemaVersion));
    a.appendMember(QStringLiteral("producer"), JsonValue(producer));
    a.appendMember(QStringLiteral("optional"), JsonValue(optional));
    return a;
}

QString configSha256(const JsonValue &config)
{
    // hpx hashes json.dumps(config_snapshot, sort_keys=True, separators=(",", ":")); an absent
    // snapshot is the empty object.
    const JsonValue snapshot = config.isNull() ? JsonValue::object() : config;
    return Sha256::hex(toCompactSortedJson(snapshot));
}

JsonValue manifestJson(const ProfileResult &result, const RunContext &ctx, const QVector<Artifact> &artifacts)
{
    const QVector<Issue> issues = effectiveIssues(result);
    JsonValue m = JsonValue::object();
    m.appendMember(QStringLiteral("schema"), JsonValue(QStringLiteral("hpx.result-manifest")));
    m.appendMember(QStringLiteral("schema_version"), JsonValue(kManifestSchemaVersion));
    m.appendMember(QStringLiteral("run_id"), JsonValue(ctx.runId));
    m.appendMember(QStringLiteral("timestamp"), JsonValue(ctx.timestamp));
    m.appendMember(QStringLiteral("hpx_version"), JsonValue(ctx.hpxVersion));
    m.appendMember(QStringLiteral("status"), JsonValue(QStringLiteral("complete")));
    m.appendMember(QStringLiteral("validity"), JsonValue(validityOf(issues)));
    m.appendMember(QStringLiteral("issues"), issuesJson(issues));

    JsonValue provenance = JsonValue::object();
    provenance.appendMember(QStringLiteral("config_sha256"), JsonValue(configSha256(ctx.config)));
    if (!ctx.modelName.isEmpty())
        provenance.appendMember(QStringLiteral("model"), modelJson(ctx));
    if (!ctx.toolchain.isNull())
        provenance.appendMember(QStringLiteral("toolchain"), ctx.toolchain);
    m.appendMember(QStringLiteral("provenance"), std::move(provenance));

    auto orNull = [](const QString &s) { return s.isEmpty() ? JsonValue() : JsonValue(s); };
    auto fromConfig = [&](std::initializer_list<QString> path, const QString &fallback) {
        const JsonValue v = ctx.config.path(path);
        return v.isNull() ? orNull(fallback) : v;
    };
    JsonValue c = JsonValue::object();
    c.appendMember(QStringLiteral("model_sha256"), orNull(ctx.modelSha256));
    c.appendMember(QStringLiteral("hpx_version"), JsonValue(ctx.hpxVersion));
    c.appendMember(QStringLiteral("engine"),
        fromConfig({ QStringLiteral("engine"), QStringLiteral("type") }, engineName(result.engine)));
    c.appendMember(QStringLiteral("board"), orNull(ctx.platform.board));
    c.appendMember(QStringLiteral("soc"), orNull(ctx.platform.soc));
    c.appendMember(QStringLiteral("cpu_clock"), orNull(ctx.platform.cpuClockName));
    c.appendMember(
        QStringLiteral("toolchain"), fromConfig({ QStringLiteral("target"), QStringLiteral("toolchain") }, QString()));
    c.appendMember(QStringLiteral("compiler_version"), ctx.toolchain.value(QStringLiteral("compiler_version")));
    const QVariant clock = firmwareValue(result, QStringLiteral("system_clock_hz"));
    c.appendMember(QStringLiteral("system_clock_hz"), clock.isValid() ? JsonValue::fromVariant(clock) : JsonValue());
    c.appendMember(QStringLiteral("run_summary_schema_version"), JsonValue(kRunSummarySchemaVersion));
    c.appendMember(QStringLiteral("run_metadata_schema_version"), JsonValue(kRunMetadataSchemaVersion));
    c.appendMember(QStringLiteral("transport"),
        fromConfig({ QStringLiteral("target"), QStringLiteral("transport") }, ctx.transport));
    c.appendMember(QStringLiteral("arena_location"),
        ctx.config.path({ QStringLiteral("model"), QStringLiteral("arena_location") }));
    c.appendMember(QStringLiteral("weights_location"),
        ctx.config.path({ QStringLiteral("model"), QStringLiteral("weights_location") }));
    m.appendMember(QStringLiteral("comparability"), std::move(c));

    JsonValue list = JsonValue::array();
    for (const Artifact &a : artifacts)
        list.append(artifactJson(a));
    m.appendMember(QStringLiteral("artifacts"), std::move(list));
    m.appendMember(QStringLiteral("bundle_type"), JsonValue(QStringLiteral("profile")));
    m.appendMember(QStringLiteral("extensions"), JsonValue::object());
    return m;
}

} // namespace hpx::model::bundle
