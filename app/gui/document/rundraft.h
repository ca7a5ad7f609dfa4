#pragma once
// The run being prepared, as every part of the workbench sees it: the prompt texts, their
// variables, the target and the policy — beside the SchemaDocument it runs against. It is the
// model the Run tab views: every change is announced (promptChanged, variablesChanged,
// targetChanged, policyChanged) and the tab's widgets show what the draft says, whoever wrote
// it — the user, a demo, history or undo. `spec()` is the one way the workbench makes an
// engine::RunSpec: the Run tab, Run ×N, replay and suites call it.
//
//   RunDraft draft(&schemaDocument);
//   draft.setPrompt("You extract goals.", "Goals of {{team}}");     // a demo, a prompt file
//   draft.editVariable("team", "Ops");                              // the user: undoable
//   draft.undoStack()->undo();                                      // "team" is empty again
//   auto spec = draft.spec(RunDraft::SchemaRule::ScenarioWhenForeign);   // or an Error
//
// Two ways to write: set*() changes the draft as a load does (a demo, a prompt file, the rows
// a prompt edit brings), edit*() is a user's edit, one QUndoCommand on undoStack() each,
// consecutive edits of one field merged (typing a model name is one undo step). The prompt
// texts are not edited here: their editors keep their own undo.
//
// Coerce is not the draft's: it is the validation settings' (SchemaDocument::settings()), the
// one switch the toolbar and the Run tab's policy both show; policy() and spec() read it there.
//
// The schema comes from the document's text (never an editor's), with the document's compile
// reused when it is of that text; sources() names the document's file, so a capture can name
// it again.
#include "base/result.h"
#include "engine/run_spec.h"
#include "store/capture_spec.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <map>
#include <optional>
#include <string>

namespace conform::gui {

class SchemaDocument;

// What the target form says, before a scenario file is read: the target without its
// scenario, and the scenario's path (a file or ":/scenarios/NAME.json") with its pace.
struct TargetChoice
{
    engine::Target target;
    QString scenarioPath;
    int paceMs = 0;

    friend bool operator==(const TargetChoice& a, const TargetChoice& b);
};

// Policies equal in every field a run reads (coerce included).
bool samePolicy(const engine::Policy& a, const engine::Policy& b);

// A demo scenario written for a schema of its own answers for that one: its schema when
// `schema` (the open one) is missing or null, or has another $id; null to run `schema`. The
// Run activity and Run ×N decide alike.
const Json* scenarioSchemaFor(const engine::Target& target, const Json* schema);

// The target to run: the choice with its scenario loaded (the scenario names the model); a
// scenario that cannot be loaded is an error naming the file.
Result<engine::Target> resolveTarget(const TargetChoice& choice);

class RunDraft : public QObject
{
    Q_OBJECT

public:
    explicit RunDraft(SchemaDocument* schema, QObject* parent = nullptr);

    SchemaDocument* schemaDocument() const { return m_schema; }

    // Loads: each announces its change when there is one, and is not an undo step.
    void setPrompt(const QString& system, const QString& user);
    void setVariables(std::map<std::string, std::string> variables);
    void setTarget(const TargetChoice& choice);
    void setPolicy(const engine::Policy& policy); // its `coerce` is ignored: see above

    // A user's edits, one undo step each (nothing when nothing changes).
    void editVariable(const QString& name, const QString& value);
    void editTarget(const TargetChoice& choice);
    void editPolicy(const engine::Policy& policy);
    // The draft's edits, for the window's QUndoGroup. The draft owns it.
    QUndoStack* undoStack() const { return m_undo; }

    QString system() const { return m_system; }
    QString user() const { return m_user; }
    const std::map<std::string, std::string>& variables() const { return m_variables; }
    const TargetChoice& targetChoice() const { return m_target; }
    Result<engine::Target> target() const { return resolveTarget(m_target); }
    // The policy, with the validation settings' Coerce.
    engine::Policy policy() const;

    // What to run when the target is a scenario written for a schema of its own.
    enum class SchemaRule {
        // The Run tab: the scenario's own schema when the document is blank or has another
        // $id (the note then says so).
        ScenarioWhenForeign,
        // Run ×N: a blank document gives a null schema; each batch target brings its own.
        NullWhenBlank,
    };
    // Set when the rule chose a scenario's own schema over the document, for the user to read.
    struct OwnSchema
    {
        QString scenario;   // the scenario's name
        QString schemaName; // the schema's title, else its $id
    };
    // The spec, or why there is none: the schema does not parse (the error's `where` is
    // "schema"), the scenario cannot be read. `own`, when given, says whether the scenario's
    // own schema was chosen.
    Result<engine::RunSpec> spec(SchemaRule rule, std::optional<OwnSchema>* own = nullptr) const;
    // Where the spec's texts come from, for its capture: the document's file, when the
    // schema is the document's.
    store::SpecSources sources() const;

signals:
    void promptChanged();
    void variablesChanged();
    void targetChanged();
    void policyChanged();

private:
    SchemaDocument* m_schema;
    QUndoStack* m_undo;
    QString m_system;
    QString m_user;
    std::map<std::string, std::string> m_variables;
    TargetChoice m_target;
    engine::Policy m_policy;
};

} // namespace conform::gui
