#include "ui/window/exportmenu.h"

#include "model/bundle/bundlewriter.h"
#include "model/bundle/overlay.h"
#include "model/json/jsonwriter.h"
#include "ui/common/appsettings.h"
#include "ui/window/viewexport.h"

#include <QDir>
#include <QDirIterator>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStatusBar>

namespace hpx::ui {

using namespace hpx::model;

ExportMenu::ExportMenu(QWidget *parent)
    : QMenu(tr("&Export"), parent)
{
    auto add = [this](const QString &text, auto slot) {
        QAction *action = addAction(text, this, slot);
        m_needResult << action;
        return action;
    };
    add(tr("Result &Bundle…"), [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Bundle to Folder"), suggestedPath());
        if (!dir.isEmpty())
            rememberExportFolder(dir);
        if (!dir.isEmpty())
            run([this, dir](QString *e) { return exportBundle(dir, e); },
                tr("Bundle exported to %1").arg(QDir::toNativeSeparators(bundleExportPath(dir))));
    })->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    add(tr("Model Explorer &Overlay (Current Counter)…"), [this] {
        const QString counter = currentCounter ? currentCounter() : QString();
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Overlay"),
            suggestedPath(overlayFileName(counter)), tr("Model Explorer node data (*.json)"));
        if (!path.isEmpty())
            rememberExportFolder(QFileInfo(path).absolutePath());
        if (!path.isEmpty())
            run([this, counter, path](QString *e) { return exportOverlay(counter, path, e); },
                tr("Overlay written to %1").arg(QDir::toNativeSeparators(path)));
    });
    add(tr("&All Model Explorer Overlays…"), [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Overlays to Folder"), suggestedPath());
        if (!dir.isEmpty())
            rememberExportFolder(dir);
        if (!dir.isEmpty())
            run([this, dir](QString *e) { return exportAllOverlays(dir, e) >= 0; },
                tr("Overlays written to %1").arg(QDir::toNativeSeparators(dir)));
    });
    addSeparator();
    add(tr("Table as &CSV…"), [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Table"), suggestedPath(tableFileName()), tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            rememberExportFolder(QFileInfo(path).absolutePath());
        if (!path.isEmpty())
            run([this, path](QString *e) { return exportCsv(path, e); },
                tr("Table written to %1").arg(QDir::toNativeSeparators(path)));
    });
    addSeparator();
    auto image = [this](const QString &what, const QString &view, const std::function<QWidget *()> *provider) {
        const QString counter = currentCounter ? currentCounter() : QString();
        const QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(what),
            suggestedPath(imageFileName(view, counter)), tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (!path.isEmpty())
            rememberExportFolder(QFileInfo(path).absolutePath());
        if (!path.isEmpty() && *provider)
            run([provider, path](QString *e) { return ViewExport::save((*provider)(), path, e); },
                tr("Image written to %1").arg(path));
    };
    addAction(tr("&Graph as PNG or SVG…"), this,
        [this, image] { image(tr("Graph"), QStringLiteral("heat_graph"), &graphWidget); });
    addAction(tr("C&hart as PNG or SVG…"), this,
        [this, image] { image(tr("Chart"), QStringLiteral("chart"), &chartWidget); });
    updateEnabled();
}

QString ExportMenu::suggestedPath(const QString &fileName)
{
    QString folder = AppSettings().lastExportFolder();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    return fileName.isEmpty() ? folder : QDir(folder).filePath(fileName);
}

void ExportMenu::rememberExportFolder(const QString &folder)
{
    AppSettings().setLastExportFolder(QDir(folder).absolutePath());
}

QString ExportMenu::imageFileName(const QString &view, const QString &counter)
{
    // heat_graph_<COUNTER>.png: the counter named as in the overlays' file names (me_overlay_<COUNTER>.json).
    if (counter.isEmpty())
        return view + QStringLiteral(".png");
    return view + QLatin1Char('_') + counter + QStringLiteral(".png");
}

void ExportMenu::setData(
    std::shared_ptr<const ModelInfo> model, std::shared_ptr<const ProfileResult> result, const QString &bundleDir)
{
    m_model = std::move(model);
    m_result = std::move(result);
    m_bundleDir = bundleDir;
    updateEnabled();
}

void ExportMenu::updateEnabled()
{
    for (QAction *action : qAsConst(m_needResult))
        action->setEnabled(m_result != nullptr);
    if (!m_needResult.isEmpty())
        m_needResult.first()->setEnabled(m_result && !m_bundleDir.isEmpty());
}

void ExportMenu::run(const std::function<bool(QString *)> &work, const QString &done)
{
    QString error;
    if (!work(&error)) {
        QMessageBox::warning(parentWidget(), tr("Export"), error);
        return;
    }
    if (auto *window = qobject_cast<QMainWindow *>(parentWidget()))
        window->statusBar()->showMessage(done, 8000);
}

bool ExportMenu::saveText(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(data) == data.size() && file.commit())
        return true;
    if (error)
        *error = tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return false;
}

QString ExportMenu::bundleExportPath(const QString &targetDir) const
{
    return QDir(targetDir).filePath(QDir(m_bundleDir).dirName());
}

bool ExportMenu::exportBundle(const QString &targetDir, QString *error) const
{
    if (m_bundleDir.isEmpty() || !QFileInfo(m_bundleDir).isDir()) {
        if (error)
            *error = tr("This result has no bundle on disk to export.");
        return false;
    }
    const QDir source(m_bundleDir);
    const QString target = bundleExportPath(targetDir);
    if (QFileInfo::exists(target)) {
        if (error)
            *error = tr("%1 already exists; choose another folder.").arg(QDir::toNativeSeparators(target));
        return false;
    }
    // Copy into a hidden sibling first and rename it at the end, so a failed copy (disk full, unplugged
    // drive) never leaves a half bundle under the real name.
    const QString staging = targetDir + QStringLiteral("/.") + source.dirName() + QStringLiteral(".partial");
    QDir(staging).removeRecursively();
    QDirIterator it(m_bundleDir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString to = staging + QLatin1Char('/') + source.relativeFilePath(from);
        if (!QDir().mkpath(QFileInfo(to).absolutePath()) || !QFile::copy(from, to)) {
            QDir(staging).removeRecursively();
            if (error)
                *error
                    = tr("Could not copy %1 to %2.").arg(source.relativeFilePath(from), QDir::toNativeSeparators(to));
            return false;
        }
    }
    if (!QDir().rename(staging, target)) {
        QDir(staging).removeRecursively();
        if (error)
            *error = tr("Could not create %1.").arg(QDir::toNativeSeparators(target));
        return false;
    }
    return true;
}

bool ExportMenu::exportOverlay(const QString &counter, const QString &path, QString *error) const
{
    if (!m_result)
        return false;
    const OverlaySet set = buildOverlays(*m_result, m_model.get());
    if (!set.skippedReason.isEmpty()) {
        if (error)
            *error = set.skippedReason;
        return false;
    }
    for (const OverlayFile &file : set.files) {
        if (file.counter == counter)
            return saveText(path, toPythonJson(file.document()), error);
    }
    if (error)
        *error = tr("%1 was not captured in this run, so it has no overlay.").arg(counter);
    return false;
}

int ExportMenu::exportAllOverlays(const QString &dir, QString *error) const
{
    if (!m_result)
        return -1;
    const OverlaySet set = buildOverlays(*m_result, m_model.get());
    if (!set.skippedReason.isEmpty()) {
        if (error)
            *error = set.skippedReason;
        return -1;
    }
    for (const OverlayFile &file : set.files) {
        if (!saveText(dir + QLatin1Char('/') + overlayFileName(file.counter), toPythonJson(file.document()), error))
            return -1;
    }
    return int(set.files.size());
}

bool ExportMenu::exportCsv(const QString &path, QString *error) const
{
    // What the table shows (its columns, self included, and its shares of the self total), not the bundle's
    // heliaPROFILER-compatible profile_results.csv, whose cycles_pct sums inclusive values (docs/studio.md).
    const QByteArray csv = m_result && tableCsv ? tableCsv() : QByteArray();
    if (csv.isEmpty()) {
        if (error)
            *error = tr("This result has no per-layer rows to export.");
        return false;
    }
    return saveText(path, csv, error);
}

} // namespace hpx::ui
