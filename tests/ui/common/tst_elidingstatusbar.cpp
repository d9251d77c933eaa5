#include "ui/common/elidingstatusbar.h"

#include <QMainWindow>
#include <QTest>

using namespace hpx;

// Issue 24 (2.4): a run's message ends in its bundle's path; at scale 2 QStatusBar cut it mid-letter at the right
// edge. It gives way in the middle now, and the whole message is in the tooltip.
class TestElidingStatusBar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void longMessagesGiveWayInTheMiddle()
    {
        QMainWindow window;
        auto *bar = new ui::ElidingStatusBar(&window);
        window.setStatusBar(bar);
        window.resize(900, 200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString message = QStringLiteral("Done: 16 layers, 4 counters. Bundle: /home/someone/.local/share/"
                                               "hpx-studio/runs/20261203-091450-827-pretrainedresnet_quant");
        bar->showMessage(message);
        QCOMPARE(bar->shownMessage(), message);
        QVERIFY(bar->toolTip().isEmpty());

        window.resize(360, 200);
        QTRY_VERIFY(bar->width() <= 360);
        const QString shown = bar->shownMessage();
        QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown));
        QVERIFY(shown.startsWith(QStringLiteral("Done: 16")));
        QVERIFY(shown.endsWith(QStringLiteral("quant")));
        QVERIFY(bar->fontMetrics().horizontalAdvance(shown) < bar->width());
        QCOMPARE(bar->toolTip(), message);

        bar->showMessage(QStringLiteral("Ready"));
        QCOMPARE(bar->shownMessage(), QStringLiteral("Ready"));
        QVERIFY(bar->toolTip().isEmpty());
    }
};

QTEST_MAIN(TestElidingStatusBar)
#include "tst_elidingstatusbar.moc"
