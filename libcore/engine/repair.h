#pragma once
// The self-repair turn: the prompt that tells the model what was wrong, and how it joins the
// conversation in each protocol's own way (a tool_result with is_error / a role "tool"
// message in tool mode; otherwise the assistant's reply and a user turn). Pure functions.
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
    int attempt = 1;               // this repair's number, 1-based
    int maxAttempts = 1;
    std::size_t originalLimit = 2000;
};

// "- goals.3: Expected string, received number" lines (the root reads "(root)").
std::string formatIssues(const Json& issues, const std::string& extractionFailure);

// Renders `templateText` (defaultRepairTemplate() when empty) for this context.
std::string buildRepairPrompt(const std::string& templateText, const RepairContext& context);

// Appends the model's reply and the repair turn. In tool mode, when the reply was a tool
// call, the repair answers that call as an error; otherwise it is a user message.
void appendRepairTurn(providers::Conversation& conversation, const providers::Reply& reply, providers::Mode mode,
                      const std::string& repairText);

} // namespace conform::engine
