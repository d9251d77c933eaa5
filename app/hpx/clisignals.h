#pragma once

#include <QString>

namespace hpx::cli {

// SIGINT (Ctrl+C), SIGTERM (kill, a CI timeout) and SIGHUP (a closed terminal) from the first line of main() on
// (docs/cli.md "Signals"). Outside a deferral a stop signal ends the process at once, with a message and exit 4
// (ExitInterrupted): nothing has been written then. Inside one (hpx import) it is only recorded, and the command checks
// stopSignal() between its steps and windows, which are a few milliseconds apart.

// Called first in main(): the signals are blocked while the handler is installed, so none can arrive in between and
// end the process silently with the default action.
void installStopSignals();
// The stop signal received, 0 if none.
int stopSignal();
// "SIGTERM", or the number.
QString stopSignalName(int signal);

class StopSignalDeferral {
public:
    StopSignalDeferral();
    ~StopSignalDeferral();
    StopSignalDeferral(const StopSignalDeferral &) = delete;
    StopSignalDeferral &operator=(const StopSignalDeferral &) = delete;
};

} // namespace hpx::cli
