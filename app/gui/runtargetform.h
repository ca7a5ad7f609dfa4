#pragma once
// The Run tab's settings: where to send the prompt (provider, model, base URL, mode; for the
// Scenario provider a built-in demo scenario or a scenario file) and the policy (repairs,
// transport retries, streaming). It reads into engine::Target / engine::Policy. No API key is
// ever entered or shown here: the engine reads keys from the environment.
#include "engine/run_spec.h"
#include "base/result.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace conform::gui {

class RunTargetForm : public QWidget
{
    Q_OBJECT

public:
    explicit RunTargetForm(QWidget* parent = nullptr);

    // The target as set; a scenario that cannot be loaded is an error naming the file.
    Result<engine::Target> target() const;
    engine::Policy policy() const;

    // Selects the built-in scenario whose file is `<name>.json`; false if there is none.
    bool selectScenario(const QString& name);
    // Adds a scenario file to the combo (as "Open scenario file…" does) and selects it.
    void addScenarioFile(const QString& path);

    QComboBox* providerCombo() const { return m_provider; }
    QComboBox* scenarioCombo() const { return m_scenario; }
    QComboBox* modeCombo() const { return m_mode; }
    QCheckBox* streamCheck() const { return m_stream; }
    QSpinBox* repairsSpin() const { return m_repairs; }
    QSpinBox* retriesSpin() const { return m_retries; }

private:
    QWidget* buildTarget();
    QWidget* buildPolicy();
    void fillScenarios();
    void onProviderChanged();
    void onScenarioChosen(int index);

    QComboBox* m_provider;
    QLineEdit* m_model;
    QLineEdit* m_baseUrl;
    QComboBox* m_mode;
    QComboBox* m_scenario;
    QSpinBox* m_repairs;
    QSpinBox* m_retries;
    QCheckBox* m_stream;
    int m_lastScenario = 0; // restored when "Open scenario file…" is cancelled
};

} // namespace conform::gui
