#include "suite/comparison_writer.h"

#include "engine/run_spec.h"

#include <QFileInfo>

namespace conform::suite {

namespace {

// A built-in scenario by its name, a file relative to `base`: as the reader resolves them.
std::string scenarioReference(const providers::Scenario& scenario, const QDir& base)
{
    const QString file = QString::fromStdString(scenario.file);
    if (file.isEmpty() || file.startsWith(QLatin1Char(':')))
        return file.isEmpty() ? scenario.name : QFileInfo(file).completeBaseName().toStdString();
    return base.relativeFilePath(QFileInfo(file).absoluteFilePath()).toStdString();
}

Json targetJson(const SuiteTarget& t, const QDir& base)
{
    Json out{{"provider", std::string(providers::providerName(t.target.provider))}};
    if (t.target.scenario)
        out["scenario"] = scenarioReference(*t.target.scenario, base);
    else
        out["model"] = t.target.model;
    if (t.target.mode != engine::ModeChoice::Auto)
        out["mode"] = std::string(engine::modeChoiceName(t.target.mode));
    if (!t.target.baseUrl.empty() && !t.target.scenario)
        out["base_url"] = t.target.baseUrl;
    out["name"] = t.name;
    return out;
}

Result<Json> variantJson(const VariantCases& variant, const engine::Policy& planPolicy, const QDir& base)
{
    if (variant.cases.size() != 1)
        return Error{"the variant " + variant.name + " has " + std::to_string(variant.cases.size())
                         + " cases: only a variant of one case can be written",
                     "/variants"};
    const SuiteCase& c = variant.cases.front();
    if (!c.assertions.empty())
        return Error{"the variant " + variant.name + " has assertions: only a variant without them can be written", "/variants"};
    Json out{{"name", variant.name}, {"schema", c.schema}};
    if (!c.prompt.system.empty())
        out["system"] = c.prompt.system;
    out["user"] = c.prompt.user;
    if (!c.prompt.variables.empty()) {
        Json vars = Json::object();
        for (const auto& [name, value] : c.prompt.variables)
            vars[name] = value;
        out["vars"] = std::move(vars);
    }
    if (c.policy && filePolicyJson(*c.policy) != filePolicyJson(planPolicy))
        out["policy"] = filePolicyJson(*c.policy);
    if (c.scenario)
        out["scenario"] = scenarioReference(*c.scenario, base);
    return out;
}

} // namespace

Json filePolicyJson(const engine::Policy& p)
{
    Json out{{"max_repairs", p.maxRepairs}, {"max_calls", p.maxCalls}, {"max_transport_retries", p.maxTransportRetries},
             {"max_tokens", p.maxTokens}};
    if (p.temperature)
        out["temperature"] = *p.temperature;
    out["timeout_s"] = p.timeoutMs / 1000.0;
    out["on_truncation"] = std::string(engine::truncationPolicyName(p.onTruncation));
    out["coerce"] = p.coerce;
    out["strict_repairs"] = p.strictRepairs;
    out["stream"] = p.stream;
    return out;
}

Result<Json> comparisonDocument(const ComparisonDraft& draft, const QDir& base)
{
    Json variants = Json::array();
    for (const VariantCases& variant : draft.variants) {
        auto written = variantJson(variant, draft.policy, base);
        if (!written)
            return written.error();
        variants.push_back(std::move(written.value()));
    }
    Json targets = Json::array();
    for (const SuiteTarget& target : draft.targets)
        targets.push_back(targetJson(target, base));
    Json out{{"name", draft.name},
             {"repeat", draft.repeat},
             {"concurrency", draft.concurrency},
             {"policy", filePolicyJson(draft.policy)},
             {"targets", std::move(targets)}};
    // The one case's name, when the variants share one that is not the reader's default.
    if (!draft.variants.empty()) {
        const std::string& caseName = draft.variants.front().cases.front().name;
        bool shared = caseName != "default";
        for (const VariantCases& variant : draft.variants)
            shared = shared && variant.cases.front().name == caseName;
        if (shared)
            out["cases"] = Json::array({Json{{"name", caseName}}});
    }
    out["variants"] = std::move(variants);
    if (!draft.baseline.empty())
        out["baseline"] = draft.baseline;
    return out;
}

} // namespace conform::suite
