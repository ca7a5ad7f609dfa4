#include "storedrun.h"

#include <QRegularExpression>

namespace conform::gui {

namespace {

std::string stringAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

long long integerAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<long long>() : 0;
}

bool trueAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_boolean() && it->get<bool>();
}

Json arrayAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_array() ? *it : Json::array();
}

engine::AttemptKind kindNamed(const std::string& name)
{
    for (auto kind : {engine::AttemptKind::Initial, engine::AttemptKind::Repair, engine::AttemptKind::Continuation,
                      engine::AttemptKind::ReaskLarger, engine::AttemptKind::Fallback})
        if (engine::attemptKindName(kind) == name)
            return kind;
    return engine::AttemptKind::Initial;
}

std::optional<Span> spanOf(const Json& object)
{
    if (!object.is_object() || !object.contains("offset") || !object["offset"].is_number_unsigned())
        return std::nullopt;
    return Span{object["offset"].get<std::size_t>(), static_cast<std::size_t>(std::max(0LL, integerAt(object, "length")))};
}

} // namespace

engine::AttemptRecord attemptFromJson(const Json& a)
{
    engine::AttemptRecord r;
    if (!a.is_object())
        return r;
    r.target = stringAt(a, "target");
    r.mode = providers::parseMode(stringAt(a, "mode")).value_or(providers::Mode::Text);
    r.kind = kindNamed(stringAt(a, "kind"));
    r.repair = static_cast<int>(integerAt(a, "repair"));
    r.request = a.value("request", Json());
    r.requestBytes = static_cast<std::size_t>(std::max(0LL, integerAt(a, "request_bytes")));
    r.maxTokens = static_cast<int>(integerAt(a, "max_tokens"));
    r.raw = stringAt(a, "raw");
    r.joinedAt = static_cast<std::size_t>(std::max(0LL, integerAt(a, "joined_at")));
    r.parsed = trueAt(a, "parsed");
    r.value = a.value("value", Json());
    r.fixes = arrayAt(a, "fixes");
    r.coercions = arrayAt(a, "coercions");
    r.issues = arrayAt(a, "issues");
    r.extractionFailure = stringAt(a, "extraction_failure");
    r.valid = trueAt(a, "valid");
    r.stopReason = stringAt(a, "stop_reason");
    const Json usage = a.value("usage", Json::object());
    if (usage.is_object())
        r.usage = {integerAt(usage, "input"), integerAt(usage, "output"), integerAt(usage, "cached")};
    r.latencyMs = integerAt(a, "latency_ms");
    r.httpStatus = static_cast<int>(integerAt(a, "http_status"));
    for (const Json& retry : arrayAt(a, "retries"))
        if (retry.is_object())
            r.retries.push_back({static_cast<int>(integerAt(retry, "status")), integerAt(retry, "delay_ms"), stringAt(retry, "reason"),
                                 integerAt(retry, "try_ms")});
    r.error = stringAt(a, "error");
    r.truncated = trueAt(a, "truncated");
    r.notEnforced = trueAt(a, "not_enforced");
    return r;
}

std::vector<engine::AttemptRecord> attemptsOfRun(const Json& run)
{
    std::vector<engine::AttemptRecord> out;
    for (const Json& attempt : arrayAt(run, "attempts"))
        out.push_back(attemptFromJson(attempt));
    return out;
}

QString issueSummary(const Json& issue)
{
    if (!issue.is_object())
        return {};
    QString path;
    for (const Json& part : arrayAt(issue, "path"))
        path += QLatin1Char('/') + QString::fromStdString(part.is_string() ? part.get<std::string>() : part.dump());
    return (path.isEmpty() ? QStringLiteral("/") : path) + QStringLiteral(": ") + QString::fromStdString(stringAt(issue, "message"));
}

std::vector<Span> fixSpans(const engine::AttemptRecord& attempt)
{
    std::vector<Span> spans;
    for (const Json& fix : attempt.fixes)
        if (auto span = spanOf(fix))
            spans.push_back(*span);
    return spans;
}

std::vector<Span> issueSpans(const engine::AttemptRecord& attempt)
{
    std::vector<Span> spans;
    for (const Json& issue : attempt.issues)
        if (issue.is_object() && issue.contains("span"))
            if (auto span = spanOf(issue["span"]))
                spans.push_back(*span);
    return spans;
}

engine::RunSpec specOfCapture(const store::Capture& capture)
{
    engine::RunSpec spec;
    spec.schema = capture.schema;
    spec.prompt.system = capture.system;
    spec.prompt.user = capture.user;
    if (const Json vars = capture.spec.value("variables", Json::object()); vars.is_object())
        for (const auto& [key, value] : vars.items())
            spec.prompt.variables[key] = value.is_string() ? value.get<std::string>() : value.dump();
    const Json policy = capture.spec.value("policy", Json::object());
    engine::Policy& p = spec.policy;
    p.maxTransportRetries = static_cast<int>(policy.value("max_transport_retries", p.maxTransportRetries));
    p.maxRepairs = static_cast<int>(policy.value("max_repairs", p.maxRepairs));
    p.maxCalls = static_cast<int>(policy.value("max_calls", p.maxCalls));
    p.onTruncation = engine::parseTruncationPolicy(stringAt(policy, "on_truncation")).value_or(p.onTruncation);
    p.maxTokens = static_cast<int>(policy.value("max_tokens", p.maxTokens));
    p.maxTokensCeiling = static_cast<int>(policy.value("max_tokens_ceiling", 0));
    p.coerce = trueAt(policy, "coerce");
    p.strictRepairs = trueAt(policy, "strict_repairs");
    p.stream = trueAt(policy, "stream");
    if (policy.contains("temperature") && policy["temperature"].is_number())
        p.temperature = policy["temperature"].get<double>();
    p.repairTemplate = stringAt(policy, "repair_template");
    for (const Json& t : arrayAt(capture.spec, "targets")) {
        engine::Target target;
        target.provider = providers::parseProviderKind(stringAt(t, "provider")).value_or(providers::ProviderKind::Scenario);
        target.model = stringAt(t, "model");
        target.baseUrl = stringAt(t, "base_url");
        target.mode = engine::parseModeChoice(stringAt(t, "mode")).value_or(engine::ModeChoice::Auto);
        spec.targets.push_back(std::move(target));
    }
    return spec;
}

QStringList reproduceArguments(const Json& document, const QString& schemaFile, const QString& systemFile)
{
    const Json spec = document.value("spec", Json::object());
    const Json prompt = spec.value("prompt", Json::object());
    const Json policy = spec.value("policy", Json::object());
    const Json targets = arrayAt(spec, "targets");
    const Json target = targets.empty() ? Json::object() : targets[0];
    const auto q = [](const std::string& text) { return QString::fromStdString(text); };
    QStringList args{QStringLiteral("run"), QStringLiteral("--schema"), schemaFile};
    if (!stringAt(prompt, "system").empty())
        args << QStringLiteral("--system") << systemFile;
    args << QStringLiteral("--user") << q(stringAt(prompt, "user"));
    if (const Json vars = prompt.value("variables", Json::object()); vars.is_object())
        for (const auto& [key, value] : vars.items())
            args << QStringLiteral("--var") << q(key + "=" + (value.is_string() ? value.get<std::string>() : value.dump()));
    const std::string provider = stringAt(target, "provider");
    args << QStringLiteral("--provider") << q(provider);
    if (provider == "scenario")
        args << QStringLiteral("--scenario") << q(stringAt(target, "scenario"));
    else if (!stringAt(target, "model").empty())
        args << QStringLiteral("--model") << q(stringAt(target, "model"));
    if (!stringAt(target, "base_url").empty())
        args << QStringLiteral("--base-url") << q(stringAt(target, "base_url"));
    if (!stringAt(target, "mode").empty())
        args << QStringLiteral("--mode") << q(stringAt(target, "mode"));
    const auto number = [&](const char* key, const char* flag) {
        if (policy.contains(key) && policy[key].is_number())
            args << QString::fromLatin1(flag) << q(policy[key].dump());
    };
    number("max_repairs", "--max-repairs");
    number("max_calls", "--max-calls");
    number("max_transport_retries", "--retries");
    number("max_tokens", "--max-tokens");
    number("max_tokens_ceiling", "--max-tokens-ceiling");
    number("temperature", "--temperature");
    if (!stringAt(policy, "on_truncation").empty())
        args << QStringLiteral("--on-truncation") << q(stringAt(policy, "on_truncation"));
    if (trueAt(policy, "coerce"))
        args << QStringLiteral("--coerce");
    if (trueAt(policy, "strict_repairs"))
        args << QStringLiteral("--strict-repairs");
    if (trueAt(policy, "stream"))
        args << QStringLiteral("--stream");
    args << QStringLiteral("--label") << q("replay_of=" + stringAt(document, "id"));
    return args;
}

QString shellCommand(const QStringList& arguments)
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

} // namespace conform::gui
