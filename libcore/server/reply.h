#pragma once
// Protocol-neutral decisions about one reply, shared by the three wire renderers: whether a
// turn becomes text or a tool call for this request, the tool's name, the stop reason, the
// token usage, how text is cut into streamed deltas, and fresh ids.
#include "base/json.h"
#include "providers/scenario.h"

#include <QByteArray>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::server {

// What the request says about tools.
struct ToolRequest
{
    bool anyTools = false;   // the request offered at least one tool
    bool forced = false;     // tool_choice demands a tool call (Anthropic any/tool, OpenAI required/named)
    bool named = false;      // ...a specific one (OpenAI then reports finish_reason "stop")
    std::string forcedName;  // the tool the request demands, if named
    std::vector<std::string> offered; // the names of the tools offered, in order
};

struct Reply
{
    std::optional<std::string> text;      // a text block / message content
    std::optional<Json> toolInput;        // a tool call with this input
    std::optional<std::string> rawArguments; // a tool call whose arguments are not JSON (OpenAI only)
    std::string toolName;
    providers::StopReason stop = providers::StopReason::End;
    providers::Usage usage;

    bool isToolCall() const { return toolInput || rawArguments; }
    // The tool call's arguments as the model "wrote" them: raw text or compact JSON.
    std::string argumentsText() const;
};

// Decides the shape of `turn` for a request. A turn with tool_input becomes a tool call when
// the request offered tools (a model cannot call a tool it was not given: without tools the
// input is written out as JSON text). A text turn becomes a tool call when the request
// forces one and the text is a JSON object; otherwise, where the protocol carries arguments
// as a string (`rawArgumentsAllowed`, OpenAI), the text becomes those arguments verbatim, and
// elsewhere it stays text, as a model ignoring tool_choice would write it.
Reply shapeReply(const providers::Turn& turn, const ToolRequest& tools, bool rawArgumentsAllowed,
                 qsizetype requestBytes);

// Cuts text into streamed deltas of about `size` bytes, never inside a UTF-8 sequence.
std::vector<std::string> splitForStream(std::string_view text, std::size_t size = 24);

// A fresh id such as "msg_01X8..." (prefix + `length` random alphanumerics).
std::string randomId(std::string_view prefix, int length = 24);

// Compact JSON bytes; invalid UTF-8 in scenario text is replaced, never thrown about.
QByteArray toBytes(const Json& value);

// The value of `key` when it is a string, else "".
std::string stringAt(const Json& object, std::string_view key);

} // namespace conform::server
