#pragma once
// The Run tab's settings: where to send the prompt (provider, model, base URL, mode; for the
// Scenario provider a built-in demo scenario or a scenario file, with its description) and
// the policy: repairs, transport retries, streaming, and under "Policy ▸" max tokens,
// temperature, call budget, truncation policy, coercion, strict repairs and the repair
// template. The demo pace (paceSpin()) is shown beside the Run button by the Run activity.
// It is a view of the RunDraft's target and policy: showChoice / showPolicy put the draft's
// values in the controls (saying nothing back), and `changed` says what the controls say now,
// with whether the user did it (an undo step) or the form did (a demo chosen, the scenarios
// reordered for a schema). Coerce is shown here and on the toolbar: it is the validation
// settings' (setCoerce shows it, coerceChanged is the user's toggle). No API key is ever
// entered or shown here: keys come from the environment or the keychain.
#include "engine/run_spec.h"
#include "base/result.h"
#include "document/rundraft.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace conform::gui {

class ToneLabel;

// A demo's streamed pieces come this far apart unless the user sets another pace: a reply
// then streams over a few seconds, slow enough for an audience to watch.
inline constexpr int kDemoPaceMs = 60;

class RunTargetForm : public QWidget
{
    Q_OBJECT

public:
    explicit RunTargetForm(QWidget* parent = nullptr);

    // What the form says (the RunDraft is given it on every change: `changed`). The policy's
    // fields the form has no control for are those last shown.
    TargetChoice choice() const;
    engine::Policy policy() const;
    // Shows the draft's values; emits nothing.
    void showChoice(const TargetChoice& choice);
    void showPolicy(const engine::Policy& policy);
    // The target as set; a scenario that cannot be loaded is an error naming the file.
    Result<engine::Target> target() const { return resolveTarget(choice()); }

    // Lists the scenarios written for the schema with `schemaId` first (in bold); when there
    // are some and the chosen scenario is not among them, the first of them is chosen.
    void offerScenariosFor(const QString& schemaId);
    // Selects the built-in scenario whose file is `<name>.json`; false if there is none.
    bool selectScenario(const QString& name);
    // Adds a scenario file to the combo (as "Open scenario file…" does) and selects it.
    void addScenarioFile(const QString& path);

    QComboBox* providerCombo() const { return m_provider; }
    QComboBox* scenarioCombo() const { return m_scenario; }
    QComboBox* modeCombo() const { return m_mode; }
    QLineEdit* modelEdit() const { return m_model; }
    QCheckBox* streamCheck() const { return m_stream; }
    QSpinBox* repairsSpin() const { return m_repairs; }
    QSpinBox* retriesSpin() const { return m_retries; }
    QSpinBox* maxTokensSpin() const { return m_maxTokens; }
    QDoubleSpinBox* temperatureSpin() const { return m_temperature; }
    QSpinBox* maxCallsSpin() const { return m_maxCalls; }
    QComboBox* truncationCombo() const { return m_truncation; }
    QCheckBox* coerceCheck() const { return m_coerce; }
    QCheckBox* strictRepairsCheck() const { return m_strictRepairs; }
    QSpinBox* paceSpin() const { return m_pace; }
    ToneLabel* scenarioDescription() const { return m_description; }
    // The repair template runs use; empty: the engine's default.
    QString repairTemplate() const { return m_repairTemplate; }
    void setRepairTemplate(const QString& text);
    // Shows the validation settings' Coerce; emits nothing.
    void setCoerce(bool coerce);

signals:
    // The user toggled Coerce.
    void coerceChanged(bool coerce);
    // The target or the policy as set changed: by the user (`byUser`: an undoable edit), or by
    // the form itself (a scenario chosen for a demo or for the open schema).
    void changed(bool byUser);

private:
    QWidget* buildTarget();
    QWidget* buildPolicy();
    QWidget* buildMorePolicy();
    void editRepairTemplate();
    void describeScenario();
    void fillScenarios();
    void insertScenario(int row, const QString& name, const QString& path);
    void onProviderChanged();
    void onScenarioChosen(int index);
    void emitChanged();

    QComboBox* m_provider;
    QLineEdit* m_model;
    QLineEdit* m_baseUrl;
    QComboBox* m_mode;
    QComboBox* m_scenario;
    QSpinBox* m_repairs;
    QSpinBox* m_retries;
    QCheckBox* m_stream;
    QToolButton* m_moreButton;
    QWidget* m_more;
    QSpinBox* m_maxTokens;
    QDoubleSpinBox* m_temperature;
    QSpinBox* m_maxCalls;
    QComboBox* m_truncation;
    QCheckBox* m_coerce;
    QCheckBox* m_strictRepairs;
    QSpinBox* m_pace;
    ToneLabel* m_description;
    QString m_repairTemplate;
    engine::Policy m_shownPolicy; // the fields without a control come from here
    int m_showing = 0;            // > 0 while showing the draft: nothing is said back
    int m_quiet = 0;              // > 0 while the form changes itself: said, but not as the user's
    int m_lastScenario = 0;
    bool m_scenarioChosen = false; // by the user (or a demo): the default no longer applies // restored when "Open scenario file…" is cancelled
};

} // namespace conform::gui
