// A result that lost data says so in the window: the bundle's issues (summary.json) are listed after a bundle is
// opened, the same list the bundle holds, with its validity.
#include "device/wire/wireparser.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/runcontext.h"
#include "model/results/merge.h"
#include "ui/window/issuelist.h"
#include "ui/window/mainwindow.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace hpx;

namespace {

// Two passes; iteration 0 of cpu_0 lost its row 1 (a dropped line), and mve_0 has no usable iteration.
const char *const kStream = "--- HPX_START ---\n"
                            "HPX_VERSION=1\nHPX_ENGINE=tflm\nHPX_ITERATIONS=2\nHPX_PRESETS=cpu_0,mve_0\n"
                            "--- HPX_PRESET cpu_0 ---\n"
                            "--- HPX_ITER 0 ---\n"
                            "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
                            "0,CONV_2D,100,0\n2,SOFTMAX,30,0\n"
                            "--- HPX_ITER 1 ---\n"
                            "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
                            "0,CONV_2D,102,0\n1,ADD,20,0\n2,SOFTMAX,32,0\n"
                            "--- HPX_PRESET mve_0 ---\n"
                            "--- HPX_ITER 0 ---\n"
                            "\"Layer\",\"Op\",\"ARM_PMU_MVE_STALL\",\"overflow\"\n"
                            "--- HPX_ITER 1 ---\n"
                            "\"Layer\",\"Op\",\"ARM_PMU_MVE_STALL\",\"overflow\"\n"
                            "--- HPX_END ---\n";

QStringList codesOf(const QVector<model::Issue> &issues)
{
    QStringList codes;
    for (const model::Issue &issue : issues)
        codes.append(issue.code);
    return codes;
}

} // namespace

class TestIssueList : public QObject {
    Q_OBJECT
private slots:
    void bundleWithIssuesShowsThem()
    {
        const model::Capture capture = device::WireParser::parse(kStream);
        model::MergeOptions options;
        options.engine = model::Engine::Tflm;
        const model::MergeOutcome merged = model::mergeCapture(capture, options);
        QVERIFY2(merged.ok(), qPrintable(merged.error));
        QTemporaryDir dir;
        const QString bundleDir = dir.filePath(QStringLiteral("bundle"));
        const model::BundleWriteResult written
            = model::BundleWriter::write(*merged.result, model::RunContext::create(), bundleDir);
        QVERIFY2(written.ok, qPrintable(written.error));
        const model::BundleReadResult read = model::BundleReader::read(bundleDir);
        QVERIFY2(read.bundle, qPrintable(read.error));
        const QStringList codes = codesOf(read.bundle->result.issues);
        QVERIFY2(codes.contains(QStringLiteral("capture.rows_lost")), qPrintable(codes.join(QLatin1Char(' '))));
        QVERIFY2(codes.contains(QStringLiteral("capture.pass_empty")), qPrintable(codes.join(QLatin1Char(' '))));
        QCOMPARE(read.bundle->validity, QStringLiteral("invalid"));

        ui::MainWindow window;
        window.show();
        auto *list = window.findChild<ui::IssueList *>(QStringLiteral("IssueList"));
        QVERIFY(list);
        QVERIFY(!list->isVisible()); // nothing to say before a result
        QSignalSpy opened(&window, &ui::MainWindow::bundleOpened);
        QVERIFY(window.openBundle(bundleDir));
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.first().first().toBool(), true);

        QVERIFY(list->isVisible());
        QVERIFY(list->isExpanded()); // an invalid result opens with its list showing
        QVERIFY2(list->headline().contains(QStringLiteral("invalid")), qPrintable(list->headline()));
        // The same list as the bundle's, in its order.
        auto *tree = list->findChild<QTreeWidget *>();
        QVERIFY(tree);
        QCOMPARE(tree->topLevelItemCount(), codes.size());
        for (int i = 0; i < codes.size(); ++i) {
            QCOMPARE(tree->topLevelItem(i)->text(1), codes.at(i));
            QCOMPARE(tree->topLevelItem(i)->text(2), read.bundle->result.issues.at(i).message.simplified());
        }

        // To look at it: HPX_ISSUELIST_SHOT=file.png
        if (qEnvironmentVariableIsSet("HPX_ISSUELIST_SHOT")) {
            window.resize(1280, 800);
            QTest::qWait(200);
            window.grab().save(qEnvironmentVariable("HPX_ISSUELIST_SHOT"));
        }
        // Folding the list keeps the headline.
        list->setExpanded(false);
        QVERIFY(!tree->isVisible());
        QVERIFY(list->isVisible());
    }

    void cleanResultShowsNoList()
    {
        ui::IssueList list;
        list.show();
        list.setIssues({}, QStringLiteral("valid"));
        QVERIFY(!list.isVisible());
        model::Issue warning;
        warning.code = QStringLiteral("capture.rows_duplicated");
        warning.severity = QStringLiteral("warning");
        warning.message = QStringLiteral("1 repeated row(s) were dropped (lines 9); the first copy was used.");
        list.setIssues({ warning }, QStringLiteral("degraded"));
        QVERIFY(list.isVisible());
        QCOMPARE(list.issueCount(), 1);
        QVERIFY(list.headline().contains(QStringLiteral("degraded")));
        QVERIFY(list.headline().contains(QStringLiteral("1 warning")));
    }
};

QTEST_MAIN(TestIssueList)
#include "tst_issuelist.moc"
