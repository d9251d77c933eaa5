#include "tests/ui/uitestdata.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/graph/heatgraphview.h"
#include "ui/table/layertableview.h"
#include "ui/window/viewexport.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace hpx;
using ui::ViewExport;

namespace {

bool hasColor(const QImage &img, const QColor &c, int tolerance = 2)
{
    for (int y = 0; y < img.height(); y += 1)
        for (int x = 0; x < img.width(); x += 1) {
            const QColor p = img.pixelColor(x, y);
            if (std::abs(p.red() - c.red()) <= tolerance && std::abs(p.green() - c.green()) <= tolerance
                && std::abs(p.blue() - c.blue()) <= tolerance)
                return true;
        }
    return false;
}

int distinctColors(const QImage &img)
{
    QSet<QRgb> seen;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            seen.insert(img.pixel(x, y));
    return seen.size();
}

QString checkSvg(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot open");
    const QByteArray data = f.readAll();
    QXmlStreamReader xml(data);
    int elements = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement)
            ++elements;
    if (xml.hasError())
        return xml.errorString();
    if (elements < 10)
        return QStringLiteral("only %1 elements").arg(elements);
    QSvgRenderer renderer(data);
    if (!renderer.isValid() || renderer.defaultSize().isEmpty())
        return QStringLiteral("QSvgRenderer rejects it");
    return {};
}

} // namespace

class TestViewExport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void graph()
    {
        ui::HeatGraphView view;
        view.resize(700, 500);
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResult());
        QSignalSpy spy(&view, &ui::HeatGraphView::layoutFinished);
        QVERIFY(spy.wait(20000));
        QString error;
        QVERIFY2(ViewExport::save(&view, path("graph.png"), &error), qPrintable(error));
        const QImage png(path("graph.png"));
        QVERIFY(!png.isNull());
        // The whole graph at 2x, legend included, whatever part the view showed.
        QCOMPARE(png.width(), int(std::ceil(view.exportRect().width() * 2)));
        QCOMPARE(png.height(), int(std::ceil(view.exportRect().height() * 2)));
        QVERIFY(hasColor(png, QColor(QStringLiteral("#ef4444")))); // hottest node
        QVERIFY(hasColor(png, QColor(QStringLiteral("#22c55e")))); // coolest node

        QVERIFY2(ViewExport::save(&view, path("graph.SVG"), &error), qPrintable(error));
        QCOMPARE(checkSvg(path("graph.SVG")), QString());
        QFile svg(path("graph.SVG"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY2(text.contains("DEPTHWISE_CONV_2D"), text.left(3000).constData()); // labels stay text, not pixels
        QVERIFY(text.toLower().contains("#ef4444"));
    }

    void charts()
    {
        ui::LayerChart chart;
        chart.resize(640, 360);
        chart.setResult(test::diamondResult());
        QString error;
        QVERIFY2(ViewExport::save(&chart, path("bars.png"), &error), qPrintable(error));
        const QImage bars(path("bars.png"));
        // Issue 24 (2.3): a readable size whatever the dock's: laid out again at 1200 x 700 at least.
        QCOMPARE(bars.size(), QSize(ViewExport::kMinChartWidth, ViewExport::kMinChartHeight) * 2);
        QCOMPARE(chart.plot()->size(), QSize(640, 360) - (chart.size() - chart.plot()->size())); // put back
        QVERIFY(distinctColors(bars) > 5);
        QVERIFY2(ViewExport::save(&chart, path("bars.svg"), &error), qPrintable(error));
        QCOMPARE(checkSvg(path("bars.svg")), QString());
        QFile barsSvg(path("bars.svg"));
        QVERIFY(barsSvg.open(QIODevice::ReadOnly));
        QVERIFY(barsSvg.readAll().contains("viewBox=\"0 0 1200 700\""));
        // A big dock keeps its size.
        chart.resize(1600, 900);
        QVERIFY2(ViewExport::save(&chart, path("big.png"), &error), qPrintable(error));
        QCOMPARE(QImage(path("big.png")).size(), chart.plot()->size().expandedTo(QSize(1200, 700)) * 2);

        ui::OpShareChart share;
        share.resize(320, 200); // a squeezed dock
        share.setResult(test::diamondResult());
        QCoreApplication::sendPostedEvents();
        const QRectF shareBefore = share.chartView()->chart()->geometry();
        QVERIFY2(ViewExport::save(&share, path("share.png"), &error), qPrintable(error));
        QCOMPARE(QImage(path("share.png")).size(), QSize(ViewExport::kMinChartWidth, ViewExport::kMinChartHeight) * 2);
        QVERIFY(distinctColors(QImage(path("share.png"))) > 5);
        QCOMPARE(share.chartView()->chart()->geometry(), shareBefore);
        QVERIFY2(ViewExport::save(&share, path("share.svg"), &error), qPrintable(error));
        QCOMPARE(checkSvg(path("share.svg")), QString());

        ui::LayerTableView table;
        table.resize(640, 300);
        table.setResult(test::diamondResult());
        QVERIFY2(ViewExport::save(&table, path("table.png"), &error), qPrintable(error));
        QVERIFY(distinctColors(QImage(path("table.png"))) > 3);
    }

    void errors()
    {
        ui::LayerChart chart;
        QString error;
        QVERIFY(!ViewExport::save(&chart, path("bars.jpg"), &error));
        QVERIFY2(error.contains(QStringLiteral("bars.jpg")), qPrintable(error));
        error.clear();
        QVERIFY(!ViewExport::save(&chart, QStringLiteral("/nonexistent-dir/x/bars.png"), &error));
        QVERIFY2(error.contains(QStringLiteral("bars.png")), qPrintable(error));
        QVERIFY(!ViewExport::save(nullptr, path("none.png"), &error));
        QVERIFY(!QFile::exists(path("none.png")));
    }
};

QTEST_MAIN(TestViewExport)
#include "tst_viewexport.moc"
