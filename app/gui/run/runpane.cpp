#include "run/runpane.h"

#include "checks/steprole.h"
#include "document/rundraft.h"
#include "run/attemptmodel.h"
#include "run/attemptview.h"
#include "run/outcomewords.h"
#include "run/promptvariables.h"
#include "run/runprompt.h"
#include "run/runtargetform.h"
#include "run/transportwords.h"
#include "widgets/codeeditor.h"
#include "widgets/editorpanel.h"
#include "widgets/tonelabel.h"

#include "engine/engine.h"
#include "engine/steps.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// A stream whose text has not grown for this long reads as gone quiet (RunPane::showActivity).
constexpr qint64 kQuietAfterMs = 2000;

Tone toneOf(const engine::RunRecord& record)
{
    if (record.flags.count("cancelled"))
        return Tone::Muted; // the user's own choice, not a failure
    const engine::Outcome outcome = record.outcome;
    switch (outcome) {
    case engine::Outcome::Valid: return Tone::Success;
    case engine::Outcome::Repaired: return Tone::Info;
    case engine::Outcome::Fallback: return Tone::Warning;
    case engine::Outcome::Unchecked: return Tone::Unchecked;
    case engine::Outcome::Failed: break;
    }
    return Tone::Failure;
}

// The pane's editors show results, not documents: they never count as unsaved.
void showText(CodeEditor* editor, const QString& text)
{
    editor->setText(text);
    editor->setModified(false);
}

// A caption above a field, so the prompt boxes say what they are even when filled.
QWidget* labelled(const QString& caption, QWidget* field)
{
    auto* box = new QWidget(field->parentWidget());
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* label = new ToneLabel(box);
    label->setText(caption);
    label->setBuddy(field);
    layout->addWidget(label);
    layout->addWidget(field, 1);
    return box;
}

QString dumpValue(const Json& value)
{
    return QString::fromStdString(value.dump(2, ' ', false, Json::error_handler_t::replace));
}

} // namespace

QString outcomeText(const engine::RunRecord& record)
{
    if (record.flags.count("cancelled"))
        return RunPane::tr("cancelled");
    QString text = OutcomeWords::badge(OutcomeWords::outcome(record.outcome), {record.flags.begin(), record.flags.end()});
    if (!record.error.empty())
        text += QStringLiteral(" — ") + describeTransportError(record.error, 0);
    return text;
}

RunPane::RunPane(RunDraft* draft, QWidget* parent)
    : QWidget(parent), m_draft(draft), m_form(new RunTargetForm(this)),
      m_system(new QPlainTextEdit(this)), m_user(new QPlainTextEdit(this)), m_variables(new PromptVariables(this)),
      m_runButton(new QPushButton(tr("Run"), this)), m_cancelButton(new QPushButton(tr("Cancel"), this)),
      m_outcome(new ToneLabel(this, Tone::Muted, ToneLabel::Look::Badge)), m_activity(new ToneLabel(this)), m_model(new AttemptModel(this)),
      m_view(new QTableView(this)), m_detail(new AttemptView(this)),
      m_valuePanel(new EditorPanel(tr("Final value"), CodeEditor::Kind::Json, this))
{
    // The whole window is the run's: what is asked on the left, what came back on the right.
    auto* answers = new QSplitter(Qt::Vertical, this);
    answers->addWidget(m_view);
    answers->addWidget(buildResults());
    answers->setStretchFactor(0, 0);
    answers->setStretchFactor(1, 1);
    answers->setChildrenCollapsible(false);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("runSplitter"));
    m_splitter->addWidget(buildPrompt());
    m_splitter->addWidget(answers);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({400, 600});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_form);
    layout->addWidget(m_splitter, 1);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(AttemptModel::RetriesColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setMinimumSectionSize(40);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);
    // Five attempts stay in view at the smallest window (1024×700): a run with repairs and a
    // fallback is read down this table.
    m_view->setMinimumHeight(m_view->horizontalHeader()->sizeHint().height() + 5 * m_view->verticalHeader()->defaultSectionSize()
                             + 2 * m_view->frameWidth() + m_view->horizontalScrollBar()->sizeHint().height());
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showAttempt(current.row()); });
    connect(m_runButton, &QPushButton::clicked, this, &RunPane::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunPane::cancel);
    m_ticker.setInterval(200);
    connect(&m_ticker, &QTimer::timeout, this, &RunPane::showActivity);
    m_runButton->setToolTip(tr("Send the schema and the prompt to the target (Ctrl+Return)"));
    m_runButton->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_cancelButton->setToolTip(tr("Stop the run; the attempts so far stay"));
    setRunning(false);
    showOutcome(tr("Not run yet"), Tone::Muted);
    followDraft();
}

// The pane is a view of the draft: a user's edit goes to the draft (an undo step), and the
// widgets show whatever the draft says, whoever wrote it (a demo, history, undo).
void RunPane::followDraft()
{
    connect(m_form, &RunTargetForm::changed, m_draft, [this](bool byUser) {
        // The form shows these values already: it is not told them again mid-change.
        const QScopedValueRollback writing(m_formWriting, true);
        if (byUser) {
            m_draft->editTarget(m_form->choice());
            m_draft->editPolicy(m_form->policy());
        } else {
            m_draft->setTarget(m_form->choice());
            m_draft->setPolicy(m_form->policy());
        }
    });
    m_draft->setTarget(m_form->choice());
    m_draft->setPolicy(m_form->policy());
    connect(m_draft, &RunDraft::targetChanged, m_form, [this] {
        if (!m_formWriting)
            m_form->showChoice(m_draft->targetChoice());
    });
    connect(m_draft, &RunDraft::policyChanged, m_form, [this] {
        if (!m_formWriting)
            m_form->showPolicy(m_draft->policy());
    });
    m_form->setCoerce(m_draft->policy().coerce);
    // The variables: the rows follow the prompts (loads); a value typed is the user's edit.
    connect(m_variables, &PromptVariables::valuesChanged, m_draft, [this] { m_draft->setVariables(m_variables->values()); });
    connect(m_variables, &PromptVariables::valueEdited, m_draft, &RunDraft::editVariable);
    connect(m_draft, &RunDraft::variablesChanged, m_variables, [this] {
        m_variables->showValues(m_draft->variables(),
                                m_loadingDemoVariables ? PromptVariables::Keep::OnScreen : PromptVariables::Keep::InFile);
    });
    connect(m_draft, &RunDraft::promptChanged, this, &RunPane::showDraftPrompt);
}

void RunPane::showDraftPrompt()
{
    {
        const QScopedValueRollback following(m_followingDraft, true);
        // Only a text that differs is set: setting it would move the caret and clear its undo.
        if (m_system->toPlainText() != m_draft->system())
            m_system->setPlainText(m_draft->system());
        if (m_user->toPlainText() != m_draft->user())
            m_user->setPlainText(m_draft->user());
    }
    m_variables->setPrompts(m_draft->system(), m_draft->user());
}

RunPane::~RunPane() = default;

QWidget* RunPane::buildPrompt()
{
    m_system->setPlaceholderText(tr("Instructions for the model (optional)"));
    m_user->setPlaceholderText(tr("What to extract, from what"));
    m_system->setToolTip(tr("The system prompt; {{name}} placeholders are filled from the variables"));
    m_user->setToolTip(tr("The user prompt; {{name}} placeholders are filled from the variables"));
    auto* prompts = new QSplitter(Qt::Vertical, this);
    prompts->addWidget(labelled(tr("System prompt"), m_system));
    prompts->addWidget(labelled(tr("User prompt"), m_user));
    prompts->addWidget(labelled(tr("Variables"), m_variables));
    prompts->setChildrenCollapsible(false);
    prompts->setSizes({200, 260, 140});
    const auto rescan = [this] {
        if (!m_followingDraft)
            m_draft->setPrompt(m_system->toPlainText(), m_user->toPlainText()); // the draft says promptChanged
    };
    connect(m_system, &QPlainTextEdit::textChanged, this, rescan);
    connect(m_user, &QPlainTextEdit::textChanged, this, rescan);
    m_runButton->setDefault(true);
    m_outcome->setTextFormat(Qt::PlainText);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->setWordWrap(true); // an error is never cut off
    m_activity->setTextFormat(Qt::PlainText);
    m_activity->setWordWrap(true); // a long line wraps rather than widening the column
    auto* box = new QWidget(this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    auto* batch = new QPushButton(tr("Run ×N…"), this);
    batch->setToolTip(tr("Run this spec N times over several targets, with a live success rate"));
    connect(batch, &QPushButton::clicked, this, &RunPane::batchRequested);
    buttons->addWidget(batch);
    buttons->addStretch(1);
    auto* pace = new QLabel(tr("Demo pace"), box);
    pace->setBuddy(m_form->paceSpin());
    buttons->addWidget(pace);
    buttons->addWidget(m_form->paceSpin());
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(prompts, 1);
    layout->addLayout(buttons);
    // How the run came out, and what it is doing while it goes.
    m_outcome->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred); // a badge, not a bar
    auto* status = new QHBoxLayout;
    status->addWidget(m_outcome);
    status->addWidget(m_activity, 1);
    layout->addLayout(status);
    return box;
}

QWidget* RunPane::buildResults()
{
    valueEditor()->setReadOnly(true);
    valueEditor()->setWrapMode(QsciScintilla::WrapWord);
    valueEditor()->setShaded(true);
    m_valuePanel->setNote(tr("read-only"));
    auto* results = new QSplitter(Qt::Horizontal, this);
    results->addWidget(m_detail);
    results->addWidget(m_valuePanel);
    results->setChildrenCollapsible(false);
    results->setStretchFactor(0, 1); // the value keeps its share when the window narrows
    results->setStretchFactor(1, 1);
    results->setSizes({320, 280});
    return results;
}

CodeEditor* RunPane::rawEditor() const
{
    return m_detail->rawEditor();
}

QListWidget* RunPane::issueList() const
{
    return m_detail->issueList();
}

CodeEditor* RunPane::valueEditor() const
{
    return m_valuePanel->editor();
}

void RunPane::loadPromptFor(const QString& schemaPath)
{
    PromptText prompt;
    if (schemaPath.isEmpty() || !readWorkspacePrompt(schemaPath, &prompt))
        return;
    showPrompt(prompt, QFileInfo(schemaPath).absolutePath());
}

bool RunPane::loadPromptFile(const QString& path)
{
    PromptText prompt;
    if (!readPromptFile(path, &prompt))
        return false;
    showPrompt(prompt, QFileInfo(path).absolutePath());
    return true;
}

void RunPane::showPrompt(const PromptText& prompt, const QString& folder)
{
    m_variables->setFolder(folder);
    m_draft->setPrompt(prompt.system, prompt.user);
}

void RunPane::loadDemoVariables(const std::map<std::string, std::string>& values)
{
    std::map<std::string, std::string> variables = m_draft->variables(); // one per placeholder of the prompt
    for (auto& [name, value] : variables)
        if (const auto given = values.find(name); given != values.end())
            value = given->second;
    const QScopedValueRollback loading(m_loadingDemoVariables, true);
    m_draft->setVariables(std::move(variables));
}

bool RunPane::confirmEmptyVariables(const QStringList& names)
{
    QStringList placeholders;
    for (const QString& name : names)
        placeholders << QStringLiteral("{{%1}}").arg(name);
    const QString question = names.size() == 1
        ? tr("%1 has no value, so the model would see the placeholder as written. Send anyway?")
        : tr("%1 have no values, so the model would see the placeholders as written. Send anyway?");
    const auto answer = QMessageBox::question(this, tr("Empty variables"), question.arg(placeholders.join(QStringLiteral(", "))),
                                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Yes;
}

bool RunPane::isRunning() const
{
    return m_engine && m_engine->running();
}

void RunPane::setRunning(bool running)
{
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_form->setEnabled(!running);
}

void RunPane::showOutcome(const QString& text, Tone tone)
{
    m_outcome->setTone(tone);
    m_outcome->setText(text);
    m_outcome->setToolTip(text);
}

void RunPane::run()
{
    if (isRunning())
        return;
    std::optional<RunDraft::OwnSchema> own;
    auto built = m_draft->spec(RunDraft::SchemaRule::ScenarioWhenForeign, &own);
    if (!built) {
        const Error& error = built.error();
        return showOutcome(error.where == "schema" ? tr("error: schema: %1").arg(QString::fromStdString(error.message))
                                                   : tr("error: %1").arg(QString::fromStdString(error.toString())),
                           Tone::Failure);
    }
    engine::RunSpec spec = std::move(built.value());
    m_runNote.clear();
    if (own)
        m_runNote = tr("The scenario %1 is written for its own schema (%2), not the open one: it runs with its own.")
                        .arg(own->scenario, own->schemaName);
    QStringList empty;
    for (const auto& [name, value] : spec.prompt.variables)
        if (QString::fromStdString(value).trimmed().isEmpty())
            empty << QString::fromStdString(name);
    if (!empty.isEmpty() && m_askAboutEmptyVariables && !confirmEmptyVariables(empty))
        return;

    m_model->clear();
    m_detail->clear();
    showText(valueEditor(), QString());
    m_record.reset();
    m_engine = std::make_unique<engine::Engine>();
    if (m_environment)
        m_engine->setEnvironment(m_environment);
    connect(m_engine.get(), &engine::Engine::attemptStarted, this, &RunPane::onAttemptStarted);
    connect(m_engine.get(), &engine::Engine::chunkReceived, this, [this](const QString& text) { onChunk(text); });
    connect(m_engine.get(), &engine::Engine::retryScheduled, this, &RunPane::onRetry);
    connect(m_engine.get(), &engine::Engine::attemptFinished, this, &RunPane::onAttemptFinished);
    connect(m_engine.get(), &engine::Engine::finished, this, &RunPane::onFinished);
    m_valuePanel->setTitle(tr("Final value"));
    setRunning(true);
    m_runClock.start();
    m_ticker.start();
    showOutcome(tr("running…"), Tone::Muted);
    m_spec = spec;
    m_sources = own ? store::SpecSources{} : m_draft->sources(); // a scenario's own schema has no file
    m_engine->start(std::move(spec));
}

void RunPane::runDemo()
{
    m_askAboutEmptyVariables = false;
    run();
    m_askAboutEmptyVariables = true;
}

void RunPane::cancel()
{
    if (isRunning())
        m_engine->cancel();
}

void RunPane::onAttemptStarted(int index, const QString& target, const QString& mode, int repair)
{
    m_attemptName = repair > 0 ? tr("attempt %1 — %2, %3, repair %4").arg(index + 1).arg(target, mode).arg(repair)
                               : tr("attempt %1 — %2, %3").arg(index + 1).arg(target, mode);
    m_detail->startStreaming(m_attemptName);
    m_phase = tr("sending");
    m_received = 0;
    m_retriesThisAttempt = 0;
    m_attemptClock.start();
    m_lastArrival.invalidate();
    showOutcome(tr("running…"), Tone::Muted);
    showActivity();
}

void RunPane::onChunk(const QString& partialText)
{
    m_detail->showStreamed(partialText);
    m_received = partialText.size();
    m_lastArrival.start();
    m_phase = tr("streaming");
    showActivity();
}

void RunPane::onRetry(int, const providers::RetryRecord& retry)
{
    m_detail->addTransportEvent(describeRetry(retry, ++m_retriesThisAttempt, m_spec.policy.maxTransportRetries));
    m_detail->restartStream(); // the reply starts over
    m_received = 0;
    m_phase = tr("retrying in %1 ms").arg(retry.delayMs);
    showActivity();
}

// "attempt 2 — scenario, strict, repair 1 · streaming, 430 characters · 1.4 s (run 3.2 s)"
void RunPane::showActivity()
{
    if (!isRunning()) {
        m_activity->setProperty(kStepProperty, QString());
        m_activity->setText(m_runNote);
        return;
    }
    QString phase = m_phase;
    if (m_phase == tr("sending") && m_attemptClock.elapsed() > 300)
        phase = m_phase = tr("waiting for the reply");
    // A stream gone quiet says so, and when the client gives up on it (the stall timeout):
    // the silence is what a stalled-stream demo is about.
    const bool quiet = m_phase == tr("streaming") && m_lastArrival.isValid() && m_lastArrival.elapsed() >= kQuietAfterMs;
    if (quiet)
        phase = tr("%1 characters so far; no data for %2 s — gives up at %3 s")
                    .arg(m_received).arg(m_lastArrival.elapsed() / 1000).arg(m_spec.policy.stallTimeoutMs / 1000);
    else if (m_received > 0)
        phase = tr("%1, %2 characters").arg(phase).arg(m_received);
    m_activity->setProperty(kStepProperty, quiet ? QString::fromLatin1(engine::steps::kStall.data(), qsizetype(engine::steps::kStall.size())) : QString());
    m_activity->setText((m_runNote.isEmpty() ? QString() : m_runNote + QLatin1Char('\n')) + tr("%1 · %2 · %3 s (run %4 s)")
                            .arg(m_attemptName, phase)
                            .arg(m_attemptClock.elapsed() / 1000.0, 0, 'f', 1)
                            .arg(m_runClock.elapsed() / 1000.0, 0, 'f', 1));
}

void RunPane::onAttemptFinished(const engine::AttemptRecord& attempt)
{
    m_phase = tr("validating");
    m_model->append(attempt);
    m_view->resizeColumnsToContents();
    showAttempt(m_model->rowCount() - 1);
    emit attemptRecorded(attempt);
}

std::vector<engine::AttemptRecord> RunPane::attemptsSoFar() const
{
    std::vector<engine::AttemptRecord> attempts;
    for (int row = 0; row < m_model->rowCount(); ++row)
        attempts.push_back(m_model->attempt(row));
    return attempts;
}

void RunPane::onFinished(const engine::RunRecord& record)
{
    m_record = record;
    m_ticker.stop();
    const bool failedWithValue = record.outcome == engine::Outcome::Failed && record.best && !record.value.is_null();
    m_valuePanel->setTitle(failedWithValue ? tr("Best attempt — invalid") : tr("Final value"));
    showText(valueEditor(), record.value.is_null() && record.attempts.empty() ? QString() : dumpValue(record.value));
    showOutcome(outcomeText(record), toneOf(record));
    setRunning(false);
    showActivity();
    // Point at the attempt the value came from: the kept one of a failed run, else the last.
    if (m_model->rowCount() > 0) {
        const int row = record.best ? static_cast<int>(*record.best) : m_model->rowCount() - 1;
        m_view->selectRow(qBound(0, row, m_model->rowCount() - 1));
    }
    emit runFinished(record);
}

void RunPane::showAttempt(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_detail->showAttempt(m_model->attempt(row), row > 0 ? &m_model->attempt(row - 1) : nullptr, row + 1, m_spec.policy.maxTransportRetries);
}

} // namespace conform::gui
