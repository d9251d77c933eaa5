#include "model/board/kernelset.h"

namespace hpx::model {

QString kernelSetName(KernelSet kernels)
{
    switch (kernels) {
    case KernelSet::CmsisNn:
        return QStringLiteral("cmsis-nn");
    case KernelSet::Reference:
        return QStringLiteral("reference");
    }
    return QStringLiteral("cmsis-nn");
}

std::optional<KernelSet> kernelSetFromName(const QString &name)
{
    const QString n = name.trimmed().toLower().replace(QLatin1Char('_'), QLatin1Char('-'));
    for (KernelSet k : allKernelSets) {
        if (kernelSetName(k) == n)
            return k;
    }
    return std::nullopt;
}

QStringList kernelSetNames()
{
    QStringList names;
    for (KernelSet k : allKernelSets)
        names << kernelSetName(k);
    return names;
}

QString kernelSetDisplayName(KernelSet kernels)
{
    return kernels == KernelSet::CmsisNn ? QStringLiteral("CMSIS-NN") : QStringLiteral("reference");
}

} // namespace hpx::model
