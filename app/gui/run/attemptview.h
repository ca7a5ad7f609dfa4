#pragma once
// One attempt of a run, shown whole: its raw reply (live while it streams) with every fix
// boxed and every issue underlined, and below it the Issues (with coercions), the Fixes in
// words, what was Sent (the prompt, or the repair message the model was told) and the
// Transport events (retries and errors in words). Picking an issue or a fix highlights it
// in the raw reply. The Run tab holds one; the captures browser can hold another.
#include "engine/run_record.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTabWidget;

namespace conform::gui {

class CodeEditor;
class EditorPanel;
class FixTable;

class AttemptView : public QWidget
{
    Q_OBJECT

public:
    enum Tab { IssuesTab, FixesTab, SentTab, TransportTab };

    explicit AttemptView(QWidget* parent = nullptr);

    CodeEditor* rawEditor() const;
    EditorPanel* rawPanel() const { return m_rawPanel; }
    QListWidget* issueList() const { return m_issues; }
    FixTable* fixTable() const { return m_fixes; }
    // Where the shown attempt's value was read ("took the ```json fence at line 3"), beside the fixes.
    QLabel* candidateLabel() const { return m_candidate; }
    QPlainTextEdit* sentView() const { return m_sent; }
    QListWidget* transportList() const { return m_transport; }
    QTabWidget* tabs() const { return m_tabs; }

    void clear();
    // Shows `attempt` (the `number`-th, 1-based) after it finished; `previous` is the attempt
    // before it (null for the first), for why it was asked; `retriesAllowed` is the policy's
    // transport retries, for "retry 1 of 2". Every fact shown carries its step code
    // (checks/steprole.h).
    void showAttempt(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous, int number, int retriesAllowed);

    // Live: a new attempt starts streaming, its text grows (only the new part is appended, so
    // the cost per chunk does not grow with the reply), or a retry starts it over.
    void startStreaming(const QString& note);
    void showStreamed(const QString& textSoFar);
    void restartStream();
    // A transport event while the run goes on, in words.
    void addTransportEvent(const QString& text);

private:
    void showIssues(const engine::AttemptRecord& attempt);
    void showSent(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous);
    void showTransport(const engine::AttemptRecord& attempt, int retriesAllowed);
    void markRaw(const engine::AttemptRecord& attempt);

    EditorPanel* m_rawPanel;
    QTabWidget* m_tabs;
    QListWidget* m_issues;
    FixTable* m_fixes;
    QPlainTextEdit* m_sent;
    QListWidget* m_transport;
    QLabel* m_candidate;
    qsizetype m_streamed = 0; // characters of the live reply already in the editor
};

// The message an attempt's request ended with: the user prompt of a first attempt, the
// repair message of a repair (Anthropic, OpenAI and Ollama request bodies alike).
QString lastUserMessage(const Json& request);

} // namespace conform::gui
