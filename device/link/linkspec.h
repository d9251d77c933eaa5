#pragma once

#include "device/capture/capturesession.h"
#include "device/link/portdiscovery.h"
#include "device/link/transport.h"

#include <QString>

#include <optional>

namespace hpx::device {

// Where the board is, as the user writes it: a serial port ("/dev/ttyACM0", "COM3", "ttyACM0"),
// "tcp://host:port" (J-Link RTT telnet, ser2net, emulators) or "sim" (the built-in simulated board).
struct LinkSpec {
    enum class Kind { Serial, Tcp, Simulated };
    Kind kind = Kind::Serial;
    QString port; // Serial: the port name or path
    QString host; // Tcp
    quint16 tcpPort = 0;
    qint32 baud = 115200;

    QString text() const; // back to the user's form
};

// nullopt + translated *error for text that names nothing usable.
std::optional<LinkSpec> parseLinkSpec(const QString &text, qint32 baud = 115200, QString *error = nullptr);

// A factory for CaptureSession/ProfileJob; `simulator` configures the board for Kind::Simulated.
// A factory for the link's transport. The simulated board is not part of this library (it is hpx_sim): for
// Kind::Simulated the caller hands in its factory (run::transportFor does), the hook that keeps serial and TCP links
// free of simulator code. Without one a simulated link yields no transport, which the session reports.
TransportFactory transportFactory(const LinkSpec &spec, TransportFactory simulated = {});

// How the board is most likely started on this link: USB CDC for NSX HPX Profiler and other ttyACM/usbmodem
// ports, RTT for TCP (J-Link's telnet server), the simulator's own transport for "sim", else UART.
// `simulated`: the simulated board's own transport, for Kind::Simulated.
model::FirmwareTransport suggestedBoardLink(const LinkSpec &spec, const QList<PortInfo> &ports,
    model::FirmwareTransport simulated = model::FirmwareTransport::Rtt);

// run_metadata.json `transport` for a run on this link started as `link`: "sim" for the simulated board,
// else the firmware's transport (rtt, usb_cdc, uart). A TCP bridge carries one of those (J-Link's telnet
// server carries RTT), and bundles are compared by the firmware's transport, not by how bytes reached us.
QString transportName(const LinkSpec &spec, model::FirmwareTransport link);

} // namespace hpx::device
