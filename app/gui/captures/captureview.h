#pragma once
// One capture opened from the store, shown as the Run tab shows a run: the outcome badge and
// what the run was (source, target, time, labels, schema and prompt versions; a capture taken
// in from OpenTelemetry has its trace id a click from the clipboard), the attempts timeline
// (transport retries in their own column, apart from repairs), and for the selected attempt
// its raw reply with fixes and issue spans marked, the issue list (click: the span in the
// reply and the failing keyword in the capture's schema), fixes and coercions, the request
// as sent (keys were never recorded), and the run's final value.
//
// open(id) reads the capture on a worker thread through a connection of its own; the view
// fills in when it arrives (a newer open() wins over an older one still loading).
#include "base/json.h"
#include "json/extract.h"
#include "store/capture.h"
#include "store/location.h"
#include "widgets/themecolours.h"

#include <QWidget>

#include <cstdint>
#include <optional>

class QLabel;
class QListWidget;
class QSplitter;
class QTableView;
class QToolButton;
class QTabWidget;

namespace conform::gui {

class ToneLabel;

class AttemptModel;
class CodeEditor;

class CaptureView : public QWidget
{
    Q_OBJECT
public:
    explicit CaptureView(QWidget* parent = nullptr);

    void setLocation(const store::StoreLocation& location) { m_location = location; }
    void open(const QString& id);
    // The capture shown, once loaded.
    const std::optional<store::Capture>& capture() const { return m_capture; }
    QString captureId() const;

    AttemptModel* attemptModel() const { return m_attempts; }
    QTableView* attemptView() const { return m_attemptView; }
    CodeEditor* rawEditor() const { return m_raw; }
    CodeEditor* schemaEditor() const { return m_schema; }
    CodeEditor* requestEditor() const { return m_request; }
    CodeEditor* valueEditor() const { return m_value; }
    QListWidget* issueList() const { return m_issues; }
    ToneLabel* outcomeLabel() const { return m_outcome; }
    // Copies the capture's trace id (its `trace_id` label); hidden when it has none.
    QToolButton* copyTraceButton() const { return m_copyTrace; }

signals:
    void loaded(const QString& id);
    void loadFailed(const QString& message);

private:
    struct Loaded;
    void show(Loaded result);
    void showAttempt(int row);
    void revealIssue(int row);
    // Gives the attempts table room for its rows when a capture opens.
    void fitAttemptRows();

    store::StoreLocation m_location;
    QSplitter* m_splitter = nullptr;
    std::uint64_t m_generation = 0;
    std::optional<store::Capture> m_capture;
    json::SourceMap m_schemaMap; // the capture's schema as shown: pointer -> span
    ToneLabel* m_outcome;
    QLabel* m_about;
    QToolButton* m_copyTrace;
    AttemptModel* m_attempts;
    QTableView* m_attemptView;
    CodeEditor* m_raw;
    QListWidget* m_issues;
    QListWidget* m_fixes;
    CodeEditor* m_schema;
    CodeEditor* m_request;
    CodeEditor* m_value;
    QTabWidget* m_tabs;
};

// The colour an outcome is shown in (valid green, repaired blue, fallback amber, failed red).
Tone outcomeTone(int outcomeCode);

} // namespace conform::gui
