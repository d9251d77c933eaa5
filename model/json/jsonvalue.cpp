#include "model/json/jsonvalue.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <limits>

namespace hpx::model {

JsonValue::JsonValue(bool value)
    : m_type(Type::Bool)
    , m_bool(value)
{
}

JsonValue::JsonValue(int value)
    : m_type(Type::Int)
    , m_int(value)
{
}

JsonValue::JsonValue(qint64 value)
    : m_type(Type::Int)
    , m_int(value)
{
}

JsonValue::JsonValue(double value)
    : m_type(Type::Double)
    , m_double(value)
{
}

JsonValue::JsonValue(const QString &value)
    : m_type(Type::String)
    , m_string(value)
{
}

JsonValue::JsonValue(QString &&value)
    : m_type(Type::String)
    , m_string(std::move(value))
{
}

JsonValue JsonValue::array()
{
    JsonValue v;
    v.m_type = Type::Array;
    v.m_array = std::make_shared<Array>();
    return v;
}

JsonValue JsonValue::object()
{
    JsonValue v;
    v.m_type = Type::Object;
    v.m_object = std::make_shared<Object>();
    return v;
}

JsonValue JsonValue::object(Object &&members)
{
    JsonValue v;
    v.m_type = Type::Object;
    v.m_object = std::make_shared<Object>(std::move(members));
    return v;
}

JsonValue JsonValue::fromVariant(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return {};
    switch (value.typeId()) {
    case QMetaType::Bool:
        return JsonValue(value.toBool());
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return JsonValue(value.toLongLong());
    case QMetaType::Double:
    case QMetaType::Float:
        return JsonValue(value.toDouble());
    case QMetaType::QString:
        return JsonValue(value.toString());
    case QMetaType::QStringList: {
        JsonValue list = array();
        const QStringList strings = value.toStringList();
        for (const QString &s : strings)
            list.append(JsonValue(s));
        return list;
    }
    case QMetaType::QVariantList: {
        JsonValue list = array();
        const QVariantList items = value.toList();
        for (const QVariant &item : items)
            list.append(fromVariant(item));
        return list;
    }
    case QMetaType::QVariantMap: {
        JsonValue obj = object();
        const QVariantMap map = value.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            obj.appendMember(it.key(), fromVariant(it.value()));
        return obj;
    }
    case QMetaType::QJsonValue:
        return fromQJson(value.toJsonValue());
    case QMetaType::QJsonObject:
        return fromQJson(QJsonValue(value.toJsonObject()));
    case QMetaType::QJsonArray:
        return fromQJson(QJsonValue(value.toJsonArray()));
    default:
        break;
    }
    return JsonValue(value.toString());
}

JsonValue JsonValue::fromQJson(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return JsonValue(value.toBool());
    case QJsonValue::Double: {
        // Qt 6 keeps integers as integers internally; toVariant() tells them apart.
        const QVariant v = value.toVariant();
        if (v.typeId() == QMetaType::LongLong)
            return JsonValue(v.toLongLong());
        return JsonValue(value.toDouble());
    }
    case QJsonValue::String:
        return JsonValue(value.toString());
    case QJsonValue::Array: {
        JsonValue list = array();
        const QJsonArray items = value.toArray();
        for (const QJsonValue &item : items)
            list.append(fromQJson(item));
        return list;
    }
    case QJsonValue::Object: {
        JsonValue obj = object();
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            obj.appendMember(it.key(), fromQJson(it.value()));
        return obj;
    }
    default:
        return {};
    }
}

QVariant JsonValue::toVariant() const
{
    switch (m_type) {
    case Type::Null:
        return {};
    case Type::Bool:
        return m_bool;
    case Type::Int:
        return m_int;
    case Type::Double:
        return m_double;
    case Type::String:
        return m_string;
    case Type::Array: {
        QVariantList list;
        for (const JsonValue &v : *m_array)
            list.append(v.toVariant());
        return list;
    }
    case Type::Object: {
        QVariantMap map;
        for (const Member &m : *m_object)
            map.insert(m.first, m.second.toVariant());
        return map;
    }
    }
    return {};
}

qint64 JsonValue::toInt(qint64 fallback) const
{
    if (m_type == Type::Int)
        return m_int;
    if (m_type == Type::Double && std::isfinite(m_double))
        return qint64(m_double);
    return fallback;
}

double JsonValue::toDouble(double fallback) const
{
    if (m_type == Type::Double)
        return m_double;
    if (m_type == Type::Int)
        return double(m_int);
    return fallback;
}

int JsonValue::size() const
{
    if (m_type == Type::Array)
        return int(m_array->size());
    if (m_type == Type::Object)
        return int(m_object->size());
    return 0;
}

const JsonValue &JsonValue::at(int index) const
{
    static const JsonValue null;
    if (m_type != Type::Array || index < 0 || index >= int(m_array->size()))
        return null;
    return (*m_array)[size_t(index)];
}

JsonValue::Array &JsonValue::mutableArray()
{
    if (m_type != Type::Array) {
        *this = array();
    } else if (m_array.use_count() > 1) {
        m_array = std::make_shared<Array>(*m_array);
    }
    return *m_array;
}

JsonValue::Object &JsonValue::mutableObject()
{
    if (m_type != Type::Object) {
        *this = object();
    } else if (m_object.use_count() > 1) {
        m_object = std::make_shared<Object>(*m_object);
    }
    return *m_object;
}

void JsonValue::append(JsonValue value)
{
    mutableArray().push_back(std::move(value));
}

const JsonValue::Array &JsonValue::elements() const
{
    static const Array empty;
    return m_type == Type::Array ? *m_array : empty;
}

JsonValue &JsonValue::insert(const QString &key, JsonValue value)
{
    Object &obj = mutableObject();
    for (Member &m : obj) {
        if (m.first == key) {
            m.second = std::move(value);
            return m.second;
        }
    }
    obj.emplace_back(key, std::move(value));
    return obj.back().second;
}

void JsonValue::appendMember(QString key, JsonValue value)
{
    mutableObject().emplace_back(std::move(key), std::move(value));
}

const JsonValue *JsonValue::find(const QString &key) const
{
    if (m_type != Type::Object)
        return nullptr;
    for (const Member &m : *m_object) {
        if (m.first == key)
            return &m.second;
    }
    return nullptr;
}

JsonValue JsonValue::value(const QString &key) const
{
    const JsonValue *v = find(key);
    return v ? *v : JsonValue();
}

bool JsonValue::remove(const QString &key)
{
    if (m_type != Type::Object || !find(key))
        return false;
    Object &obj = mutableObject();
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (it->first == key) {
            obj.erase(it);
            return true;
        }
    }
    return false;
}

const JsonValue::Object &JsonValue::members() const
{
    static const Object empty;
    return m_type == Type::Object ? *m_object : empty;
}

QStringList JsonValue::keys() const
{
    QStringList out;
    for (const Member &m : members())
        out.append(m.first);
    return out;
}

JsonValue JsonValue::path(std::initializer_list<QString> keys) const
{
    const JsonValue *current = this;
    for (const QString &key : keys) {
        current = current->find(key);
        if (!current)
            return {};
    }
    return *current;
}

bool JsonValue::operator==(const JsonValue &other) const
{
    if (m_type != other.m_type)
        return false;
    switch (m_type) {
    case Type::Null:
        return true;
    case Type::Bool:
        return m_bool == other.m_bool;
    case Type::Int:
        return m_int == other.m_int;
    case Type::Double:
        return m_double == other.m_double || (std::isnan(m_double) && std::isnan(other.m_double));
    case Type::String:
        return m_string == other.m_string;
    case Type::Array:
        return m_array == other.m_array || *m_array == *other.m_array;
    case Type::Object:
        return m_object == other.m_object || *m_object == *other.m_object;
    }
    return false;
}

} // namespace hpx::model
