#pragma once
// The self-repair turn: the prompt that tells the model what was wrong, and the conversation
// that carries it in each protocol's own way (a tool_result with is_error / a role "tool"
// message in tool mode; otherwise the assistant's reply and a user turn). Pure functions.
//
// The turn stays small, whatever the attempt number: the issues with their paths, the hints,
// and an example of the failing parts only. The schema is not repeated (every mode's request
// already carries it: strict and tool modes enforce or declare it, JSON-object and text modes
// state it in the system prompt), the failed reply is not quoted (it is the assistant turn
// just before), and only the latest failed reply stays in the conversation.
#include "base/json.h"
#include "providers/conversation.h"
#include "providers/provider.h"

#include <string>

namespace conform::engine {

struct RepairContext
{
    Json issues = Json::array();   // Zod-style issues ({"path","message",...}), as recorded
    std::string extractionFailure; // when no JSON could be read at all: why
    std::string raw;               // the reply as the model wrote it
    Json schema;
    Json example;                  // a valid example of the whole schema (schema/example.h)
    bool schemaInRequest = true;   // {{schema}} points at the request instead of repeating it
    int attempt = 1;               // this repair's number, 1-based
    int maxAttempts = 1;
    std::size_t originalLimit = 2000;
};

// "- /goals/3: Expected string, received number" lines, each path a JSON Pointer as every
// message prints it (base/path.h: the root reads "/"); at most 20, then "- and N more".
std::string formatIssues(const Json& issues, const std::string& extractionFailure);

// The parts of `example` where the issues point, as "/goals: [...]" lines (the whole example
// when the root itself is wrong or nothing could be read); at most 5 parts, cut to 1,500
// characters in all.
std::string exampleOfFailingParts(const Json& example, const Json& issues, bool wholeValueFailed);

// Renders `templateText` (defaultRepairTemplate() when empty) for this context.
std::string buildRepairPrompt(const std::string& templateText, const RepairContext& context);

// `base` (the system prompt and the first user turn) + the latest reply + the repair turn. In
// tool mode, when the reply was a tool call, the repair answers that call as an error.
providers::Conversation repairConversation(const providers::Conversation& base, const providers::Reply& reply,
                                           providers::Mode mode, const std::string& repairText);

} // namespace conform::engine
