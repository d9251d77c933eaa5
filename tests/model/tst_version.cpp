#include "model/version.h"

#include <QRegularExpression>
#include <QTest>

class TestVersion : public QObject {
    Q_OBJECT
private slots:
    void versionLineNamesProgramVersionCommitAndQt()
    {
        const QString line = hpx::model::versionLine(QStringLiteral("hpx"));
        QVERIFY2(line.startsWith(QStringLiteral("hpx ") + hpx::model::versionString()), qPrintable(line));
        QVERIFY(line.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())));
        QVERIFY(
            QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$")).match(hpx::model::versionString()).hasMatch());
        QVERIFY(!hpx::model::gitCommit().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestVersion)
#include "tst_version.moc"
