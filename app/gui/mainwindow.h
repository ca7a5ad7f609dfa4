#pragma once
// The workbench window on one workspace folder: the file tree (dock), the schema editor on
// the left, and three tabs on the right — Instance (validate a JSON instance as you type),
// Reply (extract, repair and validate a model's raw reply) and Run (ask a model, see runpane.h). The toolbar's options apply to
// both. Window geometry, dock state, splitters and options persist in QSettings.
#include <QMainWindow>

class QSplitter;
class QTabWidget;

namespace conform::gui {

class CodeEditor;
class EditorPanel;
class InstancePane;
class OptionsToolBar;
class ReplyPane;
class RunPane;
class SchemaDocument;
class WorkbenchMemory;
class WorkspaceDock;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const QString& workspace, QWidget* parent = nullptr);
    ~MainWindow() override;

    void openWorkspace(const QString& folder);
    // Opens `path` in the editor its name calls for (see fileroute.h). False, with a message
    // box, when it cannot be read.
    bool openFile(const QString& path);
    bool openReply(const QString& path);
    // Saves the editor that last had focus (the schema editor by default).
    bool save();
    bool saveAs();

    CodeEditor* schemaEditor() const;
    // The schema the panes share: its text, file, settings and compiled form.
    SchemaDocument* document() const { return m_document; }
    InstancePane* instancePane() const { return m_instance; }
    ReplyPane* replyPane() const { return m_reply; }
    RunPane* runPane() const { return m_run; }
    OptionsToolBar* optionsToolBar() const { return m_options; }
    WorkspaceDock* workspaceDock() const { return m_workspace; }
    QTabWidget* tabs() const { return m_tabs; }
    // The capture store and the views over it (memory.h).
    WorkbenchMemory* memory() const { return m_memory; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildCentre();
    void buildMenus();
    void buildFileMenu();
    void buildReplyMenu();
    void buildViewMenu();
    void connectEditors();
    void restoreSettings();
    void saveSettings() const;
    bool loadInto(CodeEditor* editor, const QString& path);
    bool saveEditor(CodeEditor* editor, const QString& path);
    bool confirmDiscard();
    void updateModified();
    void noteFocus(QWidget* now);
    void showAbout();

    QString m_folder;
    SchemaDocument* m_document = nullptr;
    EditorPanel* m_schemaPanel = nullptr;
    InstancePane* m_instance = nullptr;
    ReplyPane* m_reply = nullptr;
    RunPane* m_run = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_centre = nullptr;
    OptionsToolBar* m_options = nullptr;
    WorkspaceDock* m_workspace = nullptr;
    WorkbenchMemory* m_memory = nullptr;
    CodeEditor* m_current = nullptr; // the editor Save applies to
};

} // namespace conform::gui
