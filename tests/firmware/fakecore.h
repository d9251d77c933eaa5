#pragma once

#include <QByteArray>
#include <QHash>
#include <QStringList>

#include <cstdint>

namespace hpx::firmwaretest {

// The registers the hpx agent touches, modelled for the host (HPX_PORT_HOST): CPUID, DEMCR, the DWT cycle counter
// and the Armv8.1-M PMU (16-bit event counters chained in pairs, the 32-bit cycle counter, overflow flags). The
// agent's C code runs unchanged against it; the test makes the "core" do work with run().
enum class CoreKind {
    M55, // Cortex-M55 with a PMU that counts
    M55Qemu, // Cortex-M55 as QEMU emulates it: PMU and DWT read as zero, writes ignored
    M4, // Cortex-M4: DWT cycle counter, no PMU (touching the PMU would fault)
    M0, // Cortex-M0: neither (touching DWT or PMU would fault)
};

class FakeCore {
public:
    static FakeCore &instance();

    void reset(CoreKind kind, uint32_t clockHz = 100'000'000);
    // The core executes `cycles` cycles and the given PMU events (event number -> count); CPU_CYCLES is added.
    void run(quint64 cycles, const QHash<uint16_t, quint64> &events = {});
    // Puts a counter near its wrap (the test of a harmless wrap inside one layer).
    void presetEventCount(uint16_t event, uint32_t value);

    // The agent's callbacks.
    static void write(const char *bytes, size_t n);
    static size_t read(char *bytes, size_t max);
    static uint32_t cycles();

    uint32_t read32(uint32_t address);
    void write32(uint32_t address, uint32_t value);

    QByteArray fromBoard; // everything the agent wrote
    QByteArray toBoard; // what the host sends; read() takes from the front
    bool probing = true; // while true, reading a running cycle counter advances it (the probe's busy loop)
    QStringList faults; // accesses a real core of this kind would fault on
    // Writes that would disturb another owner of the cycle counter (an RTOS keeping time with CYCCNT, which is the
    // PMU's CCNTR on Armv8.1-M): writing it, resetting it through PMU_CTRL.C, or stopping it.
    QStringList clobbers;
    bool privileged = true; // CONTROL.nPRIV clear; when false, any System Control Space access faults
    // The cycle counter as another owner left it before the agent starts (DWT_CYCCNT / PMU_CCNTR).
    void presetCycleCounter(uint32_t value);
    quint64 cyclesRun() const { return callbackCycles; }
    quint64 callbackCycles = 0;

private:
    CoreKind m_kind = CoreKind::M55;
    uint32_t m_clockHz = 100'000'000;
    uint32_t m_demcr = 0, m_dwtCtrl = 0, m_cyccnt = 0;
    uint32_t m_pmuCtrl = 0, m_cntEn = 0, m_ovs = 0, m_ccntr = 0;
    uint32_t m_evtyper[8] = {};
    uint32_t m_evcntr[8] = {};
};

} // namespace hpx::firmwaretest
