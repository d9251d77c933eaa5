#include "streamreader.h"

#include <QRegularExpression>
#include <QStringList>

namespace hpx::test {

using namespace hpx::model;

Capture readStream(const QByteArray &text)
{
    Capture capture;
    static const QRegularExpression metaPattern(QStringLiteral("^HPX_(\\w+)=(.+)$"));
    static const QRegularExpression presetPattern(QStringLiteral("^--- HPX_PRESET (\\S+) ---$"));
    static const QRegularExpression iterPattern(QStringLiteral("^--- HPX_ITER (\\d+) ---$"));
    static const QRegularExpression itersPattern(QStringLiteral("phase=clean_window_begin iters=(\\d+)"));

    CapturePass *pass = nullptr;
    std::optional<CaptureIteration> open;
    QStringList header;
    bool inSession = false;
    auto commit = [&] {
        if (pass && open)
            pass->iterations.append(*open);
        open.reset();
    };

    const QList<QByteArray> lines = text.split('\n');
    int lineNumber = 0;
    for (const QByteArray &raw : lines) {
        ++lineNumber;
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty())
            continue;
        if (line.startsWith(QStringLiteral("HPX_ERROR=")) && !capture.error) {
            FirmwareError error;
            error.payload = line.mid(10);
            error.message = QStringLiteral("firmware error: ") + error.payload;
            error.line = lineNumber;
            capture.error = error;
        }
        if (line == QStringLiteral("--- HPX_START ---")) {
            inSession = true;
            capture.sawStart = true;
            continue;
        }
        if (line == QStringLiteral("--- HPX_END ---")) {
            commit();
            capture.sawEnd = true;
            break;
        }
        if (!inSession)
            continue;
        if (line.startsWith(QStringLiteral("HPX_HEARTBEAT"))) {
            const QRegularExpressionMatch m = itersPattern.match(line);
            if (m.hasMatch())
                capture.metadata.append({ QStringLiteral("announced_clean_iters"), m.captured(1).toLongLong() });
            continue;
        }
        QRegularExpressionMatch m = metaPattern.match(line);
        if (m.hasMatch()) {
            const QString key = m.captured(1).toLower();
            bool ok = false;
            const qint64 number = m.captured(2).toLongLong(&ok);
            capture.metadata.append({ key, ok ? QVariant(number) : QVariant(m.captured(2)) });
            if (key == QStringLiteral("presets"))
                capture.announcedPresets = m.captured(2).split(QLatin1Char(','));
            continue;
        }
        m = presetPattern.match(line);
        if (m.hasMatch()) {
            commit();
            capture.passes.append(CapturePass());
            pass = &capture.passes.last();
            pass->name = m.captured(1);
            continue;
        }
        m = iterPattern.match(line);
        if (m.hasMatch()) {
            commit();
            if (!pass) {
                capture.passes.append(CapturePass());
                pass = &capture.passes.last();
                pass->name = QStringLiteral("_default");
            }
            open = CaptureIteration();
            open->number = m.captured(1).toInt();
            header.clear();
            continue;
        }
        if (!open)
            continue;
        QStringList cells = line.split(QLatin1Char(','));
        for (QString &cell : cells) {
            cell = cell.trimmed();
            if (cell.startsWith(QLatin1Char('"')) && cell.endsWith(QLatin1Char('"')) && cell.size() >= 2)
                cell = cell.mid(1, cell.size() - 2);
        }
        if (header.isEmpty()) {
            header = cells;
            pass->header = cells;
            pass->counters.clear();
            for (const QString &column : cells) {
                if (column != QStringLiteral("Layer") && column != QStringLiteral("Op")
                    && column != QStringLiteral("overflow"))
                    pass->counters.append(column);
            }
            continue;
        }
        if (cells.size() != header.size())
            continue;
        CaptureRow row;
        row.position = int(open->rows.size());
        row.line = lineNumber;
        for (int c = 0; c < cells.size(); ++c) {
            const QString &column = header.at(c);
            if (column == QStringLiteral("Layer")) {
                row.layer = cells.at(c);
            } else if (column == QStringLiteral("Op")) {
                row.op = cells.at(c);
            } else if (column == QStringLiteral("overflow")) {
                row.overflow = cells.at(c) != QStringLiteral("0") && !cells.at(c).isEmpty();
            } else {
                bool ok = false;
                const double value = cells.at(c).toDouble(&ok);
                row.values.append(ok ? std::optional<double>(value) : std::nullopt);
            }
        }
        open->rows.append(row);
    }
    capture.lineCount = lineNumber;
    return capture;
}

} // namespace hpx::test
