#include "store/capture_spec.h"

#include "json/parse.h"
#include "providers/http.h"
#include "providers/provider.h"
#include "providers/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

namespace conform::store {

namespace {

std::string stringAt(const Json& object, const char* key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

template <typename Number>
void numberAt(const Json& object, const char* key, Number& out)
{
    if (!object.is_object())
        return;
    const auto it = object.find(key);
    if (it != object.end() && it->is_number())
        out = it->get<Number>();
}

void booleanAt(const Json& object, const char* key, bool& out)
{
    if (!object.is_object())
        return;
    const auto it = object.find(key);
    if (it != object.end() && it->is_boolean())
        out = it->get<bool>();
}

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

std::optional<QByteArray> fileBytes(const std::string& path)
{
    if (path.empty())
        return std::nullopt;
    QFile file(q(path));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

// The original file when it still holds `hash` (of its text, or of its compact JSON for a
// schema), else a copy of `text` in the specs folder named by that hash.
class FileNamer
{
public:
    explicit FileNamer(QString folder) : m_folder(std::move(folder)) {}

    Result<QString> schema(const std::string& original, const Json& schema)
    {
        const std::string text = dump(schema);
        if (const auto bytes = fileBytes(original)) {
            auto parsed = json::parseStrict(bytes->toStdString());
            if (parsed && shortHash(dump(parsed.value())) == shortHash(text))
                return q(original);
        }
        return copy(shortHash(text) + ".json", dump(schema, 2) + '\n');
    }

    Result<QString> text(const std::string& original, const std::string& text)
    {
        if (const auto bytes = fileBytes(original); bytes && shortHash(bytes->toStdString()) == shortHash(text))
            return q(original);
        return copy(shortHash(text) + ".txt", text);
    }

private:
    Result<QString> copy(const std::string& name, const std::string& text)
    {
        const QString path = QDir(m_folder).filePath(q(name));
        if (const auto bytes = fileBytes(path.toStdString()); bytes && bytes->toStdString() == text)
            return path; // the same text was copied before
        if (!QDir().mkpath(m_folder))
            return Error{"cannot create " + m_folder.toStdString(), {}};
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
            return Error{path.toStdString() + ": " + file.errorString().toStdString(), {}};
        return path;
    }

    QString m_folder;
};

// Milliseconds as the seconds the command line takes ("1.5", "120").
QString seconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 12);
}

void addPolicy(const engine::Policy& p, QStringList& args)
{
    args << QStringLiteral("--retries") << QString::number(p.maxTransportRetries) << QStringLiteral("--max-repairs")
         << QString::number(p.maxRepairs) << QStringLiteral("--max-calls") << QString::number(p.maxCalls)
         << QStringLiteral("--on-truncation") << q(std::string(engine::truncationPolicyName(p.onTruncation)))
         << QStringLiteral("--max-tokens") << QString::number(p.maxTokens) << QStringLiteral("--max-tokens-ceiling")
         << QString::number(p.ceiling()) << QStringLiteral("--timeout") << seconds(p.timeoutMs) << QStringLiteral("--stall-timeout")
         << seconds(p.stallTimeoutMs) << QStringLiteral("--original-limit") << QString::number(p.originalLimit);
    if (p.maxReplyBytes != providers::kDefaultMaxReplyBytes)
        args << QStringLiteral("--max-reply-bytes") << QString::number(p.maxReplyBytes);
    if (p.temperature)
        args << QStringLiteral("--temperature") << q(Json(*p.temperature).dump()); // the shortest text that reads back the same
    if (p.coerce)
        args << QStringLiteral("--coerce");
    if (p.strictRepairs)
        args << QStringLiteral("--strict-repairs");
    if (p.stream)
        args << QStringLiteral("--stream");
}

void addTarget(const engine::Target& t, QStringList& args)
{
    // The Responses API is spelled as the command line's users know it.
    args << QStringLiteral("--provider") << q(std::string(providers::providerName(providers::keyProvider(t.provider))));
    if (t.provider == providers::ProviderKind::OpenAIResponses)
        args << QStringLiteral("--api") << QStringLiteral("responses");
    if (!t.model.empty())
        args << QStringLiteral("--model") << q(t.model);
    if (!t.baseUrl.empty())
        args << QStringLiteral("--base-url") << q(providers::redactUrl(t.baseUrl));
    args << QStringLiteral("--mode") << q(std::string(engine::modeChoiceName(t.mode)));
    if (t.provider == providers::ProviderKind::Scenario && t.scenario) {
        const std::string& file = t.scenario->file;
        const bool onDisk = !file.empty() && file.front() != ':' && QFileInfo::exists(q(file));
        args << QStringLiteral("--scenario") << (onDisk ? q(file) : q(t.scenario->name));
    }
}

} // namespace

Json policyJson(const engine::Policy& p)
{
    Json out{{"max_transport_retries", p.maxTransportRetries}, {"max_repairs", p.maxRepairs}, {"max_calls", p.maxCalls},
             {"on_truncation", std::string(engine::truncationPolicyName(p.onTruncation))}, {"max_tokens_ceiling", p.ceiling()},
             {"coerce", p.coerce},
             {"strict_repairs", p.strictRepairs}, {"timeout_ms", p.timeoutMs}, {"stall_timeout_ms", p.stallTimeoutMs},
             {"temperature", p.temperature ? Json(*p.temperature) : Json()}, {"max_tokens", p.maxTokens},
             {"stream", p.stream}, {"original_limit", p.originalLimit}, {"max_reply_bytes", p.maxReplyBytes}};
    if (!p.repairTemplate.empty())
        out["repair_template"] = p.repairTemplate;
    return out;
}

Json targetJson(const engine::Target& target)
{
    Json out{{"provider", std::string(providers::providerName(target.provider))}, {"model", target.model},
             {"base_url", providers::redactUrl(target.baseUrl)}, {"mode", std::string(engine::modeChoiceName(target.mode))}};
    if (target.scenario) {
        out["scenario"] = target.scenario->name;
        if (!target.scenario->file.empty() && target.scenario->file.front() != ':')
            out["scenario_file"] = QFileInfo(q(target.scenario->file)).absoluteFilePath().toStdString();
    }
    return out;
}

Json specJson(const engine::RunSpec& spec, const SpecSources& sources)
{
    Json variables = Json::object();
    for (const auto& [name, value] : spec.prompt.variables)
        variables[name] = value;
    Json targets = Json::array();
    for (const engine::Target& target : spec.targets)
        targets.push_back(targetJson(target));
    Json out{{"variables", std::move(variables)}, {"targets", std::move(targets)}, {"policy", policyJson(spec.policy)}};
    if (!sources.empty()) {
        Json files = Json::object();
        for (const auto& [key, path] : {std::pair{"schema", &sources.schema}, std::pair{"system", &sources.system},
                                        std::pair{"user", &sources.user}, std::pair{"repair_template", &sources.repairTemplate}})
            if (!path->empty())
                files[key] = *path;
        out["sources"] = std::move(files);
    }
    return out;
}

void recordSources(Capture& capture, const SpecSources& sources)
{
    if (sources.empty())
        return;
    capture.spec["sources"] = specJson({}, sources)["sources"];
    capture.specText = dump(capture.spec); // as summarize() made it: the text that is stored
}

SpecSources sourcesOfCapture(const Capture& capture)
{
    const Json files = capture.spec.value("sources", Json::object());
    return {stringAt(files, "schema"), stringAt(files, "system"), stringAt(files, "user"), stringAt(files, "repair_template")};
}

engine::Policy policyOfJson(const Json& policy)
{
    engine::Policy p;
    numberAt(policy, "max_transport_retries", p.maxTransportRetries);
    numberAt(policy, "max_repairs", p.maxRepairs);
    numberAt(policy, "max_calls", p.maxCalls);
    p.onTruncation = engine::parseTruncationPolicy(stringAt(policy, "on_truncation")).value_or(p.onTruncation);
    numberAt(policy, "max_tokens", p.maxTokens);
    numberAt(policy, "max_tokens_ceiling", p.maxTokensCeiling);
    booleanAt(policy, "coerce", p.coerce);
    booleanAt(policy, "strict_repairs", p.strictRepairs);
    numberAt(policy, "timeout_ms", p.timeoutMs);
    numberAt(policy, "stall_timeout_ms", p.stallTimeoutMs);
    booleanAt(policy, "stream", p.stream);
    numberAt(policy, "original_limit", p.originalLimit);
    numberAt(policy, "max_reply_bytes", p.maxReplyBytes);
    if (policy.is_object() && policy.contains("temperature") && policy["temperature"].is_number())
        p.temperature = policy["temperature"].get<double>();
    p.repairTemplate = stringAt(policy, "repair_template");
    return p;
}

engine::Target targetOfJson(const Json& t)
{
    engine::Target target;
    target.provider = providers::parseProviderKind(stringAt(t, "provider")).value_or(providers::ProviderKind::Scenario);
    target.model = stringAt(t, "model");
    target.baseUrl = stringAt(t, "base_url");
    target.mode = engine::parseModeChoice(stringAt(t, "mode")).value_or(engine::ModeChoice::Auto);
    if (target.provider == providers::ProviderKind::Scenario) {
        const std::string file = stringAt(t, "scenario_file");
        const QString path = !file.empty() && QFileInfo::exists(q(file)) ? q(file)
                                                                         : providers::resolveScenarioPath(q(stringAt(t, "scenario")));
        if (!path.isEmpty())
            if (auto loaded = providers::loadScenario(path))
                target.scenario = std::make_shared<const providers::Scenario>(std::move(loaded.value()));
    }
    return target;
}

engine::RunSpec specOfCapture(const Capture& capture)
{
    engine::RunSpec spec;
    spec.schema = capture.schema;
    spec.prompt.system = capture.system;
    spec.prompt.user = capture.user;
    if (const Json vars = capture.spec.value("variables", Json::object()); vars.is_object())
        for (const auto& [key, value] : vars.items())
            spec.prompt.variables[key] = value.is_string() ? value.get<std::string>() : value.dump();
    spec.policy = policyOfJson(capture.spec.value("policy", Json::object()));
    if (const Json targets = capture.spec.value("targets", Json::array()); targets.is_array())
        for (const Json& target : targets)
            spec.targets.push_back(targetOfJson(target));
    return spec;
}

QString specsFolderOf(const StoreLocation& location)
{
    if (location.kind == StoreLocation::Kind::Sqlite)
        return QFileInfo(location.path).absoluteFilePath() + QStringLiteral(".specs"); // the line works from any folder
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/conform/specs");
}

Result<QStringList> runArguments(const engine::RunSpec& spec, const SpecSources& sources, const Labels& labels,
                                 const QString& specsFolder)
{
    if (spec.targets.empty())
        return Error{"the spec has no target to run", "/spec/targets"};
    FileNamer files(specsFolder);
    auto schema = files.schema(sources.schema, spec.schema);
    if (!schema)
        return schema.error();
    auto user = files.text(sources.user, spec.prompt.user);
    if (!user)
        return user.error();
    QStringList args{QStringLiteral("run"), QStringLiteral("--schema"), schema.value(), QStringLiteral("--prompt"), user.value()};
    if (!spec.prompt.system.empty()) {
        auto system = files.text(sources.system, spec.prompt.system);
        if (!system)
            return system.error();
        args << QStringLiteral("--system") << system.value();
    }
    for (const auto& [name, value] : spec.prompt.variables)
        args << QStringLiteral("--var") << q(name + "=" + value);
    addTarget(spec.targets.front(), args);
    addPolicy(spec.policy, args);
    if (!spec.policy.repairTemplate.empty()) {
        auto repair = files.text(sources.repairTemplate, spec.policy.repairTemplate);
        if (!repair)
            return repair.error();
        args << QStringLiteral("--repair-template") << repair.value();
    }
    for (const auto& [key, value] : labels)
        args << QStringLiteral("--label") << q(key + "=" + value);
    return args;
}

Result<QStringList> commandOfCapture(const Capture& capture, const QString& specsFolder)
{
    Labels labels;
    for (const auto& label : capture.summary.labels)
        if (label.first != "replay_of")
            labels.push_back(label);
    labels.emplace_back("replay_of", capture.summary.id);
    engine::RunSpec spec = specOfCapture(capture);
    if (!spec.targets.empty() && spec.targets.front().provider == providers::ProviderKind::Scenario && !spec.targets.front().scenario)
        return Error{"scenario '" + stringAt(capture.spec.at("targets").at(0), "scenario")
                         + "' is neither a file nor a built-in scenario any more: the command cannot name it",
                     "/spec/targets/0/scenario"};
    return runArguments(spec, sourcesOfCapture(capture), labels, specsFolder);
}

QString shellLine(const QStringList& arguments)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=@%+,-]+$"));
    QStringList words{QStringLiteral("conform-cli")};
    for (const QString& argument : arguments) {
        if (plain.match(argument).hasMatch())
            words << argument;
        else
            words << QLatin1Char('\'') + QString(argument).replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
    }
    return words.join(QLatin1Char(' '));
}

} // namespace conform::store
