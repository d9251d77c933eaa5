// What a configuration produces: the snapshot run_metadata.json records and `hpx config show` prints, and the
// commented default hpx.yml `hpx config init` writes (docs/compatibility.md §7.1, docs/config.md).
#include "model/config/configdocuments.h"

#include "model/config/config.h"
#include "model/config/configschema.h"
#include "model/json/jsonwriter.h"

#include <QCoreApplication>

namespace hpx::model {

namespace {

// Inserts value at a dotted path, creating the intermediate objects in first-seen order.
void insertPath(JsonValue &root, const QStringList &parts, int index, const JsonValue &value)
{
    if (index == parts.size() - 1) {
        root.insert(parts.at(index), value);
        return;
    }
    JsonValue child = root.value(parts.at(index));
    if (!child.isObject())
        child = JsonValue::object();
    insertPath(child, parts, index + 1, value);
    root.insert(parts.at(index), child);
}

} // namespace

JsonValue configSnapshot(const Config &config)
{
    JsonValue root = JsonValue::object();
    for (const ConfigEntry &e : config.entries())
        insertPath(root, e.key.split(QLatin1Char('.')), 0, JsonValue::fromQJson(e.value));
    return root;
}

QByteArray configSnapshotJson(const Config &config, int indent)
{
    return toPythonJson(configSnapshot(config), indent);
}

QString defaultConfigYaml()
{
    const auto &schema = configSchema();
    // A section header is commented out when every key under it is.
    const auto active = [](const ConfigKeySpec &s) { return s.use == ConfigUse::App || s.use == ConfigUse::Ours; };
    const auto sectionActive = [&](const QString &section) {
        for (const ConfigKeySpec &s : schema) {
            if (s.key.startsWith(section + QLatin1Char('.')) && active(s))
                return true;
        }
        return false;
    };
    QString out = Config::tr(
        "# hpx.yml - profile configuration for hpx Studio, compatible with heliaPROFILER (hpx).\n"
        "# Precedence: built-in defaults < this file (hpx profile --config hpx.yml) < command-line flags.\n"
        "# Every key is shown at its default. Keys commented out with \"firmware build only\" concern building\n"
        "# and flashing firmware: they are accepted (heliaPROFILER files work unchanged) and not used by this\n"
        "# app. Keys marked \"hpx Studio\" are this app's additions. Reference: docs/config.md.\n");
    QStringList open; // current section path
    for (const ConfigKeySpec &spec : schema) {
        QStringList parts = spec.key.split(QLatin1Char('.'));
        const QString leaf = parts.takeLast();
        int common = 0;
        while (common < open.size() && common < parts.size() && open.at(common) == parts.at(common))
            ++common;
        open = open.mid(0, common);
        while (open.size() < parts.size()) {
            const QString name = parts.at(open.size());
            open << name;
            const bool on = sectionActive(open.join(QLatin1Char('.')));
            if (open.size() == 1)
                out += QLatin1Char('\n');
            out += QString(2 * (open.size() - 1), QLatin1Char(' ')) + (on ? QString() : QStringLiteral("# ")) + name
                + QStringLiteral(":\n");
        }
        const QString pad(2 * parts.size(), QLatin1Char(' '));
        if (parts.isEmpty())
            out += QLatin1Char('\n');
        const bool on = active(spec);
        QString help = spec.help;
        if (!spec.flag.isEmpty())
            help += QStringLiteral(" [") + spec.flag + QLatin1Char(']');
        if (spec.use == ConfigUse::Firmware)
            help += QStringLiteral(" (firmware build only)");
        else if (spec.use == ConfigUse::Ignored)
            help += QStringLiteral(" (not used by this app)");
        out += pad + QStringLiteral("# ") + help + QLatin1Char('\n');
        const QString prefix = pad + (on ? QString() : QStringLiteral("# "));
        if (spec.kind == ConfigKind::Counters) {
            out += prefix + leaf + QStringLiteral(":\n") + prefix + QStringLiteral("  cpu: default\n");
            continue;
        }
        out += prefix + leaf + QStringLiteral(": ") + spec.defaultYaml + QLatin1Char('\n');
    }
    return out;
}

} // namespace hpx::model
