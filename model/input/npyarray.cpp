#include "model/input/npyarray.h"

#include <QtEndian>

#include <algorithm>

namespace hpx::model {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr int kMagicBytes = 6;
constexpr qint64 kMaxElements = qint64(1) << 40; // far beyond any board's memory; keeps the products exact

// NumPy's kind and size as TFLite's type name; empty when the model could not hold such a tensor.
QString typeFor(QChar kind, int bytes)
{
    switch (kind.unicode()) {
    case 'b':
        return bytes == 1 ? QStringLiteral("BOOL") : QString();
    case 'i':
        switch (bytes) {
        case 1:
            return QStringLiteral("INT8");
        case 2:
            return QStringLiteral("INT16");
        case 4:
            return QStringLiteral("INT32");
        case 8:
            return QStringLiteral("INT64");
        }
        return {};
    case 'u':
        switch (bytes) {
        case 1:
            return QStringLiteral("UINT8");
        case 2:
            return QStringLiteral("UINT16");
        case 4:
            return QStringLiteral("UINT32");
        case 8:
            return QStringLiteral("UINT64");
        }
        return {};
    case 'f':
        switch (bytes) {
        case 2:
            return QStringLiteral("FLOAT16");
        case 4:
            return QStringLiteral("FLOAT32");
        case 8:
            return QStringLiteral("FLOAT64");
        }
        return {};
    }
    return {};
}

// The header's Python dictionary literal, as NumPy writes it: {'descr': '<f4', 'fortran_order': False,
// 'shape': (1, 49, 10), } and spaces up to a final newline. Nothing else is evaluated.
class HeaderParser {
public:
    explicit HeaderParser(const QString &text)
        : m_text(text)
    {
    }

    bool parse(QString *descr, bool *fortran, QVector<qint64> *shape, QString *error)
    {
        bool haveDescr = false, haveFortran = false, haveShape = false;
        skipSpace();
        if (!take(QLatin1Char('{')))
            return fail(NpyReader::tr("the header is not a dictionary"), error);
        for (;;) {
            skipSpace();
            if (take(QLatin1Char('}')))
                break;
            QString key;
            if (!readString(&key))
                return fail(NpyReader::tr("a key of the header is not a string"), error);
            skipSpace();
            if (!take(QLatin1Char(':')))
                return fail(NpyReader::tr("no ':' after the header's key '%1'").arg(key), error);
            skipSpace();
            if (key == QLatin1String("descr") && !haveDescr) {
                haveDescr = readString(descr);
                if (!haveDescr)
                    return fail(
                        NpyReader::tr("descr is not a plain dtype string (structured arrays are not tensors)"), error);
            } else if (key == QLatin1String("fortran_order") && !haveFortran) {
                haveFortran = readBool(fortran);
                if (!haveFortran)
                    return fail(NpyReader::tr("fortran_order is not True or False"), error);
            } else if (key == QLatin1String("shape") && !haveShape) {
                haveShape = readShape(shape);
                if (!haveShape)
                    return fail(NpyReader::tr("shape is not a tuple of sizes"), error);
            } else {
                return fail(NpyReader::tr("unexpected or repeated key '%1' in the header").arg(key), error);
            }
            skipSpace();
            if (take(QLatin1Char(',')))
                continue;
            skipSpace();
            if (take(QLatin1Char('}')))
                break;
            return fail(NpyReader::tr("the header's dictionary is malformed"), error);
        }
        // NumPy pads with spaces and ends the header with a newline.
        while (m_pos < m_text.size() && m_text.at(m_pos) == QLatin1Char(' '))
            ++m_pos;
        if (m_pos + 1 != m_text.size() || m_text.at(m_pos) != QLatin1Char('\n'))
            return fail(NpyReader::tr("the header does not end with a newline after its dictionary"), error);
        if (!haveDescr || !haveFortran || !haveShape)
            return fail(NpyReader::tr("the header lacks descr, fortran_order or shape"), error);
        return true;
    }

private:
    static bool fail(const QString &message, QString *error)
    {
        *error = message;
        return false;
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text.at(m_pos) == QLatin1Char(' ') || m_text.at(m_pos) == QLatin1Char('\t')))
            ++m_pos;
    }

    bool take(QChar c)
    {
        if (m_pos < m_text.size() && m_text.at(m_pos) == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    bool readString(QString *out)
    {
        if (m_pos >= m_text.size())
            return false;
        const QChar quote = m_text.at(m_pos);
        if (quote != QLatin1Char('\'') && quote != QLatin1Char('"'))
            return false;
        const qsizetype end = m_text.indexOf(quote, m_pos + 1);
        if (end < 0)
            return false;
        *out = m_text.mid(m_pos + 1, end - m_pos - 1);
        if (out->contains(QLatin1Char('\\')))
            return false; // no escapes in any name NumPy writes
        m_pos = end + 1;
        return true;
    }

    bool readBool(bool *out)
    {
        if (m_text.mid(m_pos, 4) == QLatin1String("True")) {
            m_pos += 4;
            *out = true;
            return true;
        }
        if (m_text.mid(m_pos, 5) == QLatin1String("False")) {
            m_pos += 5;
            *out = false;
            return true;
        }
        return false;
    }

    bool readShape(QVector<qint64> *out)
    {
        out->clear();
        if (!take(QLatin1Char('(')))
            return false;
        qint64 elements = 1; // capped at kMaxElements + 1: no overflow
        for (;;) {
            skipSpace();
            if (take(QLatin1Char(')'))) // () or a trailing comma: (5,), (3, 4, )
                return elements <= kMaxElements;
            qint64 dim = 0;
            int digits = 0;
            while (m_pos < m_text.size() && m_text.at(m_pos).unicode() >= '0' && m_text.at(m_pos).unicode() <= '9') {
                dim = dim * 10 + (m_text.at(m_pos).unicode() - '0');
                ++m_pos;
                if (++digits > 13) // 10^13 > kMaxElements: too large for any tensor, and no overflow
                    return false;
            }
            if (digits == 0)
                return false;
            if (dim == 0)
                elements = 0;
            else if (elements > 0)
                elements = dim > (kMaxElements + 1) / elements ? kMaxElements + 1 : elements * dim;
            out->append(dim);
            if (out->size() > 32) // NumPy's own limit on dimensions
                return false;
            skipSpace();
            if (take(QLatin1Char(',')))
                continue;
            skipSpace();
            // (3, 4) is a tuple, (5) is not: a single size needs its comma.
            return take(QLatin1Char(')')) && out->size() > 1 && elements <= kMaxElements;
        }
    }

    const QString &m_text;
    qsizetype m_pos = 0;
};

} // namespace

qint64 NpyArray::elementCount() const
{
    qint64 n = 1;
    for (const qint64 d : shape)
        n *= d;
    return n;
}

QString NpyArray::shapeText() const
{
    QStringList dims;
    for (const qint64 d : shape)
        dims << QString::number(d);
    return QLatin1Char('(') + dims.join(QStringLiteral(", "))
        + (shape.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

bool NpyReader::hasMagic(const QByteArray &bytes)
{
    return bytes.startsWith(QByteArray(kMagic, kMagicBytes));
}

NpyReadResult NpyReader::read(const QByteArray &bytes)
{
    NpyReadResult out;
    if (!hasMagic(bytes)) {
        out.error = tr("not a .npy file (no \\x93NUMPY magic at its start)");
        return out;
    }
    if (bytes.size() < kMagicBytes + 2) {
        out.error = tr("the file ends inside its .npy preamble");
        return out;
    }
    const int major = quint8(bytes.at(kMagicBytes));
    const int minor = quint8(bytes.at(kMagicBytes + 1));
    if (minor != 0 || major < 1 || major > 3) {
        out.error = tr(".npy format version %1.%2 (this reads 1.0, 2.0 and 3.0)").arg(major).arg(minor);
        return out;
    }
    const int lengthBytes = major == 1 ? 2 : 4;
    const qsizetype headerStart = kMagicBytes + 2 + lengthBytes;
    if (bytes.size() < headerStart) {
        out.error = tr("the file ends inside its .npy preamble");
        return out;
    }
    const qint64 headerBytes = major == 1 ? qint64(qFromLittleEndian<quint16>(bytes.constData() + kMagicBytes + 2))
                                          : qint64(qFromLittleEndian<quint32>(bytes.constData() + kMagicBytes + 2));
    if (headerBytes > kMaxHeaderBytes) {
        out.error = tr("the .npy header is %1 bytes, more than the %2 NumPy itself reads")
                        .arg(headerBytes)
                        .arg(kMaxHeaderBytes);
        return out;
    }
    if (bytes.size() - headerStart < headerBytes) {
        out.error = tr("the file ends inside its .npy header");
        return out;
    }
    const QByteArray rawHeader = bytes.mid(headerStart, headerBytes);
    QString header;
    if (major == 3) {
        header = QString::fromUtf8(rawHeader);
        if (header.toUtf8() != rawHeader) {
            out.error = tr("the .npy header is not UTF-8");
            return out;
        }
    } else {
        if (std::any_of(rawHeader.begin(), rawHeader.end(), [](char c) { return quint8(c) >= 128; })) {
            out.error = tr("the .npy header is not ASCII");
            return out;
        }
        header = QString::fromLatin1(rawHeader);
    }
    QString descr, error;
    bool fortran = false;
    NpyArray array;
    if (!HeaderParser(header).parse(&descr, &fortran, &array.shape, &error)) {
        out.error = tr("bad .npy header: %1").arg(error);
        return out;
    }
    // descr: byte order ('<' little, '>' big, '|' not applicable, '=' native) then kind and size: '<f4', '|i1'.
    bool sizeOk = false;
    const int size = descr.size() >= 3 ? descr.mid(2).toInt(&sizeOk) : 0;
    const QChar order = descr.isEmpty() ? QChar() : descr.at(0);
    const bool knownOrder = order == QLatin1Char('<') || order == QLatin1Char('>') || order == QLatin1Char('|')
        || order == QLatin1Char('=');
    array.type = sizeOk && knownOrder ? typeFor(descr.at(1), size) : QString();
    if (array.type.isEmpty()) {
        out.error = tr("dtype '%1' is not a tensor element type (bool, int8-64, uint8-64, float16-64)").arg(descr);
        return out;
    }
    array.itemBytes = size;
    int longDims = 0;
    for (const qint64 d : array.shape)
        longDims += d > 1 ? 1 : 0;
    if (fortran && longDims > 1) {
        out.error = tr("the array is in Fortran order; save it in C order (numpy.ascontiguousarray)");
        return out;
    }
    const qint64 dataBytes = array.elementCount() * size;
    const qint64 present = bytes.size() - headerStart - headerBytes;
    if (present != dataBytes) {
        out.error = tr("shape %1 of %2 needs %3 bytes of data; the file has %4")
                        .arg(array.shapeText(), descr)
                        .arg(dataBytes)
                        .arg(present);
        return out;
    }
    array.data = bytes.mid(headerStart + headerBytes);
    if (order == QLatin1Char('>') && size > 1) {
        char *p = array.data.data();
        for (qint64 i = 0; i < dataBytes; i += size)
            std::reverse(p + i, p + i + size);
    }
    out.array = std::move(array);
    return out;
}

} // namespace hpx::model
