#include "providers/wire_util.h"

#include "json/parse.h"

#include <QUrl>

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

std::string whyNotAnObject(std::string_view body, const Json& parsed)
{
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return "an empty body";
    if (parsed.is_discarded()) {
        const auto error = json::parseStrict(body);
        return error ? std::string("not JSON") : "not JSON at " + error.error().toString();
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
    if (error.message.empty())
        error.message = std::string(fallbackText.substr(0, 500));
    return error;
}

void setStop(Reply& reply, std::string reason)
{
    reply.stopReason = std::move(reason);
    reply.stop = parseStopReason(reply.stopReason);
}

} // namespace conform::providers::detail
