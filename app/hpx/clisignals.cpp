#include "app/hpx/clisignals.h"

#include "app/hpx/command.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <signal.h>
#include <unistd.h>

namespace hpx::cli {

namespace {

std::atomic<int> g_signal { 0 };
std::atomic<int> g_deferrals { 0 };

constexpr int kStopSignals[] = { SIGINT, SIGTERM, SIGHUP };

const char *nameOf(int signal)
{
    switch (signal) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    }
    return "a signal";
}

void onStopSignal(int signal)
{
    g_signal.store(signal);
    if (g_deferrals.load() > 0)
        return;
    // Only async-signal-safe calls from here: the message is put together without the heap.
    char message[96] = "hpx: interrupted (";
    std::strncat(message, nameOf(signal), 16);
    std::strncat(message, "); nothing was written.\n", 40);
    const ssize_t ignored = write(STDERR_FILENO, message, std::strlen(message));
    (void)ignored;
    _exit(ExitInterrupted);
}

} // namespace

void installStopSignals()
{
    sigset_t stops;
    sigemptyset(&stops);
    for (int signal : kStopSignals)
        sigaddset(&stops, signal);
    sigset_t previous;
    sigprocmask(SIG_BLOCK, &stops, &previous);
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signal : kStopSignals) {
        // A signal ignored by whoever started us (nohup) stays ignored, as the shell intended.
        struct sigaction current;
        if (sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN)
            continue;
        sigaction(signal, &action, nullptr);
    }
    // One that arrived while blocked is delivered here, to the handler. They are unblocked even when whoever started
    // us had blocked them: hpx is to be stoppable (nohup ignores SIGHUP instead, which is kept above).
    sigprocmask(SIG_SETMASK, &previous, nullptr);
    sigprocmask(SIG_UNBLOCK, &stops, nullptr);
}

int stopSignal()
{
    return g_signal.load();
}

QString stopSignalName(int signal)
{
    return signal == SIGINT || signal == SIGTERM || signal == SIGHUP ? QString::fromLatin1(nameOf(signal))
                                                                     : QString::number(signal);
}

StopSignalDeferral::StopSignalDeferral()
{
    ++g_deferrals;
}

StopSignalDeferral::~StopSignalDeferral()
{
    --g_deferrals;
}

} // namespace hpx::cli
