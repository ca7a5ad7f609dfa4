// parseStrictFast: parseStrict's values at simdjson's speed, for bulk input (a file of OTLP
// requests is read at a megabyte a line). Anything simdjson and nlohmann might judge apart
// goes to parseStrict, which also gives every error.
#include "json/parse.h"

#include <simdjson.h>

#include <algorithm>

namespace conform::json {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// The tree nlohmann's parser builds: integers without a sign unsigned, with one signed.
Json treeOf(element e)
{
    switch (e.type()) {
    case element_type::OBJECT: {
        Json out = Json::object();
        simdjson::dom::object object;
        if (e.get_object().get(object) == simdjson::SUCCESS)
            for (auto field : object)
                out[std::string(field.key)] = treeOf(field.value);
        return out;
    }
    case element_type::ARRAY: {
        Json out = Json::array();
        simdjson::dom::array array;
        if (e.get_array().get(array) == simdjson::SUCCESS)
            for (element item : array)
                out.push_back(treeOf(item));
        return out;
    }
    case element_type::STRING: {
        std::string_view text;
        return e.get_string().get(text) == simdjson::SUCCESS ? Json(std::string(text)) : Json();
    }
    case element_type::INT64: {
        const std::int64_t value = e.get_int64().value_unsafe();
        return value >= 0 ? Json(static_cast<std::uint64_t>(value)) : Json(value);
    }
    case element_type::UINT64: return e.get_uint64().value_unsafe();
    case element_type::DOUBLE: return e.get_double().value_unsafe();
    case element_type::BOOL: return e.get_bool().value_unsafe();
    default: return nullptr;
    }
}

} // namespace

Result<Json> parseStrictFast(std::string_view text, std::size_t maxDepth)
{
    // Control characters (a raw NUL, a tab inside a string) and nesting near the limit are
    // where the two parsers' rules differ: parseStrict decides those.
    const bool plain = std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\r'; });
    if (plain && maxDepth > 4) {
        thread_local simdjson::dom::parser parser;
        // Growing for a longer text keeps the depth limit (simdjson's ensure_capacity).
        if (parser.max_depth() != maxDepth - 2 && parser.allocate(std::max<std::size_t>(text.size(), 4096), maxDepth - 2) != simdjson::SUCCESS)
            return parseStrict(text, maxDepth);
        // A copy with simdjson's padding after it, in a buffer kept for the next text (parse()
        // would allocate and free a padded copy of each).
        thread_local std::string padded;
        if (padded.size() < text.size() + simdjson::SIMDJSON_PADDING)
            padded.resize(text.size() + simdjson::SIMDJSON_PADDING);
        std::copy(text.begin(), text.end(), padded.begin());
        element root;
        if (parser.parse(padded.data(), text.size(), false).get(root) == simdjson::SUCCESS)
            return treeOf(root);
    }
    return parseStrict(text, maxDepth);
}

} // namespace conform::json
