#include "ui/graph/heatgraphtoolbar.h"

#include "ui/common/countercombo.h"
#include "ui/common/flowlayout.h"
#include "ui/common/resultviewdata.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>

namespace hpx::ui {

HeatGraphToolBar::HeatGraphToolBar(QWidget *parent)
    : QWidget(parent)
    , m_counterCombo(new CounterCombo(this))
    , m_scaleCombo(new QComboBox(this))
    , m_subgraphCombo(new QComboBox(this))
    , m_subgraphLabel(new QLabel(tr("Subgraph:"), this))
    , m_search(new QLineEdit(this))
    , m_hotButton(new QToolButton(this))
    , m_directionButton(new QToolButton(this))
    , m_callerButton(new QToolButton(this))
    , m_overviewButton(new QToolButton(this))
    , m_zoomInButton(new QToolButton(this))
    , m_zoomOutButton(new QToolButton(this))
    , m_fitButton(new QToolButton(this))
    , m_moreButton(new QToolButton(this))
{
    m_counterCombo->setToolTip(tr("Counter that colours the nodes"));
    m_counterCombo->setPlaceholderText(tr("none yet"));
    m_scaleCombo->setObjectName(QStringLiteral("HeatScaleCombo"));
    for (HeatScale scale : allHeatScales()) {
        switch (scale) {
        case HeatScale::Linear:
            m_scaleCombo->addItem(tr("Linear"), int(scale));
            break;
        case HeatScale::Logarithmic:
            m_scaleCombo->addItem(tr("Log"), int(scale));
            break;
        case HeatScale::Rank:
            m_scaleCombo->addItem(tr("Rank"), int(scale));
            break;
        }
    }
    m_scaleCombo->setToolTip(tr("Colour scale: linear (as Model Explorer), logarithmic, or by rank among the "
                                "operators shown, so one very hot operator does not paint all others green"));
    m_scaleCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_subgraphCombo->setToolTip(tr("Subgraph to show"));
    m_subgraphCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_subgraphCombo->setMinimumContentsLength(12); // the popup shows the full names
    m_search->setPlaceholderText(tr("Find op or #index (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    // The switchers keep their full text; the search field takes what is left of its row, but never less
    // than a readable width.
    m_counterCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_subgraphCombo->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 12);
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Fit the graph's width in the view at a readable size (F)"));
    // The style's menu arrow is drawn over the end of the text: a drawn-in arrow instead.
    m_hotButton->setText(tr("Hottest") + QStringLiteral(" ▾"));
    m_hotButton->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; width: 0px; }"));
    m_hotButton->setToolTip(tr("Jump to the hottest operators (N: next, Shift+N: previous)"));
    m_hotButton->setPopupMode(QToolButton::InstantPopup);
    m_hotButton->setMenu(new QMenu(tr("Hottest"), m_hotButton));
    m_directionButton->setCheckable(true);
    setDirection(LayoutOptions::Direction::TopToBottom);
    m_overviewButton->setCheckable(true);
    m_overviewButton->setChecked(true);
    m_overviewButton->setText(tr("Overview"));
    m_overviewButton->setToolTip(tr("Show the minimap of the whole graph when it does not fit the view"));
    m_zoomInButton->setText(QStringLiteral("+"));
    m_zoomInButton->setToolTip(tr("Zoom in (Ctrl++)"));
    m_zoomOutButton->setText(QStringLiteral("−"));
    m_zoomOutButton->setToolTip(tr("Zoom out (Ctrl+-)"));
    m_moreButton->setObjectName(QStringLiteral("HeatGraphMoreButton"));
    m_moreButton->setText(QStringLiteral("⋯"));
    m_moreButton->setToolTip(tr("More graph controls (the pane is too narrow to show them all)"));
    m_moreButton->setStyleSheet(m_hotButton->styleSheet());
    m_moreButton->setPopupMode(QToolButton::InstantPopup);
    m_moreButton->setMenu(new QMenu(m_moreButton));
    m_moreButton->hide();
    connect(m_moreButton->menu(), &QMenu::aboutToShow, this, [this] { fillMoreMenu(m_moreButton->menu()); });
    if (parent)
        parent->installEventFilter(this); // a taller pane has room for more rows

    // A label stays with its combo box, the zoom buttons stay together.
    auto *bar = new FlowLayout(this, 4);
    bar->setContentsMargins(0, 0, 0, 0);
    auto group = [this](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget(this);
        auto *row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        for (QWidget *w : widgets)
            row->addWidget(w);
        return box;
    };
    m_hotGroup = group({ m_hotButton });
    m_viewGroup = group({ m_directionButton, m_overviewButton });
    m_zoomGroup = group({ m_zoomOutButton, m_zoomInButton, m_fitButton });
    bar->addWidget(group({ new QLabel(tr("Counter:"), this), m_counterCombo }));
    bar->addWidget(m_scaleCombo);
    bar->addWidget(group({ m_subgraphLabel, m_subgraphCombo }));
    bar->addWidget(m_callerButton);
    bar->addWidget(m_search);
    bar->addWidget(m_hotGroup);
    bar->addWidget(m_viewGroup);
    bar->addWidget(m_zoomGroup);
    bar->addWidget(m_moreButton);

    connect(m_subgraphCombo, &QComboBox::currentIndexChanged, this,
        [this] { Q_EMIT subgraphChosen(m_subgraphCombo->currentData().toInt()); });
    connect(m_scaleCombo, &QComboBox::activated, this,
        [this] { Q_EMIT scaleChosen(HeatScale(m_scaleCombo->currentData().toInt())); });
    connect(m_callerButton, &QToolButton::clicked, this, &HeatGraphToolBar::callerClicked);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (!m_search->text().trimmed().isEmpty())
            Q_EMIT searchRequested(m_search->text().trimmed());
    });
    connect(m_directionButton, &QToolButton::toggled, this, [this](bool on) {
        Q_EMIT directionChosen(on ? LayoutOptions::Direction::LeftToRight : LayoutOptions::Direction::TopToBottom);
    });
    connect(m_overviewButton, &QToolButton::toggled, this, &HeatGraphToolBar::overviewToggled);
    connect(m_fitButton, &QToolButton::clicked, this, &HeatGraphToolBar::fitClicked);
    connect(m_zoomInButton, &QToolButton::clicked, this, &HeatGraphToolBar::zoomInClicked);
    connect(m_zoomOutButton, &QToolButton::clicked, this, &HeatGraphToolBar::zoomOutClicked);
}

bool HeatGraphToolBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        fitControls();
    return QWidget::eventFilter(watched, event);
}

void HeatGraphToolBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitControls();
}

bool HeatGraphToolBar::event(QEvent *event)
{
    // A control's text changed (language, caller, subgraph names): what fits may have changed too.
    if (event->type() == QEvent::LayoutRequest)
        fitControls();
    return QWidget::event(event);
}

void HeatGraphToolBar::fitControls()
{
    auto *bar = static_cast<FlowLayout *>(layout());
    if (m_fitting || !bar || width() <= 0)
        return;
    // Worked out on paper first and only then applied, so a second call changes nothing (showing and hiding
    // requests another layout, which calls this again).
    // Two rows, or more while they take at most a fifth of the pane's height (the default window shows every
    // control, even with the subgraph switcher).
    const int rowHeight = m_counterCombo->sizeHint().height() + 4;
    const int paneHeight = parentWidget() ? parentWidget()->height() : 0;
    const int maxRows = std::max(2, paneHeight / 5 / rowHeight);
    QWidget *const groups[] = { m_zoomGroup, m_viewGroup, m_scaleCombo, m_hotGroup };
    QHash<const QWidget *, bool> shown;
    for (QWidget *g : groups)
        shown.insert(g, true);
    shown.insert(m_moreButton, false);
    for (QWidget *g : groups) {
        if (bar->rowsForWidth(width(), shown) <= maxRows)
            break;
        shown.insert(g, false);
        shown.insert(m_moreButton, true);
    }
    m_fitting = true;
    for (auto it = shown.cbegin(); it != shown.cend(); ++it) {
        auto *w = const_cast<QWidget *>(it.key());
        if (w->isHidden() == it.value())
            w->setVisible(it.value());
    }
    m_fitting = false;
}

void HeatGraphToolBar::fillMoreMenu(QMenu *menu)
{
    // Only what is not on the bar, in the bar's order; each entry works through its button, so the bar and
    // the menu cannot disagree.
    menu->clear();
    if (m_hotGroup->isHidden())
        menu->addMenu(m_hotButton->menu())->setEnabled(m_hotButton->isEnabled());
    if (m_scaleCombo->isHidden()) {
        QMenu *scales = menu->addMenu(tr("Colour scale"));
        for (int i = 0; i < m_scaleCombo->count(); ++i) {
            QAction *a = scales->addAction(m_scaleCombo->itemText(i));
            a->setCheckable(true);
            a->setChecked(i == m_scaleCombo->currentIndex());
            connect(a, &QAction::triggered, this, [this, i] {
                m_scaleCombo->setCurrentIndex(i);
                Q_EMIT scaleChosen(HeatScale(m_scaleCombo->currentData().toInt()));
            });
        }
    }
    if (m_viewGroup->isHidden()) {
        QAction *direction = menu->addAction(tr("Lay out left to right"));
        direction->setCheckable(true);
        direction->setChecked(m_directionButton->isChecked());
        connect(direction, &QAction::triggered, m_directionButton, &QToolButton::toggle);
        QAction *overview = menu->addAction(m_overviewButton->text());
        overview->setToolTip(m_overviewButton->toolTip());
        overview->setCheckable(true);
        overview->setChecked(m_overviewButton->isChecked());
        connect(overview, &QAction::triggered, m_overviewButton, &QToolButton::toggle);
    }
    if (m_zoomGroup->isHidden()) {
        menu->addSeparator();
        menu->addAction(tr("Zoom in"), QKeySequence::ZoomIn, m_zoomInButton, &QToolButton::click);
        menu->addAction(tr("Zoom out"), QKeySequence::ZoomOut, m_zoomOutButton, &QToolButton::click);
        menu->addAction(tr("Fit"), QKeySequence(Qt::Key_F), m_fitButton, &QToolButton::click);
    }
}

void HeatGraphToolBar::setSubgraphs(const model::ModelInfo *model, int current)
{
    QSignalBlocker block(m_subgraphCombo);
    m_subgraphCombo->clear();
    if (model) {
        for (const auto &sg : model->subgraphs)
            m_subgraphCombo->addItem(
                tr("%1 (%n op(s))", nullptr, int(sg.operators.size())).arg(subgraphLabel(model, sg.index)), sg.index);
    }
    m_subgraphCombo->setCurrentIndex(std::max(0, m_subgraphCombo->findData(current)));
    // One subgraph needs no switcher; its name is in the Model dock.
    m_subgraphLabel->parentWidget()->setVisible(m_subgraphCombo->count() > 1);
}

void HeatGraphToolBar::selectSubgraph(int subgraph)
{
    const int i = m_subgraphCombo->findData(subgraph);
    if (i >= 0)
        m_subgraphCombo->setCurrentIndex(i);
}

void HeatGraphToolBar::setCaller(const model::ModelInfo *model, const std::optional<QPair<int, int>> &caller)
{
    m_callerButton->setVisible(model && caller.has_value());
    if (!model || !caller)
        return;
    const auto &op = model->subgraphs.at(caller->first).operators.at(caller->second);
    m_callerButton->setText(tr("↑ %1").arg(operatorName(op.op, model, caller->first, caller->second)));
    m_callerButton->setToolTip(tr("Back to the operator that runs this subgraph"));
}

void HeatGraphToolBar::setDirection(LayoutOptions::Direction direction)
{
    const bool leftToRight = direction == LayoutOptions::Direction::LeftToRight;
    {
        QSignalBlocker block(m_directionButton);
        m_directionButton->setChecked(leftToRight);
    }
    m_directionButton->setText(leftToRight ? QStringLiteral("→") : QStringLiteral("↓"));
    m_directionButton->setToolTip(leftToRight ? tr("Layout direction: left to right; click for top to bottom")
                                              : tr("Layout direction: top to bottom; click for left to right"));
}

void HeatGraphToolBar::setScale(HeatScale scale)
{
    m_scaleCombo->setCurrentIndex(std::max(0, m_scaleCombo->findData(int(scale))));
}

void HeatGraphToolBar::setHottestEnabled(bool enabled)
{
    m_hotButton->setEnabled(enabled);
}

QMenu *HeatGraphToolBar::hottestMenu() const
{
    return m_hotButton->menu();
}

void HeatGraphToolBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

} // namespace hpx::ui
