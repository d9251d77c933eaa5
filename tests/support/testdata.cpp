#include "tests/support/testdata.h"

#include <QFile>
#include <QTest>

namespace hpx::test {

QString dataPath(const QString &relative)
{
    return QStringLiteral(HPX_TEST_DATA_DIR "/") + relative;
}

QByteArray readData(const QString &relative)
{
    QFile file(dataPath(relative));
    if (!file.open(QIODevice::ReadOnly)) {
        QTest::qFail(qPrintable(QStringLiteral("cannot open test data ") + file.fileName()), __FILE__, __LINE__);
        return {};
    }
    return file.readAll();
}

FailDevice::FailDevice(QByteArray data, qint64 failAfter)
    : m_data(std::move(data))
    , m_failAfter(failAfter)
{
}

bool FailDevice::open(OpenMode mode)
{
    return QIODevice::open(mode | QIODevice::Unbuffered);
}

qint64 FailDevice::size() const
{
    return m_data.size();
}

qint64 FailDevice::readData(char *data, qint64 maxSize)
{
    const qint64 left = qMin<qint64>(m_failAfter - m_done, m_data.size() - m_done);
    if (left <= 0) {
        setErrorString(QStringLiteral("simulated read failure"));
        return -1;
    }
    const qint64 n = qMin(left, maxSize);
    memcpy(data, m_data.constData() + m_done, size_t(n));
    m_done += n;
    return n;
}

qint64 FailDevice::writeData(const char *data, qint64 maxSize)
{
    if (m_done + maxSize > m_failAfter) {
        setErrorString(QStringLiteral("simulated write failure"));
        return -1;
    }
    m_data.append(data, maxSize);
    m_done += maxSize;
    return maxSize;
}

} // namespace hpx::test
