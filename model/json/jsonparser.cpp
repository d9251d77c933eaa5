#include "model/json/jsonparser.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <charconv>
#include <deque>
#include <iterator>
#include <limits>
#include <optional>
#include <vector>

// The JSON text parser behind parseJson() (declared in jsonvalue.h).
namespace hpx::model {

namespace {

class Parser {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::JsonParser)
public:
    explicit Parser(const QByteArray &text)
        : m_p(text.constData())
        , m_begin(text.constData())
        , m_end(text.constData() + text.size())
    {
    }

    JsonValue parseDocument()
    {
        skipWs();
        JsonValue v = parseValue(0);
        if (m_failed)
            return {};
        skipWs();
        if (m_p != m_end)
            return fail(tr("unexpected text after the JSON value"));
        return v;
    }

    QString error() const { return m_error; }
    bool failed() const { return m_failed; }

private:
    JsonValue fail(const QString &what)
    {
        if (!m_failed) {
            int line = 1;
            int column = 1;
            for (const char *q = m_begin; q < m_p && q < m_end; ++q) {
                if (*q == '\n') {
                    ++line;
                    column = 1;
                } else {
                    ++column;
                }
            }
            m_error = tr("line %1, column %2: %3").arg(line).arg(column).arg(what);
            m_failed = true;
        }
        return {};
    }

    void skipWs()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
            ++m_p;
    }

    bool consumeLiteral(const char *literal)
    {
        const char *q = m_p;
        for (const char *l = literal; *l; ++l, ++q) {
            if (q >= m_end || *q != *l)
                return false;
        }
        m_p = q;
        return true;
    }

    JsonValue parseValue(int depth)
    {
        if (depth > 512)
            return fail(tr("nesting too deep"));
        if (m_p >= m_end)
            return fail(tr("unexpected end of text"));
        switch (*m_p) {
        case '{':
            return parseObject(depth);
        case '[':
            return parseArray(depth);
        case '"': {
            QString s;
            if (!parseString(&s))
                return {};
            return JsonValue(std::move(s));
        }
        case 't':
            if (consumeLiteral("true"))
                return JsonValue(true);
            break;
        case 'f':
            if (consumeLiteral("false"))
                return JsonValue(false);
            break;
        case 'n':
            if (consumeLiteral("null"))
                return {};
            break;
        case 'N':
            if (consumeLiteral("NaN"))
                return JsonValue(std::numeric_limits<double>::quiet_NaN());
            break;
        case 'I':
            if (consumeLiteral("Infinity"))
                return JsonValue(std::numeric_limits<double>::infinity());
            break;
        default:
            if (*m_p == '-' || (*m_p >= '0' && *m_p <= '9'))
                return parseNumber();
            break;
        }
        return fail(tr("unexpected character '%1'").arg(QLatin1Char(*m_p)));
    }

    JsonValue parseNumber()
    {
        const char *start = m_p;
        if (*m_p == '-') {
            ++m_p;
            if (consumeLiteral("Infinity"))
                return JsonValue(-std::numeric_limits<double>::infinity());
        }
        bool integral = true;
        const char *digits = m_p;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
        if (m_p == digits)
            return fail(tr("malformed number"));
        if (m_p < m_end && *m_p == '.') {
            integral = false;
            ++m_p;
            const char *frac = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            if (m_p == frac)
                return fail(tr("malformed number"));
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            integral = false;
            ++m_p;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            const char *exp = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            if (m_p == exp)
                return fail(tr("malformed number"));
        }
        if (integral) {
            qint64 v = 0;
            const auto r = std::from_chars(start, m_p, v);
            if (r.ec == std::errc() && r.ptr == m_p)
                return JsonValue(v);
        }
        double d = 0.0;
        const auto r = std::from_chars(start, m_p, d);
        if (r.ec != std::errc() && r.ec != std::errc::result_out_of_range)
            return fail(tr("malformed number"));
        return JsonValue(d);
    }

    static int hexValue(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    // Strings without escapes (nearly all of them) in one scan and one conversion; the rest byte by byte below.
    bool parseString(QString *out)
    {
        const char *q = m_p + 1;
        while (q < m_end && *q != '"' && *q != '\\' && static_cast<unsigned char>(*q) >= 0x20)
            ++q;
        if (q < m_end && *q == '"') {
            *out = QString::fromUtf8(m_p + 1, q - m_p - 1);
            m_p = q + 1;
            return true;
        }
        return parseEscapedString(out);
    }

    // An object key: short ASCII keys repeat (every node of an overlay has "value"), so they are shared from a small
    // cache instead of allocated again.
    bool parseKey(QString *out)
    {
        const char *q = m_p + 1;
        const char *const limit = m_end - m_p > 18 ? m_p + 18 : m_end;
        quint32 h = 0;
        while (q < limit && *q != '"' && *q != '\\' && static_cast<unsigned char>(*q) >= 0x20
            && static_cast<unsigned char>(*q) < 0x80) {
            h = h * 31u + static_cast<unsigned char>(*q);
            ++q;
        }
        if (q >= limit || *q != '"')
            return parseString(out);
        const char *const begin = m_p + 1;
        const qsizetype n = q - begin;
        QString &slot = m_keys[(h * 0x9E3779B1u) >> (32 - kKeyBits)];
        const QChar *c = slot.constData();
        bool same = slot.size() == n;
        for (qsizetype i = 0; same && i < n; ++i)
            same = c[i].unicode() == char16_t(static_cast<unsigned char>(begin[i]));
        if (!same)
            slot = QString::fromLatin1(begin, n);
        *out = slot;
        m_p = q + 1;
        return true;
    }

    bool parseEscapedString(QString *out)
    {
        ++m_p; // opening quote
        QByteArray utf8;
        QString result;
        auto flushUtf8 = [&] {
            if (!utf8.isEmpty()) {
                result += QString::fromUtf8(utf8);
                utf8.clear();
            }
        };
        while (true) {
            if (m_p >= m_end) {
                fail(tr("unterminated string"));
                return false;
            }
            const char c = *m_p;
            if (c == '"') {
                ++m_p;
                break;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail(tr("control character in string"));
                return false;
            }
            if (c != '\\') {
                utf8.append(c);
                ++m_p;
                continue;
            }
            ++m_p;
            if (m_p >= m_end) {
                fail(tr("unterminated string"));
                return false;
            }
            const char e = *m_p++;
            switch (e) {
            case '"':
                utf8.append('"');
                break;
            case '\\':
                utf8.append('\\');
                break;
            case '/':
                utf8.append('/');
                break;
            case 'b':
                utf8.append('\b');
                break;
            case 'f':
                utf8.append('\f');
                break;
            case 'n':
                utf8.append('\n');
                break;
            case 'r':
                utf8.append('\r');
                break;
            case 't':
                utf8.append('\t');
                break;
            case 'u': {
                if (m_end - m_p < 4) {
                    fail(tr("malformed \\u escape"));
                    return false;
                }
                int code = 0;
                for (int i = 0; i < 4; ++i) {
                    const int h = hexValue(m_p[i]);
                    if (h < 0) {
                        fail(tr("malformed \\u escape"));
                        return false;
                    }
                    code = code * 16 + h;
                }
                m_p += 4;
                flushUtf8();
                result.append(QChar(char16_t(code)));
                break;
            }
            default:
                fail(tr("invalid escape '\\%1'").arg(QLatin1Char(e)));
                return false;
            }
        }
        flushUtf8();
        *out = std::move(result);
        return true;
    }

    JsonValue parseArray(int depth)
    {
        ++m_p;
        JsonValue list = JsonValue::array();
        skipWs();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return list;
        }
        while (true) {
            skipWs();
            JsonValue v = parseValue(depth + 1);
            if (m_failed)
                return {};
            list.append(std::move(v));
            skipWs();
            if (m_p >= m_end)
                return fail(tr("unterminated array"));
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == ']') {
                ++m_p;
                return list;
            }
            return fail(tr("expected ',' or ']'"));
        }
    }

    JsonValue parseObject(int depth)
    {
        ++m_p;
        // Members gather in a buffer kept per nesting depth (its capacity is reused by every object at that depth)
        // and move into an exactly sized vector at the end, instead of growing each object's vector step by step.
        // A deque: deeper levels are added while this reference is in use.
        if (m_objectScratch.size() <= size_t(depth))
            m_objectScratch.resize(size_t(depth) + 1);
        JsonValue::Object &members = m_objectScratch[size_t(depth)];
        members.clear();
        skipWs();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            JsonValue obj = JsonValue::object();
            return obj;
        }
        while (true) {
            skipWs();
            if (m_p >= m_end || *m_p != '"')
                return fail(tr("expected a string key"));
            QString key;
            if (!parseKey(&key))
                return {};
            skipWs();
            if (m_p >= m_end || *m_p != ':')
                return fail(tr("expected ':'"));
            ++m_p;
            skipWs();
            JsonValue v = parseValue(depth + 1);
            if (m_failed)
                return {};
            members.emplace_back(std::move(key), std::move(v));
            skipWs();
            if (m_p >= m_end)
                return fail(tr("unterminated object"));
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == '}') {
                ++m_p;
                mergeDuplicateKeys(members);
                JsonValue::Object exact(
                    std::make_move_iterator(members.begin()), std::make_move_iterator(members.end()));
                members.clear();
                return JsonValue::object(std::move(exact));
            }
            return fail(tr("expected ',' or '}'"));
        }
    }

    // Python's json.loads: a repeated key keeps its first place and takes the last value. Checked once the object is
    // complete: pairwise for small objects, through sorted key hashes for large ones (no hash table to build).
    static void mergeDuplicateKeys(JsonValue::Object &members)
    {
        const size_t n = members.size();
        if (n < 2)
            return;
        std::vector<bool> dropped;
        auto merge = [&](size_t first, size_t later) {
            members[first].second = std::move(members[later].second);
            if (dropped.empty())
                dropped.assign(n, false);
            dropped[later] = true;
        };
        if (n < 16) {
            for (size_t j = 1; j < n; ++j) {
                for (size_t i = 0; i < j; ++i) {
                    if (members[i].first == members[j].first) {
                        merge(i, j); // i is the key's first place: earlier duplicates of it were dropped already
                        break;
                    }
                }
            }
        } else {
            std::vector<std::pair<size_t, size_t>> order(n); // (hash, index)
            for (size_t i = 0; i < n; ++i)
                order[i] = { qHash(members[i].first), i };
            std::sort(order.begin(), order.end());
            for (size_t a = 0; a < n;) {
                size_t b = a + 1;
                while (b < n && order[b].first == order[a].first)
                    ++b;
                // Within one hash, in index order: each later index merges into the first equal key before it.
                for (size_t j = a + 1; j < b; ++j) {
                    for (size_t i = a; i < j; ++i) {
                        const size_t fi = order[i].second;
                        const size_t lj = order[j].second;
                        if (!dropped.empty() && dropped[fi])
                            continue;
                        if (members[fi].first == members[lj].first) {
                            merge(fi, lj);
                            break;
                        }
                    }
                }
                a = b;
            }
        }
        if (dropped.empty())
            return;
        size_t out = 0;
        for (size_t i = 0; i < n; ++i) {
            if (!dropped[i]) {
                if (out != i)
                    members[out] = std::move(members[i]);
                ++out;
            }
        }
        members.erase(members.begin() + qsizetype(out), members.end());
    }

    std::deque<JsonValue::Object> m_objectScratch;
    static constexpr int kKeyBits = 6;
    QString m_keys[1 << kKeyBits];
    const char *m_p;
    const char *m_begin;
    const char *m_end;
    bool m_failed = false;
    QString m_error;
};

} // namespace

JsonValue parseJson(const QByteArray &text, QString *error)
{
    Parser parser(text);
    JsonValue v = parser.parseDocument();
    if (error)
        *error = parser.failed() ? parser.error() : QString();
    return v;
}

} // namespace hpx::model
