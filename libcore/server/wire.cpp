// What the three protocols share: request checks, stream detection, ids and error bodies.
#include "server/wire.h"

#include "server/reply.h"

namespace conform::server {

std::string_view protocolName(Protocol protocol)
{
    switch (protocol) {
    case Protocol::Anthropic: return "anthropic";
    case Protocol::OpenAi: return "openai";
    case Protocol::Ollama: return "ollama";
    case Protocol::OpenAiResponses: return "openai-responses";
    }
    return "unknown";
}

namespace {

// Each API names the field the way its own validator does.
std::string missing(Protocol protocol, const char* field, const char* kind)
{
    switch (protocol) {
    case Protocol::Anthropic: return std::string(field) + ": Field required (" + kind + ")";
    case Protocol::OpenAi:
    case Protocol::OpenAiResponses: return std::string("Missing required parameter: '") + field + "'.";
    case Protocol::Ollama: return std::string(field) + " is required";
    }
    return field;
}

// Every response carries an id to quote to support, in the header the real API uses.
std::string addRequestId(Protocol protocol, ResponsePlan& plan)
{
    std::string id;
    if (protocol == Protocol::Anthropic) {
        id = randomId("req_011");
        plan.addHeader("request-id", QByteArray::fromStdString(id));
    } else if (protocol == Protocol::OpenAi || protocol == Protocol::OpenAiResponses) {
        id = randomId("req_", 32);
        plan.addHeader("x-request-id", QByteArray::fromStdString(id));
        plan.addHeader("openai-version", "2020-10-01");
        plan.addHeader("openai-processing-ms", "37");
    }
    return id;
}

} // namespace

std::string checkRequest(Protocol protocol, const Json& request)
{
    if (!request.is_object())
        return protocol == Protocol::Ollama ? "invalid request: body must be a JSON object"
                                            : "request body must be a JSON object";
    const auto model = request.find("model");
    if (model == request.end() || !model->is_string() || model->get_ref<const std::string&>().empty())
        return missing(protocol, "model", "a non-empty string");
    if (protocol == Protocol::Ollama)
        return {};
    if (protocol == Protocol::OpenAiResponses) {
        // input may be left out only when the conversation is kept on the server.
        const auto input = request.find("input");
        const bool given = input != request.end() && (input->is_string() || input->is_array());
        if (!given && !request.contains("previous_response_id"))
            return missing(protocol, "input", "a string or an array");
        const auto stream = request.find("stream");
        if (stream != request.end() && !stream->is_boolean() && !stream->is_null())
            return "Invalid type for 'stream': expected a boolean.";
        return {};
    }
    const auto messages = request.find("messages");
    if (messages == request.end() || !messages->is_array())
        return missing(protocol, "messages", "an array");
    const auto maxTokens = request.find("max_tokens");
    if (protocol == Protocol::Anthropic && (maxTokens == request.end() || !maxTokens->is_number_integer()))
        return missing(protocol, "max_tokens", "an integer");
    const auto stream = request.find("stream");
    if (stream != request.end() && !stream->is_boolean() && !stream->is_null())
        return protocol == Protocol::Anthropic ? "stream: Input should be a valid boolean"
                                               : "Invalid type for 'stream': expected a boolean.";
    return {};
}

bool wantsStream(Protocol protocol, const Json& request)
{
    const auto stream = request.find("stream");
    const bool given = stream != request.end() && stream->is_boolean();
    if (protocol == Protocol::Ollama)
        return !given || stream->get<bool>();
    return given && stream->get<bool>();
}

ResponsePlan renderReply(Protocol protocol, const RenderInput& input)
{
    const bool stream = wantsStream(protocol, input.request);
    ResponsePlan plan = protocol == Protocol::Anthropic         ? renderAnthropic(input, stream)
                        : protocol == Protocol::OpenAi          ? renderOpenAi(input, stream)
                        : protocol == Protocol::OpenAiResponses ? renderOpenAiResponses(input, stream)
                                                                : renderOllama(input, stream);
    addRequestId(protocol, plan);
    return plan;
}

ResponsePlan renderError(Protocol protocol, int status, const std::string& message, const Json* body)
{
    ResponsePlan plan;
    plan.status = status;
    const std::string id = addRequestId(protocol, plan);
    if (body && body->is_string()) {
        plan.contentType = "text/plain; charset=utf-8";
        plan.pieces.push_back(QByteArray::fromStdString(body->get<std::string>()));
    } else if (body) {
        plan.pieces.push_back(toBytes(*body));
    } else if (protocol == Protocol::Anthropic) {
        plan.pieces.push_back(toBytes(anthropicErrorBody(status, message, id)));
    } else if (protocol == Protocol::OpenAi || protocol == Protocol::OpenAiResponses) {
        plan.pieces.push_back(toBytes(openAiErrorBody(status, message)));
    } else {
        plan.pieces.push_back(toBytes(Json{{"error", message}}));
    }
    return plan;
}

} // namespace conform::server
