// The Power view (docs/power.md): a power meter's figures, trace and per-inference energies.
#include "ui/power/powerview.h"

#include "model/power/powersummary.h"
#include "ui/common/qcustomplotinclude.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hpx::ui {

using model::JsonValue;

namespace {

constexpr int kMaxShadedWindows = 2000;
constexpr int kMaxEdgeLines = 20000;

} // namespace

PowerView::PowerView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_trace(new QCustomPlot(this))
    , m_histogram(new QCustomPlot(this))
    , m_oneInference(new QPushButton(tr("One &inference"), this))
    , m_all(new QPushButton(tr("&Whole recording"), this))
{
    setObjectName(QStringLiteral("PowerView"));
    m_summary->setObjectName(QStringLiteral("PowerSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_trace->setObjectName(QStringLiteral("PowerTrace"));
    m_histogram->setObjectName(QStringLiteral("PowerHistogram"));
    m_oneInference->setObjectName(QStringLiteral("PowerOneInference"));
    m_oneInference->setToolTip(tr("Zoom to the first inference of the marker window, at the recording's full rate"));
    m_all->setToolTip(tr("Show the whole recording"));
    connect(m_oneInference, &QPushButton::clicked, this, &PowerView::zoomToInference);
    connect(m_all, &QPushButton::clicked, this, &PowerView::zoomToAll);

    m_trace->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_trace->axisRect()->setRangeDrag(Qt::Horizontal);
    m_trace->axisRect()->setRangeZoom(Qt::Horizontal);
    m_trace->xAxis->setLabel(tr("Time (ms)"));
    m_trace->yAxis->setLabel(tr("Current (mA)"));
    m_trace->setMinimumHeight(160);
    m_histogram->xAxis->setLabel(tr("Energy per inference (µJ)"));
    m_histogram->xAxis->ticker()->setTickCount(3); // a narrow pane: 4 to 7 ticks ran into each other
    // Counts of inferences: whole numbers on the axis, never 2.5.
    auto counts = QSharedPointer<QCPAxisTickerFixed>::create();
    counts->setTickStep(1);
    counts->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_histogram->yAxis->setTicker(counts);
    m_histogram->yAxis->setLabel(tr("Inferences"));
    m_histogram->setMinimumHeight(160);
    m_histogram->setMinimumWidth(220);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_oneInference);
    buttons->addWidget(m_all);
    buttons->addStretch(1);
    auto *trace = new QWidget(this);
    auto *traceLayout = new QVBoxLayout(trace);
    traceLayout->setContentsMargins(0, 0, 0, 0);
    traceLayout->addLayout(buttons);
    traceLayout->addWidget(m_trace);
    // Side by side, not stacked: the Charts dock is wide and short (about 20 lines), and the trace above the histogram
    // needed more height than that, so the histogram was cut off at the dock's bottom.
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    // The figures and the issues scroll: a word-wrapped label asks for the height of all its text, which pushed the
    // whole view past the dock's bottom (the plots' axis titles cut off) once a recording had warnings.
    auto *summary = new QScrollArea(this);
    summary->setWidget(m_summary);
    summary->setWidgetResizable(true);
    summary->setFrameShape(QFrame::NoFrame);
    // A scroll area asks for almost no width, and the splitter then gave the figures a sliver: room for a figure's
    // name and its value.
    summary->setMinimumWidth(m_summary->fontMetrics().averageCharWidth() * 52);
    split->addWidget(summary);
    split->addWidget(trace);
    split->addWidget(m_histogram);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 5);
    split->setStretchFactor(2, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    clear();
}

void PowerView::clear()
{
    m_measurement.reset();
    m_summary->setText(tr("No power measurement. Add a power meter's recording of this run's power windows with "
                          "<b>File → Add Power Recording…</b> (docs/power.md). Energy comes only from a recording: "
                          "the virtual board cannot be measured."));
    m_trace->clearGraphs();
    m_trace->clearItems();
    m_trace->replot();
    m_histogram->clearPlottables();
    m_histogram->replot();
    m_trace->parentWidget()->setVisible(false); // the trace with its buttons: the figures take the whole width
    m_histogram->setVisible(false);
    m_oneInference->setVisible(false);
    m_all->setVisible(false);
}

QString PowerView::summaryText(const JsonValue &p) const
{
    const auto number = [&](const char *key, const QString &unit) {
        const JsonValue v = p.value(QString::fromLatin1(key));
        return v.isNumber() ? model::power::siValue(v.toDouble(), unit) : tr("not measured");
    };
    QString html;
    if (p.value(QStringLiteral("simulated")).toBool())
        html += tr("<p><b>SIMULATED</b>: made by hpx-board-sim from its current model; it measures nothing.</p>");
    html += QStringLiteral("<table>");
    const auto row = [&html](const QString &name, const QString &value) {
        html += QStringLiteral("<tr><td>%1&nbsp;&nbsp;</td><td><b>%2</b></td></tr>")
                    .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Energy per inference"), number("energy_per_inference_j", QStringLiteral("J")));
    row(tr("Average power"), number("avg_power_w", QStringLiteral("W")));
    row(tr("Average current"), number("avg_current_a", QStringLiteral("A")));
    row(tr("Median / p95 / p99"),
        QStringLiteral("%1 / %2 / %3")
            .arg(number("median_current_a", QStringLiteral("A")), number("p95_current_a", QStringLiteral("A")),
                number("p99_current_a", QStringLiteral("A"))));
    const JsonValue ipj = p.value(QStringLiteral("inferences_per_joule"));
    row(tr("Inferences per joule"), ipj.isNumber() ? QString::number(ipj.toDouble(), 'f', 1) : tr("not measured"));
    const JsonValue n = p.value(QStringLiteral("inference_count"));
    if (n.isNumber())
        row(tr("Inferences"), QString::number(n.toInt()));
    row(tr("Gated windows"), QString::number(p.value(QStringLiteral("gated_window_count")).toInt()));
    const JsonValue ratio = p.value(QStringLiteral("gated_window_duration_ratio"));
    if (ratio.isNumber())
        row(tr("Gate ÷ firmware time"), QString::number(ratio.toDouble(), 'f', 4));
    row(tr("Scope"), p.value(QStringLiteral("measurement_scope")).toString());
    if (p.value(QStringLiteral("integrity")).isString())
        row(tr("Integrity"), p.value(QStringLiteral("integrity")).toString());
    const JsonValue recording = p.value(QStringLiteral("recording"));
    if (recording.isObject())
        row(tr("Recording"),
            QStringLiteral("%1 (%2)").arg(recording.value(QStringLiteral("name")).toString(),
                recording.value(QStringLiteral("format")).toString()));
    html += QStringLiteral("</table>");
    if (p.value(QStringLiteral("energy_per_layer")).toBool())
        html += tr("<p>Energy per layer: the <b>energy_j</b> column of the table and the heat graph's counter.</p>");
    const auto issues = p.value(QStringLiteral("issues")).elements();
    if (!issues.empty()) {
        html += QStringLiteral("<ul>");
        for (const JsonValue &i : issues)
            html += QStringLiteral("<li>%1 <i>%2</i>: %3</li>")
                        .arg(i.value(QStringLiteral("severity")).toString().toHtmlEscaped(),
                            i.value(QStringLiteral("code")).toString().toHtmlEscaped(),
                            i.value(QStringLiteral("message")).toString().toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

void PowerView::showSummary(const JsonValue &power)
{
    clear();
    if (!power.isObject())
        return;
    m_summary->setText(summaryText(power)
        + tr("<p>The recording's trace is shown right after <b>File → Add Power Recording…</b>; the bundle keeps its "
             "figures.</p>"));
}

void PowerView::showMeasurement(
    std::shared_ptr<const model::power::PowerMeasurement> measurement, const JsonValue &power)
{
    clear();
    m_measurement = std::move(measurement);
    m_summary->setText(summaryText(power));
    m_trace->parentWidget()->setVisible(true);
    m_histogram->setVisible(!m_measurement->inferenceEnergiesJ.isEmpty());
    m_oneInference->setVisible(true);
    m_all->setVisible(true);
    fillTrace();
    fillHistogram();
    zoomToAll();
}

void PowerView::fillTrace()
{
    const model::power::RecordingScan &s = m_measurement->scan;
    const QPalette pal = palette();
    QCPGraph *high = m_trace->addGraph();
    QCPGraph *low = m_trace->addGraph();
    QVector<double> x, hi, lo;
    for (const auto &b : s.trace.buckets) {
        x.append((b.startS + b.endS) * 500.0);
        hi.append(double(b.maxA) * 1e3);
        lo.append(double(b.minA) * 1e3);
    }
    QColor line = pal.color(QPalette::Highlight);
    high->setPen(QPen(line));
    low->setPen(QPen(line));
    QColor fill = line;
    fill.setAlpha(90);
    low->setBrush(fill);
    low->setChannelFillGraph(high);
    high->setData(x, hi, true);
    low->setData(x, lo, true);
    high->setName(tr("Current (range per pixel)"));
    if (!s.markerDetail.isEmpty()) {
        QCPGraph *detail = m_trace->addGraph();
        QVector<double> dx, dy;
        dx.reserve(s.markerDetail.size());
        dy.reserve(s.markerDetail.size());
        for (const auto &d : s.markerDetail) {
            dx.append(d.t * 1e3);
            dy.append(double(d.currentA) * 1e3);
        }
        detail->setData(dx, dy, true);
        detail->setLineStyle(QCPGraph::lsStepLeft);
        detail->setPen(QPen(pal.color(QPalette::Text)));
        detail->setName(tr("Current (every sample of the first marker window)"));
    }
    // The gate windows, shaded.
    QColor gate = pal.color(QPalette::Link);
    gate.setAlpha(40);
    for (int i = 0; i < s.windows.size() && i < kMaxShadedWindows; ++i) {
        const model::power::GateWindow &w = s.windows.at(i);
        auto *rect = new QCPItemRect(m_trace);
        rect->setLayer(QStringLiteral("background"));
        rect->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(w.startS * 1e3, 0.0);
        rect->bottomRight->setCoords((w.startS + w.durationS) * 1e3, 1.0);
        rect->setPen(Qt::NoPen);
        rect->setBrush(gate);
    }
    // The layer boundaries: one line per marker edge.
    QColor edge = pal.color(QPalette::Mid);
    for (int i = 0; i < s.markerIntervals.size() && i < kMaxEdgeLines; ++i) {
        auto *l = new QCPItemStraightLine(m_trace);
        const double t = s.markerIntervals.at(i).endS * 1e3;
        l->point1->setCoords(t, 0.0);
        l->point2->setCoords(t, 1.0);
        l->setPen(QPen(edge, 0, Qt::DotLine));
    }
    m_trace->yAxis->rescale();
    QCPRange y = m_trace->yAxis->range();
    m_trace->yAxis->setRange(std::min(0.0, y.lower), y.upper * 1.1 + 1e-6);
    m_trace->replot();
}

void PowerView::fillHistogram()
{
    const QVector<double> &e = m_measurement->inferenceEnergiesJ;
    if (e.isEmpty())
        return;
    const auto [minIt, maxIt] = std::minmax_element(e.cbegin(), e.cend());
    double lo = *minIt * 1e6, hi = *maxIt * 1e6;
    // Inferences that agree to 0.1 % (a simulated recording, a steady board) share one bar a 1 % wide.
    const bool steady = hi - lo <= std::fabs(hi) * 1e-3;
    const int bins = steady ? 1 : 20;
    if (steady) {
        const double centre = (lo + hi) / 2;
        lo = centre - std::max(std::fabs(centre) * 0.005, 1e-9);
        hi = centre + std::max(std::fabs(centre) * 0.005, 1e-9);
    }
    const double width = (hi - lo) / bins;
    QVector<double> keys(bins), counts(bins, 0.0);
    for (int b = 0; b < bins; ++b)
        keys[b] = lo + (b + 0.5) * width;
    for (double v : e)
        counts[std::clamp(int((v * 1e6 - lo) / width), 0, bins - 1)] += 1.0;
    auto *bars = new QCPBars(m_histogram->xAxis, m_histogram->yAxis);
    bars->setWidth(width * 0.9);
    bars->setData(keys, counts, true);
    bars->setBrush(palette().color(QPalette::Highlight));
    bars->setPen(Qt::NoPen);
    m_histogram->rescaleAxes();
    m_histogram->xAxis->setRange(lo - width, hi + width);
    m_histogram->yAxis->setRange(0, *std::max_element(counts.cbegin(), counts.cend()) * 1.15);
    m_histogram->replot();
}

void PowerView::zoomToAll()
{
    if (!m_measurement)
        return;
    const model::power::RecordingScan &s = m_measurement->scan;
    m_trace->xAxis->setRange(0.0, std::max(s.durationS * 1e3, 1e-6));
    m_trace->replot();
}

void PowerView::zoomToInference()
{
    if (!m_measurement)
        return;
    const model::power::PowerMeasurement &m = *m_measurement;
    const model::power::RecordingScan &s = m.scan;
    double from = 0.0, to = 0.0;
    const auto marker = std::find_if(
        s.windows.cbegin(), s.windows.cend(), [](const model::power::GateWindow &w) { return w.markerEdges > 0; });
    if (marker != s.windows.cend() && s.eventsPerInference > 0 && s.markerIntervals.size() >= s.eventsPerInference) {
        from = marker->startS;
        to = s.markerIntervals.at(s.eventsPerInference - 1).endS;
    } else if (!s.windows.isEmpty() && m.inferences && *m.inferences > 0) {
        from = s.windows.first().startS;
        to = from + s.windows.first().durationS / double(*m.inferences);
    } else {
        return;
    }
    const double margin = (to - from) * 0.05;
    m_trace->xAxis->setRange((from - margin) * 1e3, (to + margin) * 1e3);
    m_trace->replot();
}

} // namespace hpx::ui
