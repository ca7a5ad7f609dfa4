#pragma once
// The workbench window on one workspace folder: the file tree (dock), the schema editor on
// the left, and tabs on the right — Instance (validate a JSON instance as you type), Lines
// (every line of a .jsonl), Reply (extract, repair and validate a model's raw reply), Run
// (ask a model, see runpane.h) and Text (any other file, plainly). Every pane observes one
// SchemaDocument. Files open where their name says (fileroute.h). Window geometry, dock
// state, splitters, options and the recent lists persist in QSettings.
#include <QMainWindow>

class QMenu;
class QSplitter;
class QTabWidget;

namespace conform::gui {

class CodeEditor;
class EditorPanel;
class InstancePane;
class LinesPane;
class OptionsToolBar;
class ReplyPane;
class RunDraft;
class RunPane;
class SchemaDocument;
class StartPage;
struct Demo;
class WorkbenchMemory;
class WorkspaceDock;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const QString& workspace, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `folder` with every editor emptied (after asking about unsaved changes). False
    // when the user cancelled.
    bool openWorkspace(const QString& folder);
    // Opens `path` in the pane its name calls for (see fileroute.h); an example brings its
    // schema along. False, with a message box, when it cannot be read.
    bool openFile(const QString& path);
    bool openReply(const QString& path);
    // Opens the demo's schema (the workspace's copy when it has one) and prompt, and runs it
    // in the Run tab with streaming on. False when the scenario cannot be read.
    bool runDemo(const Demo& demo);
    // Saves the editor that last had focus (the schema editor by default).
    bool save();
    bool saveAs();

    CodeEditor* schemaEditor() const;
    // The schema the panes share: its text, file, settings and compiled form.
    SchemaDocument* document() const { return m_document; }
    // The run being prepared beside the schema: RunDraft::spec() is how every view makes a run.
    RunDraft* runDraft() const { return m_draft; }
    InstancePane* instancePane() const { return m_instance; }
    LinesPane* linesPane() const { return m_lines; }
    ReplyPane* replyPane() const { return m_reply; }
    RunPane* runPane() const { return m_run; }
    EditorPanel* textPanel() const { return m_text; }
    StartPage* startPage() const { return m_start; }
    OptionsToolBar* optionsToolBar() const { return m_options; }
    WorkspaceDock* workspaceDock() const { return m_workspace; }
    QTabWidget* tabs() const { return m_tabs; }
    QString workspace() const { return m_folder; }
    // The editor Save applies to.
    CodeEditor* currentEditor() const { return m_current; }
    // Every editor that holds a document the user may change (and must not lose).
    QList<CodeEditor*> documentEditors() const;
    // The capture store and the views over it (memory.h).
    WorkbenchMemory* memory() const { return m_memory; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildCentre();
    void buildMenus();
    void buildFileMenu();
    void buildEditMenu();
    void buildReplyMenu();
    void buildViewMenu();
    void buildDemosMenu();
    void buildHelpMenu();
    void connectEditors();
    void restoreSettings();
    // The draft for schemas without "$schema" is the workspace's own: read when it opens,
    // written when it changes.
    void restoreWorkspaceOptions();
    void saveWorkspaceOptions() const;
    void saveSettings() const;
    // Small files are read here; larger ones on a worker, poured into the editor in steps.
    bool loadInto(CodeEditor* editor, const QString& path);
    void sayCannotOpen(const QString& path, const QString& error);
    bool saveEditor(CodeEditor* editor, const QString& path);
    // Save / Discard / Cancel for `editors` with unsaved changes, naming their files. True
    // when the caller may go on.
    bool settleUnsaved(const QList<CodeEditor*>& editors);
    void updateModified();
    void noteFocus(QWidget* now);
    void noteRecent(const QString& key, const QString& path);
    void fillRecentMenu(QMenu* menu, const QString& key, bool folders);
    void showTab(QWidget* pane);
    void showShortcuts();
    void showReadme();
    void showAbout();

    QString m_folder;
    SchemaDocument* m_document = nullptr;
    RunDraft* m_draft = nullptr;
    EditorPanel* m_schemaPanel = nullptr;
    InstancePane* m_instance = nullptr;
    LinesPane* m_lines = nullptr;
    ReplyPane* m_reply = nullptr;
    RunPane* m_run = nullptr;
    EditorPanel* m_text = nullptr;
    StartPage* m_start = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_centre = nullptr;
    OptionsToolBar* m_options = nullptr;
    WorkspaceDock* m_workspace = nullptr;
    WorkbenchMemory* m_memory = nullptr;
    CodeEditor* m_current = nullptr; // the editor Save applies to
};

} // namespace conform::gui
