#pragma once

#include "device/link/link.h"
#include "device/link/portdiscovery.h"
#include "model/board/firmwaretransport.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace hpx::device {

// Where the board is, as the user writes it: a serial port ("/dev/ttyACM0", "COM3", "ttyACM0"),
// "tcp://host:port" (J-Link RTT telnet, ser2net, emulators), "sim" (the built-in simulated board) or "qemu" (the
// virtual Cortex-M55: TFLM on QEMU, which the run builds and starts, then reaches over TCP; run::ProfileJob).
struct LinkSpec {
    enum class Kind { Serial, Tcp, Simulated, Virtual };
    Kind kind = Kind::Serial;
    QString port; // Serial: the port name or path
    QString host; // Tcp
    quint16 tcpPort = 0;
    qint32 baud = 115200;

    QString text() const; // back to the user's form

    // parseLinkSpec()'s messages are this struct's: lupdate files them under its context.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::LinkSpec)
};

// nullopt + translated *error for text that names nothing usable.
std::optional<LinkSpec> parseLinkSpec(const QString &text, qint32 baud = 115200, QString *error = nullptr);

// A factory for CaptureSession/ProfileJob that opens the link. The simulated board is not part of this library (it
// is hpx_sim): for Kind::Simulated the caller hands in its factory (run::linkFactoryFor does), the hook that keeps
// serial and TCP links free of simulator code. Without one a simulated link yields no link, which the session
// reports. The virtual board has no address until it runs: run::ProfileJob starts it and opens its TCP port; its
// factory here yields no link.
LinkFactory linkFactory(const LinkSpec &spec, LinkFactory simulated = {});

// The firmware transport the board on this link most likely sends with: USB CDC for NSX HPX Profiler and other
// ttyACM/usbmodem ports, RTT for TCP (J-Link's telnet server), the simulated board's own for "sim", else UART.
// `simulated`: the simulated board's firmware transport, for Kind::Simulated.
model::FirmwareTransport suggestedFirmwareTransport(const LinkSpec &spec, const QList<PortInfo> &ports,
    model::FirmwareTransport simulated = model::FirmwareTransport::Rtt);

// run_metadata.json `transport` (heliaPROFILER's field, kept as it is) for a run on this link whose firmware sends
// with `firmwareTransport`: the firmware transport (rtt, usb_cdc, uart), except "sim" for the simulated board. A
// TCP bridge carries one of those (J-Link's telnet server carries RTT), and bundles are compared by the firmware's
// transport, not by how bytes reached us.
QString bundleTransportName(const LinkSpec &spec, model::FirmwareTransport firmwareTransport);

} // namespace hpx::device
