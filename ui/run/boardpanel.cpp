#include "ui/run/boardpanel.h"

#include "model/board/engine.h"
#include "model/board/socprofile.h"
#include "model/bundle/runcontext.h"
#include "model/config/config.h"
#include "model/results/merge.h"
#include "run/virtualboard.h"
#include "ui/common/elidingcombobox.h"
#include "ui/run/boardsuggestion.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTextDocument>
#include <QToolButton>

#include <algorithm>
#include <limits>

namespace hpx::ui {

using namespace hpx::model;

namespace {
const QString SimPort = QStringLiteral("sim");
const QString VirtualPort = QStringLiteral("qemu");
// The virtual board's input choices (m_input's data).
const QString FixedInput = QStringLiteral("fixed");
const QString FileInput = QStringLiteral("files");
const QString SeedInput = QStringLiteral("seed");

QVariant metaValue(const QVector<QPair<QString, QVariant>> &metadata, const QString &key)
{
    QVariant value;
    for (const auto &entry : metadata) {
        if (entry.first == key)
            value = entry.second; // last wins, as the parser stores it
    }
    return value;
}
} // namespace

BoardPanel::BoardPanel(QWidget *parent)
    : QWidget(parent)
    , m_port(new QComboBox(this))
    , m_board(new ElidingComboBox(this))
    , m_engine(new ElidingComboBox(this))
    , m_speed(new ElidingComboBox(this))
    , m_baud(new QComboBox(this))
    , m_firmwareTransport(new ElidingComboBox(this))
    , m_kernels(new ElidingComboBox(this))
    , m_input(new ElidingComboBox(this))
    , m_inputFilesRow(new QWidget(this))
    , m_inputFiles(new QLineEdit(this))
    , m_inputBrowse(new QToolButton(this))
    , m_inputSeed(new QSpinBox(this))
    , m_refresh(new QToolButton(this))
    , m_metadata(new QLabel(this))
    , m_note(new QLabel(this))
    , m_connect(new QPushButton(this))
    , m_connectionText(new QLabel(this))
    , m_form(new QFormLayout)
{
    m_port->setEditable(true);
    m_port->setInsertPolicy(QComboBox::NoInsert);
    m_port->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_port->setMinimumContentsLength(6);
    // Long board and link names must not make the dock (and so the window) wider than a small screen.
    // In a narrow dock (QT_SCALE_FACTOR=2 on 1440x900) the names are elided rather than cut instead of the dock
    // scrolling sideways.
    for (QComboBox *combo :
        std::initializer_list<QComboBox *> { m_board, m_firmwareTransport, m_engine, m_speed, m_kernels, m_input }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
    }
    m_port->lineEdit()->setPlaceholderText(QStringLiteral("/dev/ttyACM0, tcp://127.0.0.1:19021"));
    m_port->setToolTip(tr("The simulated board, a listed serial port, or type any device path (/dev/pts/3, "
                          "/dev/serial/by-id/…) or tcp://host:port (J-Link RTT on port 19021, ser2net, socat)"));
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolTip(tr("Refresh the port list"));
    for (int baud : { 115200, 230400, 460800, 921600, 1000000, 2000000 })
        m_baud->addItem(QString::number(baud), baud);
    m_baud->setEditable(true);
    m_baud->setToolTip(tr("Line rate of UART links; USB CDC ignores it"));
    m_firmwareTransport->addItem(tr("Automatic"), QString());
    m_firmwareTransport->addItem(tr("UART (J-Link VCOM)"), QStringLiteral("uart"));
    m_firmwareTransport->addItem(tr("USB CDC (asserts DTR)"), QStringLiteral("usb_cdc"));
    m_firmwareTransport->addItem(tr("RTT over TCP"), QStringLiteral("rtt"));
    // hpx's default engine first, then the others in model/board's order.
    m_engine->addItem(engineName(Engine::HeliaRt), engineName(Engine::HeliaRt));
    for (Engine engine : allEngines) {
        if (engine != Engine::HeliaRt)
            m_engine->addItem(engineName(engine), engineName(engine));
    }
    for (const hpx::model::KernelSet kernels : hpx::model::allKernelSets) // the default first
        m_kernels->addItem(kernels == hpx::model::KernelSet::CmsisNn ? tr("CMSIS-NN (Helium)") : tr("Reference"),
            hpx::model::kernelSetName(kernels));
    m_kernels->setCurrentIndex(m_kernels->findData(hpx::model::kernelSetName(hpx::model::defaultKernelSet)));
    m_kernels->setToolTip(tr("The TFLM kernels the virtual board runs: Arm's CMSIS-NN with its Helium (MVE) code, or "
                             "TFLM's portable reference kernels"));
    m_input->addItem(tr("Fixed (the board's)"), FixedInput);
    m_input->addItem(tr("From files"), FileInput);
    m_input->addItem(tr("Random, seeded"), SeedInput);
    m_input->setToolTip(tr("What the virtual board's inferences read: its fixed input (the output is checked against "
                           "TFLM on the host in the tests), your files, or random data from a seed. The input can "
                           "decide which operators run (a loop entered or not)."));
    m_inputFiles->setPlaceholderText(tr("input.npy; second_input.bin"));
    m_inputFiles->setToolTip(tr("One file per model input, in order, separated by ';': a tensor's raw bytes (exactly "
                                "its size) or a .npy of its dtype and shape"));
    m_inputBrowse->setText(QStringLiteral("…"));
    m_inputBrowse->setToolTip(tr("Choose the input files"));
    m_inputSeed->setRange(0, std::numeric_limits<int>::max());
    m_inputSeed->setValue(1);
    m_inputSeed->setToolTip(tr("The same seed gives the same input (SplitMix64, docs/virtual-board.md)"));
    auto *filesLayout = new QHBoxLayout(m_inputFilesRow);
    filesLayout->setContentsMargins(0, 0, 0, 0);
    filesLayout->addWidget(m_inputFiles, 1);
    filesLayout->addWidget(m_inputBrowse);
    m_speed->addItem(tr("Fast"), 0.05);
    m_speed->addItem(tr("Real time"), 1.0);
    m_speed->addItem(tr("Instant"), 0.0);
    m_speed->setToolTip(tr("How fast the simulated board runs: Fast and Instant compress its time (like "
                           "hpx-board-sim --time-scale); Real time shows a board's pace, for demos. The "
                           "recorded counter values are the same."));
    // One list for every port: choosing a port never changes the board (issue 11).
    for (const BoardInfo &info : socs::boards()) {
        const SocProfile *soc = socs::byName(info.soc);
        if (soc && !soc->simulated)
            m_board->addItem(info.name + QStringLiteral(" — ") + soc->displayName(), info.name);
    }
    for (const QString &name : { socs::simulatedM55Board(), socs::simulatedM4Board() }) {
        const SocProfile *soc = socs::forBoard(name);
        m_board->addItem(soc ? soc->displayName() : name, name);
    }
    m_board->setCurrentIndex(m_board->findData(socs::simulatedM55Board()));
    m_metadata->setWordWrap(true);
    m_metadata->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::RichText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_note, &QLabel::linkActivated, this, &BoardPanel::acceptSuggestedBoard);
    m_connectionText->setWordWrap(true);
    m_connectionText->setForegroundRole(QPalette::PlaceholderText);

    auto *portRow = new QHBoxLayout;
    portRow->addWidget(m_port, 1);
    portRow->addWidget(m_refresh);
    auto *portLabel = new QLabel(tr("&Port:"), this);
    portLabel->setBuddy(m_port);
    m_form->addRow(portLabel, portRow);
    m_form->addRow(tr("B&oard:"), m_board);
    m_form->addRow(tr("&Engine:"), m_engine);
    m_form->addRow(tr("&Kernels:"), m_kernels);
    m_form->addRow(tr("&Input:"), m_input);
    auto *filesLabel = new QLabel(tr("Input fi&les:"), this);
    filesLabel->setBuddy(m_inputFiles);
    m_form->addRow(filesLabel, m_inputFilesRow);
    m_form->addRow(tr("S&eed:"), m_inputSeed);
    m_form->addRow(tr("&Speed:"), m_speed);
    m_form->addRow(tr("&Baud:"), m_baud);
    m_form->addRow(tr("&Firmware transport:"), m_firmwareTransport);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(m_form);
    layout->addWidget(m_note);
    auto *connectRow = new QHBoxLayout;
    connectRow->addWidget(m_connect);
    connectRow->addWidget(m_connectionText, 1);
    layout->addLayout(connectRow);
    layout->addWidget(m_metadata);
    layout->addStretch(1);

    connect(&m_watcher, &hpx::device::PortWatcher::portsChanged, this, &BoardPanel::refreshPorts);
    connect(m_refresh, &QToolButton::clicked, &m_watcher, &hpx::device::PortWatcher::poll);
    auto changed = [this] {
        updateVisibility();
        emit targetChanged(target());
    };
    connect(m_port, &QComboBox::currentTextChanged, this, changed);
    connect(m_board, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_engine, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_speed, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_firmwareTransport, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_kernels, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_input, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_inputFiles, &QLineEdit::textChanged, this, changed);
    connect(m_inputSeed, qOverload<int>(&QSpinBox::valueChanged), this, changed);
    connect(m_inputBrowse, &QToolButton::clicked, this, &BoardPanel::chooseInputFiles);
    connect(m_baud, &QComboBox::currentTextChanged, this, changed);
    connect(m_connect, &QPushButton::clicked, this,
        [this] { emit connectRequested(m_connection == Connection::Disconnected); });

    refreshPorts({});
    m_baud->setCurrentText(QString::number(Config().baud())); // target.baud's default, as `hpx profile` uses
    m_watcher.setAsynchronous(true); // hot-plug polls must not stall the window
    m_watcher.start(1500); // its first poll is synchronous: the list is there when the window opens
    updateVisibility();
    setConnection(Connection::Disconnected);
}

void BoardPanel::refreshPorts(const QList<hpx::device::PortInfo> &ports)
{
    const QString current = portText();
    QSignalBlocker blocker(m_port);
    m_port->clear();
    m_port->addItem(tr("Simulated board"), SimPort);
    m_port->setItemData(0, tr("The built-in simulated board: no hardware needed"), Qt::ToolTipRole);
    m_port->addItem(tr("Virtual Cortex-M55 (QEMU, TFLM)"), VirtualPort);
    m_port->setItemData(1,
        tr("TensorFlow Lite Micro running the model on QEMU's emulated Cortex-M55 (mps3-an547): real kernels, no "
           "hardware. Counts instructions (emulated), not cycles."),
        Qt::ToolTipRole);
    for (const auto &port : ports) {
        m_port->addItem(port.preferredLocation(), port.preferredLocation());
        m_port->setItemData(m_port->count() - 1, port.label(), Qt::ToolTipRole);
    }
    // The choice survives the refresh: a listed port by its item (or the by-id name of the same device), a
    // typed path or address as typed. A listed port that went away stays chosen and is reported, so a run
    // never silently goes to another board.
    int index = m_port->findData(current);
    for (const auto &port : ports) {
        if (index < 0 && port.isAt(current))
            index = m_port->findData(port.preferredLocation());
    }
    if (index >= 0)
        m_port->setCurrentIndex(index);
    else
        m_port->setEditText(current.isEmpty() ? m_port->itemText(0) : current);
    if (!m_port->lineEdit()->hasFocus())
        m_port->lineEdit()->setCursorPosition(0); // a narrow box shows where the name starts
    const bool wasListed = std::any_of(m_lastListed.cbegin(), m_lastListed.cend(),
        [&current](const hpx::device::PortInfo &p) { return p.isAt(current); });
    m_gonePort = index < 0 && wasListed ? current : QString();
    m_lastListed = ports;
    blocker.unblock();
    updateVisibility();
}

QString BoardPanel::portText() const
{
    const QString text = m_port->currentText().trimmed();
    const int index = m_port->findText(text);
    if (index >= 0)
        return m_port->itemData(index).toString();
    return text;
}

void BoardPanel::updateVisibility()
{
    const BoardTarget t = target();
    const bool sim = t.kind == BoardTarget::Kind::Simulated;
    const bool virtualBoard = t.kind == BoardTarget::Kind::Virtual;
    m_form->setRowVisible(m_engine, sim);
    m_form->setRowVisible(m_speed, sim);
    m_form->setRowVisible(m_baud, t.kind == BoardTarget::Kind::Serial);
    m_form->setRowVisible(m_firmwareTransport, !sim && !virtualBoard);
    m_form->setRowVisible(m_board, !virtualBoard); // the virtual board is its own board profile
    m_form->setRowVisible(m_kernels, virtualBoard);
    m_form->setRowVisible(m_input, virtualBoard);
    m_form->setRowVisible(m_inputFilesRow, virtualBoard && m_input->currentData().toString() == FileInput);
    m_form->setRowVisible(m_inputSeed, virtualBoard && m_input->currentData().toString() == SeedInput);
    updateEnabled();
    updateNote();
}

void BoardPanel::updateNote()
{
    QStringList notes;
    if (!m_gonePort.isEmpty())
        notes << tr("The port %1 went away; plug the board back in or choose another port.")
                     .arg(m_gonePort)
                     .toHtmlEscaped();
    const BoardTarget t = target();
    const SocProfile *soc = socs::byName(t.soc);
    if (t.kind != BoardTarget::Kind::Simulated && soc && soc->simulated)
        notes << tr("%1 is a profile of the simulated board; choose the board on %2 so the counters are planned "
                    "for it.")
                     .arg(soc->displayName(), t.port)
                     .toHtmlEscaped();
    if (!m_suggested.isEmpty() && m_suggested != t.board)
        notes << tr("The stream looks like %1.").arg(m_suggested).toHtmlEscaped() + QStringLiteral(" <a href='use'>")
                + tr("Use this board").toHtmlEscaped() + QStringLiteral("</a>");
    m_note->setText(notes.join(QStringLiteral("<br>")));
    m_note->setVisible(!notes.isEmpty());
}

BoardTarget BoardPanel::target() const
{
    BoardTarget t;
    const QString port = portText();
    t.kind = port == SimPort || port.isEmpty()                          ? BoardTarget::Kind::Simulated
        : port == VirtualPort                                           ? BoardTarget::Kind::Virtual
        : port.startsWith(QLatin1String("tcp://"), Qt::CaseInsensitive) ? BoardTarget::Kind::Tcp
                                                                        : BoardTarget::Kind::Serial;
    t.port = t.kind == BoardTarget::Kind::Simulated ? SimPort : port;
    t.baud = m_baud->currentText().toInt();
    t.board = t.kind == BoardTarget::Kind::Virtual ? hpx::run::VirtualBoard::boardName()
                                                   : m_board->currentData().toString();
    if (t.kind == BoardTarget::Kind::Virtual) {
        t.kernels
            = hpx::model::kernelSetFromName(m_kernels->currentData().toString()).value_or(hpx::model::defaultKernelSet);
        const QString input = m_input->currentData().toString();
        if (input == FileInput) {
            for (const QString &file : m_inputFiles->text().split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
                if (!file.trimmed().isEmpty())
                    t.input.files << QDir::fromNativeSeparators(file.trimmed());
            }
            // "From files" with none given is no silent fixed input: the request says one file per input is needed.
            if (t.input.files.isEmpty())
                t.input.files << QString();
        } else if (input == SeedInput) {
            t.input.seed = quint64(m_inputSeed->value());
        }
    }
    const SocProfile *soc = socs::forBoard(t.board);
    t.soc = soc ? soc->name : QString();
    if (t.kind == BoardTarget::Kind::Simulated)
        t.engine = engineFromName(m_engine->currentData().toString());
    t.timeScale = m_speed->currentData().toDouble();
    // Automatic leaves the firmware transport to the run request, which suggests one from the port as `hpx profile`
    // does.
    t.firmwareTransport = firmwareTransportFromName(m_firmwareTransport->currentData().toString());
    return t;
}

QString BoardPanel::firmwareTransportChoice() const
{
    return m_firmwareTransport->currentData().toString();
}

QString BoardPanel::engineChoice() const
{
    return m_engine->currentData().toString();
}

void BoardPanel::setTargetPort(const QString &port)
{
    const QString wanted = port.trimmed();
    int index = m_port->findData(wanted.isEmpty() ? SimPort : wanted);
    if (index < 0) {
        const auto ports = m_watcher.ports();
        for (const auto &info : ports) {
            if (info.isAt(wanted))
                index = m_port->findData(info.preferredLocation());
        }
    }
    if (index >= 0)
        m_port->setCurrentIndex(index);
    else
        m_port->setEditText(wanted);
    m_port->lineEdit()->setCursorPosition(0); // a narrow box shows where the name starts
    m_gonePort.clear();
    updateVisibility();
}

bool BoardPanel::setBoard(const QString &board)
{
    const int index = m_board->findData(board);
    if (index >= 0)
        m_board->setCurrentIndex(index);
    return index >= 0;
}

bool BoardPanel::setEngine(const QString &engine)
{
    const int index = m_engine->findData(engine);
    if (index >= 0)
        m_engine->setCurrentIndex(index);
    return index >= 0;
}

bool BoardPanel::setKernels(const QString &kernels)
{
    const int index = m_kernels->findData(kernels);
    if (index >= 0)
        m_kernels->setCurrentIndex(index);
    return index >= 0;
}

void BoardPanel::setInput(const hpx::model::InputChoice &input)
{
    QStringList files;
    for (const QString &file : input.files)
        files << QDir::toNativeSeparators(file);
    m_inputFiles->setText(files.join(QStringLiteral("; ")));
    if (input.seed)
        m_inputSeed->setValue(int(qMin<quint64>(*input.seed, quint64(std::numeric_limits<int>::max()))));
    m_input->setCurrentIndex(m_input->findData(input.seed ? SeedInput
            : input.files.isEmpty()                       ? FixedInput
                                                          : FileInput));
}

void BoardPanel::chooseInputFiles()
{
    const QStringList current = m_inputFiles->text().split(QLatin1Char(';'), Qt::SkipEmptyParts);
    const QString start = current.isEmpty() ? QString() : QFileInfo(current.constFirst().trimmed()).absolutePath();
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Input files, one per model input in order"),
        start, tr("Tensor data (*.npy *.bin *.raw);;All files (*)"));
    if (files.isEmpty())
        return;
    QStringList shown;
    for (const QString &file : files)
        shown << QDir::toNativeSeparators(file);
    m_inputFiles->setText(shown.join(QStringLiteral("; ")));
}

void BoardPanel::setFirmwareTransport(const QString &firmwareTransport)
{
    m_firmwareTransport->setCurrentIndex(qMax(0, m_firmwareTransport->findData(firmwareTransport)));
}

void BoardPanel::setTimeScale(double scale)
{
    int best = 0;
    for (int i = 1; i < m_speed->count(); ++i) {
        if (qAbs(m_speed->itemData(i).toDouble() - scale) < qAbs(m_speed->itemData(best).toDouble() - scale))
            best = i;
    }
    m_speed->setCurrentIndex(best);
}

void BoardPanel::acceptSuggestedBoard()
{
    if (!m_suggested.isEmpty())
        setBoard(m_suggested);
    m_suggested.clear();
    updateNote();
}

void BoardPanel::setBaud(int baud)
{
    m_baud->setCurrentText(QString::number(baud));
}

void BoardPanel::setRunning(bool running)
{
    m_running = running;
    updateEnabled();
}

void BoardPanel::setConnection(Connection state, const QString &text)
{
    m_connection = state;
    m_connect->setText(state == Connection::Disconnected ? tr("Connect") : tr("Disconnect"));
    m_connectionText->setText(text);
    updateEnabled();
}

void BoardPanel::updateEnabled()
{
    // The link's settings are fixed while it is open, by a run or by the console.
    const bool busy = m_running || m_connection != Connection::Disconnected;
    for (QWidget *w : { static_cast<QWidget *>(m_port), static_cast<QWidget *>(m_board),
             static_cast<QWidget *>(m_engine), static_cast<QWidget *>(m_speed), static_cast<QWidget *>(m_baud),
             static_cast<QWidget *>(m_firmwareTransport), static_cast<QWidget *>(m_kernels),
             static_cast<QWidget *>(m_input), static_cast<QWidget *>(m_inputFilesRow),
             static_cast<QWidget *>(m_inputSeed), static_cast<QWidget *>(m_refresh) })
        w->setEnabled(!busy);
    // The virtual board is built and started for each run (it is a process, not a port to open): nothing to connect
    // to before Run.
    const bool virtualBoard = target().kind == BoardTarget::Kind::Virtual;
    m_connect->setEnabled(!m_running && !(virtualBoard && m_connection == Connection::Disconnected));
    m_connect->setToolTip(virtualBoard
            ? tr("The virtual board starts with each run and stops after it: press Run to profile on it")
            : tr("Open the link and show what the board sends in the console, without running a profile (Ctrl+K)"));
}

void BoardPanel::showBoardMetadata(
    const QVector<QPair<QString, QVariant>> &metadata, const hpx::model::ModelInfo *model, const QString &presetBoard)
{
    const QLocale locale;
    QStringList lines;
    // What the board says it is and how it counts (our agent's extension keys; stock firmware states none).
    const QVariant core = metaValue(metadata, QStringLiteral("core"));
    if (core.isValid())
        lines << tr("Core: %1").arg(core.toString().toHtmlEscaped());
    const QVariant source = metaValue(metadata, QStringLiteral("cycle_source"));
    if (source.isValid()) {
        const QString name = source.toString();
        lines << (name == QLatin1String("pmu")  ? tr("Cycles: PMU cycle counter")
                : name == QLatin1String("dwt")  ? tr("Cycles: DWT cycle counter")
                : name == QLatin1String("none") ? tr("Cycles: <b>not counted</b> (the board has no cycle source)")
                // The virtual board's SysTick counts what QEMU executes (-icount): say so wherever it is read.
                : name == QLatin1String("qemu_icount_instructions")
                ? tr("Counts: instructions (emulated)")
                : tr("Cycles: %1 (a timer, not a core cycle counter)").arg(name.toHtmlEscaped()));
    }
    const QVariant pairs = metaValue(metadata, QStringLiteral("event_counters"));
    if (pairs.isValid()) {
        lines << (pairs.toLongLong() > 0 ? tr("Event counters: %1").arg(pairs.toLongLong())
                                         : tr("Event counters: none: PMU events are <b>not counted</b> on this board"));
    }
    QVariant kernels = metaValue(metadata, QStringLiteral("kernels"));
    if (!kernels.isValid())
        kernels = metaValue(metadata, QStringLiteral("backend"));
    if (kernels.isValid())
        lines << tr("Kernels: %1").arg(kernels.toString().toHtmlEscaped());
    // An emulator's clock is nominal (QEMU -icount: one instruction per tick of it): no time is derived from it.
    const QVariant clock = metaValue(metadata, QStringLiteral("system_clock_hz"));
    if (clock.isValid() && (!source.isValid() || source.toString() != QLatin1String("qemu_icount_instructions")))
        lines << tr("Clock: %1 MHz").arg(locale.toString(clock.toDouble() / 1e6, 'f', 1));
    const QVariant engine = metaValue(metadata, QStringLiteral("engine"));
    if (engine.isValid()) {
        // Named as the Engine box names it ("helia-rt"), not in the wire's spelling ("helia_rt").
        const std::optional<hpx::model::Engine> known = hpx::model::engineFromName(engine.toString());
        lines << tr("Engine: %1").arg((known ? hpx::model::engineName(*known) : engine.toString()).toHtmlEscaped());
    }
    const QVariant arena = metaValue(metadata, QStringLiteral("arena_size"));
    const QVariant used = metaValue(metadata, QStringLiteral("allocated_arena"));
    if (arena.isValid())
        lines << (used.isValid()
                ? tr("Arena: %1 of %2 used")
                      .arg(locale.formattedDataSize(used.toLongLong()), locale.formattedDataSize(arena.toLongLong()))
                : tr("Arena: %1").arg(locale.formattedDataSize(arena.toLongLong())));
    const QVariant modelSize = metaValue(metadata, QStringLiteral("model_size"));
    if (modelSize.isValid())
        lines << tr("Model on the board: %1 bytes").arg(locale.toString(modelSize.toLongLong()));
    m_mismatch.clear();
    if (modelSize.isValid() && model && modelSize.toLongLong() != model->sizeBytes) {
        m_mismatch
            = tr("The board runs a different model: it reports %1 bytes, %2 has %3 bytes. Per-layer "
                 "results will not match this model's operators.")
                  .arg(locale.toString(modelSize.toLongLong()), model->fileName, locale.toString(model->sizeBytes));
    }
    // The chosen preset against the board's words: a disagreement is said, not silently overridden (the run's
    // bundle records what the board said and carries the same disagreement as an issue).
    // The virtual board is its own profile, whatever the Board box says.
    const QString board = presetBoard.isEmpty() ? target().board : presetBoard;
    const auto statement = hpx::model::boardStatement(metadata);
    auto lp = hpx::model::PlatformInfo::forBoard(board, hpx::model::CpuClock::Lp).disagreements(statement);
    const auto hp = hpx::model::PlatformInfo::forBoard(board, hpx::model::CpuClock::Hp).disagreements(statement);
    if (hp.size() < lp.size())
        lp = hp; // either clock of the preset is the preset's
    QStringList differ;
    for (const auto &d : std::as_const(lp))
        differ << tr("%1 %2 (preset: %3)").arg(d.field, d.board, d.preset);
    QString html = lines.join(QStringLiteral("<br>"));
    if (!differ.isEmpty())
        html += QStringLiteral("<br><span style='color:#b45309'>")
            + tr("The board disagrees with the %1 preset: %2")
                  .arg(board, differ.join(QStringLiteral("; ")))
                  .toHtmlEscaped()
            + QStringLiteral("</span>");
    if (!m_mismatch.isEmpty())
        html += QStringLiteral("<br><b style='color:#ef4444'>") + m_mismatch.toHtmlEscaped() + QStringLiteral("</b>");
    m_metadata->setText(html);
    // Only a real link can be a board other than the chosen one; the simulated board is what it is told.
    m_suggested = target().kind == BoardTarget::Kind::Simulated || target().kind == BoardTarget::Kind::Virtual
        ? QString()
        : hpx::ui::suggestedBoard(metadata, m_board->currentData().toString());
    updateNote();
}

QString BoardPanel::boardMetadataText() const
{
    QTextDocument doc;
    doc.setHtml(m_metadata->text());
    return doc.toPlainText();
}

void BoardPanel::clearBoardMetadata()
{
    m_metadata->clear();
    m_mismatch.clear();
    m_suggested.clear();
    updateNote();
}

} // namespace hpx::ui
