#include "engine/repair.h"

#include "engine/example.h"
#include "engine/hints.h"
#include "engine/template.h"

namespace conform::engine {

namespace {

std::string dotted(const Json& path)
{
    if (!path.is_array() || path.empty())
        return "(root)";
    std::string out;
    for (const Json& element : path) {
        if (!out.empty())
            out += '.';
        out += element.is_string() ? element.get<std::string>() : conform::dump(element);
    }
    return out;
}

} // namespace

std::string formatIssues(const Json& issues, const std::string& extractionFailure)
{
    std::string out;
    if (!extractionFailure.empty())
        out = "- (root): no JSON value could be read: " + extractionFailure;
    if (!issues.is_array())
        return out;
    for (const Json& issue : issues) {
        if (!issue.is_object())
            continue;
        if (!out.empty())
            out += '\n';
        const auto message = issue.find("message");
        out += "- " + dotted(issue.value("path", Json::array())) + ": "
            + (message != issue.end() && message->is_string() ? message->get<std::string>() : std::string("invalid"));
    }
    return out.empty() ? std::string("(none)") : out;
}

std::string buildRepairPrompt(const std::string& templateText, const RepairContext& context)
{
    const std::map<std::string, std::string> values{
        {"issues", formatIssues(context.issues, context.extractionFailure)},
        {"original", truncateForPrompt(context.raw, context.originalLimit)},
        {"schema", conform::dump(context.schema, 2)},
        {"example", conform::dump(exampleFor(context.schema), 2)},
        {"hints", formatHints(hintsFor(context.raw))},
        {"attempt", std::to_string(context.attempt)},
        {"max_attempts", std::to_string(context.maxAttempts)},
    };
    return renderTemplate(templateText.empty() ? defaultRepairTemplate() : templateText, values);
}

void appendRepairTurn(providers::Conversation& conversation, const providers::Reply& reply, providers::Mode mode,
                      const std::string& repairText)
{
    using providers::Message;
    if (mode == providers::Mode::Tool && reply.toolCall) {
        providers::ToolCall call = *reply.toolCall;
        if (call.id.empty())
            call.id = "call_" + std::to_string(conversation.messages.size());
        const std::string id = call.id;
        conversation.messages.push_back(Message::assistantCall(std::move(call)));
        conversation.messages.push_back(Message::toolError(id, repairText));
        return;
    }
    // Providers refuse empty assistant turns; an empty reply is still shown as one.
    const std::string said = reply.raw().empty() ? std::string("(no answer)") : reply.raw();
    conversation.messages.push_back(Message::assistant(said));
    conversation.messages.push_back(Message::user(repairText));
}

} // namespace conform::engine
