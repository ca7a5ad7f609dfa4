#include "providers/wire_util.h"

#include "json/parse.h"

#include <QUrl>
#include <QUtf8StringView>

#include <cctype>
#include <cstdio>

namespace conform::providers::detail {

std::string str(const Json& object, std::string_view key)
{
    const Json& value = member(object, key);
    return value.is_string() ? value.get<std::string>() : std::string();
}

std::int64_t integer(const Json& object, std::string_view key)
{
    const Json& value = member(object, key);
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    if (value.is_number_float())
        return static_cast<std::int64_t>(value.get<double>());
    return 0;
}

const Json& member(const Json& object, std::string_view key)
{
    static const Json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

Json parseBody(std::string_view body)
{
    auto parsed = json::parseStrict(body);
    return parsed ? std::move(parsed.value()) : Json(Json::value_t::discarded);
}

namespace {

std::string sizeText(std::size_t bytes)
{
    char text[32];
    if (bytes < 1024)
        std::snprintf(text, sizeof text, "%zu bytes", bytes);
    else if (bytes < 1024 * 1024)
        std::snprintf(text, sizeof text, "%.1f KB", double(bytes) / 1024);
    else
        std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / (1024 * 1024));
    return text;
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The text between <tag ...> and </tag>, whitespace folded, or "" when there is none.
std::string elementText(std::string_view html, std::string_view tag)
{
    const std::string lower = lowered(html.substr(0, 64 * 1024));
    const std::size_t open = lower.find("<" + std::string(tag));
    if (open == std::string::npos)
        return {};
    const std::size_t start = lower.find('>', open);
    const std::size_t end = start == std::string::npos ? start : lower.find("</" + std::string(tag), start);
    if (end == std::string::npos)
        return {};
    std::string text;
    for (char c : html.substr(start + 1, std::min<std::size_t>(end - start - 1, 200)))
        if (!std::isspace(static_cast<unsigned char>(c)) || (!text.empty() && text.back() != ' '))
            text += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    return text;
}

} // namespace

std::string describeBody(std::string_view body, const Json& parsed)
{
    const std::size_t first = body.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return body.empty() ? "an empty body" : "a blank body (" + sizeText(body.size()) + ")";
    const std::string head = lowered(body.substr(first, 512));
    if (head.rfind("<!doctype html", 0) == 0 || head.rfind("<html", 0) == 0 || head.find("<body") != std::string::npos) {
        std::string title = elementText(body, "title");
        if (title.empty())
            title = elementText(body, "h1");
        return "an HTML page (" + sizeText(body.size()) + ")" + (title.empty() ? std::string() : ": " + title);
    }
    if (!QUtf8StringView(body.data(), qsizetype(body.size())).isValidUtf8())
        return "a body that is not UTF-8 text (" + sizeText(body.size()) + ")";
    if (parsed.is_discarded()) {
        const auto error = json::parseStrict(body);
        if (error)
            return "not JSON";
        std::string why = error.error().toString();
        if (why.size() > 200) { // the parser quotes what it last read, which may be most of the body
            why.resize(200);
            why.append("...");
        }
        return "not JSON (" + sizeText(body.size()) + ") at " + why;
    }
    return std::string("a JSON ") + parsed.type_name() + ", not an object";
}


std::string joinUrl(std::string base, std::string_view path)
{
    // Joined on the URL's path, not its text: a base with a query ("http://h/?key=K") keeps
    // it as the query ("http://h/v1/messages?key=K"), never gets the path appended to it.
    QUrl url(QString::fromStdString(base), QUrl::TolerantMode);
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty()) {
        while (!base.empty() && base.back() == '/')
            base.pop_back();
        if (base.size() >= 3 && base.compare(base.size() - 3, 3, "/v1") == 0 && path.substr(0, 4) == "/v1/")
            path.remove_prefix(3);
        return base + std::string(path);
    }
    QString prefix = url.path(QUrl::FullyEncoded);
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    if (prefix.endsWith(QLatin1String("/v1")) && path.substr(0, 4) == "/v1/")
        path.remove_prefix(3);
    url.setPath(prefix + QString::fromUtf8(path.data(), static_cast<qsizetype>(path.size())), QUrl::TolerantMode);
    url.setFragment(QString()); // a fragment is never sent
    return url.toString(QUrl::FullyEncoded).toStdString();
}

Json argumentsObject(const std::string& arguments)
{
    Json parsed = parseBody(arguments);
    return parsed.is_object() ? parsed : Json::object();
}

ProviderError errorFrom(int status, const Json& body, std::string_view fallbackText)
{
    ProviderError error{status, {}, {}};
    const Json& inner = member(body, "error");
    if (inner.is_object()) {
        error.type = str(inner, "type");
        error.message = str(inner, "message");
    } else if (inner.is_string()) {
        error.message = inner.get<std::string>(); // Ollama: {"error": "..."}
    }
    // No error object: say what the body is (an HTML page of a gateway, an empty body, ...),
    // rather than pasting it.
    if (error.message.empty())
        error.message = status == 0 ? std::string(fallbackText)
                                    : "upstream answered " + std::to_string(status) + " with " + describeBody(fallbackText, body);
    return error;
}

void setStop(Reply& reply, std::string reason)
{
    reply.stopReason = std::move(reason);
    reply.stop = parseStopReason(reply.stopReason);
}

std::vector<Header> bearerKey(const std::string& apiKey)
{
    return keyHeader("authorization", apiKey.empty() ? apiKey : "Bearer " + apiKey);
}

std::vector<Header> keyHeader(const std::string& name, const std::string& apiKey)
{
    if (apiKey.empty())
        return {};
    return {{name, apiKey}};
}

HttpRequest jsonPost(std::string url, const Json& body, bool stream, std::vector<Header> credentials, std::vector<Header> headers)
{
    HttpRequest request;
    request.url = std::move(url);
    request.headers = {{"content-type", "application/json"}};
    request.headers.insert(request.headers.end(), std::make_move_iterator(headers.begin()), std::make_move_iterator(headers.end()));
    request.credentials = std::move(credentials);
    request.body = conform::dump(body);
    request.stream = stream;
    return request;
}

std::optional<Json> objectBody(const HttpResponse& response, Reply& reply, bool errorInBody)
{
    Json body = parseBody(response.body);
    if (response.status >= 400 || response.status == 0 || (errorInBody && member(body, "error").is_string())) {
        reply.error = errorFrom(response.status, body, response.body);
        return std::nullopt;
    }
    if (!body.is_object()) {
        reply.error = ProviderError{response.status, "invalid_response", describeBody(response.body, body)};
        return std::nullopt;
    }
    return body;
}

std::vector<StreamEvent> SseJsonDecoder::handle(const std::vector<SseEvent>& events)
{
    std::vector<StreamEvent> out;
    for (const SseEvent& event : events) {
        if (m_doneSentinel && event.data == "[DONE]")
            m_complete = true;
        else
            handleData(parseBody(event.data), out);
    }
    return out;
}

void SseJsonDecoder::appendText(const std::string& part, std::vector<StreamEvent>& out)
{
    if (part.empty())
        return;
    m_reply.text += part;
    out.push_back({StreamEvent::Kind::TextDelta, part});
}

} // namespace conform::providers::detail
