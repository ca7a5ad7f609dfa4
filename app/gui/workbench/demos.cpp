#include "workbench/demos.h"

#include "json/parse.h"
#include "schema/schema.h"
#include "providers/scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace conform::gui {

namespace {

// The built-in demos' descriptions, for lupdate: the scenario files hold them in English, and
// a description is translated by its own text (one edited in its file shows in English until
// translations/ catches up; test_gui's German walk names it).
[[maybe_unused]] constexpr const char* kBuiltinDescriptions[] = {
    // amber-case
    QT_TRANSLATE_NOOP("BuiltinDemos", "Planning review structure call: overall_rating comes back as \"Amber\" where the enum says \"amber\". Enum-case coercion fixes it (and logs it); without coercion it is an invalid_enum_value issue and a repair turn."),
    // drift-prompt-v1
    QT_TRANSLATE_NOOP("BuiltinDemos", "The v1 drift-detector prompt, offline: in about 30% of runs (drawn from the seed) the model leaves out redirect_suggestion and never puts it back, repair turns or not, so the run fails; otherwise the first reply is valid. Compare it with drift-prompt-v2 to see a significant difference."),
    // drift-prompt-v2
    QT_TRANSLATE_NOOP("BuiltinDemos", "The v2 drift-detector prompt, offline: it names every field, and the model leaves out redirect_suggestion in only about 5% of runs (drawn from the seed). Against drift-prompt-v1 the difference is significant within a hundred runs each."),
    // drift-prompt-v3
    QT_TRANSLATE_NOOP("BuiltinDemos", "The v3 drift-detector prompt, offline: v2 reworded, with no effect; the model still leaves out redirect_suggestion in about 5% of runs (drawn from the seed). Against drift-prompt-v2 there is no detectable difference, however many runs."),
    // fenced-reply
    QT_TRANSLATE_NOOP("BuiltinDemos", "Goal generator, Drama Detective's first agent: the model wraps a good answer in a sentence and a ```json fence. Extraction takes the fenced block; a strict client that parses the raw text fails."),
    // hopeless-model
    QT_TRANSLATE_NOOP("BuiltinDemos", "Question generator with the interviewee-context prompt: every attempt breaks the schema a different way (three answers, answers as strings, a missing target_goal). Under the default policy the first mode spends its two repairs, the next mode gets one call, and the budget of four calls (--max-calls) ends the run: failed, with the best attempt kept."),
    // mid-stream-cut
    QT_TRANSLATE_NOOP("BuiltinDemos", "Analysis report: the connection drops 400 bytes into the response body (mid-stream with --stream). The client sees a transport error and retries; the second try gets the whole report. One attempt, one transport retry, no repair."),
    // missing-field
    QT_TRANSLATE_NOOP("BuiltinDemos", "Drift detector: the reply omits the required redirect_suggestion. Validation reports one invalid_type issue at /redirect_suggestion (Required); the repair turn gets the complete object."),
    // overloaded
    QT_TRANSLATE_NOOP("BuiltinDemos", "Review structure call while the provider is overloaded: two 529 overloaded_error responses, then success. The default --retries 2 rides them out: two transport retries, no repair, a valid review. With retries off (--retries 0) the first 529 ends the run as a transport error, with no value (exit code 3); what takes over then is the application's own fallback, in the seed a Markdown-only review with every structured field null, not an outcome of Conform's."),
    // rate-limit-storm
    QT_TRANSLATE_NOOP("BuiltinDemos", "Goal tracker under a rate limit: two 429 responses with retry-after-ms 250 (retry-after 1), then a valid answer. The default --retries 2 rides them out; the transport retries (two) are counted apart from validation repairs (none). With --retries 1 the second 429 ends the run as a transport error (exit code 3)."),
    // refusal
    QT_TRANSLATE_NOOP("BuiltinDemos", "The model declines (stop_reason refusal; OpenAI message.refusal). Nothing to extract: the outcome is failed with the refused flag, and repairing a refusal is pointless. Ollama's protocol has no refusal signal, so over it the refusal reads as prose and is repaired like any invalid reply."),
    // stalled-stream
    QT_TRANSLATE_NOOP("BuiltinDemos", "A reply that starts, then goes silent for 20 seconds before finishing: exercises client read timeouts and the progress display. Under the default --stall-timeout 30 the reply completes after the pause and is valid first time; with --stall-timeout 10 the transport gives up on it and its retry is answered at once."),
    // tool-call
    QT_TRANSLATE_NOOP("BuiltinDemos", "The happy path in tool mode: the answer arrives as a tool call (Anthropic tool_use input, OpenAI function arguments, Ollama tool_calls) and validates first time."),
    // trailing-commas
    QT_TRANSLATE_NOOP("BuiltinDemos", "Fact extractor: the reply is the right object with trailing commas after the last fact and the last property. The repairer removes them and logs each fix; strict JSON parsing fails."),
    // truncated-article
    QT_TRANSLATE_NOOP("BuiltinDemos", "WikiMind compilation: the article_body runs past max_tokens and the reply stops mid-string (stop_reason max_tokens). A cut reply is never taken as the answer and never repaired: the default run (strict mode first) asks again with max_tokens doubled and the second turn holds the whole article. In Anthropic's text and JSON modes the cut reply is prefilled instead and the rest of the article continues it."),
    // xml-tool-call
    QT_TRANSLATE_NOOP("BuiltinDemos", "SpeakMCP agent loop: instead of a native tool call the model writes its call as <function_calls><invoke> XML in the text. Extraction unwraps the JSON inside the parameter, so the first reply validates; were a repair turn needed, its hints would ask to drop the XML wrapper and return pure JSON."),
};

void addDemo(QList<Demo>* demos, const QString& path, bool builtin)
{
    auto scenario = providers::loadScenario(path);
    if (!scenario)
        return;
    demos->append(Demo{QFileInfo(path).completeBaseName(), demoDescription(scenario->description, path), path, builtin});
}

} // namespace

QString demoDescription(const std::string& description, const QString& path)
{
    if (path.startsWith(QLatin1String(":/")))
        return QCoreApplication::translate("BuiltinDemos", description.c_str());
    return QString::fromStdString(description);
}

QList<Demo> availableDemos(const QString& workspace)
{
    QList<Demo> demos;
    for (const QString& path : providers::builtinScenarioPaths())
        addDemo(&demos, path, true);
    const QDir own(QDir(workspace).filePath(QStringLiteral("scenarios")));
    for (const QString& name : own.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        addDemo(&demos, own.filePath(name), false);
    return demos;
}

QString workspaceSchemaWithId(const QString& workspace, const std::string& id)
{
    if (id.empty() || workspace.isEmpty())
        return {};
    const QDir root(workspace);
    for (const QString& folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QFile file(root.filePath(folder + QStringLiteral("/schema.json")));
        if (!file.open(QIODevice::ReadOnly) || file.size() > 4 * 1024 * 1024)
            continue;
        const QByteArray bytes = file.readAll();
        auto parsed = json::parseStrict(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (parsed && schema::idOf(parsed.value()) == id)
            return file.fileName();
    }
    return {};
}

} // namespace conform::gui
