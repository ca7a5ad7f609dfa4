#include "run/attemptview.h"

#include "captures/storedrun.h"
#include "checks/fixtable.h"
#include "checks/fixwords.h"
#include "checks/steprole.h"
#include "engine/steps.h"
#include "run/attemptwords.h"
#include "run/transportwords.h"
#include "widgets/codeeditor.h"
#include "widgets/editorpanel.h"

#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

constexpr int kSpanOffsetRole = Qt::UserRole + 1;
constexpr int kSpanLengthRole = Qt::UserRole + 2;

// Text of a message's content: a string, or the text of its blocks (text, tool_result).
QString contentText(const Json& content)
{
    if (content.is_string())
        return QString::fromStdString(content.get<std::string>());
    QStringList parts;
    if (content.is_array())
        for (const Json& block : content) {
            if (!block.is_object())
                continue;
            if (block.contains("text") && block["text"].is_string())
                parts << QString::fromStdString(block["text"].get<std::string>());
            else if (block.contains("content"))
                parts << contentText(block["content"]);
        }
    return parts.join(QStringLiteral("\n\n"));
}

} // namespace

QString lastUserMessage(const Json& request)
{
    const Json* body = request.contains("body") ? &request["body"] : &request;
    if (!body->is_object() || !body->contains("messages") || !(*body)["messages"].is_array())
        return {};
    const Json& messages = (*body)["messages"];
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
        if (it->is_object() && it->value("role", std::string()) == "user")
            return contentText(it->value("content", Json()));
    return {};
}

AttemptView::AttemptView(QWidget* parent)
    : QWidget(parent), m_rawPanel(new EditorPanel(tr("Raw reply"), CodeEditor::Kind::Plain, this)),
      m_tabs(new QTabWidget(this)), m_issues(new QListWidget(this)), m_fixes(new FixTable(this)),
      m_sent(new QPlainTextEdit(this)), m_transport(new QListWidget(this)), m_candidate(new QLabel(this))
{
    rawEditor()->setReadOnly(true);
    m_issues->setWordWrap(true);
    m_issues->setToolTip(tr("The issues of the selected attempt, and the coercions made to its value"));
    m_sent->setReadOnly(true);
    m_sent->setToolTip(tr("What the model was told in this attempt: the prompt, or the repair message"));
    m_transport->setWordWrap(true);
    m_transport->setToolTip(tr("Retries and errors on the wire, apart from repairs"));
    m_tabs->setDocumentMode(true);
    // Titles grow with counts ("Issues (12)", "Repair message"): they scroll rather than widen
    // the Run activity past a small window.
    m_tabs->setUsesScrollButtons(true);
    m_tabs->addTab(m_issues, tr("Issues"));
    m_candidate->setObjectName(QStringLiteral("candidate"));
    m_candidate->setWordWrap(true);
    m_candidate->setVisible(false);
    auto* fixes = new QWidget(this);
    auto* fixesLayout = new QVBoxLayout(fixes);
    fixesLayout->setContentsMargins(0, 0, 0, 0);
    fixesLayout->setSpacing(2);
    fixesLayout->addWidget(m_candidate);
    fixesLayout->addWidget(m_fixes, 1);
    m_tabs->addTab(fixes, tr("Fixes"));
    m_tabs->addTab(m_sent, tr("Sent"));
    m_tabs->addTab(m_transport, tr("Transport"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_rawPanel);
    splitter->addWidget(m_tabs);
    splitter->setSizes({300, 150});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_fixes, &FixTable::fixActivated, this, [this](Span span) { rawEditor()->revealSpan(span); });
    connect(m_issues, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item && item->data(kSpanOffsetRole).isValid())
            rawEditor()->revealSpan(Span{item->data(kSpanOffsetRole).value<std::size_t>(),
                                         item->data(kSpanLengthRole).value<std::size_t>()});
    });
}

CodeEditor* AttemptView::rawEditor() const
{
    return m_rawPanel->editor();
}

void AttemptView::clear()
{
    restartStream();
    m_rawPanel->setNote(QString());
    m_issues->clear();
    m_candidate->clear();
    m_candidate->setVisible(false);
    m_candidate->setProperty(kStepProperty, QString());
    m_fixes->setFixes({}, std::vector<json::Fix>{});
    m_sent->clear();
    m_transport->clear();
    m_tabs->setTabText(IssuesTab, tr("Issues"));
    m_tabs->setTabText(FixesTab, tr("Fixes"));
    m_tabs->setTabText(SentTab, tr("Sent"));
    m_tabs->setTabText(TransportTab, tr("Transport"));
}

void AttemptView::showAttempt(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous, int number, int retriesAllowed)
{
    const QString raw = QString::fromStdString(attempt.raw);
    rawEditor()->setText(raw);
    rawEditor()->setModified(false);
    m_streamed = raw.size();
    // Where the value was read is the story of a fenced or wrapped reply: said over the
    // reply and beside the fixes, not counted as one (it changed no byte of the JSON).
    const QString candidate = attempt.candidate && !attempt.truncated ? describeCandidate(*attempt.candidate, attempt.raw) : QString();
    m_rawPanel->setNote(candidate.isEmpty() ? tr("attempt %1").arg(number) : tr("attempt %1 · %2").arg(QString::number(number), candidate));
    m_candidate->setText(candidate);
    m_candidate->setVisible(!candidate.isEmpty());
    m_candidate->setProperty(kStepProperty, attempt.candidate && !candidate.isEmpty()
                                                ? QString::fromStdString(engine::steps::ofCandidate(*attempt.candidate)) : QString());
    markRaw(attempt);
    showIssues(attempt);
    // The coercions are changes of their own, listed after the fixes (not issues: nothing is wrong).
    // A cut reply is never the answer (nor repaired): what extraction would have made of it
    // stays in the record, off the screen.
    m_fixes->setFixes(attempt.raw, attempt.truncated ? Json::array() : attempt.fixes);
    m_fixes->addCoercions(attempt.truncated ? Json::array() : attempt.coercions);
    m_tabs->setTabText(FixesTab, tr("Fixes (%1)").arg(m_fixes->fixCount() + m_fixes->coercionCount()));
    showSent(attempt, previous);
    showTransport(attempt, retriesAllowed);
}

void AttemptView::markRaw(const engine::AttemptRecord& attempt)
{
    std::vector<Span> fixes;
    for (const json::Fix& fix : fixesFromJson(attempt.truncated ? Json::array() : attempt.fixes))
        fixes.push_back(Span{fix.offset, fix.length});
    rawEditor()->setMarks(CodeEditor::FixMark, fixes);
    std::vector<Span> issues;
    for (const Json& issue : attempt.issues)
        if (issue.contains("span") && issue["span"].is_object())
            issues.push_back(Span{issue["span"].value("offset", std::size_t(0)), issue["span"].value("length", std::size_t(0))});
    rawEditor()->setMarks(CodeEditor::IssueMark, issues);
    rawEditor()->clearMarks(CodeEditor::FocusMark);
}

void AttemptView::showIssues(const engine::AttemptRecord& attempt)
{
    m_issues->clear();
    const auto add = [this](const QString& text, std::string_view step = {}) {
        auto* item = new QListWidgetItem(text, m_issues);
        if (!step.empty())
            item->setData(kStepRole, QString::fromUtf8(step.data(), qsizetype(step.size())));
        return item;
    };
    using namespace engine::steps;
    if (const QString cut = cutLine(attempt); !cut.isEmpty())
        add(cut, kCutAtMaxTokens);
    if (!attempt.error.empty())
        add(tr("error: %1").arg(describeTransportError(attempt.error, attempt.httpStatus)), attempt.refused ? kRefused : std::string_view());
    else if (attempt.refused)
        add(tr("the model refused"), kRefused);
    if (!attempt.extractionFailure.empty())
        add(tr("no JSON: %1").arg(QString::fromStdString(attempt.extractionFailure)));
    // "invalid" rides on the first issue.
    bool first = judgedInvalid(attempt);
    for (const Json& issue : attempt.issues) {
        QListWidgetItem* item = add(issueSummary(issue), first ? kInvalid : std::string_view());
        first = false;
        if (issue.contains("span") && issue["span"].is_object()) {
            item->setData(kSpanOffsetRole, QVariant::fromValue(issue["span"].value("offset", std::size_t(0))));
            item->setData(kSpanLengthRole, QVariant::fromValue(issue["span"].value("length", std::size_t(0))));
        }
    }
    if (m_issues->count() == 0)
        add(attempt.valid ? tr("valid — no issues") : tr("no issues"));
    for (int i = 0; i < m_issues->count(); ++i) // a narrow pane elides; the whole line is a hover away
        m_issues->item(i)->setToolTip(m_issues->item(i)->text());
    m_tabs->setTabText(IssuesTab, tr("Issues (%1)").arg(attempt.issues.size()));
}

void AttemptView::showSent(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous)
{
    const QString message = lastUserMessage(attempt.request);
    const QString why = askedWhy(attempt, previous);
    QString heading = attempt.repair > 0 ? tr("The repair message sent (repair %1):").arg(attempt.repair) : tr("The prompt sent:");
    if (!why.isEmpty() && attempt.kind != engine::AttemptKind::Repair)
        heading = tr("Asked again: %1.").arg(why) + QLatin1Char('\n') + heading;
    m_sent->setPlainText(message.isEmpty() ? (why.isEmpty() ? QString() : tr("Asked again: %1.").arg(why)) : heading + QStringLiteral("\n\n") + message);
    m_tabs->setTabText(SentTab, attempt.repair > 0 ? tr("Repair message") : tr("Sent"));
}

void AttemptView::showTransport(const engine::AttemptRecord& attempt, int retriesAllowed)
{
    m_transport->clear();
    int number = 0;
    for (const providers::RetryRecord& retry : attempt.retries) {
        addTransportEvent(describeRetry(retry, ++number, retriesAllowed));
        m_transport->item(m_transport->count() - 1)->setData(kStepRole, QString::fromStdString(engine::steps::ofRetry(retry)));
    }
    if (attempt.transportError)
        addTransportEvent(describeTransportError(attempt.error, attempt.httpStatus));
    if (m_transport->count() == 0)
        m_transport->addItem(tr("no retries: the first try was answered"));
    m_tabs->setTabText(TransportTab, attempt.retries.empty() ? tr("Transport") : tr("Transport (%1)").arg(attempt.retries.size()));
}

void AttemptView::startStreaming(const QString& note)
{
    // Nothing of the previous attempt stays under this one's name: its counts, its message.
    clear();
    m_rawPanel->setNote(note);
    m_issues->addItem(tr("checked when the reply is complete"));
}

void AttemptView::showStreamed(const QString& textSoFar)
{
    if (textSoFar.size() < m_streamed) // the reply started over
        restartStream();
    if (textSoFar.size() == m_streamed)
        return;
    rawEditor()->append(textSoFar.mid(m_streamed));
    rawEditor()->setModified(false);
    m_streamed = textSoFar.size();
    rawEditor()->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
}

void AttemptView::restartStream()
{
    rawEditor()->setText(QString());
    rawEditor()->setModified(false);
    m_streamed = 0;
}

void AttemptView::addTransportEvent(const QString& text)
{
    auto* item = new QListWidgetItem(text, m_transport);
    item->setToolTip(text);
}

} // namespace conform::gui
