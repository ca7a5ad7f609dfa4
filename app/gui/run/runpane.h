#pragma once
// The "Run" tab: a view of the RunDraft (prompt, variables, target, policy) that edits it —
// the widgets show what the draft says, whoever wrote it — and sends its spec to a target (a provider
// or a scripted scenario) through engine::Engine, and shows the run as it happens — the raw
// reply live while it streams, the attempts timeline as attempts finish, then the final
// value and the outcome (valid / repaired / fallback / failed, with flags). Selecting an
// attempt shows its raw response and its issues.
//
// While a request is in flight a line says what is happening and for how long ("attempt 2,
// repair 1 — streaming, 430 characters, 1.4 s"); transport events appear in words as they
// happen. Running never blocks the GUI: the engine is asynchronous. One run at a time;
// Cancel stops it and the outcome then reads "cancelled", in a neutral colour. API keys are
// read by the engine from the environment and never appear here.
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "providers/endpoint.h"
#include "store/capture_spec.h"
#include "widgets/themecolours.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <map>
#include <memory>
#include <optional>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;

namespace conform::engine { class Engine; }

namespace conform::gui {

class ToneLabel;

class AttemptModel;
class AttemptView;
class CodeEditor;
class EditorPanel;
class PromptVariables;
class RunDraft;
class RunTargetForm;
struct PromptText;

class RunPane : public QWidget
{
    Q_OBJECT

public:
    // The pane's widgets edit `draft` (which must outlive the pane); Run starts its spec.
    explicit RunPane(RunDraft* draft, QWidget* parent = nullptr);
    ~RunPane() override;

    RunDraft* draft() const { return m_draft; }
    // Prefills the prompt from prompt.md beside `schemaPath`, when there is one.
    void loadPromptFor(const QString& schemaPath);
    // Fills the prompt from a prompt file ("## System" / "## User"); false when unreadable.
    bool loadPromptFile(const QString& path);

    // Where runs read API keys and base URLs (default: the process environment); the settings
    // give the environment with the system keychain's keys filled in (keys/key_ring.h).
    void setEnvironment(providers::Environment environment) { m_environment = std::move(environment); }
    const providers::Environment& environment() const { return m_environment; }

    // A demo's values for the {{placeholders}} of the prompt it runs with, written to the draft
    // as a load (no undo step) for the names the prompt has. They are shown, not kept in the
    // workspace's prompt.vars.json: playing a demo leaves the workspace's files as they were.
    void loadDemoVariables(const std::map<std::string, std::string>& values);

    void run();
    // A demo: the scenario answers whatever the prompt says, so empty variables are not asked about.
    void runDemo();
    void cancel();
    bool isRunning() const;
    // The attempts of the run going on (or last run), as recorded so far.
    std::vector<engine::AttemptRecord> attemptsSoFar() const;

    RunTargetForm* targetForm() const { return m_form; }
    AttemptModel* attemptModel() const { return m_model; }
    QTableView* attemptView() const { return m_view; }
    QPlainTextEdit* systemEdit() const { return m_system; }
    QPlainTextEdit* userEdit() const { return m_user; }
    PromptVariables* variables() const { return m_variables; }
    CodeEditor* rawEditor() const;
    CodeEditor* valueEditor() const;
    EditorPanel* valuePanel() const { return m_valuePanel; }
    AttemptView* attemptDetail() const { return m_detail; }
    QListWidget* issueList() const;
    ToneLabel* outcomeLabel() const { return m_outcome; }
    // Prompt and target | attempts and results: its state is kept between sessions.
    QSplitter* splitter() const { return m_splitter; }
    // "attempt 1 — streaming, 120 characters, 0.4 s" while running; empty otherwise.
    ToneLabel* activityLabel() const { return m_activity; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    // The last finished run, if any.
    const std::optional<engine::RunRecord>& lastRecord() const { return m_record; }
    // The spec of the last run started (what its capture records), and where its texts came from.
    const engine::RunSpec& lastSpec() const { return m_spec; }
    const store::SpecSources& lastSources() const { return m_sources; }

signals:
    void runFinished(const conform::engine::RunRecord& record);
    // Each attempt as the engine records it, while the run goes on (presenter mode follows).
    void attemptRecorded(const conform::engine::AttemptRecord& attempt);
    // "Run ×N…": the spec repeated over several targets (batchpanel.h).
    void batchRequested();

private:
    QWidget* buildPrompt();
    QWidget* buildResults();
    void followDraft();
    void showDraftPrompt();
    void setRunning(bool running);
    void showPrompt(const PromptText& prompt, const QString& folder);
    // Asks before sending a prompt with empty {{variables}}; true to send.
    bool confirmEmptyVariables(const QStringList& names);
    void showOutcome(const QString& text, Tone tone);
    void onAttemptStarted(int index, const QString& target, const QString& mode, int repair);
    void onChunk(const QString& partialText);
    void onRetry(int attemptIndex, const providers::RetryRecord& retry);
    void showActivity();
    void onAttemptFinished(const engine::AttemptRecord& attempt);
    void onFinished(const engine::RunRecord& record);
    void showAttempt(int row);

    RunDraft* m_draft;
    RunTargetForm* m_form;
    QPlainTextEdit* m_system;
    QPlainTextEdit* m_user;
    PromptVariables* m_variables;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    ToneLabel* m_outcome;
    ToneLabel* m_activity;
    AttemptModel* m_model;
    QTableView* m_view;
    AttemptView* m_detail;
    EditorPanel* m_valuePanel;
    QSplitter* m_splitter = nullptr;
    // The activity line's state: what the current attempt is doing, since when.
    QString m_attemptName;
    QString m_phase;
    QString m_runNote; // said plainly while the run goes and after it
    bool m_askAboutEmptyVariables = true;
    bool m_followingDraft = false; // while the prompt boxes take the draft's texts
    bool m_formWriting = false;    // while the target form's change goes to the draft
    bool m_loadingDemoVariables = false; // while a demo's values go to the draft
    qsizetype m_received = 0;
    int m_retriesThisAttempt = 0;
    QElapsedTimer m_attemptClock;
    QElapsedTimer m_lastArrival; // since the reply's text last grew
    QElapsedTimer m_runClock;
    QTimer m_ticker;
    std::unique_ptr<engine::Engine> m_engine;
    std::optional<engine::RunRecord> m_record;
    providers::Environment m_environment;
    engine::RunSpec m_spec;
    store::SpecSources m_sources;
};

// "repaired", "failed · truncated, cancelled": the outcome and its flags, as the label says it.
QString outcomeText(const engine::RunRecord& record);

} // namespace conform::gui
