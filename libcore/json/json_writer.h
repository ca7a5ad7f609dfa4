#pragma once
// JSON text written straight into one buffer, without building a tree: the output of
// `validate --jsonl --json` and `extract --jsonl` is one small document per line, and
// building each as an ordered_json only to dump it was half of their time.
//
//   std::string out;
//   json::JsonWriter w(out);
//   w.beginObject();
//   w.key("ok"); w.boolean(true);
//   w.key("value"); w.value(extraction.value);   // a tree the caller already holds
//   w.endObject();                               // out == R"({"ok":true,"value":...})"
//
// The text is byte for byte what conform::dump() gives for the same document (compact,
// ensure_ascii off, invalid UTF-8 replaced by U+FFFD exactly as nlohmann's `replace` handler
// does), so switching a caller from a tree to the writer changes no output. Commas are the
// writer's business; the caller only pairs begin/end calls and puts a key before each member.
#include "base/json.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace conform::json {

// Appends `s` as a quoted JSON string, escaped as conform::dump() escapes it.
void appendQuoted(std::string& out, std::string_view s);
// The same between `lead` and `trail` (each unless 0): `,"key":`. A short string that needs
// no escaping goes in one append.
void appendQuoted(std::string& out, char lead, std::string_view s, char trail);

// Appends `lead` (unless it is 0), then `s` between quotes as it stands (it needs no
// escaping), then `trail` (unless 0): `,"key":` in one append rather than five, each of which
// is a call into the library for a byte or two.
inline void appendPlainQuoted(std::string& out, char lead, std::string_view s, char trail)
{
    char buffer[128];
    if (s.size() > sizeof buffer - 4) {
        if (lead)
            out += lead;
        out += '"';
        out += s;
        out += '"';
        if (trail)
            out += trail;
        return;
    }
    char* p = buffer;
    if (lead)
        *p++ = lead;
    *p++ = '"';
    std::memcpy(p, s.data(), s.size());
    p += s.size();
    *p++ = '"';
    if (trail)
        *p++ = trail;
    out.append(buffer, static_cast<std::size_t>(p - buffer));
}

class JsonWriter
{
public:
    // Appends to `out`, which the caller owns and may reuse across documents (clear() it).
    explicit JsonWriter(std::string& out) : m_out(out) {}

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    void key(std::string_view name)
    {
        const char comma = m_needsComma ? ',' : 0;
        m_needsComma = false;
        appendQuoted(m_out, comma, name, ':');
    }

    void string(std::string_view s)
    {
        const char comma = m_needsComma ? ',' : 0;
        m_needsComma = true;
        appendQuoted(m_out, comma, s, 0);
    }
    void boolean(bool b);
    void null();
    void integer(std::int64_t n);
    void unsignedInteger(std::uint64_t n);
    void number(double d); // as nlohmann prints doubles (60.0, 1e+21); NaN and infinities as null
    void value(const Json& v);
    // A value already written as compact JSON text (Extraction::json), copied as it is.
    void raw(std::string_view json)
    {
        separate();
        m_out += json;
    }

    std::string& buffer() { return m_out; }

private:
    void separate()
    {
        if (m_needsComma)
            m_out += ',';
        m_needsComma = true;
    }
    void open(char bracket)
    {
        separate();
        m_out += bracket;
        m_needsComma = false;
    }
    void close(char bracket)
    {
        m_out += bracket;
        m_needsComma = true;
    }

    std::string& m_out;
    bool m_needsComma = false;
};

} // namespace conform::json
