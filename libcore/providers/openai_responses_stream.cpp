// The Responses API's stream: typed SSE events, each a JSON object whose `type` names it.
// Deltas build the reply as they come; the final event (response.completed, .incomplete,
// .failed) carries the whole response, from which the stop reason and usage are read, and
// the text or tool call too when no delta gave them. Unknown events are ignored, as the API
// adds event types over time.
#include "providers/openai_responses.h"

#include "providers/sse.h"
#include "providers/wire_util.h"

namespace conform::providers {

using namespace detail;

namespace {

class ResponsesStream final : public SseJsonDecoder
{
private:
    void handleData(const Json& data, std::vector<StreamEvent>& out) override
    {
        const std::string type = str(data, "type");
        if (type == "response.output_text.delta") {
            appendText(str(data, "delta"), out);
        } else if (type == "response.refusal.delta") {
            m_reply.refusal += str(data, "delta");
        } else if (type == "response.output_item.added") {
            callStarted(data);
        } else if (type == "response.function_call_arguments.delta") {
            if (m_reply.toolCall && integer(data, "output_index") == m_callIndex) {
                const std::string part = str(data, "delta");
                m_reply.toolCall->arguments += part;
                if (!part.empty())
                    out.push_back({StreamEvent::Kind::ToolInputDelta, part});
            }
        } else if (type == "response.completed" || type == "response.incomplete" || type == "response.failed") {
            finished(member(data, "response"), out);
        } else if (type == "error") {
            const std::string code = str(data, "code");
            m_reply.error = ProviderError{0, code.empty() ? std::string("server_error") : code,
                                          str(data, "message").empty() ? std::string("stream error") : str(data, "message")};
            out.push_back({StreamEvent::Kind::Error, m_reply.error->message});
        }
    }

    void callStarted(const Json& data)
    {
        const Json& item = member(data, "item");
        if (str(item, "type") != "function_call" || m_reply.toolCall)
            return; // only the first call carries the answer
        m_callIndex = integer(data, "output_index");
        m_reply.toolCall = ToolCall{str(item, "call_id"), str(item, "name"), str(item, "arguments")};
    }

    void finished(const Json& response, std::vector<StreamEvent>& out)
    {
        m_complete = true;
        Reply whole;
        readResponseObject(response, whole);
        if (m_reply.text.empty() && !m_reply.toolCall) {
            m_reply.text = whole.text;
            m_reply.toolCall = whole.toolCall;
        }
        if (m_reply.refusal.empty())
            m_reply.refusal = whole.refusal;
        m_reply.usage = whole.usage;
        m_reply.stopReason = whole.stopReason;
        m_reply.stop = whole.stop;
        if (!m_reply.refusal.empty() && !m_reply.truncated())
            setStop(m_reply, "refusal"); // refused in deltas the final response did not repeat
        if (whole.error) {
            m_reply.error = whole.error;
            out.push_back({StreamEvent::Kind::Error, whole.error->message});
        }
        out.push_back({StreamEvent::Kind::Usage, {}});
        if (!m_reply.stopReason.empty())
            out.push_back({StreamEvent::Kind::Stop, m_reply.stopReason});
    }

    std::int64_t m_callIndex = -1;
};

} // namespace

std::unique_ptr<StreamDecoder> OpenAiResponsesAdapter::streamDecoder() const
{
    return std::make_unique<ResponsesStream>();
}

} // namespace conform::providers
