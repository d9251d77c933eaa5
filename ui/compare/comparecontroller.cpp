#include "ui/compare/comparecontroller.h"

#include "model/compare/comparisonexport.h"
#include "ui/charts/deltachart.h"
#include "ui/common/appsettings.h"
#include "ui/common/messagebanner.h"
#include "ui/common/viewstate.h"
#include "ui/compare/comparecolumns.h"
#include "ui/compare/comparesummarystrip.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

namespace hpx::ui {

CompareController::CompareController(
    ViewState *state, LayerTableView *table, QTabWidget *charts, MessageBanner *banner, QWidget *parent)
    : QObject(parent)
    , m_state(state)
    , m_dialogParent(parent)
    , m_table(table)
    , m_charts(charts)
    , m_chart(new DeltaChart(parent))
    , m_strip(new CompareSummaryStrip(parent))
    , m_banner(banner)
    , m_compareAction(new QAction(tr("Co&mpare With…"), this))
    , m_profileAction(new QAction(tr("Comparison &Profile…"), this))
    , m_exportAction(new QAction(tr("E&xport Comparison…"), this))
    , m_stopAction(new QAction(tr("&Stop Comparing"), this))
{
    m_chart->setObjectName(QStringLiteral("DeltaChart"));
    m_chart->hide();
    m_chart->bind(m_state);
    m_strip->hide();

    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_compareAction->setStatusTip(
        tr("Compare the shown result with a baseline bundle (or pick two bundles): deltas in every view"));
    m_profileAction->setStatusTip(tr("Pick an hpx.comparison-profile with regression tolerances for the verdict"));
    m_exportAction->setStatusTip(tr("Write compare_summary.json, layer_diff.csv and Model Explorer delta overlays"));
    connect(m_compareAction, &QAction::triggered, this, &CompareController::chooseAndCompare);
    connect(m_profileAction, &QAction::triggered, this, &CompareController::chooseProfile);
    connect(m_exportAction, &QAction::triggered, this, &CompareController::chooseExport);
    connect(m_stopAction, &QAction::triggered, this, &CompareController::stop);

    connect(m_state, &ViewState::resultChanged, this, &CompareController::onResultChanged);
    connect(m_state, &ViewState::currentCounterChanged, this, &CompareController::setCounter);
    connect(
        m_state, &ViewState::comparisonChanged, m_strip, [this] { m_strip->setCompareData(m_state->comparison()); });
    m_profilePath = AppSettings().compareProfile();
    updateActions();
}

CompareController::~CompareController() = default;

bool CompareController::isActive() const
{
    return m_state->comparison().isValid();
}

const CompareData &CompareController::data() const
{
    return m_state->comparison();
}

void CompareController::setProfilePath(const QString &path)
{
    m_profilePath = path;
    AppSettings().setCompareProfile(path);
}

void CompareController::updateActions()
{
    m_exportAction->setEnabled(isActive());
    m_stopAction->setEnabled(isActive());
    m_compareAction->setEnabled(!m_running);
}

void CompareController::chooseAndCompare()
{
    const QString current = m_state->resultBundle();
    const QString start = current.isEmpty() ? QDir::homePath() : QFileInfo(current).absolutePath();
    if (!current.isEmpty() && m_state->result()) {
        const QString baseline = QFileDialog::getExistingDirectory(
            m_dialogParent, tr("Baseline Bundle to Compare %1 With").arg(QFileInfo(current).fileName()), start);
        if (!baseline.isEmpty())
            compareWithBaseline(baseline);
        return;
    }
    const QString baseline = QFileDialog::getExistingDirectory(m_dialogParent, tr("Baseline Bundle"), start);
    if (baseline.isEmpty())
        return;
    const QString candidate
        = QFileDialog::getExistingDirectory(m_dialogParent, tr("Candidate Bundle"), QFileInfo(baseline).absolutePath());
    if (!candidate.isEmpty())
        compareBundles(baseline, candidate);
}

void CompareController::chooseProfile()
{
    const QString path = QFileDialog::getOpenFileName(m_dialogParent, tr("Comparison Profile"),
        m_profilePath.isEmpty() ? QDir::homePath() : QFileInfo(m_profilePath).absolutePath(),
        tr("Comparison profiles (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!model::ComparisonProfile::load(path, &error)) {
        QMessageBox::warning(m_dialogParent, tr("Comparison Profile"), error);
        return;
    }
    setProfilePath(path);
    if (isActive()) // judge the shown comparison with the new profile
        start(data().comparison()->baseline.directory, data().comparison()->candidate.directory,
            data().comparison()->issues.cend()
                != std::find_if(data().comparison()->issues.cbegin(), data().comparison()->issues.cend(),
                    [](const model::ComparabilityIssue &i) {
                        return i.code == QLatin1String("identity.model_mismatch");
                    }));
}

void CompareController::chooseExport()
{
    if (!isActive())
        return;
    const QString dir = QFileDialog::getExistingDirectory(
        m_dialogParent, tr("Export Comparison To"), QFileInfo(data().comparison()->candidate.directory).absolutePath());
    if (!dir.isEmpty())
        exportTo(dir);
}

bool CompareController::exportTo(const QString &directory)
{
    if (!isActive())
        return false;
    const model::Comparison &cmp = *data().comparison();
    const model::ComparisonWriteResult r
        = model::writeComparison(cmp, directory, cmp.baseline.directory, cmp.candidate.directory);
    if (!r.ok) {
        m_banner->showPlainText(MessageBanner::Kind::Error, r.error);
        m_bannerText = m_banner->text();
        return false;
    }
    m_banner->showPlainText(MessageBanner::Kind::Information,
        tr("Wrote %n comparison file(s) to %1", nullptr, int(r.files.size())).arg(QDir::toNativeSeparators(directory)));
    m_bannerText = m_banner->text();
    return true;
}

bool CompareController::compareWithBaseline(const QString &baselineDir)
{
    const QString candidate = m_state->resultBundle();
    if (candidate.isEmpty() || !m_state->result())
        return false;
    m_pendingBaseline.clear();
    start(baselineDir, candidate, false);
    return true;
}

bool CompareController::compareBundles(const QString &baselineDir, const QString &candidateDir)
{
    stop();
    m_pendingBaseline = baselineDir;
    m_pendingCandidate = QDir(candidateDir).absolutePath();
    if (!openBundle || !openBundle(candidateDir)) {
        m_pendingBaseline.clear();
        return false;
    }
    return true;
}

void CompareController::start(const QString &baselineDir, const QString &candidateDir, bool allowModelChange)
{
    m_running = true;
    updateActions();
    const QString profilePath = m_profilePath;
    // Reading and comparing two bundles takes a while for big models: off the UI thread, given only copies; only the
    // finished, immutable comparison (or why there is none) comes back, and only if no newer one was asked for.
    struct Compared {
        QString error;
        ComparisonPtr comparison;
    };
    m_jobs.run(
        [profilePath, baselineDir, candidateDir, allowModelChange] {
            Compared out;
            std::optional<model::ComparisonProfile> profile;
            if (!profilePath.isEmpty())
                profile = model::ComparisonProfile::load(profilePath, &out.error);
            if (out.error.isEmpty()) {
                model::ComparisonOptions options;
                options.allowModelChange = allowModelChange;
                options.profile = profile ? &*profile : nullptr;
                if (auto cmp = model::Comparator::compareDirectories(baselineDir, candidateDir, options, &out.error))
                    out.comparison = std::make_shared<const model::Comparison>(std::move(*cmp));
            }
            return out;
        },
        [this, baselineDir, candidateDir, allowModelChange](const Compared &done) {
            onFinished(baselineDir, candidateDir, allowModelChange, done.error, done.comparison);
        });
}

void CompareController::onFinished(const QString &baselineDir, const QString &candidateDir, bool allowModelChange,
    const QString &error, ComparisonPtr comparison)
{
    m_running = false;
    updateActions();
    if (!comparison) {
        QMessageBox::warning(m_dialogParent, tr("Compare"), error);
        Q_EMIT comparisonFinished(false);
        return;
    }
    if (comparison->blocked()) {
        const bool onlyModel = std::all_of(
            comparison->issues.cbegin(), comparison->issues.cend(), [](const model::ComparabilityIssue &i) {
                return i.severity != QLatin1String("blocking") || i.code == QLatin1String("identity.model_mismatch");
            });
        if (onlyModel && !allowModelChange
            && QMessageBox::question(m_dialogParent, tr("Compare"),
                   tr("The two runs profiled different models, so heliaPROFILER would not compare them.\n\n"
                      "Compare anyway? Layers are then matched by op-sequence alignment."))
                == QMessageBox::Yes) {
            start(baselineDir, candidateDir, true);
            return;
        }
        if (!onlyModel)
            QMessageBox::warning(m_dialogParent, tr("Compare"),
                tr("These runs cannot be compared:\n%1").arg(comparison->blockingMessages().join(QLatin1Char('\n'))));
        Q_EMIT comparisonFinished(false);
        return;
    }
    showComparison(std::move(comparison));
    Q_EMIT comparisonFinished(true);
}

void CompareController::showComparison(ComparisonPtr comparison)
{
    const CompareData data(std::move(comparison));
    m_shownResult = m_state->result();
    m_counter = m_state->currentCounter();
    if (m_counter.isEmpty())
        m_counter = kCyclesCounter;
    m_columns = std::make_shared<CompareColumns>(data, m_counter);
    m_table->tableModel()->setColumnProvider(m_columns);
    m_chart->setCurrentCounter(m_counter); // the state's, or cycles before a view has chosen one
    m_state->setComparison(data); // the graph, the delta chart and the strip follow
    if (m_charts->indexOf(m_chart) < 0)
        m_charts->addTab(m_chart, tr("Δ Compare"));
    m_charts->setCurrentWidget(m_chart);
    updateActions();
}

void CompareController::stop()
{
    m_pendingBaseline.clear();
    m_jobs.cancel(); // a comparison still running is dropped
    m_running = false;
    if (!isActive()) {
        updateActions();
        return;
    }
    // A banner about this comparison (its export) means nothing once it ends; one posted since by others stays.
    if (!m_bannerText.isEmpty() && m_banner->text() == m_bannerText)
        m_banner->hide();
    m_bannerText.clear();
    m_shownResult.reset();
    m_columns.reset();
    m_table->tableModel()->setColumnProvider(nullptr);
    m_state->setComparison({}); // the graph, the delta chart and the strip follow
    const int tab = m_charts->indexOf(m_chart);
    if (tab >= 0)
        m_charts->removeTab(tab);
    m_chart->hide();
    updateActions();
}

void CompareController::onResultChanged()
{
    if (!m_pendingBaseline.isEmpty() && QDir(m_state->resultBundle()).absolutePath() == m_pendingCandidate
        && m_state->result()) {
        const QString baseline = m_pendingBaseline;
        m_pendingBaseline.clear();
        start(baseline, m_pendingCandidate, false);
        return;
    }
    // Another result (a run, a bundle, a model) replaces the candidate: compare mode ends.
    if (isActive() && m_state->result() != m_shownResult)
        stop();
}

void CompareController::setCounter(const QString &counter)
{
    if (!isActive() || counter.isEmpty() || counter == m_counter)
        return;
    m_counter = counter;
    m_columns->setCounter(counter);
    m_table->tableModel()->extraColumnsChanged();
}

} // namespace hpx::ui
