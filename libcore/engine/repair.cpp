#include "engine/repair.h"

#include "engine/hints.h"
#include "engine/template.h"

#include "base/path.h"

#include <set>

namespace conform::engine {

namespace {

constexpr std::size_t kMaxIssuesListed = 20;
constexpr std::size_t kMaxExampleParts = 5;
constexpr std::size_t kMaxExampleChars = 1500;

// Walks `path` into `example` as far as the example goes (an index past its end reads the
// last element); `shown` receives the path actually walked.
const Json& partAt(const Json& example, const Json& path, Json& shown)
{
    const Json* at = &example;
    shown = Json::array();
    for (const Json& step : path) {
        if (step.is_string() && at->is_object() && at->contains(step.get<std::string>())) {
            at = &(*at)[step.get<std::string>()];
            shown.push_back(step);
        } else if (step.is_number_integer() && at->is_array() && !at->empty()) {
            const auto index = std::min<std::size_t>(static_cast<std::size_t>(std::max<std::int64_t>(0, step.get<std::int64_t>())),
                                                     at->size() - 1);
            at = &(*at)[index];
            shown.push_back(index);
        } else {
            break;
        }
    }
    return *at;
}

} // namespace

std::string formatIssues(const Json& issues, const std::string& extractionFailure)
{
    std::string out;
    if (!extractionFailure.empty())
        out = "- /: no JSON value could be read: " + extractionFailure;
    if (!issues.is_array())
        return out;
    std::size_t listed = 0;
    for (const Json& issue : issues) {
        if (!issue.is_object())
            continue;
        if (listed++ == kMaxIssuesListed) {
            out += "\n- and " + std::to_string(issues.size() - kMaxIssuesListed) + " more";
            break;
        }
        if (!out.empty())
            out += '\n';
        out += "- " + issueText(issue);
    }
    return out.empty() ? std::string("(none)") : out;
}

std::string exampleOfFailingParts(const Json& example, const Json& issues, bool wholeValueFailed)
{
    std::set<std::string> seen;
    std::string out;
    const auto add = [&](const Json& path) {
        Json shown;
        const Json& part = partAt(example, path, shown);
        const std::string label = jsonPathText(shown);
        if (seen.size() >= kMaxExampleParts || !seen.insert(label).second)
            return;
        out += (out.empty() ? "" : "\n") + label + ": " + conform::dump(part);
    };
    if (wholeValueFailed || !issues.is_array() || issues.empty())
        add(Json::array());
    else
        for (const Json& issue : issues)
            if (issue.is_object())
                add(issue.value("path", Json::array()));
    return truncateForPrompt(out, kMaxExampleChars);
}

std::string buildRepairPrompt(const std::string& templateText, const RepairContext& context)
{
    const bool wholeValueFailed = !context.extractionFailure.empty();
    const std::map<std::string, std::string> values{
        {"issues", formatIssues(context.issues, context.extractionFailure)},
        {"original", truncateForPrompt(context.raw, context.originalLimit)},
        {"schema", context.schemaInRequest ? std::string("(the JSON Schema is part of this request)")
                                           : conform::dump(context.schema, 2)},
        {"example", exampleOfFailingParts(context.example, context.issues, wholeValueFailed)},
        {"hints", formatHints(hintsFor(context.raw))},
        {"attempt", std::to_string(context.attempt)},
        {"max_attempts", std::to_string(context.maxAttempts)},
    };
    return renderTemplate(templateText.empty() ? defaultRepairTemplate() : templateText, values);
}

providers::Conversation repairConversation(const providers::Conversation& base, const providers::Reply& reply,
                                           providers::Mode mode, const std::string& repairText)
{
    using providers::Message;
    providers::Conversation conversation = base;
    if (mode == providers::Mode::Tool && reply.toolCall) {
        providers::ToolCall call = *reply.toolCall;
        if (call.id.empty())
            call.id = "call_" + std::to_string(conversation.messages.size());
        const std::string id = call.id;
        conversation.messages.push_back(Message::assistantCall(std::move(call)));
        conversation.messages.push_back(Message::toolError(id, repairText));
        return conversation;
    }
    // Providers refuse empty assistant turns; an empty reply is still shown as one.
    const std::string said = reply.raw().empty() ? std::string("(no answer)") : reply.raw();
    conversation.messages.push_back(Message::assistant(said));
    conversation.messages.push_back(Message::user(repairText));
    return conversation;
}

} // namespace conform::engine
