#include "ui/charts/chartaxes.h"

#include "ui/common/qcustomplotinclude.h"
#include "ui/common/resultviewdata.h"

#include <QLocale>

#include <algorithm>

namespace hpx::ui {

namespace {

// As compactNumber() writes values, without trailing zeros: ticks are round numbers ("1.5k", not "1.50k").
QString tickLabel(double tick)
{
    QString text = compactNumber(tick);
    const QString point = QLocale().decimalPoint();
    const int dot = int(text.indexOf(point));
    if (dot < 0)
        return text;
    int end = int(text.size());
    while (end > 0 && text.at(end - 1).isLetter())
        --end; // the unit: k, M, G, T
    const QString unit = text.mid(end);
    text.truncate(end);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(point))
        text.chop(point.size());
    return text + unit;
}

template<class Ticker> class CompactTicker : public Ticker {
protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override { return tickLabel(tick); }
};

} // namespace

void useLayerTicks(QCPAxis *axis)
{
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
}

void useCompactValueLabels(QCPAxis *axis, bool logarithmic)
{
    if (logarithmic)
        axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new CompactTicker<QCPAxisTickerLog>));
    else
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new CompactTicker<QCPAxisTicker>));
}

void fitValueTicks(QCPAxis *axis, int plotHeight, int lineHeight)
{
    // The axis rect is the plot less about three lines (the layer axis, its title, margins); the tick count is the
    // number of steps, one less than the labels.
    const int labels = (plotHeight - 3 * lineHeight) * 2 / (3 * std::max(1, lineHeight));
    axis->ticker()->setTickStepStrategy(QCPAxisTicker::tssMeetTickCount);
    axis->ticker()->setTickCount(std::clamp(labels - 1, 1, 4));
}

QString stackedAxisTitle(const QString &title)
{
    QString stacked = title;
    stacked.replace(QStringLiteral(" ("), QStringLiteral("\n("));
    return stacked;
}

} // namespace hpx::ui
