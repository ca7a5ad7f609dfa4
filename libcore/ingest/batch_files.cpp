#include "ingest/batch_files.h"

#include "base/json_access.h"
#include "providers/http.h"
#include "providers/provider.h"

namespace conform::ingest {

namespace {

std::string contentText(const Json& content)
{
    if (content.is_string())
        return content.get<std::string>();
    std::string out;
    if (content.is_array())
        for (const Json& part : content)
            if (const std::string type = stringOf(member(part, "type")); type == "text" || type == "input_text" || type.empty()) {
                if (!out.empty())
                    out += "\n\n";
                out += stringOf(member(part, "text"));
            }
    return out;
}

// A batch line's request for /v1/responses: its body has `input` where a chat request has
// `messages`. Its result's body is a response object ("object": "response", an `output`).
bool isResponsesRequest(const Json& body)
{
    return body.contains("input") && !body.contains("messages");
}

bool isResponsesReply(const Json& body)
{
    return stringOf(member(body, "object")) == "response" || (member(body, "output").is_array() && !body.contains("choices"));
}

// The system and user texts of a chat request body (OpenAI messages, or Anthropic's system
// beside them, or a Responses request's instructions and input).
void promptOf(const Json& body, ObservedCall& call)
{
    std::string system = contentText(member(body, "system"));
    if (system.empty())
        system = stringOf(member(body, "instructions"));
    std::string user = member(body, "input").is_string() ? stringOf(body["input"]) : std::string();
    const Json& messages = member(body, "messages").is_array() ? member(body, "messages") : member(body, "input");
    for (const Json& message : messages.is_array() ? messages : Json::array()) {
        const std::string role = stringOf(member(message, "role"));
        std::string& into = role == "system" || role == "developer" ? system : role == "user" ? user : system;
        if (role != "system" && role != "developer" && role != "user")
            continue;
        if (!into.empty())
            into += "\n\n";
        into += contentText(member(message, "content")); // input_text parts read as text (contentText)
    }
    call.system = std::move(system);
    call.user = std::move(user);
}

// The reply of a response body, read by the provider's own parser.
void readReply(providers::ProviderKind kind, int status, const Json& body, ObservedCall& call)
{
    const providers::Reply reply = providers::adapterFor(kind).parseResponse(providers::HttpResponse{status, {}, dump(body)});
    call.httpStatus = status;
    call.stopReason = reply.stopReason;
    call.usage = reply.usage;
    call.refused = reply.refused();
    if (reply.error) {
        call.error = reply.error->message.empty() ? "HTTP " + std::to_string(status) : reply.error->message;
        return;
    }
    if (!reply.refusal.empty() && reply.raw().empty()) {
        call.reply = reply.refusal;
        return;
    }
    call.reply = reply.raw();
    if (reply.toolCall)
        call.mode = providers::Mode::Tool;
}

void fromRequest(const Json& request, const std::string& url, ObservedCall& call)
{
    if (!request.is_object())
        return;
    promptOf(request, call);
    call.mode = providers::Mode::Text;
    call.requestSchema = schemaOfRequest(request, &call.mode);
    call.schemaName = schemaNameOfRequest(request);
    if (call.model.empty())
        call.model = stringOf(member(request, "model"));
    call.request = Json{{"url", url}, {"body", request}};
}

Result<ObservedCall> openAiCall(const Json& line, const BatchRequests& requests, const std::string& fileName, std::int64_t timeMs)
{
    ObservedCall call;
    call.source = "import";
    call.provider = "openai";
    const std::string id = stringOf(member(line, "custom_id"));
    call.idSeed = "openai-batch/" + fileName + "/" + id;
    call.timeMs = timeMs;
    call.labels = {{"format", "openai-batch"}, {"custom_id", id}};
    if (const std::string batchId = stringOf(member(line, "id")); !batchId.empty())
        call.labels.emplace_back("batch_request_id", batchId);
    const auto request = requests.find(id);
    const bool responsesApi = request != requests.end() && isResponsesRequest(request->second);
    if (request != requests.end())
        fromRequest(request->second, responsesApi ? "/v1/responses" : "/v1/chat/completions", call);
    const Json& response = member(line, "response");
    const Json& error = member(line, "error");
    if (response.is_object()) {
        const Json& body = member(response, "body");
        const int status = member(response, "status_code").is_number_integer() ? response["status_code"].get<int>() : 200;
        if (stringOf(member(body, "model")) != "")
            call.model = stringOf(body["model"]);
        if (member(body, "created").is_number_integer())
            call.timeMs = body["created"].get<std::int64_t>() * 1000;
        if (member(body, "created_at").is_number_integer())
            call.timeMs = body["created_at"].get<std::int64_t>() * 1000;
        const bool responses = isResponsesReply(body) || (responsesApi && status >= 400);
        if (responses)
            call.provider = "openai-responses"; // as a run's target names the Responses API
        readReply(responses ? providers::ProviderKind::OpenAIResponses : providers::ProviderKind::OpenAI, status, body, call);
    } else if (error.is_object()) {
        if (responsesApi)
            call.provider = "openai-responses";
        call.error = stringOf(member(error, "message"));
        if (call.error.empty())
            call.error = stringOf(member(error, "code"));
        if (call.error.empty())
            call.error = "the batch request failed";
    } else {
        return Error{"neither a response nor an error", {}};
    }
    return call;
}

Result<ObservedCall> anthropicCall(const Json& line, const BatchRequests& requests, const std::string& fileName, std::int64_t timeMs)
{
    ObservedCall call;
    call.source = "import";
    call.provider = "anthropic";
    const std::string id = stringOf(member(line, "custom_id"));
    call.idSeed = "anthropic-batch/" + fileName + "/" + id;
    call.timeMs = timeMs;
    call.labels = {{"format", "anthropic-batch"}, {"custom_id", id}};
    if (const auto request = requests.find(id); request != requests.end())
        fromRequest(request->second, "/v1/messages", call);
    const Json& result = member(line, "result");
    const std::string type = stringOf(member(result, "type"));
    if (type == "succeeded") {
        const Json& message = member(result, "message");
        if (!message.is_object())
            return Error{"a succeeded result without its message", "/result/message"};
        call.model = stringOf(member(message, "model"));
        readReply(providers::ProviderKind::Anthropic, 200, message, call);
    } else if (type == "errored") {
        const Json& error = member(member(result, "error"), "error").is_object() ? member(member(result, "error"), "error") : member(result, "error");
        call.error = stringOf(member(error, "type"));
        if (const std::string message = stringOf(member(error, "message")); !message.empty())
            call.error += (call.error.empty() ? "" : ": ") + message;
        if (call.error.empty())
            call.error = "the batch request errored";
        call.httpStatus = stringOf(member(error, "type")) == "overloaded_error" ? 529 : stringOf(member(error, "type")) == "api_error" ? 500 : 400;
    } else if (type == "canceled" || type == "expired") {
        call.error = "the batch request was " + type + " before it ran";
    } else {
        return Error{"result.type must be succeeded, errored, canceled or expired", "/result/type"};
    }
    return call;
}

} // namespace

Status addBatchRequest(BatchFormat format, const Json& line, BatchRequests& requests)
{
    if (format == BatchFormat::Anthropic && member(line, "requests").is_array()) {
        for (const Json& request : line["requests"])
            if (auto added = addBatchRequest(format, request, requests); !added)
                return added;
        return Done{};
    }
    const std::string id = stringOf(member(line, "custom_id"));
    if (id.empty())
        return Error{"a batch request needs a custom_id", "/custom_id"};
    const Json& body = member(line, format == BatchFormat::OpenAi ? "body" : "params");
    if (!body.is_object())
        return Error{format == BatchFormat::OpenAi ? "a batch request needs its body" : "a batch request needs its params",
                     format == BatchFormat::OpenAi ? "/body" : "/params"};
    requests[id] = body;
    return Done{};
}

Result<ObservedCall> callOfBatchLine(BatchFormat format, const Json& line, const BatchRequests& requests, const std::string& fileName,
                                     std::int64_t timeMs)
{
    if (!line.is_object())
        return Error{"a batch result must be a JSON object", {}};
    if (stringOf(member(line, "custom_id")).empty())
        return Error{"a batch result needs a custom_id", "/custom_id"};
    return format == BatchFormat::OpenAi ? openAiCall(line, requests, fileName, timeMs) : anthropicCall(line, requests, fileName, timeMs);
}

} // namespace conform::ingest
