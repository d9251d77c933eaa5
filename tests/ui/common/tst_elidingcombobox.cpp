// ElidingComboBox: an elided name is still whole in the tooltip, above the box's own tooltip; a name that fits
// leaves the box's tooltip as it is.
#include "ui/common/elidingcombobox.h"

#include <QTest>

using hpx::ui::ElidingComboBox;

class TstElidingComboBox : public QObject {
    Q_OBJECT
private slots:
    void elidedNameIsInTheTooltip()
    {
        ElidingComboBox combo;
        const QString name = QStringLiteral("Simulated Apollo510-like (Cortex-M55) with a long name");
        combo.addItem(name);
        combo.setToolTip(QStringLiteral("The board"));
        combo.resize(90, combo.sizeHint().height());
        combo.show();
        QVERIFY(QTest::qWaitForWindowExposed(&combo));
        QVERIFY2(combo.shownText() != name && combo.shownText().endsWith(QChar(0x2026)), qPrintable(combo.shownText()));
        QCOMPARE(combo.toolTipText(), name + QStringLiteral("\n\nThe board"));
        combo.setToolTip(QString());
        QCOMPARE(combo.toolTipText(), name);
    }

    void wholeNameKeepsTheBoxTooltip()
    {
        ElidingComboBox combo;
        combo.addItem(QStringLiteral("sim"));
        combo.setToolTip(QStringLiteral("The board"));
        combo.resize(300, combo.sizeHint().height());
        combo.show();
        QVERIFY(QTest::qWaitForWindowExposed(&combo));
        QCOMPARE(combo.shownText(), QStringLiteral("sim"));
        QCOMPARE(combo.toolTipText(), QStringLiteral("The board"));
    }
};

QTEST_MAIN(TstElidingComboBox)
#include "tst_elidingcombobox.moc"
