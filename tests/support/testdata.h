#pragma once

#include <QIODevice>
#include <QString>

namespace hpx::test {

// Absolute path of a file under tests/data (the tree is read in place, never copied).
QString dataPath(const QString &relative);
// The whole file, or a QTest failure message naming it.
QByteArray readData(const QString &relative);

// A QIODevice that fails reads or writes after a byte budget, for I/O error paths (KeePassXC's FailDevice).
class FailDevice : public QIODevice {
public:
    explicit FailDevice(QByteArray data = {}, qint64 failAfter = 0);
    bool open(OpenMode mode) override;
    qint64 size() const override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    QByteArray m_data;
    qint64 m_failAfter;
    qint64 m_done = 0;
};

} // namespace hpx::test
