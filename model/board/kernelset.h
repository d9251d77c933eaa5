#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace hpx::model {

// The TFLM kernel set the virtual board's firmware is built with (target.kernels, docs/virtual-board.md). The one
// enum, name table and default: the config, `hpx profile`, `hpx model-info --memory`, the window's Board dock, the
// run that builds the board and, through `hpx model-info --kernel-sets`, scripts/qemu-board.sh all use this.
// They decide the kernels' own data and scratch buffers, so the whole-arena estimate depends on them too.
enum class KernelSet : quint8 {
    Reference, // TFLM's portable reference kernels only
    CmsisNn, // Arm's CMSIS-NN kernels with their Helium (MVE) code, TFLM's reference kernels for the rest
};

inline constexpr KernelSet allKernelSets[] = { KernelSet::CmsisNn, KernelSet::Reference }; // the default first
inline constexpr KernelSet defaultKernelSet = KernelSet::CmsisNn;

QString kernelSetName(KernelSet kernels); // "cmsis-nn", "reference" (target.kernels, --kernels, the build's key)
// The name, any case, '_' for '-' (the stream's HPX_KERNELS and heliaPROFILER's engine.backend spell it cmsis_nn).
// nullopt for anything else.
std::optional<KernelSet> kernelSetFromName(const QString &name);
QStringList kernelSetNames(); // kernelSetName() of allKernelSets, in that order
QString kernelSetDisplayName(KernelSet kernels); // "CMSIS-NN", "reference": how a sentence names it (untranslated)

} // namespace hpx::model
