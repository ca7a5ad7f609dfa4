#include "json/strict_read.h"

#include "json/json_writer.h"
#include "json/parse.h"
#include "json/text.h"
#include "json/validity.h"

#include <simdjson.h>

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>
#include <unordered_set>
#include <vector>

namespace conform::json::detail {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// A double the repairer reads the same way (std::from_chars, underflow to +0): not zero with
// a sign, not subnormal. simdjson keeps "-0"'s sign and a subnormal's digits; those texts go
// to the repairer.
bool sameDouble(double d)
{
    return d == 0 ? !std::signbit(d) : std::fabs(d) >= DBL_MIN;
}

// The tree the repairer builds: integers that fit signed 64 bits signed, larger ones unsigned.
bool treeOf(element e, Json& out)
{
    switch (e.type()) {
    case element_type::OBJECT: {
        out = Json::object();
        simdjson::dom::object object;
        if (e.get_object().get(object) != simdjson::SUCCESS)
            return false;
        for (auto field : object)
            if (!treeOf(field.value, out[std::string(field.key)]))
                return false;
        // Fewer members than the text names: a key repeats, which the repairer reads (the
        // last value in the first one's place, as here) and logs as the fix repeated_key.
        return out.size() == object.size();
    }
    case element_type::ARRAY: {
        out = Json::array();
        simdjson::dom::array array;
        if (e.get_array().get(array) != simdjson::SUCCESS)
            return false;
        out.get_ref<Json::array_t&>().reserve(array.size());
        for (element item : array) {
            out.push_back(nullptr);
            if (!treeOf(item, out.back()))
                return false;
        }
        return true;
    }
    case element_type::STRING: out = std::string(e.get_string().value_unsafe()); return true;
    case element_type::INT64: out = e.get_int64().value_unsafe(); return true;
    case element_type::UINT64: out = e.get_uint64().value_unsafe(); return true;
    case element_type::DOUBLE: out = e.get_double().value_unsafe(); return sameDouble(out.get<double>());
    case element_type::BOOL: out = e.get_bool().value_unsafe(); return true;
    default: out = nullptr; return true;
    }
}

// Compact text as conform::dump() writes the tree. A repeated key cannot be said in reading
// order (the tree keeps the first place, the last value): false, and the repairer does it.
class TextOf
{
public:
    explicit TextOf(std::string& out) : m_writer(out) {}

    bool write(element e)
    {
        switch (e.type()) {
        case element_type::OBJECT: {
            simdjson::dom::object object;
            if (e.get_object().get(object) != simdjson::SUCCESS || !distinctKeys(object))
                return false;
            m_writer.beginObject();
            for (auto field : object) {
                m_writer.key(field.key);
                if (!write(field.value))
                    return false;
            }
            m_writer.endObject();
            return true;
        }
        case element_type::ARRAY: {
            simdjson::dom::array array;
            if (e.get_array().get(array) != simdjson::SUCCESS)
                return false;
            m_writer.beginArray();
            for (element item : array)
                if (!write(item))
                    return false;
            m_writer.endArray();
            return true;
        }
        case element_type::STRING: m_writer.string(e.get_string().value_unsafe()); return true;
        case element_type::INT64: m_writer.integer(e.get_int64().value_unsafe()); return true;
        case element_type::UINT64: m_writer.unsignedInteger(e.get_uint64().value_unsafe()); return true;
        case element_type::DOUBLE: {
            const double d = e.get_double().value_unsafe();
            m_writer.number(d);
            return sameDouble(d);
        }
        case element_type::BOOL: m_writer.boolean(e.get_bool().value_unsafe()); return true;
        default: m_writer.null(); return true;
        }
    }

private:
    // Small objects compare keys pairwise; large ones through a set, so that an object of
    // 100,000 keys costs 100,000 lookups, not their square.
    bool distinctKeys(simdjson::dom::object object)
    {
        const std::size_t n = object.size();
        if (n < 2)
            return true;
        m_keys.clear();
        for (auto field : object)
            m_keys.push_back(field.key);
        if (n <= 16) {
            for (std::size_t i = 1; i < n; ++i)
                for (std::size_t j = 0; j < i; ++j)
                    if (m_keys[i] == m_keys[j])
                        return false;
            return true;
        }
        std::unordered_set<std::string_view> seen(m_keys.begin(), m_keys.end());
        return seen.size() == n;
    }

    JsonWriter m_writer;
    std::vector<std::string_view> m_keys;
};

// The compact text of `text`, strict JSON simdjson has read, when TextOf would write its
// bytes less the white space: no string holds an escape (a backslash anywhere, and the
// writer may spell a character otherwise), every number is spelt as the writer spells its
// value (not "-0", "1.50", "1E2" or an integer past 18 digits) and no object repeats a key
// (TextOf refuses those). False otherwise, and TextOf writes it. A copy costs a few
// instructions a byte where building the text from the DOM costs about a dozen: most
// replies that are JSON already are written this way. `count`: countOpeners(text).
bool compactCopy(std::string_view text, const text::OpenerCount& count, std::string& out)
{
    constexpr std::size_t npos = std::string_view::npos;
    if (count.backslash)
        return false;
    struct Open
    {
        bool object;
        std::size_t keysFrom;
    };
    thread_local std::vector<Open> open;
    thread_local std::vector<std::string_view> keys; // of every open object, innermost last
    open.clear();
    keys.clear();
    // Only white space goes, so the text is as long at most: written through a pointer, not
    // appended to a byte at a time.
    out.resize(text.size());
    char* const first = out.data();
    char* to = first;
    bool keyNext = false; // the next string is a key
    const auto endsToken = [](char c) { return text::isSpace(c) || c == ',' || c == ']' || c == '}'; };
    for (std::size_t i = text::skipBlanks(text, 0); i < text.size(); i = text::skipBlanks(text, i)) {
        const char c = text[i];
        if (c == '"') { // no backslash: the next quote closes it
            const std::size_t close = text.find('"', i + 1);
            if (close == npos) // simdjson read it, so never; but not past the end on its word
                return false;
            const std::size_t length = close + 1 - i;
            const std::string_view quoted = text.substr(i, length);
            if (keyNext) {
                const std::size_t from = open.back().keysFrom;
                if (keys.size() - from >= 16) // a large object: TextOf compares through a set
                    return false;
                for (std::size_t k = from; k < keys.size(); ++k)
                    if (keys[k] == quoted)
                        return false;
                keys.push_back(quoted);
                keyNext = false;
            }
            std::memcpy(to, quoted.data(), length);
            to += length;
            i += length;
            continue;
        }
        switch (c) {
        case '{':
        case '[':
            open.push_back(Open{c == '{', keys.size()});
            keyNext = c == '{';
            *to++ = c;
            ++i;
            continue;
        case '}':
        case ']':
            keys.resize(open.back().keysFrom);
            open.pop_back();
            *to++ = c;
            ++i;
            continue;
        case ',':
            keyNext = open.back().object;
            *to++ = c;
            ++i;
            continue;
        case ':':
            *to++ = c;
            ++i;
            continue;
        default: break;
        }
        std::size_t tokenEnd = i + 1; // a literal or a number
        while (tokenEnd < text.size() && !endsToken(text[tokenEnd]))
            ++tokenEnd;
        const std::string_view token = text.substr(i, tokenEnd - i);
        if (c == '-' || text::isDigit(c)) {
            if (token.find_first_of(".eE") == npos) {
                const std::size_t digits = token.size() - (c == '-' ? 1 : 0);
                if (digits > 18 || token == "-0")
                    return false;
            } else {
                double d = 0;
                if (std::from_chars(token.data(), token.data() + token.size(), d).ec != std::errc() || !sameDouble(d))
                    return false;
                std::string spelt;
                JsonWriter(spelt).number(d);
                if (spelt != token)
                    return false;
            }
        }
        for (const char b : token)
            *to++ = b;
        i = tokenEnd;
    }
    out.resize(static_cast<std::size_t>(to - first));
    return true;
}

// Whether a text simdjson has read could still fail isStrictJson. simdjson's grammar is JSON's
// (escapes, control characters, numbers, UTF-8, white space, one value); what isStrictJson adds
// is the repairer's: no unpaired surrogate in a \u escape, no byte-order mark, nesting within
// kMaxDepth. A text with no \u, no mark and fewer openers than that needs no second pass, which
// would cost half as much again as the parse (test_json_fast_path holds the two to agreeing).
// Debian's simdjson refuses unpaired surrogates and marks itself; only the nesting is the
// check's alone, but a simdjson that read them would make the shortcut wrong, so they stay.
// `count`: countOpeners(text).
bool mayFailStrictCheck(std::string_view text, const text::OpenerCount& count)
{
    if (text.starts_with("\xEF\xBB\xBF"))
        return true;
    return count.openers >= kMaxDepth || (count.backslash && text.find("\\u") != std::string_view::npos);
}

// False when the ends of `text` already show it is not strict JSON: an object or array that
// does not end with its closer, ends with a comma and its closer, or whose first member or
// item cannot start as JSON's do.
bool mayBeStrict(std::string_view text)
{
    constexpr std::string_view blanks = " \t\r\n";
    const std::size_t first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos || (text[first] != '{' && text[first] != '['))
        return true;
    const bool object = text[first] == '{';
    const std::size_t last = text.find_last_not_of(blanks);
    if (text[last] != (object ? '}' : ']'))
        return false;
    // A comma before the last closer trails: strict JSON never has one there.
    if (text[text.find_last_not_of(blanks, last - 1)] == ',')
        return false;
    const std::size_t second = text.find_first_not_of(blanks, first + 1);
    if (second == std::string_view::npos)
        return false;
    const char c = text[second];
    if (object)
        return c == '"' || c == '}';
    return c == '"' || c == '{' || c == '[' || c == ']' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n';
}

} // namespace

bool readStrictJson(std::string_view text, bool asText, StrictRead& out)
{
    // A parser and a padded buffer this thread keeps, for replies: simdjson holds about 15
    // bytes per byte of capacity, and fresh memory costs more than the parse. A larger text
    // is left to the repairer (its map deferred all the same), so that a thread never keeps
    // the memory of the largest text it saw.
    constexpr std::size_t kLargest = 256 * 1024;
    // An object or array must end with its own closer, not after a comma, and open with a key
    // (or close) or a value: a reply cut short, written with single quotes or with trailing
    // commas is refused here for nothing rather than by a parse of all of it.
    if (!mayBeStrict(text)) {
        out.strict = false;
        return false;
    }
    if (text.size() > kLargest) {
        out.strict = isStrictJson(text, &out.rootItems);
        return false;
    }
    thread_local simdjson::dom::parser parser;
    thread_local std::string padded;
    if (parser.max_depth() != kMaxDepth + 1 && parser.allocate(kLargest, kMaxDepth + 1) != simdjson::SUCCESS)
        return false;
    if (padded.size() < kLargest + simdjson::SIMDJSON_PADDING)
        padded.resize(kLargest + simdjson::SIMDJSON_PADDING);
    std::copy(text.begin(), text.end(), padded.begin());
    element root;
    // simdjson first: it rejects a damaged reply in about 5% of what repairing it costs
    // (isStrictJson first costs more on a reply cut at its end, measured: 24%). Only what it
    // reads is checked against the repairer's rules; strict JSON it cannot read (1e400, 2^64)
    // is the repairer's, with its map built at once.
    const bool read = parser.parse(padded.data(), text.size(), false).get(root) == simdjson::SUCCESS;
    if (!read) {
        out.strict = false;
        return false;
    }
    const text::OpenerCount count = text::countOpeners(text); // both checks below read it
    out.strict = !mayFailStrictCheck(text, count) || isStrictJson(text);
    if (!out.strict)
        return false;
    out.begin = text.find_first_not_of(" \t\r\n");
    out.end = text.find_last_not_of(" \t\r\n") + 1;
    out.container = root.is_object() || root.is_array();
    if (asText) {
        if (compactCopy(text, count, out.text))
            return true;
        out.text.clear();
        return TextOf(out.text).write(root);
    }
    return treeOf(root, out.value);
}

} // namespace conform::json::detail
