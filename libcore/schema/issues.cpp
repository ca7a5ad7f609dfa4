#include "schema/issues.h"

#include <charconv>
#include <cmath>
#include <map>

namespace conform::schema::detail {
namespace {

bool zod4(ZodStyle s) { return s == ZodStyle::Zod4; }

Json numberJson(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 9e15)
        return static_cast<std::int64_t>(v);
    return v;
}

// JSON.stringify, with numbers as JavaScript prints them.
std::string jsStringify(const Json& v)
{
    if (v.is_number())
        return jsNumber(v.get<double>());
    if (v.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < v.size(); ++i)
            out += (i ? "," : "") + jsStringify(v[i]);
        return out + "]";
    }
    if (v.is_object()) {
        std::string out = "{";
        bool first = true;
        for (const auto& [k, item] : v.items()) {
            out += (first ? "" : ",") + conform::dump(Json(k)) + ":" + jsStringify(item);
            first = false;
        }
        return out + "}";
    }
    return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Zod 3's joinValues: 'a' | 'b' | 5.
std::string joinZod3(const std::vector<Json>& values, const char* separator = " | ")
{
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? separator : "")
            + (values[i].is_string() ? "'" + values[i].get<std::string>() + "'" : jsStringify(values[i]));
    return out;
}

// Zod 4's joinValues: "a"|"b"|5.
std::string joinZod4(const std::vector<Json>& values, const char* separator = "|")
{
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? separator : "") + jsStringify(values[i]);
    return out;
}

std::string_view receivedName(const Json* value)
{
    if (!value)
        return "undefined";
    switch (value->type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "boolean";
    case Json::value_t::string: return "string";
    case Json::value_t::array: return "array";
    case Json::value_t::object: return "object";
    default: return "number";
    }
}

// {"k1": v1, "k2": v2}, built member by member: nlohmann's initializer-list constructor first
// makes each pair a two-item array to tell an object from an array, which an issue on every
// line of a batch pays for.
Json members(std::string_view k1, Json v1)
{
    Json out = Json::object();
    auto& items = out.get_ref<Json::object_t&>();
    items.emplace(std::string(k1), std::move(v1));
    return out;
}
Json members(std::string_view k1, Json v1, std::string_view k2, Json v2)
{
    Json out = members(k1, std::move(v1));
    out.get_ref<Json::object_t&>().emplace(std::string(k2), std::move(v2));
    return out;
}

Issue make(std::string code, std::string message, Json params)
{
    Issue issue;
    issue.code = std::move(code);
    issue.message = std::move(message);
    issue.params = std::move(params);
    return issue;
}

const std::map<std::string, std::string>& zod3Validations()
{
    static const std::map<std::string, std::string> m = {
        {"email", "email"}, {"idn-email", "email"}, {"uri", "url"}, {"iri", "url"}, {"uuid", "uuid"},
        {"date-time", "datetime"}, {"date", "date"}, {"time", "time"}, {"duration", "duration"},
        {"ipv4", "ip"}, {"ipv6", "ip"}};
    return m;
}

const std::map<std::string, std::pair<std::string, std::string>>& zod4Formats() // format, noun
{
    static const std::map<std::string, std::pair<std::string, std::string>> m = {
        {"email", {"email", "email address"}}, {"idn-email", {"email", "email address"}},
        {"uri", {"url", "URL"}}, {"iri", {"url", "URL"}}, {"uuid", {"uuid", "UUID"}},
        {"date-time", {"datetime", "ISO datetime"}}, {"date", {"date", "ISO date"}},
        {"time", {"time", "ISO time"}}, {"duration", {"duration", "ISO duration"}},
        {"ipv4", {"ipv4", "IPv4 address"}}, {"ipv6", {"ipv6", "IPv6 address"}}};
    return m;
}

} // namespace

std::string jsNumber(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "Infinity" : "-Infinity";
    if (value == 0)
        return "0";
    if (std::floor(value) == value && std::fabs(value) < 9e18)
        return std::to_string(static_cast<long long>(value));
    if (std::floor(value) == value && std::fabs(value) < 1e21) {
        char fixed[64];
        auto [end, ec] = std::to_chars(fixed, fixed + sizeof fixed, value, std::chars_format::fixed);
        return std::string(fixed, end);
    }
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, end);
}

Issue IssueFactory::invalidType(const std::vector<std::string>& expected, const Json* value) const
{
    std::string joined;
    std::size_t named = 0;
    for (const auto& n : expected) {
        if (n == "null" && expected.size() != 1)
            continue;
        if (named++ > 0)
            joined += " | ";
        joined += zod4(m_style) && n == "integer" ? std::string_view("int") : std::string_view(n);
    }
    const bool integerOnly = named == 1 && (joined == "integer" || joined == "int");
    // Zod 3's z.number().int() checks for a number first: a string there is "Expected number".
    if (integerOnly && !zod4(m_style) && !(value && value->is_number()))
        return invalidTypeNamed("number", value, false);
    const bool fraction = value && value->is_number_float() && integerOnly;
    return invalidTypeNamed(joined, value, fraction);
}

Issue IssueFactory::invalidTypeNamed(const std::string& expected, const Json* value, bool fraction) const
{
    const std::string_view received = fraction && !zod4(m_style) ? "float" : receivedName(value);
    std::string message;
    if (zod4(m_style)) {
        message.append("Invalid input: expected ").append(expected).append(", received ").append(received);
        return make("invalid_type", std::move(message), members("expected", expected));
    }
    if (value)
        message.append("Expected ").append(expected).append(", received ").append(received);
    else
        message = "Required";
    return make("invalid_type", std::move(message), members("expected", expected, "received", std::string(received)));
}

Issue IssueFactory::tooSmall(const std::string& origin, double minimum, bool inclusive, bool exact) const
{
    const std::string n = jsNumber(minimum);
    if (zod4(m_style)) {
        const std::string adj = exact ? "exactly " : inclusive ? ">=" : ">";
        const std::string unit = origin == "string" ? " characters" : origin == "array" ? " items" : "";
        const std::string message = unit.empty() ? "Too small: expected " + origin + " to be " + adj + n
                                                 : "Too small: expected " + origin + " to have " + adj + n + unit;
        return make("too_small", message,
                    {{"origin", origin}, {"minimum", numberJson(minimum)}, {"inclusive", inclusive}, {"exact", exact}});
    }
    std::string message;
    if (origin == "array")
        message = "Array must contain " + std::string(exact ? "exactly" : inclusive ? "at least" : "more than") + " " + n
            + " element(s)";
    else if (origin == "string")
        message = "String must contain " + std::string(exact ? "exactly" : inclusive ? "at least" : "over") + " " + n
            + " character(s)";
    else
        message = "Number must be "
            + std::string(exact ? "exactly equal to " : inclusive ? "greater than or equal to " : "greater than ") + n;
    return make("too_small", message,
                {{"minimum", numberJson(minimum)}, {"type", origin}, {"inclusive", inclusive}, {"exact", exact}});
}

Issue IssueFactory::tooBig(const std::string& origin, double maximum, bool inclusive, bool exact) const
{
    const std::string n = jsNumber(maximum);
    if (zod4(m_style)) {
        const std::string adj = exact ? "exactly " : inclusive ? "<=" : "<";
        const std::string unit = origin == "string" ? " characters" : origin == "array" ? " items" : "";
        const std::string message = unit.empty() ? "Too big: expected " + origin + " to be " + adj + n
                                                 : "Too big: expected " + origin + " to have " + adj + n + unit;
        return make("too_big", message,
                    {{"origin", origin}, {"maximum", numberJson(maximum)}, {"inclusive", inclusive}, {"exact", exact}});
    }
    std::string message;
    if (origin == "array")
        message = "Array must contain " + std::string(exact ? "exactly" : inclusive ? "at most" : "less than") + " " + n
            + " element(s)";
    else if (origin == "string")
        message = "String must contain " + std::string(exact ? "exactly" : inclusive ? "at most" : "under") + " " + n
            + " character(s)";
    else
        message = "Number must be " + std::string(exact ? "exactly" : inclusive ? "less than or equal to" : "less than")
            + " " + n;
    return make("too_big", message,
                {{"maximum", numberJson(maximum)}, {"type", origin}, {"inclusive", inclusive}, {"exact", exact}});
}

Issue IssueFactory::notMultipleOf(double divisor) const
{
    if (zod4(m_style))
        return make("not_multiple_of", "Invalid number: must be a multiple of " + jsNumber(divisor),
                    {{"divisor", numberJson(divisor)}});
    return make("not_multiple_of", "Number must be a multiple of " + jsNumber(divisor),
                {{"multipleOf", numberJson(divisor)}});
}

Issue IssueFactory::invalidEnum(const std::vector<Json>& options, const Json& received) const
{
    if (zod4(m_style)) {
        const std::string message = options.size() == 1 ? "Invalid input: expected " + jsStringify(options[0])
                                                         : "Invalid option: expected one of " + joinZod4(options);
        return make("invalid_value", message, {{"values", options}});
    }
    bool allStrings = true;
    for (const auto& option : options)
        allStrings &= option.is_string();
    if (allStrings && !received.is_string()) // z.enum given a non-string: Zod 3 says invalid_type
        return invalidTypeNamed(joinZod3(options), &received, false);
    const std::string got = received.is_string() ? received.get<std::string>() : jsStringify(received);
    return make("invalid_enum_value", "Invalid enum value. Expected " + joinZod3(options) + ", received '" + got + "'",
                {{"received", received}, {"options", options}});
}

Issue IssueFactory::invalidLiteral(const Json& expected, const Json& received) const
{
    if (zod4(m_style))
        return make("invalid_value", "Invalid input: expected " + jsStringify(expected),
                    {{"values", Json::array({expected})}});
    return make("invalid_literal", "Invalid literal value, expected " + jsStringify(expected),
                {{"expected", expected}, {"received", received}});
}

Issue IssueFactory::unrecognizedKeys(const std::vector<std::string>& keys) const
{
    std::vector<Json> values(keys.begin(), keys.end());
    if (zod4(m_style))
        return make("unrecognized_keys",
                    std::string(keys.size() > 1 ? "Unrecognized keys: " : "Unrecognized key: ") + joinZod4(values, ", "),
                    {{"keys", keys}});
    return make("unrecognized_keys", "Unrecognized key(s) in object: " + joinZod3(values, ", "), {{"keys", keys}});
}

Issue IssueFactory::invalidPattern(const std::string& pattern) const
{
    if (zod4(m_style))
        return make("invalid_format", "Invalid string: must match pattern /" + pattern + "/",
                    {{"format", "regex"}, {"pattern", "/" + pattern + "/"}});
    return make("invalid_string", "Invalid", {{"validation", "regex"}});
}

Issue IssueFactory::patternCheckLimit(const std::string& pattern)
{
    return make("pattern_check_limit", "The pattern could not be checked within its limit",
                members("pattern", pattern, "limit", Json(kMatchLimit)));
}

Issue IssueFactory::invalidFormat(const std::string& format) const
{
    if (zod4(m_style)) {
        auto it = zod4Formats().find(format);
        const std::string name = it == zod4Formats().end() ? format : it->second.first;
        const std::string noun = it == zod4Formats().end() ? format : it->second.second;
        return make("invalid_format", "Invalid " + noun, {{"format", name}});
    }
    auto it = zod3Validations().find(format);
    const std::string validation = it == zod3Validations().end() ? format : it->second;
    return make("invalid_string", "Invalid " + validation, {{"validation", validation}});
}

Issue IssueFactory::invalidUnion(std::vector<std::vector<Issue>> branches) const
{
    Json lists = Json::array();
    for (const auto& branch : branches) {
        Json issues = Json::array();
        for (const auto& issue : branch)
            issues.push_back(issue.toJson());
        lists.push_back(zod4(m_style) ? issues : Json{{"issues", issues}, {"name", "ZodError"}});
    }
    return make("invalid_union", "Invalid input", {{zod4(m_style) ? "errors" : "unionErrors", lists}});
}

Issue IssueFactory::custom(const std::string& keyword, std::string message, Json extra)
{
    Json params = {{"keyword", keyword}};
    for (auto& [k, v] : extra.items())
        params[k] = v;
    return make("custom", std::move(message), std::move(params));
}

} // namespace conform::schema::detail
