#pragma once
// The captures browser (QA): the store's captures under the shared filters, failed first and
// then newest by default (a click on a column's header sorts by it, in the store: keyset
// pages on an index, so a million captures sort as fast as ten), paged into the table as it
// scrolls (capturepagemodel.h); the capture selected opens below (captureview.h). The sort,
// the splitter and the column widths are remembered across sessions (QSettings "captures/"). Actions, each with a shortcut:
//   Replay            the same spec again, against the recorded responses (in process, as the
//                     replay server serves them) or against the Run tab's target; the new
//                     capture is labelled replay_of=<old id>
//   Re-validate       the filtered history against the schema being edited (revalidatepanel.h)
//   Export JSONL      the selected captures, as `conform-cli captures export` writes them
//   Copy command      a `conform-cli run` line that asks the same again
//   Present           the capture open, step by step and full-window (presenter mode, F5)
// A right-click on the list offers review, label, add to a regression suite, its cluster in
// Triage and copy id (capturecontextmenu.h).
// Store reads and file writes run on worker threads.
#include "base/result.h"
#include "engine/run_spec.h"
#include "providers/endpoint.h"

#include "widgets/placeholdertableview.h"

#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QTableView;
class QToolBar;

namespace conform::engine { class Engine; }

namespace conform::gui {

class CaptureContextMenu;
class CaptureFilterBar;
class CapturePageModel;
class CaptureStore;
class CaptureView;
class RevalidatePanel;
class SchemaDocument;

class CapturesBrowser : public QWidget
{
    Q_OBJECT
public:
    using TargetSource = std::function<Result<engine::Target>()>;  // the Run tab's target
    // `document` is the schema being edited, which Re-validate checks history against.
    CapturesBrowser(CaptureStore* store, SchemaDocument* document, QWidget* parent = nullptr);
    ~CapturesBrowser() override;

    void setTargetSource(TargetSource source) { m_targetSource = std::move(source); }
    // Where replays read API keys (the Run tab's: the environment, then the keychain).
    void setEnvironmentSource(std::function<providers::Environment()> source) { m_environment = std::move(source); }

    // Re-reads the first page (after captures landed, or F5).
    void refresh();
    // The store was replaced (CaptureStore::reopened): the list, the capture shown and
    // re-validation read from the new one; the list at once when it is shown.
    void followStore();
    // `count` captures were written since the list was read: says so above the list, which
    // re-reads on a click (rows never move under the user's eyes).
    void noteNewCaptures(int count);
    QPushButton* newCapturesBar() const { return m_newCaptures; }
    void openCapture(const QString& id);
    // Replays the open capture; against the recorded responses unless `runTabTarget`.
    void replay(bool runTabTarget = false);
    // Writes the selected captures (or, with `ids`, those) to `path` as JSONL, off the GUI thread.
    void exportJsonl(const QString& path, const QStringList& ids = {});
    void copyCommand();
    QStringList selectedIds() const;

    CaptureFilterBar* filterBar() const { return m_filters; }
    CaptureContextMenu* contextMenu() const { return m_contextMenu; }
    PlaceholderTableView* table() const { return m_table; }
    CapturePageModel* model() const { return m_model; }
    CaptureView* captureView() const { return m_view; }
    RevalidatePanel* revalidatePanel() const { return m_revalidate; }
    QLabel* statusLabel() const { return m_status; }
    QSplitter* splitter() const { return m_splitter; }

signals:
    void replayed(const QString& oldId, const QString& newId); // the new capture is queued
    void exported(const QString& path, int count, const QString& error);
    void commandCopied(const QString& command);
    // Present: the capture open, step by step for a room (View ▸ Present, F5).
    void presentRequested();

private:
    QToolBar* buildActions();
    void showPageStatus();
    // The header's sort indicator moved: sort by that column, or put the indicator back on
    // the current sort when the column has no sort key.
    void sortBy(int column, Qt::SortOrder order);
    void restoreLayout();
    void saveLayout() const;

    CaptureStore* m_store;
    TargetSource m_targetSource;
    std::function<providers::Environment()> m_environment;
    CaptureFilterBar* m_filters;
    PlaceholderTableView* m_table;
    CapturePageModel* m_model;
    CaptureView* m_view;
    RevalidatePanel* m_revalidate;
    QComboBox* m_replayTarget;
    QLabel* m_status;
    QSplitter* m_splitter;
    CaptureContextMenu* m_contextMenu;
    bool m_fitColumns = true; // until the first page, when no widths were saved
    std::unique_ptr<engine::Engine> m_replayEngine;
    QPushButton* m_newCaptures;
    int m_newSinceRead = 0;
};

} // namespace conform::gui
