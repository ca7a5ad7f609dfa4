// Reading a suite file (suite.h): every error is "FILE: WHERE: what", WHERE being the line
// and column of bad JSON or the JSON pointer of the culprit.
#include "suite/suite.h"
#include "suite/comparison_file.h"

#include "providers/scenario.h"
#include "schema/schema_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <optional>
#include <type_traits>

namespace conform::suite {

namespace {

struct Reader
{
    QDir base;
    schema::SchemaFileOptions reading{true};
    engine::Policy policy; // the suite's, which a case's own policy starts from

    QString pathOf(const std::string& relative) const { return base.filePath(QString::fromStdString(relative)); }
};

Error at(const std::string& pointer, std::string message)
{
    return Error{std::move(message), pointer.empty() ? "/" : pointer};
}

// Every problem found in a file, in the order read: reading goes on past each one, so a user
// fixes them all in one round rather than one per run.
using Problems = std::vector<Error>;

void note(Problems& problems, const Status& status)
{
    if (!status)
        problems.push_back(status.error());
}

// Fields of an object, each checked for its type; unknown fields are errors, so a typo in a
// CI file is caught rather than ignored. Every unknown field goes to `problems` when given;
// the first is returned.
Status knownFields(const Json& object, const std::string& pointer, std::initializer_list<std::string_view> fields,
                   Problems* problems = nullptr)
{
    if (!object.is_object())
        return at(pointer, "must be an object");
    std::optional<Error> first;
    for (const auto& [key, value] : object.items()) {
        if (std::find(fields.begin(), fields.end(), key) != fields.end())
            continue;
        Error unknown = at(appendPointer(pointer, key), "unknown field");
        if (!problems)
            return unknown;
        if (!first)
            first = unknown;
        problems->push_back(std::move(unknown));
    }
    if (first)
        return *first;
    return Done{};
}

Result<std::string> stringField(const Json& object, const std::string& pointer, const char* key, bool required)
{
    const auto found = object.find(key);
    if (found == object.end())
        return required ? Result<std::string>(at(pointer, std::string("\"") + key + "\" is required")) : std::string();
    if (!found->is_string() || (required && found->get<std::string>().empty()))
        return at(appendPointer(pointer, key), "must be a non-empty string");
    return found->get<std::string>();
}

Result<std::int64_t> integerField(const Json& object, const std::string& pointer, const char* key, std::int64_t low,
                                  std::int64_t high, std::int64_t fallback)
{
    const auto found = object.find(key);
    if (found == object.end())
        return fallback;
    if (!found->is_number_integer() || found->get<std::int64_t>() < low || found->get<std::int64_t>() > high)
        return at(appendPointer(pointer, key), "must be an integer from " + std::to_string(low) + " to " + std::to_string(high));
    return found->get<std::int64_t>();
}

Result<std::optional<double>> rateField(const Json& object, const std::string& pointer, const char* key, double high)
{
    const auto found = object.find(key);
    if (found == object.end())
        return std::optional<double>();
    if (!found->is_number() || found->get<double>() < 0 || found->get<double>() > high)
        return at(appendPointer(pointer, key), "must be a number from 0 to " + QString::number(high).toStdString());
    return std::optional<double>(found->get<double>());
}

// A prompt: the text itself, or a file next to the suite when it looks like a file name.
Result<std::string> promptText(const Reader& r, const Json& object, const std::string& pointer, const char* key)
{
    auto text = stringField(object, pointer, key, false);
    if (!text)
        return text;
    static const QRegularExpression fileName(QStringLiteral("^[^\\s]+\\.(md|txt|prompt)$"));
    const QString value = QString::fromStdString(text.value());
    if (!fileName.match(value).hasMatch())
        return text;
    QFile file(r.pathOf(text.value()));
    if (!file.open(QIODevice::ReadOnly))
        return at(appendPointer(pointer, key), text.value() + ": " + file.errorString().toStdString());
    return file.readAll().toStdString();
}

// The fields a capture's policy has beyond a hand-written suite's (store::policyJson), so a
// regression suite's case runs under the policy its capture ran under.
Status readCapturePolicy(const Json& object, const std::string& pointer, engine::Policy& policy)
{
    const auto integer = [&](const char* key, std::int64_t low, std::int64_t high, auto& out) -> Status {
        if (!object.contains(key))
            return Done{};
        auto value = integerField(object, pointer, key, low, high, 0);
        if (!value)
            return value.error();
        out = static_cast<std::remove_reference_t<decltype(out)>>(value.value());
        return Done{};
    };
    if (object.contains("timeout_s") && object.contains("timeout_ms"))
        return at(pointer + "/timeout_ms", "says what timeout_s says: give one of them");
    for (const auto& status : {integer("max_tokens_ceiling", 0, 40'000'000, policy.maxTokensCeiling),
                               integer("timeout_ms", 1, 86'400'000, policy.timeoutMs),
                               integer("stall_timeout_ms", 1, 86'400'000, policy.stallTimeoutMs),
                               integer("original_limit", 0, 100'000'000, policy.originalLimit),
                               integer("max_reply_bytes", 1, std::int64_t(1) << 40, policy.maxReplyBytes)})
        if (!status)
            return status;
    if (object.contains("repair_template")) {
        if (!object["repair_template"].is_string())
            return at(pointer + "/repair_template", "must be a string");
        policy.repairTemplate = object["repair_template"].get<std::string>();
    }
    if (object.contains("temperature") && object["temperature"].is_null())
        policy.temperature.reset(); // a capture's policy says null for "not set"
    return Done{};
}

Status readPolicy(const Json& object, const std::string& pointer, engine::Policy& policy)
{
    if (auto ok = knownFields(object, pointer, {"max_repairs", "max_calls", "max_transport_retries", "retries", "max_tokens",
                                               "temperature", "coerce", "strict_repairs", "stream", "timeout_s", "on_truncation",
                                               "max_tokens_ceiling", "timeout_ms", "stall_timeout_ms", "original_limit",
                                               "max_reply_bytes", "repair_template"}); !ok)
        return ok;
    if (auto ok = readCapturePolicy(object, pointer, policy); !ok)
        return ok;
    // A capture's policy says max_transport_retries; suites written before said retries.
    const char* retries = object.contains("retries") ? "retries" : "max_transport_retries";
    if (object.contains("retries") && object.contains("max_transport_retries"))
        return at(pointer + "/retries", "is the old name of max_transport_retries: give one of them");
    const auto integer = [&](const char* key, std::int64_t low, std::int64_t high, int& out) -> Status {
        auto value = integerField(object, pointer, key, low, high, out);
        if (!value)
            return value.error();
        out = static_cast<int>(value.value());
        return Done{};
    };
    for (const auto& status : {integer("max_repairs", 0, 20, policy.maxRepairs), integer("max_calls", 1, 100, policy.maxCalls),
                               integer(retries, 0, 20, policy.maxTransportRetries),
                               integer("max_tokens", 1, 10'000'000, policy.maxTokens)})
        if (!status)
            return status;
    const bool unsetTemperature = object.contains("temperature") && object["temperature"].is_null(); // read above
    if (auto temperature = unsetTemperature ? Result<std::optional<double>>(std::nullopt) : rateField(object, pointer, "temperature", 2); !temperature)
        return temperature.error();
    else if (temperature.value())
        policy.temperature = *temperature.value();
    if (auto timeout = rateField(object, pointer, "timeout_s", 86400); !timeout)
        return timeout.error();
    else if (timeout.value())
        policy.timeoutMs = static_cast<int>(*timeout.value() * 1000);
    for (const auto& [key, flag] : {std::pair{"coerce", &policy.coerce}, std::pair{"strict_repairs", &policy.strictRepairs},
                                    std::pair{"stream", &policy.stream}}) {
        if (!object.contains(key))
            continue;
        if (!object[key].is_boolean())
            return at(appendPointer(pointer, key), "must be true or false");
        *flag = object[key].get<bool>();
    }
    if (object.contains("on_truncation")) {
        const auto choice = object["on_truncation"].is_string()
            ? engine::parseTruncationPolicy(object["on_truncation"].get<std::string>()) : std::nullopt;
        if (!choice)
            return at(pointer + "/on_truncation", "must be \"continue\", \"raise\" or \"fail\"");
        policy.onTruncation = *choice;
    }
    return Done{};
}

Result<std::shared_ptr<const providers::Scenario>> readScenario(const Reader& r, const std::string& name)
{
    // A file next to the suite, else a built-in scenario of that name.
    const QString local = r.pathOf(name);
    auto loaded = QFileInfo::exists(local) ? providers::loadScenario(local) : providers::loadScenarioNamed(QString::fromStdString(name));
    if (!loaded)
        return loaded.error();
    return std::make_shared<const providers::Scenario>(std::move(loaded.value()));
}

Result<SuiteTarget> readTarget(const Reader& r, const Json& object, const std::string& pointer)
{
    if (auto ok = knownFields(object, pointer, {"provider", "model", "mode", "base_url", "scenario", "name"}); !ok)
        return ok.error();
    SuiteTarget t;
    auto provider = stringField(object, pointer, "provider", true);
    if (!provider)
        return provider.error();
    const auto kind = providers::parseProviderKind(provider.value());
    if (!kind)
        return at(pointer + "/provider", "must be anthropic, openai, openai-responses, ollama or scenario");
    t.target.provider = *kind;
    for (const auto& [key, out] : {std::pair{"model", &t.target.model}, std::pair{"base_url", &t.target.baseUrl}, std::pair{"name", &t.name}}) {
        auto value = stringField(object, pointer, key, false);
        if (!value)
            return value.error();
        *out = std::move(value.value());
    }
    if (auto mode = stringField(object, pointer, "mode", false); !mode) {
        return mode.error();
    } else if (!mode.value().empty()) {
        const auto choice = engine::parseModeChoice(mode.value());
        if (!choice)
            return at(pointer + "/mode", "must be auto, strict, tool, json-object or text");
        t.target.mode = *choice;
    }
    auto scenario = stringField(object, pointer, "scenario", *kind == providers::ProviderKind::Scenario);
    if (!scenario)
        return scenario.error();
    if (*kind != providers::ProviderKind::Scenario && !scenario.value().empty())
        return at(pointer + "/scenario", "only a scenario target names a scenario");
    if (*kind == providers::ProviderKind::Scenario) {
        auto loaded = readScenario(r, scenario.value());
        if (!loaded)
            return at(pointer + "/scenario", loaded.error().toString());
        t.target.scenario = std::move(loaded.value());
        if (t.target.model.empty())
            t.target.model = t.target.scenario->name;
    } else if (t.target.model.empty()) {
        return at(pointer, "\"model\" is required");
    }
    if (t.name.empty())
        t.name = defaultTargetName(t.target);
    return t;
}

// A case's "messages": the conversation as sent (a captured call without variables).
Status readMessages(const Json& list, const std::string& pointer, engine::Prompt& prompt)
{
    if (!list.is_array() || list.empty())
        return at(pointer, "must be a non-empty array of {\"role\", \"content\"}");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string item = pointer + "/" + std::to_string(i);
        if (auto ok = knownFields(list[i], item, {"role", "content"}); !ok)
            return ok;
        auto role = stringField(list[i], item, "role", true);
        if (!role)
            return role.error();
        if (!list[i].contains("content") || !list[i]["content"].is_string())
            return at(item + "/content", "must be a string");
        const std::string content = list[i]["content"].get<std::string>();
        if (role.value() == "system" && i == 0)
            prompt.system = content;
        else if (role.value() == "user")
            prompt.messages.push_back(providers::Message::user(content));
        else if (role.value() == "assistant")
            prompt.messages.push_back(providers::Message::assistant(content));
        else
            return at(item + "/role", i == 0 ? "must be system, user or assistant" : "must be user or assistant (a system message comes first)");
        if (role.value() == "user")
            prompt.user = content;
    }
    if (prompt.user.empty() && std::none_of(prompt.messages.begin(), prompt.messages.end(),
                                            [](const providers::Message& m) { return m.role == providers::Message::Role::User; }))
        return at(pointer, "needs a user message");
    return Done{};
}

// What a regression suite's case adds (suite.h): its capture, target, policy, cassette.
Status readReplayFields(const Reader& r, const Json& object, const std::string& pointer, SuiteCase& c)
{
    for (const auto& [key, out] : {std::pair{"capture", &c.captureId}, std::pair{"target", &c.targetName}}) {
        auto value = stringField(object, pointer, key, false);
        if (!value)
            return value.error();
        *out = std::move(value.value());
    }
    if (object.contains("policy")) {
        c.policy = r.policy;
        if (auto ok = readPolicy(object["policy"], pointer + "/policy", *c.policy); !ok)
            return ok;
    }
    if (object.contains("cassette")) {
        auto cassette = providers::Cassette::fromJson(object["cassette"], pointer + "/cassette");
        if (!cassette)
            return cassette.error();
        c.cassette = std::make_shared<const providers::Cassette>(std::move(cassette).value());
    }
    return Done{};
}

Result<SuiteCase> readCase(const Reader& r, const Json& object, const std::string& pointer)
{
    if (auto ok = knownFields(object, pointer, {"name", "schema", "system", "user", "vars", "messages", "assert", "capture", "target",
                                                "policy", "cassette"}); !ok)
        return ok.error();
    SuiteCase c;
    auto name = stringField(object, pointer, "name", true);
    if (!name)
        return name.error();
    c.name = std::move(name.value());
    if (!object.contains("schema"))
        return at(pointer, "\"schema\" is required");
    const Json& schemaValue = object["schema"];
    if (schemaValue.is_string()) {
        schema::SchemaFile file = schema::loadSchemaFile(r.pathOf(schemaValue.get<std::string>()), r.reading, schemaValue.get<std::string>());
        if (!file.ok)
            return at(pointer + "/schema", file.error);
        c.schema = std::move(file.document);
        c.validator = std::make_shared<const schema::Validator>(std::move(*file.validator));
    } else if (schemaValue.is_object()) {
        schema::CompileOptions options;
        options.assertFormats = r.reading.assertFormats;
        options.defaultDraft = r.reading.defaultDraft;
        auto compiled = schema::Validator::compile(schemaValue, options);
        if (!compiled)
            return at(pointer + "/schema" + compiled.error().where, compiled.error().message);
        c.schema = schemaValue;
        c.validator = std::make_shared<const schema::Validator>(std::move(compiled.value()));
    } else {
        return at(pointer + "/schema", "must be a schema file or a schema object");
    }
    if (auto ok = readReplayFields(r, object, pointer, c); !ok)
        return ok.error();
    if (object.contains("messages")) {
        for (const char* key : {"system", "user", "vars"})
            if (object.contains(key))
                return at(pointer + "/" + key, "a case with \"messages\" has no \"" + std::string(key) + "\": the messages are as sent");
        if (auto ok = readMessages(object["messages"], pointer + "/messages", c.prompt); !ok)
            return ok.error();
    }
    auto system = promptText(r, object, pointer, "system");
    auto user = promptText(r, object, pointer, "user");
    if (!system)
        return system.error();
    if (!user)
        return user.error();
    if (user.value().empty() && !object.contains("messages"))
        return at(pointer, "\"user\" is required (the text, or a .md/.txt file)");
    if (!object.contains("messages")) {
        c.prompt.system = std::move(system.value());
        c.prompt.user = std::move(user.value());
    }
    if (object.contains("vars")) {
        const Json& vars = object["vars"];
        if (!vars.is_object())
            return at(pointer + "/vars", "must be an object of strings");
        for (const auto& [key, value] : vars.items()) {
            if (!value.is_string())
                return at(appendPointer(pointer + "/vars", key), "must be a string");
            c.prompt.variables[key] = value.get<std::string>();
        }
    }
    if (object.contains("assert")) {
        const Json& list = object["assert"];
        if (!list.is_array())
            return at(pointer + "/assert", "must be an array of assertions");
        for (std::size_t i = 0; i < list.size(); ++i) {
            auto assertion = parseAssertion(list[i], pointer + "/assert/" + std::to_string(i), r.base.absolutePath().toStdString(), r.reading);
            if (!assertion)
                return assertion.error();
            c.assertions.push_back(std::move(assertion.value()));
        }
    }
    return c;
}

// Each item is read on its own: a bad item is one problem and the next is read all the same.
template <typename T, typename ReadOne>
void readList(const Json& document, const char* key, ReadOne readOne, std::vector<T>& out, Problems& problems)
{
    const std::string pointer = std::string("/") + key;
    if (!document.contains(key) || !document[key].is_array() || document[key].empty()) {
        problems.push_back(at(pointer, "must be a non-empty array"));
        return;
    }
    for (std::size_t i = 0; i < document[key].size(); ++i) {
        auto item = readOne(document[key][i], pointer + "/" + std::to_string(i));
        if (!item)
            problems.push_back(item.error());
        else
            out.push_back(std::move(item.value()));
    }
}

template <typename T>
Status uniqueNames(const std::vector<T>& items, const char* key, const std::function<std::string(const T&)>& nameOf)
{
    for (std::size_t i = 0; i < items.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (nameOf(items[i]) == nameOf(items[j]))
                return at(std::string("/") + key + "/" + std::to_string(i), "the name '" + nameOf(items[i]) + "' is taken by /"
                                                                             + key + "/" + std::to_string(j));
    return Done{};
}

Status readLimits(const Json& d, Suite& suite)
{
    auto repeat = integerField(d, "", "repeat", 1, 10'000, 1);
    auto concurrency = integerField(d, "", "concurrency", 1, 1'000, 4);
    if (!repeat)
        return repeat.error();
    if (!concurrency)
        return concurrency.error();
    suite.repeat = static_cast<int>(repeat.value());
    suite.concurrency = static_cast<int>(concurrency.value());
    if (d.contains("provider_concurrency")) {
        const Json& limits = d["provider_concurrency"];
        if (!limits.is_object())
            return at("/provider_concurrency", "must be an object: provider -> runs at once");
        for (const auto& [provider, limit] : limits.items()) {
            auto value = integerField(limits, "/provider_concurrency", provider.c_str(), 1, 1'000, 1);
            if (!value)
                return value.error();
            if (!providers::parseProviderKind(provider))
                return at(appendPointer("/provider_concurrency", provider), "unknown provider");
            suite.providerConcurrency[provider] = static_cast<int>(value.value());
        }
    }
    if (d.contains("budget")) {
        const Json& b = d["budget"];
        if (auto ok = knownFields(b, "/budget", {"max_calls", "max_tokens"}); !ok)
            return ok;
        for (const auto& [key, out] : {std::pair{"max_calls", &suite.budget.maxCalls}, std::pair{"max_tokens", &suite.budget.maxTokens}}) {
            auto value = integerField(b, "/budget", key, 1, std::int64_t(1) << 50, 0);
            if (!value)
                return value.error();
            if (b.contains(key))
                *out = value.value();
        }
    }
    if (d.contains("thresholds")) {
        const Json& t = d["thresholds"];
        if (auto ok = knownFields(t, "/thresholds", {"min_success", "max_mean_repairs"}); !ok)
            return ok;
        auto minSuccess = rateField(t, "/thresholds", "min_success", 1);
        auto maxRepairs = rateField(t, "/thresholds", "max_mean_repairs", 100);
        if (!minSuccess)
            return minSuccess.error();
        if (!maxRepairs)
            return maxRepairs.error();
        suite.thresholds = {minSuccess.value(), maxRepairs.value()};
    }
    return d.contains("policy") ? readPolicy(d["policy"], "/policy", suite.policy) : Status(Done{});
}

void readSuite(const Reader& r, const Json& d, Suite& suite, Problems& problems)
{
    if (auto ok = knownFields(d, "", {"$schema", "name", "description", "repeat", "concurrency", "provider_concurrency", "budget",
                                      "thresholds", "policy", "targets", "cases"}, &problems); !ok && !d.is_object()) {
        problems.push_back(ok.error());
        return;
    }
    if (auto name = stringField(d, "", "name", true); !name)
        problems.push_back(name.error());
    else
        suite.name = std::move(name.value());
    note(problems, readLimits(d, suite));
    Reader withPolicy = r;
    withPolicy.policy = suite.policy;
    readList<SuiteTarget>(d, "targets", [&](const Json& t, const std::string& p) { return readTarget(r, t, p); }, suite.targets, problems);
    readList<SuiteCase>(d, "cases", [&](const Json& c, const std::string& p) { return readCase(withPolicy, c, p); }, suite.cases, problems);
    note(problems, uniqueNames<SuiteTarget>(suite.targets, "targets", [](const SuiteTarget& t) { return t.name; }));
    note(problems, uniqueNames<SuiteCase>(suite.cases, "cases", [](const SuiteCase& c) { return c.name; }));
    for (std::size_t i = 0; i < suite.cases.size(); ++i) {
        SuiteCase& c = suite.cases[i];
        if (c.targetName.empty())
            continue;
        for (std::size_t t = 0; t < suite.targets.size() && !c.targetIndex; ++t)
            if (suite.targets[t].name == c.targetName)
                c.targetIndex = t;
        if (!c.targetIndex)
            problems.push_back(at("/cases/" + std::to_string(i) + "/target", "no target in /targets is named '" + c.targetName + "'"));
    }
    if (problems.empty())
        note(problems, checkPlannedRuns(suite));
}

// One variant of a comparison: its own fields checked, then merged into each case.
void readVariant(const Reader& r, const Json& v, const std::string& pointer, const Json& cases, ComparisonPlan& plan, Problems& problems)
{
    if (auto ok = knownFields(v, pointer, {"name", "schema", "system", "user", "vars", "policy", "scenario"}); !ok)
        return problems.push_back(ok.error());
    auto name = stringField(v, pointer, "name", true);
    if (!name)
        return problems.push_back(name.error());
    std::optional<engine::Policy> policy;
    if (v.contains("policy")) {
        policy = plan.suite.policy;
        if (auto ok = readPolicy(v["policy"], pointer + "/policy", *policy); !ok)
            return problems.push_back(ok.error());
    }
    std::shared_ptr<const providers::Scenario> scenario;
    if (auto scenarioName = stringField(v, pointer, "scenario", false); !scenarioName) {
        return problems.push_back(scenarioName.error());
    } else if (!scenarioName.value().empty()) {
        auto loaded = readScenario(r, scenarioName.value());
        if (!loaded)
            return problems.push_back(at(pointer + "/scenario", loaded.error().toString()));
        scenario = std::move(loaded.value());
    }
    if (v.contains("vars") && !v["vars"].is_object())
        return problems.push_back(at(pointer + "/vars", "must be an object of strings"));
    for (std::size_t i = 0; i < cases.size(); ++i) {
        Json merged = cases[i].is_object() ? cases[i] : Json::object();
        for (const char* key : {"schema", "system", "user"})
            if (v.contains(key))
                merged[key] = v[key];
        if (v.contains("vars"))
            for (const auto& [key, value] : v["vars"].items())
                merged["vars"][key] = value;
        const bool implicit = cases.size() == 1 && merged.value("name", "") == "default";
        auto c = readCase(r, merged, implicit ? pointer : pointer + " x /cases/" + std::to_string(i));
        if (!c)
            return problems.push_back(c.error());
        c->name = name.value() + "/" + c->name;
        c->variant = name.value();
        c->policy = policy;
        c->scenario = scenario;
        plan.suite.cases.push_back(std::move(c.value()));
    }
    plan.variants.push_back(name.value());
}

void readComparison(const Reader& r, const Json& d, ComparisonPlan& plan, Problems& problems)
{
    if (auto ok = knownFields(d, "", {"$schema", "name", "description", "repeat", "concurrency", "provider_concurrency", "budget",
                                      "policy", "targets", "cases", "variants", "baseline"}, &problems); !ok && !d.is_object()) {
        problems.push_back(ok.error());
        return;
    }
    Suite& suite = plan.suite;
    if (auto name = stringField(d, "", "name", true); !name)
        problems.push_back(name.error());
    else
        suite.name = std::move(name.value());
    if (auto baseline = stringField(d, "", "baseline", false); !baseline)
        problems.push_back(baseline.error());
    else
        plan.baseline = std::move(baseline.value());
    note(problems, readLimits(d, suite));
    readList<SuiteTarget>(d, "targets", [&](const Json& t, const std::string& p) { return readTarget(r, t, p); }, suite.targets, problems);
    Json cases = Json::array({Json{{"name", "default"}}});
    if (d.contains("cases")) {
        if (!d["cases"].is_array() || d["cases"].empty())
            return problems.push_back(at("/cases", "must be a non-empty array"));
        cases = d["cases"];
    }
    if (!d.contains("variants") || !d["variants"].is_array() || d["variants"].empty())
        return problems.push_back(at("/variants", "must be a non-empty array"));
    for (std::size_t j = 0; j < d["variants"].size(); ++j)
        readVariant(r, d["variants"][j], "/variants/" + std::to_string(j), cases, plan, problems);
    for (std::size_t j = 0; j < plan.variants.size(); ++j)
        for (std::size_t k = 0; k < j; ++k)
            if (plan.variants[j] == plan.variants[k])
                problems.push_back(at("/variants/" + std::to_string(j), "the name '" + plan.variants[j] + "' is taken"));
    note(problems, uniqueNames<SuiteTarget>(suite.targets, "targets", [](const SuiteTarget& t) { return t.name; }));
    if (problems.empty() && plan.variants.size() < 2 && suite.targets.size() < 2)
        problems.push_back(at("/variants", "a comparison needs two variants, or one variant and two targets"));
    if (problems.empty())
        note(problems, checkPlannedRuns(suite));
}

} // namespace

Result<ComparisonPlan> loadComparison(const QString& path, const schema::SchemaFileOptions& reading, std::vector<Error>* problems)
{
    const std::string file = path.toStdString();
    auto document = schema::readJsonFile(path);
    if (!document) {
        if (problems)
            *problems = {document.error()};
        return document.error();
    }
    return loadComparison(document.value(), QFileInfo(path).absoluteDir(), file, reading, problems);
}

Result<ComparisonPlan> loadComparison(const Json& document, const QDir& base, const std::string& file,
                                      const schema::SchemaFileOptions& reading, std::vector<Error>* problems)
{
    ComparisonPlan plan;
    plan.suite.file = file;
    Problems found;
    readComparison(Reader{base, reading, {}}, document, plan, found);
    if (found.empty())
        return plan;
    for (Error& problem : found)
        problem = Error{problem.toString(), file};
    if (problems)
        *problems = found;
    return found.front();
}

void reseedScenarios(Suite& suite, std::uint64_t seed)
{
    const auto reseeded = [seed](const std::shared_ptr<const providers::Scenario>& scenario) {
        if (!scenario || !scenario->variation)
            return scenario;
        providers::Scenario copy = *scenario;
        copy.variation->seed = seed;
        return std::make_shared<const providers::Scenario>(std::move(copy));
    };
    for (SuiteTarget& target : suite.targets)
        target.target.scenario = reseeded(target.target.scenario);
    for (SuiteCase& c : suite.cases)
        c.scenario = reseeded(c.scenario);
}

Status checkPlannedRuns(const Suite& suite)
{
    const double planned = double(suite.cases.size()) * double(suite.targets.size()) * double(suite.repeat);
    if (planned > double(kMaxPlannedRuns))
        return Error{"cases x targets x repeat is " + QString::number(planned, 'f', 0).toStdString() + " runs; at most "
                         + std::to_string(kMaxPlannedRuns),
                     "/repeat"};
    return Done{};
}

bool runsOn(const SuiteCase& suiteCase, std::size_t target)
{
    return !suiteCase.targetIndex || *suiteCase.targetIndex == target;
}

std::string defaultTargetName(const engine::Target& target)
{
    std::string name = target.label();
    if (target.mode != engine::ModeChoice::Auto)
        name += ":" + std::string(engine::modeChoiceName(target.mode));
    return name;
}

Result<Suite> loadSuite(const QString& path, const schema::SchemaFileOptions& reading, std::vector<Error>* problems)
{
    const std::string file = path.toStdString();
    auto document = schema::readJsonFile(path);
    if (!document) {
        if (problems)
            *problems = {document.error()};
        return document.error();
    }
    Suite suite;
    suite.file = file;
    const Reader reader{QFileInfo(path).absoluteDir(), reading, {}};
    Problems found;
    readSuite(reader, document.value(), suite, found);
    if (found.empty())
        return suite;
    for (Error& problem : found)
        problem = Error{problem.toString(), file};
    if (problems)
        *problems = found;
    return found.front();
}

Result<SuiteTarget> parseTargetSpec(const std::string& text, const QString& baseDirectory)
{
    const QStringList parts = QString::fromStdString(text).split(QLatin1Char(':'));
    if (parts.size() < 2 || parts.size() > 3 || parts[1].isEmpty())
        return Error{"must be PROVIDER:MODEL[:MODE] (scenario:NAME for a scenario)", "--target " + text};
    Json object{{"provider", parts[0].toStdString()}};
    object[parts[0] == QLatin1String("scenario") ? "scenario" : "model"] = parts[1].toStdString();
    if (parts.size() == 3)
        object["mode"] = parts[2].toStdString();
    auto target = readTarget(Reader{QDir(baseDirectory), schema::SchemaFileOptions{true}, {}}, object, "");
    if (!target)
        return Error{target.error().message, "--target " + text};
    return target;
}

} // namespace conform::suite
