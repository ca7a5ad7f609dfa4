#include "otlp/protobuf.h"

#include <cstring>
#include <functional>

namespace conform::otlp {

namespace {

constexpr int kMaxDepth = 64;

// One field as the wire gives it: varint, fixed64, fixed32 or a length-delimited slice.
struct Field
{
    std::uint32_t number = 0;
    int wireType = 0;
    std::uint64_t integer = 0;   // varint, fixed64, fixed32
    std::string_view bytes;      // length-delimited
};

class Reader
{
public:
    Reader(std::string_view data, std::size_t base) : m_data(data), m_base(base) {}

    bool atEnd() const { return m_at >= m_data.size(); }

    // False with `error` set on a malformed field.
    bool next(Field& field, std::string& error)
    {
        std::uint64_t key = 0;
        if (!varint(key, error))
            return false;
        field = Field{};
        field.number = static_cast<std::uint32_t>(key >> 3);
        field.wireType = static_cast<int>(key & 7);
        if (field.number == 0)
            return fail(error, "field number 0");
        switch (field.wireType) {
        case 0:
            return varint(field.integer, error);
        case 1:
            return fixed(field.integer, 8, error);
        case 5:
            return fixed(field.integer, 4, error);
        case 2: {
            std::uint64_t length = 0;
            if (!varint(length, error))
                return false;
            if (length > m_data.size() - m_at)
                return fail(error, "a length of " + std::to_string(length) + " bytes runs past the end");
            field.bytes = m_data.substr(m_at, static_cast<std::size_t>(length));
            m_at += static_cast<std::size_t>(length);
            return true;
        }
        default:
            return fail(error, "wire type " + std::to_string(field.wireType) + " is not one OTLP uses");
        }
    }

    std::size_t offsetOf(std::string_view inner) const { return m_base + static_cast<std::size_t>(inner.data() - m_data.data()); }
    std::size_t base() const { return m_base; }

private:
    bool fail(std::string& error, const std::string& what)
    {
        error = what + " at byte " + std::to_string(m_base + m_at);
        return false;
    }
    bool varint(std::uint64_t& out, std::string& error)
    {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_at >= m_data.size())
                return fail(error, "a varint runs past the end");
            const auto byte = static_cast<unsigned char>(m_data[m_at++]);
            out |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return true;
        }
        return fail(error, "a varint longer than 10 bytes");
    }
    bool fixed(std::uint64_t& out, std::size_t size, std::string& error)
    {
        if (m_data.size() - m_at < size)
            return fail(error, "a fixed-width value runs past the end");
        out = 0;
        for (std::size_t i = 0; i < size; ++i)
            out |= static_cast<std::uint64_t>(static_cast<unsigned char>(m_data[m_at + i])) << (8 * i);
        m_at += size;
        return true;
    }

    std::string_view m_data;
    std::size_t m_base;
    std::size_t m_at = 0;
};

std::string hex(std::string_view bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) {
        out += digits[static_cast<unsigned char>(c) >> 4];
        out += digits[static_cast<unsigned char>(c) & 15];
    }
    return out;
}

std::string base64(std::string_view bytes)
{
    static constexpr char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) | static_cast<unsigned char>(bytes[i + 2]);
        out += {table[v >> 18], table[(v >> 12) & 63], table[(v >> 6) & 63], table[v & 63]};
    }
    if (i + 1 == bytes.size()) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        out += {table[v >> 18], table[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == bytes.size()) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
        out += {table[v >> 18], table[(v >> 12) & 63], table[(v >> 6) & 63], '='};
    }
    return out;
}

// A message: fields in, JSON members out, by a handler per field. Returns "" or the error.
using Handler = std::function<std::string(const Field&, Json&, int depth, std::size_t base)>;

std::string decode(std::string_view data, std::size_t base, int depth, Json& out, const Handler& handle)
{
    if (depth > kMaxDepth)
        return "nested deeper than " + std::to_string(kMaxDepth) + " at byte " + std::to_string(base);
    Reader reader(data, base);
    Field field;
    std::string error;
    while (!reader.atEnd()) {
        if (!reader.next(field, error))
            return error;
        const std::size_t at = field.wireType == 2 ? reader.offsetOf(field.bytes) : base;
        if (std::string failed = handle(field, out, depth, at); !failed.empty())
            return failed;
    }
    return {};
}

std::string wrongType(const Field& field, std::size_t at)
{
    return "field " + std::to_string(field.number) + " has the wrong wire type at byte " + std::to_string(at);
}

std::string decodeKeyValue(std::string_view data, std::size_t base, int depth, Json& out);

// AnyValue: 1 string, 2 bool, 3 int64, 4 double, 5 ArrayValue, 6 KeyValueList, 7 bytes.
std::string decodeAnyValue(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& value, int d, std::size_t at) -> std::string {
        switch (f.number) {
        case 1: if (f.wireType != 2) return wrongType(f, at); value = Json{{"stringValue", std::string(f.bytes)}}; return {};
        case 2: if (f.wireType != 0) return wrongType(f, at); value = Json{{"boolValue", f.integer != 0}}; return {};
        case 3: if (f.wireType != 0) return wrongType(f, at); value = Json{{"intValue", std::to_string(static_cast<std::int64_t>(f.integer))}}; return {};
        case 4: {
            if (f.wireType != 1) return wrongType(f, at);
            double d64 = 0;
            std::memcpy(&d64, &f.integer, sizeof d64);
            value = Json{{"doubleValue", d64}};
            return {};
        }
        case 5:
        case 6: {
            if (f.wireType != 2) return wrongType(f, at);
            Json values = Json::array();
            std::string failed = decode(f.bytes, at, d + 1, values, [number = f.number](const Field& g, Json& list, int dd, std::size_t gat) -> std::string {
                if (g.number != 1)
                    return {};
                if (g.wireType != 2) return wrongType(g, gat);
                Json item;
                std::string bad = number == 5 ? decodeAnyValue(g.bytes, gat, dd + 1, item) : decodeKeyValue(g.bytes, gat, dd + 1, item);
                list.push_back(std::move(item));
                return bad;
            });
            value = Json{{f.number == 5 ? "arrayValue" : "kvlistValue", Json{{"values", std::move(values)}}}};
            return failed;
        }
        case 7: if (f.wireType != 2) return wrongType(f, at); value = Json{{"bytesValue", base64(f.bytes)}}; return {};
        default: return {};
        }
    });
}

// KeyValue: 1 key, 2 value.
std::string decodeKeyValue(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json{{"key", ""}, {"value", Json::object()}};
    return decode(data, base, depth, out, [](const Field& f, Json& kv, int d, std::size_t at) -> std::string {
        if (f.number == 1) {
            if (f.wireType != 2) return wrongType(f, at);
            kv["key"] = std::string(f.bytes);
        } else if (f.number == 2) {
            if (f.wireType != 2) return wrongType(f, at);
            return decodeAnyValue(f.bytes, at, d + 1, kv["value"]);
        }
        return {};
    });
}

// Appends a repeated message field to out[name] (an array), decoded by `decoder`.
std::string appendTo(Json& out, const char* name, const Field& f, std::size_t at, int depth,
                     std::string (*decoder)(std::string_view, std::size_t, int, Json&))
{
    if (f.wireType != 2)
        return wrongType(f, at);
    if (!out.contains(name))
        out[name] = Json::array();
    Json item;
    std::string failed = decoder(f.bytes, at, depth + 1, item);
    out[name].push_back(std::move(item));
    return failed;
}

// Resource: 1 attributes.
std::string decodeResource(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& o, int d, std::size_t at) -> std::string {
        return f.number == 1 ? appendTo(o, "attributes", f, at, d, decodeKeyValue) : std::string();
    });
}

// InstrumentationScope: 1 name, 2 version, 3 attributes.
std::string decodeScope(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& o, int d, std::size_t at) -> std::string {
        if ((f.number == 1 || f.number == 2) && f.wireType == 2)
            o[f.number == 1 ? "name" : "version"] = std::string(f.bytes);
        else if (f.number == 3)
            return appendTo(o, "attributes", f, at, d, decodeKeyValue);
        return {};
    });
}

std::string nanos(std::uint64_t value)
{
    return std::to_string(value);
}

// Span.Event: 1 time_unix_nano, 2 name, 3 attributes.
std::string decodeEvent(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& e, int d, std::size_t at) -> std::string {
        if (f.number == 1 && f.wireType == 1) e["timeUnixNano"] = nanos(f.integer);
        else if (f.number == 2 && f.wireType == 2) e["name"] = std::string(f.bytes);
        else if (f.number == 3) return appendTo(e, "attributes", f, at, d, decodeKeyValue);
        return {};
    });
}

// Status: 2 message, 3 code.
std::string decodeStatus(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& s, int, std::size_t) -> std::string {
        if (f.number == 2 && f.wireType == 2) s["message"] = std::string(f.bytes);
        else if (f.number == 3 && f.wireType == 0) s["code"] = static_cast<int>(f.integer);
        return {};
    });
}

// Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 7/8 times, 9 attributes,
// 11 events, 15 status.
std::string decodeSpan(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& s, int d, std::size_t at) -> std::string {
        switch (f.number) {
        case 1: if (f.wireType != 2) return wrongType(f, at); s["traceId"] = hex(f.bytes); return {};
        case 2: if (f.wireType != 2) return wrongType(f, at); s["spanId"] = hex(f.bytes); return {};
        case 4: if (f.wireType != 2) return wrongType(f, at); s["parentSpanId"] = hex(f.bytes); return {};
        case 5: if (f.wireType != 2) return wrongType(f, at); s["name"] = std::string(f.bytes); return {};
        case 6: if (f.wireType != 0) return wrongType(f, at); s["kind"] = static_cast<int>(f.integer); return {};
        case 7: if (f.wireType != 1) return wrongType(f, at); s["startTimeUnixNano"] = nanos(f.integer); return {};
        case 8: if (f.wireType != 1) return wrongType(f, at); s["endTimeUnixNano"] = nanos(f.integer); return {};
        case 9: return appendTo(s, "attributes", f, at, d, decodeKeyValue);
        case 11: return appendTo(s, "events", f, at, d, decodeEvent);
        case 15: if (f.wireType != 2) return wrongType(f, at); return decodeStatus(f.bytes, at, d + 1, s["status"]);
        default: return {};
        }
    });
}

// LogRecord: 1 time, 2 severity_number, 3 severity_text, 5 body, 6 attributes, 9 trace_id,
// 10 span_id, 11 observed time, 12 event_name.
std::string decodeLogRecord(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& r, int d, std::size_t at) -> std::string {
        switch (f.number) {
        case 1: if (f.wireType != 1) return wrongType(f, at); r["timeUnixNano"] = nanos(f.integer); return {};
        case 2: if (f.wireType != 0) return wrongType(f, at); r["severityNumber"] = static_cast<int>(f.integer); return {};
        case 3: if (f.wireType != 2) return wrongType(f, at); r["severityText"] = std::string(f.bytes); return {};
        case 5: if (f.wireType != 2) return wrongType(f, at); return decodeAnyValue(f.bytes, at, d + 1, r["body"]);
        case 6: return appendTo(r, "attributes", f, at, d, decodeKeyValue);
        case 9: if (f.wireType != 2) return wrongType(f, at); r["traceId"] = hex(f.bytes); return {};
        case 10: if (f.wireType != 2) return wrongType(f, at); r["spanId"] = hex(f.bytes); return {};
        case 11: if (f.wireType != 1) return wrongType(f, at); r["observedTimeUnixNano"] = nanos(f.integer); return {};
        case 12: if (f.wireType != 2) return wrongType(f, at); r["eventName"] = std::string(f.bytes); return {};
        default: return {};
        }
    });
}

// ScopeSpans / ScopeLogs: 1 scope, 2 spans or log records.
std::string decodeScopeSpans(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& s, int d, std::size_t at) -> std::string {
        if (f.number == 1 && f.wireType == 2) return decodeScope(f.bytes, at, d + 1, s["scope"]);
        if (f.number == 2) return appendTo(s, "spans", f, at, d, decodeSpan);
        return {};
    });
}

std::string decodeScopeLogs(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& s, int d, std::size_t at) -> std::string {
        if (f.number == 1 && f.wireType == 2) return decodeScope(f.bytes, at, d + 1, s["scope"]);
        if (f.number == 2) return appendTo(s, "logRecords", f, at, d, decodeLogRecord);
        return {};
    });
}

// ResourceSpans / ResourceLogs: 1 resource, 2 scope spans or scope logs.
std::string decodeResourceSpans(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& r, int d, std::size_t at) -> std::string {
        if (f.number == 1 && f.wireType == 2) return decodeResource(f.bytes, at, d + 1, r["resource"]);
        if (f.number == 2) return appendTo(r, "scopeSpans", f, at, d, decodeScopeSpans);
        return {};
    });
}

std::string decodeResourceLogs(std::string_view data, std::size_t base, int depth, Json& out)
{
    out = Json::object();
    return decode(data, base, depth, out, [](const Field& f, Json& r, int d, std::size_t at) -> std::string {
        if (f.number == 1 && f.wireType == 2) return decodeResource(f.bytes, at, d + 1, r["resource"]);
        if (f.number == 2) return appendTo(r, "scopeLogs", f, at, d, decodeScopeLogs);
        return {};
    });
}

} // namespace

Result<Json> jsonOfProtobuf(std::string_view body, ProtobufMessage message)
{
    Json out = Json::object();
    const bool traces = message == ProtobufMessage::Traces;
    out[traces ? "resourceSpans" : "resourceLogs"] = Json::array();
    const std::string failed = decode(body, 0, 0, out, [traces](const Field& f, Json& o, int d, std::size_t at) -> std::string {
        if (f.number != 1)
            return {};
        return appendTo(o, traces ? "resourceSpans" : "resourceLogs", f, at, d, traces ? decodeResourceSpans : decodeResourceLogs);
    });
    if (!failed.empty())
        return Error{"not an OTLP protobuf " + std::string(traces ? "ExportTraceServiceRequest" : "ExportLogsServiceRequest") + ": " + failed, {}};
    return out;
}

} // namespace conform::otlp
