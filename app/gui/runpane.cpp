#include "runpane.h"

#include "attemptmodel.h"
#include "codeeditor.h"
#include "editorpanel.h"
#include "runprompt.h"
#include "runtargetform.h"

#include "engine/engine.h"
#include "json/parse.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

QString colourOf(engine::Outcome outcome)
{
    switch (outcome) {
    case engine::Outcome::Valid: return QStringLiteral("#1a7f37");
    case engine::Outcome::Repaired: return QStringLiteral("#0969da");
    case engine::Outcome::Fallback: return QStringLiteral("#9a6700");
    case engine::Outcome::Failed: break;
    }
    return QStringLiteral("#cf222e");
}

// "/facts/0/claim: Expected string, received number" for one Zod-style issue.
QString issueLine(const Json& issue)
{
    QString path;
    if (issue.contains("path") && issue["path"].is_array())
        for (const Json& part : issue["path"])
            path += QLatin1Char('/') + QString::fromStdString(part.is_string() ? part.get<std::string>() : part.dump());
    const std::string message = issue.value("message", std::string());
    return (path.isEmpty() ? QStringLiteral("/") : path) + QStringLiteral(": ") + QString::fromStdString(message);
}

// The pane's editors show results, not documents: they never count as unsaved.
void showText(CodeEditor* editor, const QString& text)
{
    editor->setText(text);
    editor->setModified(false);
}

QString dumpValue(const Json& value)
{
    return QString::fromStdString(value.dump(2, ' ', false, Json::error_handler_t::replace));
}

} // namespace

QString outcomeText(const engine::RunRecord& record)
{
    QString text = QString::fromStdString(std::string(engine::outcomeName(record.outcome)));
    QStringList flags;
    for (const std::string& flag : record.flags)
        flags << QString::fromStdString(flag);
    if (!flags.isEmpty())
        text += QStringLiteral(" · ") + flags.join(QStringLiteral(", "));
    if (!record.error.empty())
        text += QStringLiteral(" — ") + QString::fromStdString(record.error);
    return text;
}

RunPane::RunPane(CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_schemaEditor(schemaEditor), m_form(new RunTargetForm(this)),
      m_system(new QPlainTextEdit(this)), m_user(new QPlainTextEdit(this)),
      m_runButton(new QPushButton(tr("Run"), this)), m_cancelButton(new QPushButton(tr("Cancel"), this)),
      m_outcome(new QLabel(this)), m_model(new AttemptModel(this)), m_view(new QTableView(this)),
      m_rawPanel(new EditorPanel(tr("Raw reply"), CodeEditor::Kind::Plain, this)),
      m_valuePanel(new EditorPanel(tr("Final value"), CodeEditor::Kind::Json, this)), m_issues(new QListWidget(this))
{
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(buildPrompt());
    splitter->addWidget(m_view);
    splitter->addWidget(buildResults());
    splitter->setSizes({150, 170, 480});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_form);
    layout->addWidget(splitter, 1);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(AttemptModel::RetriesColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setMinimumSectionSize(40);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showAttempt(current.row()); });
    connect(m_runButton, &QPushButton::clicked, this, &RunPane::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunPane::cancel);
    setRunning(false);
    showOutcome(tr("Not run yet"), QStringLiteral("#57606a"));
}

RunPane::~RunPane() = default;

QWidget* RunPane::buildPrompt()
{
    m_system->setPlaceholderText(tr("System prompt"));
    m_user->setPlaceholderText(tr("User prompt: what to extract, from what"));
    auto* prompts = new QSplitter(Qt::Horizontal, this);
    prompts->addWidget(m_system);
    prompts->addWidget(m_user);
    prompts->setSizes({300, 500});
    m_runButton->setDefault(true);
    m_outcome->setTextFormat(Qt::PlainText);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    auto* batch = new QPushButton(tr("Run ×N…"), this);
    batch->setToolTip(tr("Run this spec N times over several targets, with a live success rate"));
    connect(batch, &QPushButton::clicked, this, &RunPane::batchRequested);
    buttons->addWidget(batch);
    buttons->addWidget(m_outcome);
    buttons->addStretch(1);
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(prompts, 1);
    layout->addLayout(buttons);
    return box;
}

QWidget* RunPane::buildResults()
{
    rawEditor()->setReadOnly(true);
    valueEditor()->setReadOnly(true);
    valueEditor()->setWrapMode(QsciScintilla::WrapWord);
    valueEditor()->setPaper(QColor(0xfa, 0xfb, 0xfc));
    m_valuePanel->setNote(tr("read-only"));
    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_rawPanel);
    left->addWidget(m_issues);
    m_issues->setToolTip(tr("The issues of the selected attempt"));
    left->setSizes({300, 110});
    auto* results = new QSplitter(Qt::Horizontal, this);
    results->addWidget(left);
    results->addWidget(m_valuePanel);
    results->setSizes({500, 400});
    return results;
}

CodeEditor* RunPane::rawEditor() const
{
    return m_rawPanel->editor();
}

CodeEditor* RunPane::valueEditor() const
{
    return m_valuePanel->editor();
}

void RunPane::loadPromptFor(const QString& schemaPath)
{
    PromptText prompt;
    if (!readWorkspacePrompt(schemaPath, &prompt))
        return;
    m_system->setPlainText(prompt.system);
    m_user->setPlainText(prompt.user);
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

void RunPane::showOutcome(const QString& text, const QString& colour)
{
    m_outcome->setStyleSheet(QStringLiteral("color: %1; font-weight: 600; padding: 3px 8px; border: 1px solid %1; border-radius: 4px;").arg(colour));
    m_outcome->setText(text);
    m_outcome->setToolTip(text);
}

void RunPane::run()
{
    if (isRunning())
        return;
    auto target = m_form->target();
    if (!target)
        return showOutcome(tr("error: %1").arg(QString::fromStdString(target.error().toString())), QStringLiteral("#cf222e"));
    engine::RunSpec spec;
    const std::string schemaText = m_schemaEditor->utf8Text();
    if (schemaText.find_first_not_of(" \t\r\n") == std::string::npos && target->scenario && target->scenario->schema) {
        spec.schema = *target->scenario->schema; // an empty editor: the scenario brings its own
    } else {
        auto schema = json::parseStrict(schemaText);
        if (!schema)
            return showOutcome(tr("error: schema: %1").arg(QString::fromStdString(schema.error().toString())), QStringLiteral("#cf222e"));
        spec.schema = std::move(schema.value());
    }
    spec.prompt.system = m_system->toPlainText().toStdString();
    spec.prompt.user = m_user->toPlainText().toStdString();
    spec.targets.push_back(std::move(target.value()));
    spec.policy = m_form->policy();

    m_model->clear();
    m_issues->clear();
    showText(rawEditor(), QString());
    showText(valueEditor(), QString());
    m_record.reset();
    m_engine = std::make_unique<engine::Engine>();
    connect(m_engine.get(), &engine::Engine::attemptStarted, this, &RunPane::onAttemptStarted);
    connect(m_engine.get(), &engine::Engine::chunkReceived, this, [this](const QString& text) { onChunk(text); });
    connect(m_engine.get(), &engine::Engine::attemptFinished, this, &RunPane::onAttemptFinished);
    connect(m_engine.get(), &engine::Engine::finished, this, &RunPane::onFinished);
    setRunning(true);
    showOutcome(tr("running…"), QStringLiteral("#57606a"));
    m_spec = spec;
    m_engine->start(std::move(spec));
}

void RunPane::cancel()
{
    if (isRunning())
        m_engine->cancel();
}

void RunPane::onAttemptStarted(int index, const QString& target, const QString& mode, int repair)
{
    showText(rawEditor(), QString());
    m_issues->clear();
    const QString what = repair > 0 ? tr("attempt %1 — %2, %3, repair %4").arg(index + 1).arg(target, mode).arg(repair)
                                    : tr("attempt %1 — %2, %3").arg(index + 1).arg(target, mode);
    m_rawPanel->setNote(what);
    showOutcome(tr("running… %1").arg(what), QStringLiteral("#57606a"));
}

void RunPane::onChunk(const QString& partialText)
{
    // Streaming replaces the whole text: a retry starts the reply over.
    showText(rawEditor(), partialText);
    rawEditor()->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
}

void RunPane::onAttemptFinished(const engine::AttemptRecord& attempt)
{
    m_model->append(attempt);
    m_view->resizeColumnsToContents();
    showAttempt(m_model->rowCount() - 1);
}

void RunPane::onFinished(const engine::RunRecord& record)
{
    m_record = record;
    showText(valueEditor(), record.value.is_null() && record.attempts.empty() ? QString() : dumpValue(record.value));
    showOutcome(outcomeText(record), colourOf(record.outcome));
    setRunning(false);
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
    const engine::AttemptRecord& attempt = m_model->attempt(row);
    showText(rawEditor(), QString::fromStdString(attempt.raw));
    m_rawPanel->setNote(tr("attempt %1").arg(row + 1));
    m_issues->clear();
    if (!attempt.error.empty())
        m_issues->addItem(tr("error: %1").arg(QString::fromStdString(attempt.error)));
    if (!attempt.extractionFailure.empty())
        m_issues->addItem(tr("no JSON: %1").arg(QString::fromStdString(attempt.extractionFailure)));
    for (const Json& issue : attempt.issues)
        m_issues->addItem(issueLine(issue));
    if (m_issues->count() == 0)
        m_issues->addItem(attempt.valid ? tr("valid — no issues") : tr("no issues"));
}

} // namespace conform::gui
