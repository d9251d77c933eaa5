#include "device/wire/firmwareerror.h"

#include <QCoreApplication>
#include <QHash>

namespace hpx::device {

namespace {

// key=value tokens of a payload ("unsupported_op kind=builtin builtin=42 name=FOO index=3"), and the ':'-separated
// parts of payloads such as "model_init_failed:-3" or "bind_arena_failed:5:region=2".
QHash<QString, QString> payloadFields(QStringView payload)
{
    QHash<QString, QString> fields;
    const auto tokens = payload.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QStringView token : tokens) {
        for (const QStringView part : token.split(QLatin1Char(':'))) {
            const qsizetype eq = part.indexOf(QLatin1Char('='));
            if (eq > 0)
                fields.insert(part.left(eq).toString(), part.mid(eq + 1).toString());
        }
    }
    return fields;
}

// The n-th ':'-separated part after the code ("model_init_failed:-3" -> "-3" for n = 1).
QString colonPart(QStringView payload, int n)
{
    const QStringView first
        = payload.left(payload.indexOf(QLatin1Char(' ')) < 0 ? payload.size() : payload.indexOf(QLatin1Char(' ')));
    const auto parts = first.split(QLatin1Char(':'));
    return n < parts.size() ? parts.at(n).toString() : QString();
}

QString orUnknown(const QString &s)
{
    return s.isEmpty() ? model::FirmwareError::tr("unknown") : s;
}

} // namespace

bool isFirmwareErrorLine(QStringView trimmedLine)
{
    return trimmedLine.startsWith(QLatin1String("HPX_ERROR="));
}

QString firmwareErrorCode(QStringView payload)
{
    qsizetype end = payload.indexOf(QLatin1Char(' '));
    if (end < 0)
        end = payload.indexOf(QLatin1Char(':'));
    return (end < 0 ? payload : payload.left(end)).toString();
}

QStringList knownFirmwareErrorCodes()
{
    return { QStringLiteral("schema_mismatch"), QStringLiteral("unsupported_op"), QStringLiteral("missing_ops"),
        QStringLiteral("alloc_tensors_failed"), QStringLiteral("psram_init_failed"),
        QStringLiteral("psram_info_failed"), QStringLiteral("bind_arena_failed"),
        QStringLiteral("const_blob_psram_write_failed"), QStringLiteral("model_init_failed"),
        QStringLiteral("executorch"), QStringLiteral("operator_count_exceeds_capacity"),
        QStringLiteral("pmu_init_or_selftest_failed") };
}

bool isKnownFirmwareErrorCode(const QString &code)
{
    return knownFirmwareErrorCodes().contains(code);
}

// lupdate reads "model::FirmwareError makeFirmwareError(" as a scope it cannot find and would file the messages below
// under a context nobody asks with; the alias keeps the definition's scope hpx::device.
using FirmwareError = model::FirmwareError;

FirmwareError makeFirmwareError(QStringView trimmedLine, int lineNumber)
{
    model::FirmwareError e;
    e.line = lineNumber;
    QStringView payload = trimmedLine;
    if (payload.startsWith(QLatin1String("HPX_ERROR=")))
        payload = payload.mid(10);
    e.payload = payload.toString();
    e.code = firmwareErrorCode(payload);
    const QHash<QString, QString> f = payloadFields(payload);
    const QString &c = e.code;

    if (c == QLatin1String("schema_mismatch")) {
        // "schema_mismatch:<found>_vs_<expected>"
        const QString versions = colonPart(payload, 1);
        const qsizetype vs = versions.indexOf(QLatin1String("_vs_"));
        const QString found = vs < 0 ? QString() : versions.left(vs);
        const QString expected = vs < 0 ? QString() : versions.mid(vs + 4);
        e.message = model::FirmwareError::tr(
            "The model's TFLite schema version (%1) is not the one the firmware was built for (%2).")
                        .arg(orUnknown(found), orUnknown(expected));
        e.hint = model::FirmwareError::tr(
            "Convert the model again with a TensorFlow Lite version that matches the firmware's runtime, "
            "or rebuild the firmware for this model.");
    } else if (c == QLatin1String("unsupported_op")) {
        const QString name = f.value(QStringLiteral("name"));
        const QString index = f.value(QStringLiteral("index"));
        e.message = f.value(QStringLiteral("kind")) == QLatin1String("custom")
            ? model::FirmwareError::tr(
                "The model uses the custom operator %1 (operator %2), which the firmware does not register.")
                  .arg(orUnknown(name), orUnknown(index))
            : model::FirmwareError::tr(
                "The model uses the operator %1 (builtin %2, operator %3), which the firmware does not register.")
                  .arg(orUnknown(name), orUnknown(f.value(QStringLiteral("builtin"))), orUnknown(index));
        e.hint = model::FirmwareError::tr(
            "Rebuild the firmware with this operator added to its op resolver, or convert the model without "
            "it.");
    } else if (c == QLatin1String("missing_ops")) {
        e.message
            = model::FirmwareError::tr("%1 operator(s) of the model are not registered in the firmware's op resolver.")
                  .arg(orUnknown(f.value(QStringLiteral("count"))));
        e.hint = model::FirmwareError::tr(
            "The HPX_ERROR=unsupported_op lines before this one name each operator; rebuild the firmware "
            "with them registered.");
    } else if (c == QLatin1String("alloc_tensors_failed")) {
        e.message = model::FirmwareError::tr(
            "The runtime could not allocate the model's tensors (arena %1 bytes, status %2).")
                        .arg(orUnknown(f.value(QStringLiteral("arena"))), orUnknown(f.value(QStringLiteral("status"))));
        e.hint = model::FirmwareError::tr(
            "Either the tensor arena is too small (raise the arena size and rebuild) or a kernel rejected an "
            "operator while preparing it (an unsupported shape, type or parameter).");
    } else if (c == QLatin1String("psram_init_failed")) {
        e.message = model::FirmwareError::tr("The board could not initialise its PSRAM.");
        e.hint = model::FirmwareError::tr(
            "Check that this board has PSRAM fitted; otherwise place the model weights and the arena in "
            "on-chip memory.");
    } else if (c == QLatin1String("psram_info_failed")) {
        e.message = model::FirmwareError::tr("The PSRAM started but the firmware could not read its size and address.");
        e.hint = model::FirmwareError::tr(
            "This is a driver or hardware fault, not a model problem: power-cycle the board and try again, or "
            "try a lower PSRAM clock.");
    } else if (c == QLatin1String("bind_arena_failed")) {
        e.message = model::FirmwareError::tr("heliaAOT rejected an arena region (status %1, region %2).")
                        .arg(orUnknown(colonPart(payload, 1)), orUnknown(f.value(QStringLiteral("region"))));
        e.hint = model::FirmwareError::tr(
            "The generated module and its arena table do not agree; look for memory regions the build "
            "skipped and rebuild.");
    } else if (c == QLatin1String("const_blob_psram_write_failed")) {
        e.message = model::FirmwareError::tr("Copying constant data into PSRAM failed (region %1).")
                        .arg(orUnknown(f.value(QStringLiteral("region"))));
        e.hint = model::FirmwareError::tr(
            "Power-cycle the board and try again, try a lower PSRAM clock, or keep the weights out of PSRAM.");
    } else if (c == QLatin1String("model_init_failed")) {
        e.message = model::FirmwareError::tr("The heliaAOT model failed to initialise (status %1).")
                        .arg(orUnknown(colonPart(payload, 1)));
        e.hint = model::FirmwareError::tr(
            "Check that the generated module was built for this board and that the memories it needs (PSRAM, "
            "shared SRAM) are available.");
    } else if (c == QLatin1String("executorch")) {
        e.message = model::FirmwareError::tr("An ExecuTorch runtime call failed (stage %1, error %2).")
                        .arg(orUnknown(f.value(QStringLiteral("stage"))), orUnknown(f.value(QStringLiteral("error"))));
        const QString planned = f.value(QStringLiteral("planned"));
        e.hint = (!planned.isEmpty() && planned != QLatin1String("0"))
            ? model::FirmwareError::tr(
                "The method needs %1 bytes of planned arena: raise the arena size to at least that and rebuild.")
                  .arg(planned)
            : model::FirmwareError::tr(
                "Check the ExecuTorch arena sizes and that the .pte file was exported for this runtime version.");
    } else if (c == QLatin1String("operator_count_exceeds_capacity")) {
        e.message = model::FirmwareError::tr(
            "The model ran more operators than the firmware can record per inference (capacity %1).")
                        .arg(orUnknown(f.value(QStringLiteral("capacity"))));
        e.hint = model::FirmwareError::tr(
            "Raise the SoC's recorded-operator limit (pmu_max_ops) if memory allows, or profile a smaller "
            "model.");
    } else if (c == QLatin1String("pmu_init_or_selftest_failed")) {
        e.message = model::FirmwareError::tr(
            "The PMU could not be set up for pass %1, or its cycle-counter self-test read nothing.")
                        .arg(orUnknown(f.value(QStringLiteral("pass"))));
        e.hint = model::FirmwareError::tr(
            "Check that every selected counter exists on this core; the HPX_PMU_INIT_STATUS and "
            "HPX_PMU_SELFTEST_CPU_CYCLES lines before the error tell which step failed.");
    } else {
        e.message
            = model::FirmwareError::tr("The board reported an error this version does not know: %1").arg(e.payload);
        e.hint = model::FirmwareError::tr(
            "The firmware stopped. The raw stream shows the full error line; a newer hpx Studio may explain "
            "it.");
    }
    return e;
}

} // namespace hpx::device
