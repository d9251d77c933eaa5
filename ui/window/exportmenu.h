#pragma once

#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QMenu>

#include <functional>
#include <memory>

namespace hpx::ui {

// File > Export: the whole bundle, one or all Model Explorer overlays, the table as CSV, and PNG / SVG
// of the graph and the charts. Files are written with QSaveFile (atomic); the bundle is copied from the
// run's directory, so an export never re-computes anything the run wrote.
class ExportMenu : public QMenu {
    Q_OBJECT
public:
    explicit ExportMenu(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const hpx::model::ModelInfo> model,
        std::shared_ptr<const hpx::model::ProfileResult> result, const QString &bundleDir);
    // Providers for what lives in views: the current counter and the widgets to render.
    std::function<QString()> currentCounter;
    std::function<QWidget *()> graphWidget; // rendered by ViewExport
    std::function<QWidget *()> chartWidget;
    std::function<QByteArray()> tableCsv; // the per-layer table as it is shown (LayerTableView::tableCsv())

    // The workers behind the actions (also used by tests): false + translated *error on failure.
    bool exportBundle(const QString &targetDir, QString *error) const;
    // The folder exportBundle() writes: the run's bundle directory name under targetDir.
    QString bundleExportPath(const QString &targetDir) const;
    bool exportOverlay(const QString &counter, const QString &path, QString *error) const;
    int exportAllOverlays(const QString &dir, QString *error) const; // files written, -1 on failure
    // The per-layer table as the table shows it (tableCsv); the bundle holds heliaPROFILER's profile_results.csv.
    bool exportCsv(const QString &path, QString *error) const;
    static bool saveText(const QString &path, const QByteArray &data, QString *error);
    // Where an export dialog starts: fileName in the folder of the last export (kept between starts), or in
    // the user's documents folder before the first one. Exporting a file or folder remembers its folder.
    static QString suggestedPath(const QString &fileName = QString());
    static void rememberExportFolder(const QString &folder);
    // The default names the dialogs propose (docs/studio.md).
    static QString tableFileName() { return QStringLiteral("layer_table.csv"); }
    static QString imageFileName(const QString &view, const QString &counter);

private:
    void updateEnabled();
    void run(const std::function<bool(QString *)> &work, const QString &done);

    std::shared_ptr<const hpx::model::ModelInfo> m_model;
    std::shared_ptr<const hpx::model::ProfileResult> m_result;
    QString m_bundleDir;
    QList<QAction *> m_needResult;
};

} // namespace hpx::ui
