#include "ui/compare/comparesummarystrip.h"

#include "model/compare/divergingpalette.h"
#include "ui/common/elidinglabel.h"
#include "ui/common/flowlayout.h"
#include "ui/common/resultviewdata.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>

namespace hpx::ui {

namespace {

QString metricText(const model::MetricDiff *m, const QString &unit)
{
    if (!m || (!m->baseline.isNumber() && !m->candidate.isNumber()))
        return CompareSummaryStrip::tr("not in both runs");
    const auto side
        = [&](const model::JsonValue &v) { return v.isNumber() ? formatNumber(v.toDouble()) : QStringLiteral("–"); };
    QString text = side(m->baseline) + QStringLiteral(" → ") + side(m->candidate);
    if (!unit.isEmpty())
        text += QLatin1Char(' ') + unit;
    if (m->deltaPct)
        text += QStringLiteral(" (%1%2 %)")
                    .arg(*m->deltaPct > 0 ? QStringLiteral("+") : QString(), QLocale().toString(*m->deltaPct, 'f', 2));
    return text;
}

QString colourFor(const model::MetricDiff *m)
{
    if (!m || !m->deltaPct || *m->deltaPct == 0)
        return {};
    const model::Rgb c = *m->deltaPct < 0 ? model::DivergingPalette::faster() : model::DivergingPalette::slower();
    return c.hex();
}

} // namespace

CompareSummaryStrip::CompareSummaryStrip(QWidget *parent)
    : QFrame(parent)
    , m_runs(new ElidingLabel(this))
    , m_cycles(new QLabel(this))
    , m_latency(new QLabel(this))
    , m_layers(new QLabel(this))
    , m_verdict(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    // The strip sits above the views in the central area: a strip as wide as its texts on one line would widen
    // the window or squeeze the docks (issue 24, 2.2), so the parts flow onto more rows when the area is narrow.
    // Words wrapped inside a part made a column of one word per line, cut at the strip's bottom.
    auto *layout = new FlowLayout(this, 6);
    layout->setContentsMargins(8, 4, 8, 4);
    QFont bold = m_runs->font();
    bold.setBold(true);
    m_runs->setFont(bold);
    layout->addWidget(m_runs);
    for (QLabel *l : { m_cycles, m_latency, m_layers, m_verdict }) {
        l->setTextFormat(Qt::RichText);
        l->setWordWrap(false);
        l->setContentsMargins(0, 0, 12, 0); // the gap between parts on one row
        layout->addWidget(l);
    }
    setCompareData({});
}

void CompareSummaryStrip::setCompareData(const CompareData &data)
{
    const model::Comparison *cmp = data.comparison();
    setVisible(cmp != nullptr);
    if (!cmp)
        return;
    const auto name = [](const model::Bundle &b) { return QFileInfo(b.directory).fileName(); };
    m_runs->setParts(QString(), tr("Compare %1 → %2").arg(name(cmp->baseline), name(cmp->candidate)));
    m_runs->setContentsMargins(0, 0, 12, 0);
    m_runs->setExplanation(tr("Baseline: %1\nCandidate: %2")
                               .arg(QDir::toNativeSeparators(cmp->baseline.directory),
                                   QDir::toNativeSeparators(cmp->candidate.directory)));
    const model::MetricDiff *cycles = cmp->metric(QStringLiteral("total_cycles"));
    const model::MetricDiff *latency = cmp->metric(QStringLiteral("device_profiled_infer_avg_us"));
    const auto coloured = [](const QString &text, const QString &colour) {
        return colour.isEmpty()
            ? text.toHtmlEscaped()
            : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(colour, text.toHtmlEscaped());
    };
    // The virtual board's totals are emulated instructions, and its latency only those at a nominal clock: no time.
    const bool emulated = cmp->cyclesAreEmulatedInstructions();
    m_cycles->setText((emulated ? tr("Total instructions (emulated): %1") : tr("Total cycles: %1"))
                          .arg(coloured(metricText(cycles, QString()), colourFor(cycles))));
    m_latency->setVisible(!emulated);
    m_latency->setText(
        emulated ? QString() : tr("Latency: %1").arg(coloured(metricText(latency, tr("µs")), colourFor(latency))));
    int matched = 0;
    for (const model::LayerPair &p : cmp->pairs)
        matched += p.baseline >= 0 && p.candidate >= 0;
    QString rule;
    switch (cmp->layerRule) {
    case model::LayerMatchRule::None:
        rule = tr("layers not matched");
        break;
    case model::LayerMatchRule::Position:
        rule = tr("%n layer(s) matched by position", nullptr, matched);
        break;
    case model::LayerMatchRule::OperatorIndex:
        rule = tr("%n layer(s) matched by operator index", nullptr, matched);
        break;
    case model::LayerMatchRule::OpSequence:
        rule = tr("%n layer(s) matched by op sequence (different models)", nullptr, matched);
        break;
    }
    m_layers->setText(rule.toHtmlEscaped());
    QStringList issues;
    for (const model::ComparabilityIssue &i : cmp->issues)
        issues.append(i.message);
    m_layers->setToolTip(issues.join(QLatin1Char('\n')));
    if (!cmp->verdict) {
        m_verdict->setText(tr("Verdict: no comparison profile"));
        m_verdict->setToolTip(tr("File → Comparison Profile… picks an hpx.comparison-profile with the tolerances."));
        return;
    }
    const model::VerdictStatus s = cmp->verdict->status;
    const QString word = s == model::VerdictStatus::Pass ? tr("PASS")
        : s == model::VerdictStatus::Warn                ? tr("WARN")
        : s == model::VerdictStatus::Fail                ? tr("FAIL")
                                                         : tr("SKIP");
    const QString colour = s == model::VerdictStatus::Pass ? QStringLiteral("#15803d")
        : s == model::VerdictStatus::Fail                  ? model::DivergingPalette::slower().hex()
        : s == model::VerdictStatus::Warn                  ? QStringLiteral("#b45309")
                                                           : QString();
    m_verdict->setText(
        tr("Verdict: %1")
            .arg(colour.isEmpty() ? word : QStringLiteral("<b style=\"color:%1\">%2</b>").arg(colour, word)));
    QStringList lines;
    for (const model::MetricVerdict &m : cmp->verdict->metrics)
        lines.append(QStringLiteral("%1: %2 (%3)").arg(m.metric, model::verdictStatusName(m.status), m.message));
    for (const QString &d : cmp->verdict->dimensionMismatches)
        lines.append(tr("required dimension %1 differs").arg(d));
    m_verdict->setToolTip(lines.join(QLatin1Char('\n')));
}

QString CompareSummaryStrip::cyclesText() const
{
    return m_cycles->text();
}

QString CompareSummaryStrip::latencyText() const
{
    return m_latency->text();
}

void CompareSummaryStrip::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    // The rows its parts take at this width: a low central area squeezed it below them and cut the last row.
    setMinimumHeight(layout()->heightForWidth(width()));
}

QString CompareSummaryStrip::runsText() const
{
    return m_runs->shownText();
}

QString CompareSummaryStrip::verdictText() const
{
    return m_verdict->text();
}

} // namespace hpx::ui
