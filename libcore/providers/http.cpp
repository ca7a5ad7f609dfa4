#include "providers/http.h"

#include "json/parse.h"

#include <algorithm>
#include <cctype>

namespace conform::providers {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

std::string redactedValue(std::string_view headerName)
{
    return equalsIgnoringCase(headerName, "authorization") ? "Bearer [redacted]" : "[redacted]";
}

Json HttpRequest::toJson() const
{
    Json headerObject = Json::object();
    for (const auto& [name, value] : headers)
        headerObject[lower(name)] = value;
    for (const auto& [name, value] : credentials)
        headerObject[lower(name)] = redactedValue(name);
    Json out{{"method", method}, {"url", url}, {"headers", std::move(headerObject)}};
    if (body.empty())
        return out;
    auto parsed = json::parseStrict(body);
    out["body"] = parsed ? std::move(parsed.value()) : Json(body);
    return out;
}

std::optional<std::string> HttpResponse::header(std::string_view name) const
{
    for (const auto& [key, value] : headers)
        if (equalsIgnoringCase(key, name))
            return value;
    return std::nullopt;
}

std::string scrubSecrets(std::string text, const std::vector<std::string>& secrets)
{
    for (const std::string& secret : secrets) {
        if (secret.size() < 8)
            continue;
        static const std::string mark = "[redacted]";
        // Resume after the mark, so a secret that occurs inside the mark cannot loop forever.
        for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + mark.size()))
            text.replace(at, secret.size(), mark);
    }
    return text;
}

} // namespace conform::providers
