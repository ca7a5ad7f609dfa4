#include "proxy/exchange.h"

#include "base/json_access.h"
#include "base/message_text.h"
#include "base/secrets.h"
#include "engine/observed.h"
#include "json/parse.h"
#include "providers/http.h"
#include "providers/model_request.h"
#include "providers/provider.h"

#include <algorithm>

namespace conform::proxy {

namespace {

// The first system (or developer) and user messages of a list of messages or input items.
engine::Prompt promptOfItems(const Json& messages, engine::Prompt prompt)
{
    for (const Json& message : messages) {
        const std::string role = stringOf(member(message, "role"));
        if ((role == "system" || role == "developer") && prompt.system.empty())
            prompt.system = providers::messageText(member(message, "content"));
        else if (role == "user" && prompt.user.empty())
            prompt.user = providers::messageText(member(message, "content"));
    }
    return prompt;
}

// The system prompt and the first user turn, so captures group by prompt like the engine's.
engine::Prompt promptOf(const Json& body)
{
    engine::Prompt prompt;
    prompt.system = providers::messageText(member(body, "system"));
    if (prompt.system.empty()) // the Responses API: instructions, then input (a string or items)
        prompt.system = stringOf(member(body, "instructions"));
    if (const Json& input = member(body, "input"); input.is_string())
        prompt.user = input.get<std::string>();
    else if (input.is_array() && !member(body, "messages").is_array())
        return promptOfItems(input, std::move(prompt));
    if (const Json& messages = member(body, "messages"); messages.is_array())
        return promptOfItems(messages, std::move(prompt));
    return prompt;
}

providers::HttpRequest recordedRequest(const Exchange& exchange, bool stream)
{
    providers::HttpRequest request;
    request.method = exchange.request.method.toStdString();
    QUrl origin(QString::fromStdString(exchange.upstream));
    const QByteArray target = upstreamTarget(origin, exchange.request.target);
    origin.setPath(QString());
    origin.setQuery(QString());
    origin.setFragment(QString());
    request.url = origin.toString(QUrl::FullyEncoded).toStdString() + target.toStdString();
    // Every other header is recorded by name, its value only when it is known to be harmless
    // (providers::recordedHeaderValue, applied by toJson()): a denylist always misses one.
    for (const auto& [name, value] : exchange.request.headers) {
        if (name != "host" && name != "content-length" && name != "x-conform-schema")
            request.headers.emplace_back(name.toStdString(), value.toStdString());
        // A key the application sent may come back in the reply (an upstream's 401 echoes
        // it): remembered, it is masked in the capture, the log line and any export.
        secrets::rememberHeader(name.toStdString(), value.toStdString());
    }
    request.body = exchange.request.body.toStdString();
    request.stream = stream;
    return request;
}

bool streamed(const Exchange& exchange)
{
    for (const auto& [name, value] : exchange.responseHeaders)
        if (name == "content-type")
            return value.find("event-stream") != std::string::npos || value.find("ndjson") != std::string::npos;
    return false;
}

providers::Reply replyOf(const Exchange& exchange, providers::ProviderKind provider, bool& cut)
{
    const providers::Adapter& adapter = providers::adapterFor(provider);
    cut = !exchange.complete;
    if (!streamed(exchange) || exchange.status >= 400)
        return adapter.parseResponse(providers::HttpResponse{exchange.status, exchange.responseHeaders, exchange.responseBody});
    auto decoder = adapter.streamDecoder();
    decoder->feed(exchange.responseBody);
    decoder->finish();
    cut = cut || !decoder->complete();
    return decoder->reply();
}

// The attempt as the engine would have recorded it, had it made the call.
engine::AttemptRecord attemptOf(const Exchange& exchange, providers::ProviderKind provider, const Json& body, const MappedSchema* schema,
                                std::uint64_t maxJudged)
{
    engine::AttemptRecord a;
    a.target = std::string(providers::providerName(provider)) + "/" + stringOf(member(body, "model"));
    a.mode = providers::modeOfRequest(provider, body);
    const bool stream = member(body, "stream").is_boolean() ? member(body, "stream").get<bool>() : provider == providers::ProviderKind::Ollama;
    const providers::HttpRequest request = recordedRequest(exchange, stream);
    a.request = request.toJson();
    a.requestBytes = request.body.size();
    if (exchange.requestBodyBytes > exchange.request.body.size()) {
        // Only the first bytes were kept: say so, with the size the upstream got.
        a.request["body"] = Json{{"conform_cut", Json{{"bytes_sent", exchange.requestBodyBytes}, {"bytes_kept", exchange.request.body.size()}}},
                                 {"head", request.body}};
        a.requestBytes = static_cast<std::size_t>(exchange.requestBodyBytes);
    }
    for (const char* key : {"max_tokens", "max_completion_tokens", "max_output_tokens"})
        if (member(body, key).is_number_integer())
            a.maxTokens = member(body, key).get<int>();
    a.latencyMs = exchange.latencyMs;
    a.httpStatus = exchange.status;
    if (exchange.status == 0) {
        a.error = exchange.transportError.empty() ? "no response from the upstream" : exchange.transportError;
        a.transportError = true;
        return a;
    }
    if (exchange.responseOverLimit) {
        // Forwarded whole, never held: a reply this large is no answer to judge.
        a.error = "a reply of " + byteSize(exchange.responseBodyBytes) + " was forwarded but not judged: the proxy judges replies up to "
            + byteSize(maxJudged) + " (--max-reply-bytes)";
        a.transportError = true;
        return a;
    }
    bool cut = false;
    const providers::Reply reply = replyOf(exchange, provider, cut);
    a.stopReason = reply.stopReason;
    a.usage = reply.usage;
    a.refused = reply.refused();
    a.truncated = reply.truncated();
    if (reply.error) {
        a.error = reply.error->message.empty() ? "HTTP " + std::to_string(exchange.status) : reply.error->message;
        if (exchange.responseBodyBytes > exchange.responseBody.size())
            a.error += " (an error body of " + byteSize(exchange.responseBodyBytes) + ", of which the first "
                + byteSize(exchange.responseBody.size()) + " were kept)";
        a.transportError = exchange.status == 0 || exchange.status == 408 || exchange.status == 429 || exchange.status >= 500;
        return a;
    }
    if (cut) {
        a.error = exchange.transportError.empty() ? "the response ended before its end marker" : exchange.transportError;
        a.transportError = true;
        a.raw = reply.raw();
        return a;
    }
    a.raw = reply.raw(); // the reply judged, as the engine records it: replay re-checks this
    engine::judgeObserved(a, reply.raw(), schema ? schema->validator.get() : nullptr, schema ? schema->document : Json());
    return a;
}

// The schema a Responses request carries: text.format's (json_schema), else its forced
// function tool's parameters; null when none.
Json responsesSchemaOf(const Json& body)
{
    const Json& format = member(member(body, "text"), "format");
    if (stringOf(member(format, "type")) == "json_schema" && member(format, "schema").is_object())
        return member(format, "schema");
    const std::string tool = stringOf(member(member(body, "tool_choice"), "name"));
    if (const Json& tools = member(body, "tools"); !tool.empty() && tools.is_array())
        for (const Json& offered : tools)
            if (stringOf(member(offered, "name")) == tool && member(offered, "parameters").is_object())
                return member(offered, "parameters");
    return nullptr;
}

std::optional<MappedSchema> compiledSchema(const Json& document)
{
    if (!document.is_object())
        return std::nullopt;
    auto compiled = schema::Validator::compile(document);
    if (!compiled)
        return std::nullopt;
    return MappedSchema{document, std::make_shared<const schema::Validator>(std::move(compiled.value()))};
}

} // namespace

QByteArray upstreamTarget(const QUrl& upstream, const QByteArray& target)
{
    QByteArray prefix = upstream.path(QUrl::FullyEncoded).toUtf8();
    while (prefix.endsWith('/'))
        prefix.chop(1);
    const qsizetype mark = target.indexOf('?');
    const QByteArray path = mark < 0 ? target : target.left(mark);
    const QByteArray ownQuery = mark < 0 ? QByteArray() : target.mid(mark + 1);
    const QByteArray baseQuery = upstream.hasQuery() ? upstream.query(QUrl::FullyEncoded).toUtf8() : QByteArray();
    QByteArray query = baseQuery;
    if (!ownQuery.isEmpty())
        query += (query.isEmpty() ? "" : "&") + ownQuery;
    return prefix + path + (query.isEmpty() ? QByteArray() : '?' + query);
}

std::optional<providers::ProviderKind> providerOfPath(const QByteArray& path)
{
    if (path.endsWith("/messages"))
        return providers::ProviderKind::Anthropic;
    if (path.endsWith("/chat/completions"))
        return providers::ProviderKind::OpenAI;
    if (path.endsWith("/responses"))
        return providers::ProviderKind::OpenAIResponses;
    if (path.endsWith("/api/chat"))
        return providers::ProviderKind::Ollama;
    return std::nullopt;
}

std::string schemaNameOf(const server::HttpRequest& request, const Json& body)
{
    if (request.hasHeader("x-conform-schema"))
        return request.header("x-conform-schema").trimmed().toStdString();
    const Json& choice = member(body, "tool_choice");
    if (std::string name = stringOf(member(member(choice, "function"), "name")); !name.empty())
        return name; // OpenAI: {"type": "function", "function": {"name"}}
    if (const std::string type = stringOf(member(choice, "type")); (type == "tool" || type == "function") && !stringOf(member(choice, "name")).empty())
        return stringOf(member(choice, "name")); // Anthropic {"type": "tool", "name"}, Responses {"type": "function", "name"}
    if (std::string name = stringOf(member(member(member(body, "response_format"), "json_schema"), "name")); !name.empty())
        return name;
    return stringOf(member(member(member(body, "text"), "format"), "name")); // Responses: text.format.name
}

Judged judgeExchange(const Exchange& exchange, providers::ProviderKind provider, const SchemaMap& schemas,
                     std::uint64_t maxJudgedReplyBytes)
{
    auto parsed = json::parseStrict(exchange.request.body.toStdString());
    const Json body = parsed ? std::move(parsed.value()) : Json::object();
    const std::string name = schemaNameOf(exchange.request, body);
    const auto mapped = schemas.find(name);
    const MappedSchema* schema = mapped == schemas.end() ? nullptr : &mapped->second;
    // A Responses request the map does not name is judged by the schema it carries: the issue
    // that brought the Responses API asked for it (Chat Completions keeps the map alone).
    std::optional<MappedSchema> carried;
    if (!schema && provider == providers::ProviderKind::OpenAIResponses && (carried = compiledSchema(responsesSchemaOf(body))))
        schema = &*carried;

    Judged judged;
    judged.spec.schema = schema ? schema->document : Json::object();
    judged.spec.validator = schema ? schema->validator : nullptr;
    judged.spec.prompt = promptOf(body);
    judged.spec.targets.push_back(engine::Target{provider, stringOf(member(body, "model")), exchange.upstream, engine::ModeChoice::Auto, nullptr});
    const std::string label = carried ? (name.empty() ? std::string("request") : name) : name;
    judged.labels = {{"source", "proxy"}, {"schema", schema ? label : std::string("none")}, {"validated", schema ? "true" : "false"}};

    judged.record = engine::observedRun(attemptOf(exchange, provider, body, schema, maxJudgedReplyBytes));
    return judged;
}

} // namespace conform::proxy
