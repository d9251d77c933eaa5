// `hpx ports`: the serial ports a board can be reached on, with descriptions and VID:PID.
#include "app/hpx/cliutil.h"
#include "device/link/portdiscovery.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace hpx::cli {
namespace {

// `hpx ports`: lists the ports as a table or JSON. Its messages are its own.
class PortsCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::PortsCommand)
public:
    static int run(const QStringList &arguments);
};

struct PortRow {
    QString location;
    QString vidPid;
    QString description;
    QString manufacturer;
    QString serial;
    QString kind;
};

QVector<PortRow> listPorts()
{
    QVector<PortRow> rows;
    for (const hpx::device::PortInfo &p : hpx::device::availablePorts())
        rows.append({ p.systemLocation, p.vidPid(), p.description, p.manufacturer, p.serialNumber,
            p.kind == hpx::device::PortKind::Unknown ? QString() : p.kindLabel() });
    return rows;
}

int PortsCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(PortsCommand::tr(
        "List the serial ports a board can be reached on: name, VID:PID, description and manufacturer.\n"
        "Recognised hpx boards (SEGGER J-Link VCOM for UART, the NSX HPX Profiler USB CDC) are marked.\n"
        "Besides serial ports, 'hpx profile --port' takes 'sim' (the built-in simulated board) and\n"
        "tcp://HOST:PORT (J-Link RTT telnet, ser2net)."));
    const QCommandLineOption json(QStringLiteral("json"), PortsCommand::tr("Print the list as JSON."));
    parser.addOption(json);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("ports"), arguments, &exitCode))
        return exitCode;
    if (!parser.positionalArguments().isEmpty()) {
        err()
            << PortsCommand::tr("hpx ports: unexpected argument '%1'\n").arg(parser.positionalArguments().constFirst());
        return ExitBadInput;
    }
    const QVector<PortRow> rows = listPorts();
    if (parser.isSet(json)) {
        QJsonArray array;
        for (const PortRow &r : rows) {
            QJsonObject o;
            o.insert(QStringLiteral("port"), r.location);
            o.insert(QStringLiteral("vid_pid"), r.vidPid);
            o.insert(QStringLiteral("description"), r.description);
            o.insert(QStringLiteral("manufacturer"), r.manufacturer);
            o.insert(QStringLiteral("serial_number"), r.serial);
            o.insert(QStringLiteral("kind"), r.kind);
            array.append(o);
        }
        out() << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        out().flush();
        return ExitOk;
    }
    if (rows.isEmpty()) {
        out() << PortsCommand::tr("No serial ports found.") << '\n';
    } else {
        int width = 4;
        for (const PortRow &r : rows)
            width = std::max(width, int(r.location.size()));
        out() << PortsCommand::tr("PORT").leftJustified(width + 2) << PortsCommand::tr("VID:PID").leftJustified(11)
              << PortsCommand::tr("DESCRIPTION") << '\n';
        for (const PortRow &r : rows) {
            QString description = r.description;
            if (!r.manufacturer.isEmpty() && !description.contains(r.manufacturer))
                description += QStringLiteral(" (") + r.manufacturer + QLatin1Char(')');
            if (!r.kind.isEmpty())
                description += QStringLiteral(" [") + r.kind + QLatin1Char(']');
            out() << r.location.leftJustified(width + 2)
                  << (r.vidPid.isEmpty() ? QStringLiteral("-") : r.vidPid).leftJustified(11) << description << '\n';
        }
    }
    out() << PortsCommand::tr("Also: --port sim (simulated board), --port tcp://HOST:PORT") << '\n';
    out().flush();
    return ExitOk;
}

const CommandRegistration registration({ QStringLiteral("ports"),
    PortsCommand::tr("List serial ports with descriptions and VID:PID."), &PortsCommand::run });

} // namespace
} // namespace hpx::cli
