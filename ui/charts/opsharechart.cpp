#include "ui/charts/opsharechart.h"

#include "ui/common/countercombo.h"
#include "ui/common/viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLocale>
#include <QPieSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace hpx::ui {

namespace {

// Qualitative colours (Tableau 10 order) for op types; "Other" is grey. Not the heat gradient:
// these mark categories, not cost.
QColor sliceColor(int index, bool other)
{
    static const QRgb colors[] = { 0x4e79a7, 0xf28e2b, 0x76b7b2, 0xb07aa1, 0x59a14f, 0xedc948, 0xff9da7, 0x9c755f };
    return other ? QColor(0xbab0ac) : QColor(colors[index % 8]);
}

} // namespace

OpShareChart::OpShareChart(QWidget *parent)
    : QWidget(parent)
    , m_counterCombo(new CounterCombo(this))
    , m_styleCombo(new QComboBox(this))
    , m_view(new QChartView(this))
{
    m_counterCombo->setToolTip(tr("Counter whose share is shown"));
    m_styleCombo->addItem(tr("Pie"), int(Style::Pie));
    m_styleCombo->addItem(tr("Bars"), int(Style::Bars));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setChart(new QChart);
    m_view->chart()->setAnimationOptions(QChart::NoAnimation);
    m_view->chart()->legend()->setAlignment(Qt::AlignRight);
    m_chartMargins = m_view->chart()->margins();

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Counter:"), this));
    bar->addWidget(m_counterCombo);
    bar->addWidget(m_styleCombo);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_counterCombo, &CounterCombo::counterChanged, this, [this](const QString &c) {
        if (c == m_counter)
            return;
        m_counter = c;
        rebuild();
        Q_EMIT currentCounterChanged(c);
    });
    connect(m_styleCombo, &QComboBox::currentIndexChanged, this,
        [this] { setStyle(Style(m_styleCombo->currentData().toInt())); });
    applyTheme();
    rebuild();
}

OpShareChart::~OpShareChart() = default;

QString OpShareChart::otherLabel()
{
    return tr("Other");
}

void OpShareChart::setResult(const model::ProfileResult &result)
{
    setResult(std::make_shared<const model::ProfileResult>(result));
}

void OpShareChart::setResult(ResultPtr result)
{
    m_result = std::move(result);
    rebuildCounterCombo();
    rebuild();
}

void OpShareChart::rebuildCounterCombo()
{
    m_counter = m_counterCombo->setCountersOf(m_result.get(), m_counter);
}

void OpShareChart::bind(ViewState *state)
{
    connect(state, &ViewState::resultChanged, this, [this, state] { setResult(state->result()); });
    connect(state, &ViewState::currentCounterChanged, this, &OpShareChart::setCurrentCounter);
}

void OpShareChart::setCurrentCounter(const QString &counter)
{
    m_counterCombo->selectCounter(counter);
}

void OpShareChart::setStyle(Style style)
{
    if (style == m_style)
        return;
    m_style = style;
    QSignalBlocker block(m_styleCombo);
    m_styleCombo->setCurrentIndex(m_styleCombo->findData(int(style)));
    rebuild();
}

QVector<OpShareChart::Share> OpShareChart::computeShares(
    const model::ProfileResult &result, const QString &counter, int limit)
{
    const int c = result.counters.indexOf(counter);
    if (c < 0)
        return {};
    QHash<QString, Share> byOp;
    double total = 0;
    for (const auto &l : result.layers) {
        const auto v = l.selfAt(c); // a WHILE's share is its own; its body's operators have theirs
        if (!v)
            continue;
        const QString op = l.opType.isEmpty() ? l.op : l.opType;
        Share &s = byOp[op];
        s.opType = op;
        s.value += *v;
        ++s.layers;
        total += *v;
    }
    QVector<Share> all(byOp.begin(), byOp.end());
    std::sort(all.begin(), all.end(),
        [](const Share &a, const Share &b) { return a.value != b.value ? a.value > b.value : a.opType < b.opType; });
    if (limit > 1 && all.size() > limit) {
        Share other;
        other.opType = otherLabel();
        for (int i = limit - 1; i < all.size(); ++i) {
            other.value += all[i].value;
            other.layers += all[i].layers;
        }
        all.resize(limit - 1);
        all.append(other);
    }
    for (Share &s : all)
        s.fraction = total > 0 ? s.value / total : 0;
    return all;
}

void OpShareChart::rebuild()
{
    m_shares = m_result ? computeShares(*m_result, m_counter, kOpTypeLimit) : QVector<Share>();
    QChart *chart = m_view->chart();
    chart->removeAllSeries();
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        chart->removeAxis(a);
        delete a;
    }
    m_title = m_shares.isEmpty() ? tr("No values to show")
                                 : tr("%1 by op type").arg(counterLabel(m_counter, m_result.get()));
    fitToHeight();
    if (m_shares.isEmpty())
        return;
    auto pct = [](double f) { return QLocale().toString(f * 100, 'f', 1); };
    if (m_style == Style::Pie) {
        auto *series = new QPieSeries;
        series->setPieSize(0.78);
        for (const Share &s : std::as_const(m_shares)) {
            QPieSlice *slice = series->append(s.opType, s.value);
            // Percent on the slice, op name in the legend: long op names do not fit beside a pie.
            slice->setLabel(tr("%1 %").arg(pct(s.fraction)));
            slice->setLabelVisible(s.fraction >= 0.03);
            slice->setLabelColor(palette().color(QPalette::Text));
            slice->setColor(sliceColor(int(series->count()) - 1, s.opType == otherLabel()));
            slice->setBorderColor(palette().color(QPalette::Base));
            const QString op = s.opType;
            const QString tip
                = tr("%1: %2 (%3 %), %n layer(s)", nullptr, s.layers).arg(op, formatNumber(s.value), pct(s.fraction));
            connect(slice, &QPieSlice::hovered, this, [slice, tip](bool on) {
                slice->setExploded(on);
                if (on)
                    QToolTip::showText(QCursor::pos(), tip);
                else
                    QToolTip::hideText();
            });
            if (op != otherLabel())
                connect(slice, &QPieSlice::clicked, this, [this, op] { Q_EMIT opTypeActivated(op); });
        }
        chart->addSeries(series);
        chart->legend()->setVisible(true);
        // Slice labels already name the op; the legend keeps the small ones findable.
        const auto markers = chart->legend()->markers(series);
        for (int i = 0; i < markers.size(); ++i)
            markers[i]->setLabel(tr("%1 (%2 %)").arg(m_shares.at(i).opType, pct(m_shares.at(i).fraction)));
    } else {
        auto *set = new QBarSet(counterLabel(m_counter, m_result.get()));
        QStringList categories;
        // Horizontal bars draw bottom-up: reverse so the largest is on top.
        for (int i = m_shares.size() - 1; i >= 0; --i) {
            *set << m_shares[i].fraction * 100;
            categories << m_shares[i].opType;
        }
        set->setColor(palette().color(QPalette::Highlight));
        set->setLabelColor(palette().color(QPalette::WindowText));
        auto *series = new QHorizontalBarSeries;
        series->append(set);
        series->setLabelsVisible(true);
        series->setLabelsFormat(QStringLiteral("@value %"));
        series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        series->setLabelsPrecision(3);
        chart->addSeries(series);
        auto *y = new QBarCategoryAxis;
        y->append(categories);
        auto *x = new QValueAxis;
        x->setRange(0, std::min(100.0, m_shares.first().fraction * 100 * 1.2 + 1));
        x->applyNiceNumbers();
        x->setLabelFormat(QStringLiteral("%.0f %"));
        x->setTitleText(tr("Share of %1").arg(counterLabel(m_counter, m_result.get())));
        chart->addAxis(y, Qt::AlignLeft);
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(y);
        series->attachAxis(x);
        chart->legend()->setVisible(false);
        connect(series, &QHorizontalBarSeries::clicked, this, [this, categories](int index, QBarSet *) {
            if (index >= 0 && index < categories.size() && categories[index] != otherLabel())
                Q_EMIT opTypeActivated(categories[index]);
        });
    }
    applyTheme();
}

void OpShareChart::applyTheme()
{
    QChart *chart = m_view->chart();
    const QPalette pal = palette();
    const bool dark = pal.color(QPalette::Window).lightness() < 128;
    if (chart->theme() != (dark ? QChart::ChartThemeDark : QChart::ChartThemeLight))
        chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight); // slice colours
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(pal.color(QPalette::Text));
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    QFont title = font();
    title.setBold(true);
    chart->setTitleFont(title);
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        a->setLabelsColor(pal.color(QPalette::Text));
        a->setTitleBrush(pal.color(QPalette::Text));
        QColor grid = pal.color(QPalette::Text);
        grid.setAlphaF(0.15);
        a->setGridLineColor(grid);
    }
    m_view->setBackgroundBrush(pal.color(QPalette::Base));
}

void OpShareChart::fitToHeight()
{
    // In a low dock (scale 2 at the default layout) the title and the chart's margins left the pie 60 px across: the
    // counter box above already names what is shown, so the title goes first, and the margins shrink.
    const int line = fontMetrics().height();
    const bool low = m_view->isVisible() && m_view->height() < 14 * line;
    QChart *chart = m_view->chart();
    chart->setTitle(low && !m_shares.isEmpty() ? QString() : m_title);
    chart->setMargins(low ? QMargins(2, 2, 2, 2) : m_chartMargins);
}

void OpShareChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitToHeight();
}

void OpShareChart::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fitToHeight();
}

void OpShareChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

} // namespace hpx::ui
