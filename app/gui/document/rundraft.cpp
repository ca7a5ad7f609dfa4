#include "document/rundraft.h"

#include "document/draftedit.h"
#include "document/schemadocument.h"

#include "json/parse.h"
#include "providers/scenario.h"
#include "schema/schema.h"
#include "store/capture.h"

#include <QFileInfo>

#include <utility>

namespace conform::gui {

namespace {

bool blank(const std::string& text)
{
    return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

const Json* scenarioOwnSchema(const engine::Target& target, const std::string& text, const Result<Json>& open)
{
    if (blank(text))
        return scenarioSchemaFor(target, nullptr);
    return open ? scenarioSchemaFor(target, &open.value()) : nullptr;
}

// The one field that differs between two values of the draft ("" when none or several do),
// so that consecutive edits of one field merge into one undo step.
QString onlyDifference(const std::vector<std::pair<const char*, bool>>& differs)
{
    QString field;
    for (const auto& [name, different] : differs) {
        if (!different)
            continue;
        if (!field.isEmpty())
            return {};
        field = QString::fromLatin1(name);
    }
    return field;
}

QString targetField(const TargetChoice& a, const TargetChoice& b)
{
    return onlyDifference({{"provider", a.target.provider != b.target.provider}, {"model", a.target.model != b.target.model},
                           {"base_url", a.target.baseUrl != b.target.baseUrl}, {"mode", a.target.mode != b.target.mode},
                           {"scenario", a.scenarioPath != b.scenarioPath}, {"pace", a.paceMs != b.paceMs}});
}

QString policyField(const engine::Policy& a, const engine::Policy& b)
{
    const Json before = store::policyJson(a);
    const Json after = store::policyJson(b);
    std::vector<std::pair<const char*, bool>> differs;
    for (const auto& [key, value] : after.items())
        differs.emplace_back(key.c_str(), !before.contains(key) || before[key] != value);
    if (before.contains("repair_template") != after.contains("repair_template"))
        differs.emplace_back("repair_template", true);
    return onlyDifference(differs);
}

} // namespace

bool operator==(const TargetChoice& a, const TargetChoice& b)
{
    return a.target.provider == b.target.provider && a.target.model == b.target.model && a.target.baseUrl == b.target.baseUrl
           && a.target.mode == b.target.mode && a.scenarioPath == b.scenarioPath && a.paceMs == b.paceMs;
}

bool samePolicy(const engine::Policy& a, const engine::Policy& b)
{
    return store::policyJson(a) == store::policyJson(b);
}

const Json* scenarioSchemaFor(const engine::Target& target, const Json* schema)
{
    if (!target.scenario || !target.scenario->schema)
        return nullptr;
    const Json& own = *target.scenario->schema;
    if (!schema || schema->is_null())
        return &own;
    // The same $id: the open schema is the scenario's, perhaps being edited; use the edit.
    return !schema::idOf(own).empty() && schema::idOf(*schema) != schema::idOf(own) ? &own : nullptr;
}

Result<engine::Target> resolveTarget(const TargetChoice& choice)
{
    engine::Target target = choice.target;
    if (target.provider != providers::ProviderKind::Scenario)
        return target;
    auto loaded = providers::loadScenario(choice.scenarioPath);
    if (!loaded)
        return Error{loaded.error().message, loaded.error().where};
    target.model = loaded->name;
    target.baseUrl.clear();
    loaded->paceMs = choice.paceMs;
    target.scenario = std::make_shared<const providers::Scenario>(std::move(loaded.value()));
    return target;
}

RunDraft::RunDraft(SchemaDocument* schema, QObject* parent) : QObject(parent), m_schema(schema), m_undo(new QUndoStack(this))
{
    // Coerce is the validation settings': the policy changes when they do.
    connect(m_schema, &SchemaDocument::settingsChanged, this, [this, coerce = m_schema->settings().coerce](const ValidationSettings& settings) mutable {
        if (std::exchange(coerce, settings.coerce) != settings.coerce)
            emit policyChanged();
    });
}

engine::Policy RunDraft::policy() const
{
    engine::Policy policy = m_policy;
    policy.coerce = m_schema->settings().coerce;
    return policy;
}

void RunDraft::setPrompt(const QString& system, const QString& user)
{
    if (system == m_system && user == m_user)
        return;
    m_system = system;
    m_user = user;
    emit promptChanged();
}

void RunDraft::setVariables(std::map<std::string, std::string> variables)
{
    if (variables == m_variables)
        return;
    m_variables = std::move(variables);
    emit variablesChanged();
}

void RunDraft::setTarget(const TargetChoice& choice)
{
    if (choice == m_target)
        return;
    m_target = choice;
    emit targetChanged();
}

void RunDraft::setPolicy(const engine::Policy& policy)
{
    engine::Policy own = policy;
    own.coerce = m_policy.coerce;
    if (samePolicy(own, m_policy))
        return;
    m_policy = std::move(own);
    emit policyChanged();
}

void RunDraft::editVariable(const QString& name, const QString& value)
{
    auto after = m_variables;
    after[name.toStdString()] = value.toStdString();
    if (after == m_variables)
        return;
    m_undo->push(new DraftEdit<std::map<std::string, std::string>>([this](const auto& v) { setVariables(v); }, m_variables,
                                                                   std::move(after), QStringLiteral("variable:") + name,
                                                                   tr("Edit {{%1}}").arg(name)));
}

void RunDraft::editTarget(const TargetChoice& choice)
{
    if (choice == m_target)
        return;
    m_undo->push(new DraftEdit<TargetChoice>([this](const TargetChoice& c) { setTarget(c); }, m_target, choice,
                                             targetField(m_target, choice), tr("Change the target")));
}

void RunDraft::editPolicy(const engine::Policy& policy)
{
    engine::Policy after = policy;
    after.coerce = m_policy.coerce;
    if (samePolicy(after, m_policy))
        return;
    m_undo->push(new DraftEdit<engine::Policy>([this](const engine::Policy& p) { setPolicy(p); }, m_policy, after,
                                               policyField(m_policy, after), tr("Change the policy"), &samePolicy));
}

Result<engine::RunSpec> RunDraft::spec(SchemaRule rule, std::optional<OwnSchema>* own) const
{
    if (own)
        own->reset();
    auto target = resolveTarget(m_target);
    if (!target)
        return target.error();
    engine::RunSpec spec;
    const std::string& text = m_schema->text();
    const bool fromDocument = rule == SchemaRule::ScenarioWhenForeign || !blank(text);
    if (fromDocument) {
        Result<Json> open = json::parseStrict(text);
        const Json* scenarios = rule == SchemaRule::ScenarioWhenForeign ? scenarioOwnSchema(target.value(), text, open) : nullptr;
        if (scenarios) {
            spec.schema = *scenarios;
            if (own)
                *own = OwnSchema{QString::fromStdString(target->scenario->name),
                                 QString::fromStdString(scenarios->contains("title") && (*scenarios)["title"].is_string()
                                                            ? (*scenarios)["title"].get<std::string>() : schema::idOf(*scenarios))};
        } else {
            if (!open)
                return Error{open.error().toString(), "schema"};
            spec.schema = std::move(open.value());
            // The document's compile of this very text brings the $refs to sibling files.
            if (m_schema->isCurrent() && m_schema->current()->text == text && m_schema->current()->analysis.ok())
                spec.validator = std::make_shared<const schema::Validator>(*m_schema->current()->analysis.validator);
        }
    }
    spec.prompt.system = m_system.toStdString();
    spec.prompt.user = m_user.toStdString();
    spec.prompt.variables = m_variables;
    spec.targets.push_back(std::move(target.value()));
    spec.policy = policy();
    return spec;
}

store::SpecSources RunDraft::sources() const
{
    store::SpecSources sources;
    if (!m_schema->filePath().isEmpty())
        sources.schema = QFileInfo(m_schema->filePath()).absoluteFilePath().toStdString();
    return sources;
}

} // namespace conform::gui
