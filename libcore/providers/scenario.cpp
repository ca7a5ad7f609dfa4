#include "providers/scenario.h"

#include "base/path.h"
#include "json/parse.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <limits>

namespace conform::providers {

namespace {

struct StopReasonSpelling
{
    StopReason reason;
    std::string_view name, anthropic, openAi, ollama;
};

constexpr std::array<StopReasonSpelling, 7> kStopReasons{{
    {StopReason::End, "end", "end_turn", "stop", "stop"},
    {StopReason::MaxTokens, "max_tokens", "max_tokens", "length", "length"},
    {StopReason::StopSequence, "stop_sequence", "stop_sequence", "stop", "stop"},
    {StopReason::ToolUse, "tool_use", "tool_use", "tool_calls", "stop"},
    {StopReason::Refusal, "refusal", "refusal", "content_filter", "stop"},
    {StopReason::PauseTurn, "pause_turn", "pause_turn", "stop", "stop"},
    {StopReason::ContextWindow, "context_window", "model_context_window_exceeded", "length", "length"},
}};

const StopReasonSpelling& spelling(StopReason reason)
{
    return kStopReasons[static_cast<std::size_t>(reason)];
}

// Scenario files are hand-written; a file bigger than this is a mistake, not a scenario.
constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;

// Checks one turn at `where` ("/turns/3"). Every error carries the pointer of the bad field.
class TurnReader
{
public:
    TurnReader(const Json& json, std::string where) : m_json(json), m_where(std::move(where)) {}

    Result<Turn> read()
    {
        if (!m_json.is_object())
            return Error{"a turn must be an object", m_where};
        for (auto it = m_json.begin(); it != m_json.end(); ++it)
            if (!known(it.key()))
                return fieldError(it.key(), "unknown field");
        if (auto failed = readReply(); !failed.message.empty())
            return failed;
        if (auto failed = readFault(); !failed.message.empty())
            return failed;
        if (auto failed = readTransport(); !failed.message.empty())
            return failed;
        return checkShape();
    }

private:
    static bool known(const std::string& key)
    {
        static const std::array<std::string_view, 11> keys{"text", "tool_input", "tool_name", "stop_reason", "usage",
                                                           "status", "headers", "body", "delay_ms", "stall_ms",
                                                           "drop_after_bytes"};
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    }

    Error fieldError(std::string_view field, std::string message) const
    {
        return Error{std::move(message), appendPointer(m_where, field)};
    }

    const Json* field(std::string_view key) const
    {
        const auto it = m_json.find(key);
        return it == m_json.end() ? nullptr : &*it;
    }

    Error readString(std::string_view key, std::string& out)
    {
        const Json* value = field(key);
        if (!value)
            return {};
        if (!value->is_string())
            return fieldError(key, "must be a string");
        out = value->get<std::string>();
        return {};
    }

    // A non-negative integer no larger than `max`.
    Error readCount(std::string_view key, std::int64_t max, std::optional<std::int64_t>& out)
    {
        const Json* value = field(key);
        if (!value)
            return {};
        if (!value->is_number_integer())
            return fieldError(key, "must be an integer");
        const bool isUnsigned = value->is_number_unsigned();
        const std::int64_t n = isUnsigned ? static_cast<std::int64_t>(std::min<std::uint64_t>(
                                                value->get<std::uint64_t>(), std::numeric_limits<std::int64_t>::max()))
                                          : value->get<std::int64_t>();
        if (n < 0 || n > max)
            return fieldError(key, "must be between 0 and " + std::to_string(max));
        out = n;
        return {};
    }

    Error readMillis(std::string_view key, int& out)
    {
        std::optional<std::int64_t> n;
        // Ten minutes: longer than any client timeout worth simulating.
        if (auto failed = readCount(key, 600'000, n); !failed.message.empty())
            return failed;
        out = static_cast<int>(n.value_or(0));
        return {};
    }

    Error readReply()
    {
        if (const Json* text = field("text")) {
            if (!text->is_string())
                return fieldError("text", "must be a string");
            m_turn.text = text->get<std::string>();
        }
        if (const Json* input = field("tool_input"))
            m_turn.toolInput = *input;
        if (auto failed = readString("tool_name", m_turn.toolName); !failed.message.empty())
            return failed;
        if (const Json* stop = field("stop_reason")) {
            const auto reason = stop->is_string() ? parseStopReason(stop->get<std::string>()) : std::nullopt;
            if (!reason)
                return fieldError("stop_reason", "must be one of end, max_tokens, stop_sequence, tool_use, refusal, "
                                                 "pause_turn, context_window");
            m_turn.stopReason = reason;
        }
        return readUsage();
    }

    Error readUsage()
    {
        const Json* usage = field("usage");
        if (!usage)
            return {};
        if (!usage->is_object())
            return fieldError("usage", "must be an object");
        const std::string where = appendPointer(m_where, "usage");
        Usage out;
        const std::array<std::pair<std::string_view, std::int64_t*>, 4> counts{
            {{"input_tokens", &out.inputTokens}, {"output_tokens", &out.outputTokens}, {"cached_tokens", &out.cachedTokens},
             {"reasoning_tokens", &out.reasoningTokens}}}; // reasoning: the Responses API reports it
        for (auto it = usage->begin(); it != usage->end(); ++it) {
            const auto match = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == it.key(); });
            if (match == counts.end())
                return Error{"unknown field", appendPointer(where, it.key())};
            if (!it->is_number_integer() || it->get<std::int64_t>() < 0 || it->get<std::int64_t>() > 100'000'000)
                return Error{"must be an integer between 0 and 100000000", appendPointer(where, it.key())};
            *match->second = it->get<std::int64_t>();
        }
        m_turn.usage = out;
        return {};
    }

    Error readFault()
    {
        if (const Json* status = field("status")) {
            if (!status->is_number_integer())
                return fieldError("status", "must be an integer");
            const auto code = status->get<std::int64_t>();
            if (code < 200 || code > 599)
                return fieldError("status", "must be an HTTP status between 200 and 599");
            m_turn.status = code == 200 ? 0 : static_cast<int>(code);
        }
        if (auto failed = readHeaders(); !failed.message.empty())
            return failed;
        if (const Json* body = field("body"))
            m_turn.body = *body;
        return {};
    }

    static bool isToken(const std::string& name)
    {
        return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
            return c > 32 && c < 127 && c != ':' && c != '(' && c != ')' && c != ',' && c != '"';
        });
    }

    Error readHeaders()
    {
        const Json* headers = field("headers");
        if (!headers)
            return {};
        if (!headers->is_object())
            return fieldError("headers", "must be an object of strings");
        const std::string where = appendPointer(m_where, "headers");
        for (auto it = headers->begin(); it != headers->end(); ++it) {
            if (!isToken(it.key()))
                return Error{"is not a valid header name", appendPointer(where, it.key())};
            if (!it->is_string() && !it->is_number())
                return Error{"must be a string", appendPointer(where, it.key())};
            std::string value = it->is_string() ? it->get<std::string>() : it->dump();
            // A header value with a line break would let a scenario forge the response.
            if (value.find_first_of("\r\n") != std::string::npos)
                return Error{"must not contain line breaks", appendPointer(where, it.key())};
            m_turn.headers.emplace_back(it.key(), std::move(value));
        }
        return {};
    }

    Error readTransport()
    {
        if (auto failed = readMillis("delay_ms", m_turn.delayMs); !failed.message.empty())
            return failed;
        if (auto failed = readMillis("stall_ms", m_turn.stallMs); !failed.message.empty())
            return failed;
        return readCount("drop_after_bytes", std::numeric_limits<std::int32_t>::max(), m_turn.dropAfterBytes);
    }

    Result<Turn> checkShape()
    {
        const bool reply = m_turn.text || m_turn.toolInput;
        if (m_turn.isFault() && reply)
            return Error{"a fault (status >= 400) cannot also carry text or tool_input", m_where};
        if (!m_turn.isFault() && !reply)
            return Error{"a turn needs text, tool_input, or a fault status >= 400", m_where};
        if (!m_turn.isFault() && m_turn.body)
            return fieldError("body", "only a fault (status >= 400) has a body");
        return std::move(m_turn);
    }

    const Json& m_json;
    std::string m_where;
    Turn m_turn;
};

Error inFile(Error error, std::string_view file)
{
    if (!file.empty())
        error.where = error.where.empty() ? std::string(file) : std::string(file) + ": " + error.where;
    return error;
}

// A step code as engine/steps.h spells them: a word, then optionally ":" and a word or a
// status ("mode:strict", "retry:529", "invalid").
bool isStepCode(const Json& step)
{
    if (!step.is_string())
        return false;
    const std::string& code = step.get_ref<const std::string&>();
    const std::size_t colon = code.find(':');
    const auto word = [](std::string_view w, bool digits) {
        return !w.empty() && w.size() <= 40 && std::all_of(w.begin(), w.end(), [digits](char c) {
            return (c >= 'a' && c <= 'z') || c == '_' || (digits && c >= '0' && c <= '9');
        });
    };
    const std::string_view view(code);
    return colon == std::string::npos ? word(view, false) : word(view.substr(0, colon), false) && word(view.substr(colon + 1), true);
}

// {"outcome", "flags", "attempts", "repairs", "transport_retries"}, each required, and
// optionally "steps": the visible steps as codes (engine/steps.h), in order.
Error readExpect(const Json& expect, Scenario& scenario)
{
    if (!expect.is_object())
        return Error{"must be an object", "/expect"};
    static const std::array<std::string_view, 3> counts{"attempts", "repairs", "transport_retries"};
    for (auto it = expect.begin(); it != expect.end(); ++it) {
        const std::string where = appendPointer("/expect", it.key());
        if (it.key() == "outcome") {
            static const std::array<std::string_view, 4> outcomes{"valid", "repaired", "fallback", "failed"};
            if (!it->is_string() || std::find(outcomes.begin(), outcomes.end(), it->get<std::string>()) == outcomes.end())
                return Error{"must be one of valid, repaired, fallback, failed", where};
        } else if (it.key() == "flags") {
            if (!it->is_array() || !std::all_of(it->begin(), it->end(), [](const Json& f) { return f.is_string(); }))
                return Error{"must be an array of strings", where};
        } else if (it.key() == "steps") {
            if (!it->is_array() || !std::all_of(it->begin(), it->end(), [](const Json& step) { return isStepCode(step); }))
                return Error{"must be an array of step codes (\"fix:trailing_comma\", \"retry:529\", \"stall\")", where};
        } else if (std::find(counts.begin(), counts.end(), it.key()) != counts.end()) {
            if (!it->is_number_unsigned() || it->get<std::uint64_t>() > 1000)
                return Error{"must be an integer between 0 and 1000", where};
        } else {
            return Error{"unknown field", where};
        }
    }
    for (std::string_view key : {"outcome", "flags", "attempts", "repairs", "transport_retries"})
        if (!expect.contains(key))
            return Error{"required", appendPointer("/expect", key)};
    scenario.expect = expect;
    return {};
}

// {"seed": integer, "share": number in [0, 1], "turns": [...]}, each required.
Error readVariation(const Json& json, Scenario& scenario)
{
    if (!json.is_object())
        return Error{"must be an object with seed, share and turns", "/variation"};
    for (auto it = json.begin(); it != json.end(); ++it)
        if (it.key() != "seed" && it.key() != "share" && it.key() != "turns")
            return Error{"unknown field", appendPointer("/variation", it.key())};
    Variation variation;
    const auto seed = json.find("seed");
    if (seed == json.end() || !seed->is_number_unsigned())
        return Error{"must be an integer, at least 0", "/variation/seed"};
    variation.seed = seed->get<std::uint64_t>();
    const auto share = json.find("share");
    if (share == json.end() || !share->is_number() || share->get<double>() < 0 || share->get<double>() > 1)
        return Error{"must be a number from 0 to 1", "/variation/share"};
    variation.share = share->get<double>();
    const auto turns = json.find("turns");
    if (turns == json.end() || !turns->is_array() || turns->empty())
        return Error{"must be a non-empty array", "/variation/turns"};
    for (std::size_t i = 0; i < turns->size(); ++i) {
        auto turn = TurnReader((*turns)[i], "/variation/turns/" + std::to_string(i)).read();
        if (!turn)
            return turn.error();
        variation.turns.push_back(std::move(turn).value());
    }
    scenario.variation = std::move(variation);
    return {};
}

Error readPromptAndProtocols(const Json& document, Scenario& scenario)
{
    if (const auto prompt = document.find("prompt"); prompt != document.end()) {
        if (!prompt->is_object())
            return Error{"must be an object with system and user strings", "/prompt"};
        for (auto it = prompt->begin(); it != prompt->end(); ++it) {
            if ((it.key() != "system" && it.key() != "user") || !it->is_string())
                return Error{"must be a string (system or user)", appendPointer("/prompt", it.key())};
            (it.key() == "system" ? scenario.promptSystem : scenario.promptUser) = it->get<std::string>();
        }
    }
    if (const auto protocols = document.find("protocols"); protocols != document.end()) {
        static const std::array<std::string_view, 3> known{"anthropic", "openai", "ollama"};
        if (!protocols->is_array())
            return Error{"must be an array of anthropic, openai, ollama", "/protocols"};
        for (const Json& p : *protocols) {
            if (!p.is_string() || std::find(known.begin(), known.end(), p.get<std::string>()) == known.end())
                return Error{"must be an array of anthropic, openai, ollama", "/protocols"};
            scenario.protocols.push_back(p.get<std::string>());
        }
    }
    if (const auto expect = document.find("expect"); expect != document.end())
        return readExpect(*expect, scenario);
    return {};
}

// "mode": one of the --mode words; "variables": an object of strings.
Error readModeAndVariables(const Json& document, Scenario& scenario)
{
    if (const auto mode = document.find("mode"); mode != document.end()) {
        const auto choice = mode->is_string() ? parseModeChoice(mode->get<std::string>()) : std::nullopt;
        if (!choice)
            return Error{"must be one of auto, strict, tool, json-object, text", "/mode"};
        scenario.mode = choice;
    }
    const auto variables = document.find("variables");
    if (variables == document.end())
        return {};
    if (!variables->is_object())
        return Error{"must be an object of name -> string", "/variables"};
    for (auto it = variables->begin(); it != variables->end(); ++it) {
        if (it.key().empty())
            return Error{"a variable needs a name", appendPointer("/variables", "")};
        if (!it->is_string())
            return Error{"must be a string", appendPointer("/variables", it.key())};
        scenario.variables[it.key()] = it->get<std::string>();
    }
    return {};
}

Error readHeader(const Json& document, Scenario& scenario)
{
    const std::array<std::pair<std::string_view, std::string*>, 2> strings{
        {{"name", &scenario.name}, {"description", &scenario.description}}};
    for (const auto& [key, out] : strings) {
        const auto it = document.find(key);
        if (it == document.end())
            return Error{"required", "/" + std::string(key)};
        if (!it->is_string() || it->get_ref<const std::string&>().empty())
            return Error{"must be a non-empty string", "/" + std::string(key)};
        *out = it->get<std::string>();
    }
    if (const auto schema = document.find("schema"); schema != document.end()) {
        if (schema->is_string())
            scenario.schemaRef = schema->get<std::string>();
        else if (schema->is_object() || schema->is_boolean())
            scenario.schema = *schema;
        else
            return Error{"must be a schema object or a workspace-relative path", "/schema"};
    }
    return readPromptAndProtocols(document, scenario);
}

} // namespace

std::string_view stopReasonName(StopReason reason) { return spelling(reason).name; }
Json Usage::toJson() const
{
    const auto count = [](std::int64_t n) { return n >= 0 ? Json(n) : Json(); };
    Json out{{"input", count(inputTokens)}, {"output", count(outputTokens)}, {"cached", count(cachedTokens)}};
    if (reasoningTokens != 0) // only the providers that report it (the Responses API)
        out["reasoning"] = count(reasoningTokens);
    return out;
}

std::string_view anthropicStopReason(StopReason reason) { return spelling(reason).anthropic; }
std::string_view openAiFinishReason(StopReason reason) { return spelling(reason).openAi; }
std::string_view ollamaDoneReason(StopReason reason) { return spelling(reason).ollama; }

std::optional<StopReason> parseStopReason(std::string_view name)
{
    for (const auto& s : kStopReasons)
        if (s.name == name || s.anthropic == name)
            return s.reason;
    if (name == "stop")
        return StopReason::End;
    if (name == "length")
        return StopReason::MaxTokens;
    if (name == "tool_calls")
        return StopReason::ToolUse;
    if (name == "content_filter")
        return StopReason::Refusal;
    // The Responses API has no finish reason: a finished response's status, or the reason
    // incomplete_details gives.
    if (name == "completed")
        return StopReason::End;
    if (name == "max_output_tokens")
        return StopReason::MaxTokens;
    return std::nullopt;
}

StopReason Turn::effectiveStopReason() const
{
    if (stopReason)
        return *stopReason;
    return isToolCall() ? StopReason::ToolUse : StopReason::End;
}

Turn continuing(const Turn& turn, std::string_view prefill)
{
    Turn out = turn;
    if (!prefill.empty() && turn.text && turn.text->size() > prefill.size() && turn.text->compare(0, prefill.size(), prefill) == 0)
        out.text = turn.text->substr(prefill.size());
    return out;
}

const Turn& Scenario::turnAt(std::size_t n, bool varied) const
{
    const std::vector<Turn>& played = varied && variation ? variation->turns : turns;
    return played[std::min(n, played.size() - 1)];
}

bool Scenario::variedSession(std::uint64_t k) const
{
    if (!variation)
        return false;
    const auto mix = [](std::uint64_t z) { // SplitMix64's output function
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    std::uint64_t nameHash = 14695981039346656037ull; // FNV-1a, 64 bits
    for (const char c : name)
        nameHash = (nameHash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    const std::uint64_t state = mix(variation->seed ^ nameHash);
    const std::uint64_t z = mix(state + (k + 1) * 0x9e3779b97f4a7c15ull); // the (k+1)-th SplitMix64 output
    return double(z >> 11) * 0x1.0p-53 < variation->share;
}

bool Scenario::startSession() const
{
    return variedSession(m_sessions->fetch_add(1));
}

Result<Turn> parseTurn(const Json& json, const std::string& where)
{
    return TurnReader(json, where).read();
}

Json turnJson(const Turn& turn)
{
    Json out = Json::object();
    if (turn.text)
        out["text"] = *turn.text;
    if (turn.toolInput)
        out["tool_input"] = *turn.toolInput;
    if (!turn.toolName.empty())
        out["tool_name"] = turn.toolName;
    if (turn.stopReason)
        out["stop_reason"] = std::string(stopReasonName(*turn.stopReason));
    constexpr std::int64_t kMaxCount = 100'000'000; // what a turn's usage may say (readUsage)
    if (turn.usage && turn.usage->known() && turn.usage->inputTokens <= kMaxCount && turn.usage->outputTokens <= kMaxCount
        && turn.usage->cachedTokens <= kMaxCount)
        out["usage"] = Json{{"input_tokens", turn.usage->inputTokens}, {"output_tokens", turn.usage->outputTokens},
                            {"cached_tokens", turn.usage->cachedTokens}};
    if (turn.status != 0)
        out["status"] = turn.status;
    if (!turn.headers.empty()) {
        Json headers = Json::object();
        for (const auto& [name, value] : turn.headers)
            headers[name] = value;
        out["headers"] = std::move(headers);
    }
    if (turn.body)
        out["body"] = *turn.body;
    if (turn.delayMs > 0)
        out["delay_ms"] = turn.delayMs;
    if (turn.stallMs > 0)
        out["stall_ms"] = turn.stallMs;
    if (turn.dropAfterBytes)
        out["drop_after_bytes"] = *turn.dropAfterBytes;
    return out;
}

Result<Scenario> parseScenario(const Json& document, std::string_view file)
{
    if (!document.is_object())
        return inFile(Error{"a scenario must be a JSON object", "/"}, file);
    static const std::array<std::string_view, 10> keys{"name",      "description", "schema", "prompt", "mode",
                                                       "variables", "protocols",   "expect", "turns",  "variation"};
    for (auto it = document.begin(); it != document.end(); ++it)
        if (std::find(keys.begin(), keys.end(), it.key()) == keys.end())
            return inFile(Error{"unknown field", appendPointer("", it.key())}, file);
    Scenario scenario;
    scenario.file = std::string(file);
    if (auto failed = readHeader(document, scenario); !failed.message.empty())
        return inFile(failed, file);
    if (auto failed = readModeAndVariables(document, scenario); !failed.message.empty())
        return inFile(failed, file);
    const auto turns = document.find("turns");
    if (turns == document.end())
        return inFile(Error{"required", "/turns"}, file);
    if (!turns->is_array() || turns->empty())
        return inFile(Error{"must be a non-empty array", "/turns"}, file);
    for (std::size_t i = 0; i < turns->size(); ++i) {
        auto turn = TurnReader((*turns)[i], "/turns/" + std::to_string(i)).read();
        if (!turn)
            return inFile(turn.error(), file);
        scenario.turns.push_back(std::move(turn).value());
    }
    if (const auto variation = document.find("variation"); variation != document.end())
        if (auto failed = readVariation(*variation, scenario); !failed.message.empty())
            return inFile(failed, file);
    return scenario;
}

Result<Scenario> parseScenarioText(std::string_view text, std::string_view file)
{
    auto document = json::parseStrict(text);
    if (!document)
        return inFile(document.error(), file);
    return parseScenario(document.value(), file);
}

Result<Scenario> loadScenario(const QString& path)
{
    const std::string name = QFileInfo(path).fileName().toStdString();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{file.errorString().toStdString(), path.toStdString()};
    if (file.size() > kMaxFileBytes)
        return Error{"file is larger than 64 MB", name};
    const QByteArray bytes = file.readAll();
    auto scenario = parseScenarioText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name);
    if (scenario)
        scenario->file = path.toStdString();
    return scenario;
}

std::vector<QString> builtinScenarioPaths()
{
    std::vector<QString> paths;
    const QDir dir(QStringLiteral(":/scenarios"));
    for (const QString& entry : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths.push_back(dir.filePath(entry));
    return paths;
}

QString resolveScenarioPath(const QString& nameOrPath)
{
    if (QFileInfo::exists(nameOrPath))
        return nameOrPath;
    const QString builtin = QStringLiteral(":/scenarios/") + nameOrPath
        + (nameOrPath.endsWith(QLatin1String(".json")) ? QString() : QStringLiteral(".json"));
    return QFileInfo::exists(builtin) ? builtin : nameOrPath;
}

Result<Scenario> loadScenarioNamed(const QString& nameOrPath)
{
    const QString path = resolveScenarioPath(nameOrPath);
    if (QFileInfo::exists(path))
        return loadScenario(path);
    std::string names;
    for (const QString& builtin : builtinScenarioPaths())
        names += (names.empty() ? "" : ", ") + QFileInfo(builtin).completeBaseName().toStdString();
    return Error{"no such scenario file, nor a built-in scenario of that name" + (names.empty() ? std::string() : "; built-in: " + names),
                 nameOrPath.toStdString()};
}

} // namespace conform::providers
