#pragma once
// "Run ×N": the Run tab's spec run N times (1, 5, 20, 100) against the targets ticked in a
// list (the Run tab's own target, the built-in demo scenarios, each provider's default
// model), a few at once, with a live row and outcome bar per target. Every run is captured
// (labels batch, repeat, target); a double-click on a row shows its runs in Captures. Cancel
// stops everything in flight. A demo that brings its own schema runs with its own prompt too.
//
// The spec (schema, prompt, policy) comes from a SpecSource the Run tab provides, read when
// Run is pressed. Without a compiled validator in it, the schema is compiled on a worker
// thread before the first run; the runs
// themselves are asynchronous network (or in-process scenario) exchanges, so the GUI thread
// only tallies.
#include "base/result.h"
#include "engine/run_spec.h"
#include "providers/endpoint.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;

namespace conform::batch { class BatchRunner; }
namespace conform::store { class CaptureWriter; }

namespace conform::gui {

class BatchTallyModel;
class CaptureStore;

// What a batch runs: the spec, and per target a spec of its own for a demo that brings its
// schema (batch::BatchSpec::ownSpecs).
struct BatchPlan
{
    engine::RunSpec spec;
    std::vector<std::optional<engine::RunSpec>> ownSpecs;
};

class BatchPanel : public QWidget
{
    Q_OBJECT
public:
    // The spec to repeat: its first target is offered as "Run tab target". A null schema
    // means "the scenario's own" (an empty schema editor with a demo scenario).
    using SpecSource = std::function<Result<engine::RunSpec>()>;

    // `store` (may be null: nothing captured) must outlive the panel.
    explicit BatchPanel(CaptureStore* store, QWidget* parent = nullptr);
    ~BatchPanel() override;

    void setSpecSource(SpecSource source) { m_source = std::move(source); }
    // Where runs read API keys (the Run tab's: the environment, then the keychain).
    void setEnvironmentSource(std::function<providers::Environment()> source) { m_environment = std::move(source); }

    void run();
    void cancel();
    bool isRunning() const;

    // Ticks exactly the targets whose labels are given ("scenario/missing-field").
    void checkTargets(const QStringList& labels);
    void setRepeats(int n);
    void setConcurrency(int n);

    QListWidget* targetList() const { return m_targets; }
    QTableView* tallyView() const { return m_view; }
    BatchTallyModel* tallyModel() const { return m_model; }
    const batch::BatchRunner* runner() const { return m_runner.get(); }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }

    QLabel* legend() const { return m_legend; }

signals:
    void batchFinished(bool cancelled);
    // A row was double-clicked: its runs, as the Captures label filter "batch=… target=…".
    void openRuns(const QString& labels);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillTargets();
    Result<std::vector<engine::Target>> checkedTargets(const engine::RunSpec& spec, QStringList* labels) const;
    void startBatch(BatchPlan plan, std::vector<engine::Target> targets, const QStringList& labels);
    void setRunning(bool running);
    void showStatus();
    void fitColumns();
    void saveSettings() const;
    void restoreSettings();

    CaptureStore* m_store;
    SpecSource m_source;
    std::function<providers::Environment()> m_environment;
    QListWidget* m_targets;
    QComboBox* m_repeats;
    QSpinBox* m_concurrency;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    QLabel* m_status;
    QTableView* m_view;
    BatchTallyModel* m_model;
    QLabel* m_legend; // what the bar's colours mean
    // The store's writer the batch started with: it outlives the runner, so a store replaced
    // mid-batch (Settings ▸ Store) takes the batch's remaining captures where it began.
    std::shared_ptr<store::CaptureWriter> m_writer;
    std::unique_ptr<batch::BatchRunner> m_runner;
    bool m_compiling = false;
    bool m_cancelled = false; // how the last batch ended
};

} // namespace conform::gui
