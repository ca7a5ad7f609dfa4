#pragma once
// The evaluator reads instances through an adapter, so one compiled tree validates both
// nlohmann values (validate, accepts) and simdjson DOM elements (acceptsText) without
// converting either into the other. An adapter is a set of static functions over `Value`.
#include "schema/node.h"

#include <simdjson.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>

namespace conform::schema::detail {

inline Kind numberKind(double d)
{
    return std::isfinite(d) && std::floor(d) == d ? Kind::Integer : Kind::Number;
}

struct NlohmannAdapter
{
    using Value = const Json*;

    static Kind kind(Value v)
    {
        switch (v->type()) {
        case Json::value_t::null: return Kind::Null;
        case Json::value_t::boolean: return Kind::Boolean;
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: return Kind::Integer;
        case Json::value_t::number_float: return numberKind(v->get_ref<const double&>());
        case Json::value_t::string: return Kind::String;
        case Json::value_t::array: return Kind::Array;
        case Json::value_t::object: return Kind::Object;
        default: return Kind::Null; // binary and discarded never come from JSON text
        }
    }
    static bool boolean(Value v) { return v->get<bool>(); }
    static double number(Value v) { return v->get<double>(); }
    static bool isFloat(Value v) { return v->is_number_float(); }
    static std::int64_t int64(Value v) { return v->get<std::int64_t>(); }
    static bool isUnsigned(Value v) { return v->is_number_unsigned(); }
    static std::string_view string(Value v) { return v->get_ref<const std::string&>(); }
    static std::size_t size(Value v) { return v->size(); }

    // f(index, Value) -> bool (false stops); returns false when stopped.
    template <typename F>
    static bool forEachItem(Value v, F&& f)
    {
        std::size_t i = 0;
        for (const auto& item : *v)
            if (!f(i++, &item))
                return false;
        return true;
    }
    // f(std::string_view key, Value) -> bool (false stops).
    template <typename F>
    static bool forEachMember(Value v, F&& f)
    {
        for (const auto& [key, value] : v->items())
            if (!f(std::string_view(key), &value))
                return false;
        return true;
    }
    static bool member(Value object, std::string_view key, Value& out)
    {
        auto it = object->find(key);
        if (it == object->end())
            return false;
        out = &*it;
        return true;
    }
    static Json toJson(Value v) { return *v; }
};

struct SimdjsonAdapter
{
    using Value = simdjson::dom::element;
    using Type = simdjson::dom::element_type;

    static Kind kind(Value v)
    {
        switch (v.type()) {
        case Type::NULL_VALUE: return Kind::Null;
        case Type::BOOL: return Kind::Boolean;
        case Type::INT64:
        case Type::UINT64: return Kind::Integer;
        case Type::DOUBLE: return numberKind(v.get_double().value_unsafe());
        case Type::STRING: return Kind::String;
        case Type::ARRAY: return Kind::Array;
        case Type::OBJECT: return Kind::Object;
        }
        return Kind::Null;
    }
    static bool boolean(Value v) { return v.get_bool().value_unsafe(); }
    static double number(Value v)
    {
        switch (v.type()) {
        case Type::INT64: return double(v.get_int64().value_unsafe());
        case Type::UINT64: return double(v.get_uint64().value_unsafe());
        default: return v.get_double().value_unsafe();
        }
    }
    static bool isFloat(Value v) { return v.type() == Type::DOUBLE; }
    static std::int64_t int64(Value v) { return v.get_int64().value_unsafe(); }
    static bool isUnsigned(Value v) { return v.type() == Type::UINT64; }
    static std::string_view string(Value v) { return v.get_string().value_unsafe(); }
    static std::size_t size(Value v)
    {
        if (v.type() == Type::ARRAY) {
            const simdjson::dom::array array = v.get_array().value_unsafe();
            return array.size();
        }
        const simdjson::dom::object object = v.get_object().value_unsafe();
        return object.size();
    }
    template <typename F>
    static bool forEachItem(Value v, F&& f)
    {
        std::size_t i = 0;
        const simdjson::dom::array array = v.get_array().value_unsafe(); // a copy: the result is a temporary
        for (Value item : array)
            if (!f(i++, item))
                return false;
        return true;
    }
    template <typename F>
    static bool forEachMember(Value v, F&& f)
    {
        const simdjson::dom::object object = v.get_object().value_unsafe();
        for (auto field : object)
            if (!f(field.key, field.value))
                return false;
        return true;
    }
    // Issues quote the offending value; the text path builds none, but this keeps one evaluator.
    static Json toJson(Value v)
    {
        switch (v.type()) {
        case Type::NULL_VALUE: return nullptr;
        case Type::BOOL: return boolean(v);
        case Type::INT64: return v.get_int64().value_unsafe();
        case Type::UINT64: return v.get_uint64().value_unsafe();
        case Type::DOUBLE: return v.get_double().value_unsafe();
        case Type::STRING: return std::string(string(v));
        case Type::ARRAY: {
            Json out = Json::array();
            forEachItem(v, [&](std::size_t, Value item) { out.push_back(toJson(item)); return true; });
            return out;
        }
        case Type::OBJECT: {
            Json out = Json::object();
            forEachMember(v, [&](std::string_view key, Value item) { out[std::string(key)] = toJson(item); return true; });
            return out;
        }
        }
        return nullptr;
    }
    static bool member(Value object, std::string_view key, Value& out)
    {
        const simdjson::dom::object fields = object.get_object().value_unsafe();
        auto r = fields.at_key(key);
        if (r.error())
            return false;
        out = r.value_unsafe();
        return true;
    }
};


// A value on the tape of a simdjson DOM document, read in place: the same values as
// SimdjsonAdapter with less work per access (the fast verdict walk, schema/fast_verdict.h).
// Layout as simdjson documents it: one 64-bit word per value (two for numbers), the type in
// the top byte; '{' and '[' hold the index after their closing word in the low 32 bits and
// their member count (saturated at 0xFFFFFF, as dom::object::size() returns it) above; a
// string holds the offset of its 32-bit length and bytes in the string buffer.
struct TapeValue
{
    const std::uint64_t* tape = nullptr;
    const std::uint8_t* strings = nullptr;
    std::size_t index = 0;

    char type() const { return char(tape[index] >> 56); }
    std::uint64_t payload() const { return tape[index] & 0x00FFFFFFFFFFFFFFull; }
    std::uint64_t next() const { return tape[index + 1]; }
    TapeValue at(std::size_t i) const { return {tape, strings, i}; }
    // The index just past this value.
    std::size_t after() const
    {
        switch (type()) {
        case '{':
        case '[': return std::uint32_t(tape[index]);
        case 'l':
        case 'u':
        case 'd': return index + 2;
        default: return index + 1;
        }
    }
    std::string_view string() const
    {
        const std::uint8_t* at = strings + payload();
        std::uint32_t length;
        std::memcpy(&length, at, sizeof length);
        return {reinterpret_cast<const char*>(at + sizeof length), length};
    }
    double asDouble() const
    {
        const std::uint64_t bits = next();
        switch (type()) {
        case 'l': return double(std::int64_t(bits));
        case 'u': return double(bits);
        default: return std::bit_cast<double>(bits);
        }
    }
};

struct TapeAdapter
{
    using Value = TapeValue;

    static Kind kind(Value v)
    {
        switch (v.type()) {
        case 'n': return Kind::Null;
        case 't':
        case 'f': return Kind::Boolean;
        case 'l':
        case 'u': return Kind::Integer;
        case 'd': return numberKind(std::bit_cast<double>(v.next()));
        case '"': return Kind::String;
        case '[': return Kind::Array;
        case '{': return Kind::Object;
        }
        return Kind::Null;
    }
    static bool boolean(Value v) { return v.type() == 't'; }
    static double number(Value v) { return v.asDouble(); }
    static bool isFloat(Value v) { return v.type() == 'd'; }
    static std::int64_t int64(Value v) { return std::int64_t(v.next()); }
    static bool isUnsigned(Value v) { return v.type() == 'u'; }
    static std::string_view string(Value v) { return v.string(); }
    static std::size_t size(Value v) { return std::size_t((v.tape[v.index] >> 32) & 0xFFFFFF); }
    template <typename F>
    static bool forEachItem(Value v, F&& f)
    {
        std::size_t i = 0;
        for (Value item = v.at(v.index + 1); item.type() != ']'; item.index = item.after())
            if (!f(i++, item))
                return false;
        return true;
    }
    template <typename F>
    static bool forEachMember(Value v, F&& f)
    {
        for (Value key = v.at(v.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after())
            if (!f(key.string(), key.at(key.index + 1)))
                return false;
        return true;
    }
    // The first member named `key`, as dom::object::at_key finds it.
    static bool member(Value object, std::string_view key, Value& out)
    {
        return !forEachMember(object, [&](std::string_view name, Value value) {
            if (name != key)
                return true;
            out = value;
            return false;
        });
    }
    static Json toJson(Value v)
    {
        switch (v.type()) {
        case 'n': return nullptr;
        case 't': return true;
        case 'f': return false;
        case 'l': return std::int64_t(v.next());
        case 'u': return v.next();
        case 'd': return std::bit_cast<double>(v.next());
        case '"': return std::string(v.string());
        case '[': {
            Json out = Json::array();
            forEachItem(v, [&](std::size_t, Value item) { out.push_back(toJson(item)); return true; });
            return out;
        }
        case '{': {
            Json out = Json::object();
            forEachMember(v, [&](std::string_view key, Value item) { out[std::string(key)] = toJson(item); return true; });
            return out;
        }
        }
        return nullptr;
    }
};

} // namespace conform::schema::detail
