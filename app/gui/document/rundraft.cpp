#include "document/rundraft.h"

#include "document/schemadocument.h"

#include "json/parse.h"
#include "providers/scenario.h"
#include "schema/schema.h"

#include <QFileInfo>

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

} // namespace

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

RunDraft::RunDraft(SchemaDocument* schema, QObject* parent) : QObject(parent), m_schema(schema) {}

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
    m_target = choice;
    emit targetChanged();
}

void RunDraft::setPolicy(const engine::Policy& policy)
{
    m_policy = policy;
    emit policyChanged();
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
    spec.policy = m_policy;
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
