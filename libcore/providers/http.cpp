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

bool isCredentialName(std::string_view name)
{
    const std::string n = lower(name);
    for (std::string_view word : {"key", "token", "secret", "pass", "sig", "auth", "credential"})
        if (n.find(word) != std::string::npos)
            return true;
    return false;
}

// The pieces of `url` that are secret, each as it appears in the URL with its context
// ("user:pw@", "key=abc"), and what each becomes.
std::vector<std::pair<std::string, std::string>> urlSecretPieces(std::string_view url)
{
    std::vector<std::pair<std::string, std::string>> pieces;
    const std::size_t scheme = url.find("://");
    const std::size_t hostStart = scheme == std::string_view::npos ? 0 : scheme + 3;
    const std::size_t authorityEnd = std::min(url.find_first_of("/?#", hostStart), url.size());
    const std::size_t at = url.substr(0, authorityEnd).rfind('@');
    if (at != std::string_view::npos && at >= hostStart)
        pieces.emplace_back(std::string(url.substr(hostStart, at + 1 - hostStart)), "***@");
    const std::size_t query = url.find('?', hostStart);
    if (query == std::string_view::npos)
        return pieces;
    const std::string_view params = url.substr(query + 1, url.find('#', query) - query - 1);
    for (std::size_t start = 0; start <= params.size();) {
        const std::size_t end = std::min(params.find('&', start), params.size());
        const std::string_view param = params.substr(start, end - start);
        const std::size_t eq = param.find('=');
        if (eq != std::string_view::npos && eq + 1 < param.size() && isCredentialName(param.substr(0, eq)))
            pieces.emplace_back(std::string(param), std::string(param.substr(0, eq)) + "=***");
        start = end + 1;
    }
    return pieces;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    if (from.empty())
        return text;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

} // namespace

std::string redactUrl(std::string_view url)
{
    return scrubUrlSecrets(std::string(url), url);
}

std::string scrubUrlSecrets(std::string text, std::string_view url)
{
    for (const auto& [secret, shown] : urlSecretPieces(url))
        text = replaceAll(std::move(text), secret, shown);
    return text;
}

std::string redactedValue(std::string_view headerName)
{
    return equalsIgnoringCase(headerName, "authorization") ? "Bearer [redacted]" : "[redacted]";
}

bool isHarmlessHeader(std::string_view name)
{
    static constexpr std::string_view kHarmless[] = {
        "content-type", "content-length", "content-encoding", "accept", "accept-encoding", "accept-language",
        "user-agent", "connection", "expect", "cache-control", "anthropic-version", "anthropic-beta", "openai-beta",
        "x-conform-session", "x-conform-schema"};
    const std::string n = lower(name);
    if (n.rfind("x-stainless-", 0) == 0)
        return true;
    return std::find(std::begin(kHarmless), std::end(kHarmless), n) != std::end(kHarmless);
}

std::string recordedHeaderValue(std::string_view name, std::string_view value)
{
    if (isHarmlessHeader(name) || value == redactedValue(name))
        return std::string(value);
    return "***";
}

void redactHeaderObject(Json& headers)
{
    if (!headers.is_object())
        return;
    for (auto it = headers.begin(); it != headers.end(); ++it)
        *it = recordedHeaderValue(it.key(), it->is_string() ? it->get<std::string>() : dump(*it));
}

void redactRecordedRequests(Json& runDocument)
{
    if (!runDocument.is_object() || !runDocument.contains("attempts") || !runDocument["attempts"].is_array())
        return;
    for (Json& attempt : runDocument["attempts"])
        if (attempt.is_object() && attempt.contains("request") && attempt["request"].is_object() && attempt["request"].contains("headers"))
            redactHeaderObject(attempt["request"]["headers"]);
}

Json HttpRequest::toJson() const
{
    Json headerObject = Json::object();
    for (const auto& [name, value] : headers)
        headerObject[lower(name)] = recordedHeaderValue(name, value);
    for (const auto& [name, value] : credentials)
        headerObject[lower(name)] = redactedValue(name);
    Json out{{"method", method}, {"url", redactUrl(url)}, {"headers", std::move(headerObject)}};
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
        // replaceAll resumes after the mark, so a secret inside the mark cannot loop forever.
        text = replaceAll(std::move(text), secret, "[redacted]");
    }
    return text;
}

} // namespace conform::providers
