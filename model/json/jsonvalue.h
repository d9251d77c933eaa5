#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <utility>
#include <vector>

namespace hpx::model {

// An ordered JSON value: objects keep insertion order and integers stay integers, which
// QJsonObject cannot do (it sorts keys and stores every number as a double). The bundle
// files must match heliaPROFILER's Python json.dumps byte for byte, so everything written
// to a bundle goes through this type (see jsonwriter.h).
//
// Containers are shared copy-on-write: copying a large tree is cheap, mutation detaches.
class JsonValue {
public:
    enum class Type { Null, Bool, Int, Double, String, Array, Object };
    using Array = std::vector<JsonValue>;
    using Member = std::pair<QString, JsonValue>;
    using Object = std::vector<Member>;

    JsonValue() = default;
    JsonValue(std::nullptr_t) { }
    JsonValue(bool value);
    JsonValue(int value);
    JsonValue(qint64 value);
    JsonValue(double value);
    JsonValue(const QString &value);
    JsonValue(QString &&value);
    JsonValue(const char *) = delete; // be explicit about the encoding: QStringLiteral / fromUtf8

    static JsonValue array();
    static JsonValue object();
    static JsonValue object(Object &&members); // the caller guarantees unique keys
    static JsonValue fromVariant(const QVariant &value); // QVariantMap keys come out sorted
    static JsonValue fromQJson(const QJsonValue &value); // keeps int vs double (Qt 6)
    QVariant toVariant() const;

    Type type() const { return m_type; }
    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isInt() const { return m_type == Type::Int; }
    bool isDouble() const { return m_type == Type::Double; }
    bool isNumber() const { return m_type == Type::Int || m_type == Type::Double; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    bool toBool(bool fallback = false) const { return m_type == Type::Bool ? m_bool : fallback; }
    qint64 toInt(qint64 fallback = 0) const; // doubles are truncated
    double toDouble(double fallback = 0.0) const; // ints are converted
    QString toString() const { return m_type == Type::String ? m_string : QString(); }

    // Arrays and objects: element count (0 for scalars).
    int size() const;
    // Arrays
    const JsonValue &at(int index) const;
    void append(JsonValue value);
    const Array &elements() const;
    // Objects. insert() follows Python dict assignment: an existing key keeps its place and takes
    // the new value. appendMember() skips the lookup; the caller guarantees the key is new.
    JsonValue &insert(const QString &key, JsonValue value);
    void appendMember(QString key, JsonValue value);
    const JsonValue *find(const QString &key) const;
    bool contains(const QString &key) const { return find(key) != nullptr; }
    JsonValue value(const QString &key) const; // Null when absent
    bool remove(const QString &key);
    const Object &members() const;
    QStringList keys() const;

    // Path lookup through nested objects: value({"target", "toolchain"}). Null when absent.
    JsonValue path(std::initializer_list<QString> keys) const;

    bool operator==(const JsonValue &other) const;
    bool operator!=(const JsonValue &other) const { return !(*this == other); }

private:
    Array &mutableArray();
    Object &mutableObject();

    Type m_type = Type::Null;
    bool m_bool = false;
    qint64 m_int = 0;
    double m_double = 0.0;
    QString m_string;
    std::shared_ptr<Array> m_array;
    std::shared_ptr<Object> m_object;
};

} // namespace hpx::model
