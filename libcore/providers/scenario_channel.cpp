#include "providers/scenario_channel.h"

#include "providers/anthropic.h"
#include "providers/wire_util.h"

namespace conform::providers {

using namespace detail;

namespace {

// Bytes sent before a stall: a streamed reply stalls after its first piece of text (so a
// client shows the reply starting, then going silent); any other body after 64 bytes.
constexpr std::size_t kBytesBeforeStall = 64;

std::size_t bytesBeforeStall(const std::string& body)
{
    const std::size_t delta = body.find("content_block_delta");
    const std::size_t end = delta == std::string::npos ? std::string::npos : body.find("\n\n", delta);
    return end == std::string::npos ? std::min(kBytesBeforeStall, body.size()) : end + 2;
}

Json usageJson(const Turn& turn, const std::string& answer)
{
    const Usage usage = turn.usage.value_or(Usage{0, static_cast<std::int64_t>(answer.size() / 4 + 1), 0, 0});
    return Json{{"input_tokens", usage.inputTokens}, {"output_tokens", usage.outputTokens},
                {"cache_read_input_tokens", usage.cachedTokens}};
}

// The content block of a reply turn: a tool_use block when the request forced a tool and the
// turn holds an object, else a text block.
Json contentBlock(const Turn& turn, const std::string& toolName)
{
    Json input = turn.toolInput ? *turn.toolInput : parseBody(turn.text.value_or(std::string()));
    if (!toolName.empty() && input.is_object())
        return Json{{"type", "tool_use"}, {"id", "toolu_scenario"}, {"name", toolName}, {"input", std::move(input)}};
    const std::string text = turn.text ? *turn.text : turn.toolInput->dump();
    return Json{{"type", "text"}, {"text", text}};
}

std::string event(const std::string& name, const Json& data)
{
    return "event: " + name + "\ndata: " + conform::dump(data) + "\n\n";
}

std::string streamBody(const Json& block, const std::string& stopReason, const Json& usage)
{
    const bool tool = block["type"] == "tool_use";
    Json start = tool ? Json{{"type", "tool_use"}, {"id", block["id"]}, {"name", block["name"]}, {"input", Json::object()}}
                      : Json{{"type", "text"}, {"text", ""}};
    const std::string payload = tool ? conform::dump(block["input"]) : block["text"].get<std::string>();
    std::string body = event("message_start", Json{{"type", "message_start"},
                                                   {"message", Json{{"id", "msg_scenario"}, {"type", "message"},
                                                                    {"role", "assistant"}, {"content", Json::array()},
                                                                    {"usage", Json{{"input_tokens", usage["input_tokens"]},
                                                                                   {"cache_read_input_tokens", usage["cache_read_input_tokens"]}}}}}});
    body += event("content_block_start", Json{{"type", "content_block_start"}, {"index", 0}, {"content_block", start}});
    for (std::size_t at = 0; at < payload.size(); at += 16) { // small deltas, as models send them
        const std::string part = payload.substr(at, 16);
        const Json delta = tool ? Json{{"type", "input_json_delta"}, {"partial_json", part}}
                                : Json{{"type", "text_delta"}, {"text", part}};
        body += event("content_block_delta", Json{{"type", "content_block_delta"}, {"index", 0}, {"delta", delta}});
    }
    body += event("content_block_stop", Json{{"type", "content_block_stop"}, {"index", 0}});
    body += event("message_delta", Json{{"type", "message_delta"}, {"delta", Json{{"stop_reason", stopReason}}},
                                        {"usage", Json{{"output_tokens", usage["output_tokens"]}}}});
    return body + event("message_stop", Json{{"type", "message_stop"}});
}

std::string errorType(int status)
{
    switch (status) {
    case 400: return "invalid_request_error";
    case 401: return "authentication_error";
    case 429: return "rate_limit_error";
    case 529: return "overloaded_error";
    default: return "api_error";
    }
}

} // namespace

HttpResponse renderAnthropicTurn(const Turn& turn, const std::string& toolName, bool stream)
{
    HttpResponse response{turn.isFault() ? turn.status : 200, turn.headers, {}};
    if (turn.isFault()) {
        response.body = turn.body ? (turn.body->is_string() ? turn.body->get<std::string>() : turn.body->dump())
                                  : Json{{"type", "error"},
                                         {"error", Json{{"type", errorType(turn.status)},
                                                        {"message", "scenario fault " + std::to_string(turn.status)}}}}.dump();
        response.headers.emplace_back("content-type", "application/json");
        return response;
    }
    const Json block = contentBlock(turn, toolName);
    const std::string answer = block.contains("text") ? block["text"].get<std::string>() : conform::dump(block["input"]);
    const Json usage = usageJson(turn, answer);
    StopReason stop = turn.effectiveStopReason();
    if (stop == StopReason::ToolUse && block["type"] != "tool_use")
        stop = StopReason::End;
    const std::string stopReason(anthropicStopReason(stop));
    if (stream) {
        response.headers.emplace_back("content-type", "text/event-stream");
        response.body = streamBody(block, stopReason, usage);
        return response;
    }
    response.headers.emplace_back("content-type", "application/json");
    response.body = Json{{"id", "msg_scenario"}, {"type", "message"}, {"role", "assistant"}, {"model", "scenario"},
                         {"content", Json::array({block})}, {"stop_reason", stopReason}, {"stop_sequence", nullptr},
                         {"usage", usage}}.dump();
    return response;
}

ChannelFactory scenarioChannels(std::shared_ptr<ScenarioSession> session)
{
    return [session](QObject* parent) -> Channel* { return new ScenarioChannel(session, parent); };
}

ScenarioChannel::ScenarioChannel(std::shared_ptr<ScenarioSession> session, QObject* parent)
    : Channel(parent), m_session(std::move(session))
{
    m_timer.setSingleShot(true);
}

void ScenarioChannel::start(const HttpRequest& request)
{
    const Json body = parseBody(request.body);
    m_stream = request.stream;
    m_toolName = str(member(body, "tool_choice"), "name");
    m_turn = continuing(m_session->next(), anthropicPrefill(body));
    m_timer.disconnect(this);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioChannel::respond);
    m_timer.start(std::max(0, m_turn.delayMs)); // never answer from inside start()
}

void ScenarioChannel::abort()
{
    m_timer.stop();
    m_timer.disconnect(this);
}

void ScenarioChannel::respond()
{
    m_response = renderAnthropicTurn(m_turn, m_toolName, m_stream);
    emit responseStarted(m_response.status, m_response.headers);
    if (m_turn.stallMs > 0 && !m_turn.isFault()) {
        const std::size_t first = bytesBeforeStall(m_response.body);
        emit bytesReceived(QByteArray::fromStdString(m_response.body.substr(0, first)));
        m_timer.disconnect(this);
        connect(&m_timer, &QTimer::timeout, this, [this, first] { sendBody(first); });
        m_timer.start(m_turn.stallMs);
        return;
    }
    if (m_stream && m_session->scenario().paceMs > 0 && !m_turn.isFault() && !m_turn.dropAfterBytes)
        return sendPaced(0, m_session->scenario().paceMs);
    sendBody(0);
}

void ScenarioChannel::sendPaced(std::size_t from, int paceMs)
{
    const std::string& body = m_response.body;
    const std::size_t boundary = body.find("\n\n", from);
    if (boundary == std::string::npos || boundary + 2 >= body.size())
        return sendBody(from);
    const std::size_t end = boundary + 2;
    emit bytesReceived(QByteArray::fromStdString(body.substr(from, end - from)));
    m_timer.disconnect(this);
    connect(&m_timer, &QTimer::timeout, this, [this, end, paceMs] { sendPaced(end, paceMs); });
    m_timer.start(paceMs);
}

void ScenarioChannel::sendBody(std::size_t from)
{
    const std::string& body = m_response.body;
    std::size_t end = body.size();
    const bool cut = m_turn.dropAfterBytes && static_cast<std::size_t>(std::max<std::int64_t>(0, *m_turn.dropAfterBytes)) < end;
    if (cut)
        end = static_cast<std::size_t>(*m_turn.dropAfterBytes);
    if (from < end)
        emit bytesReceived(QByteArray::fromStdString(body.substr(from, end - from)));
    emit ended(cut, cut ? QStringLiteral("the connection was cut after %1 bytes").arg(end) : QString());
}

} // namespace conform::providers
