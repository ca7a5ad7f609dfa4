#include "mainwindow.h"

#include "codeeditor.h"
#include "editorpanel.h"
#include "exportpreview.h"
#include "fileroute.h"
#include "instancepane.h"
#include "optionstoolbar.h"
#include "replypane.h"
#include "runpane.h"
#include "suitesview.h"
#include "workspacedock.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

namespace conform::gui {

MainWindow::MainWindow(const QString& workspace, QWidget* parent) : QMainWindow(parent)
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/conform.svg")));
    buildCentre();
    m_options = new OptionsToolBar(this);
    addToolBar(m_options);
    m_workspace = new WorkspaceDock(this);
    addDockWidget(Qt::LeftDockWidgetArea, m_workspace);
    buildMenus();
    connectEditors();
    restoreSettings();
    openWorkspace(workspace);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentre()
{
    m_schemaPanel = new EditorPanel(tr("Schema"), CodeEditor::Kind::Json, this);
    m_instance = new InstancePane(schemaEditor(), this);
    m_reply = new ReplyPane(schemaEditor(), this);
    m_run = new RunPane(schemaEditor(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_instance, tr("Instance"));
    m_tabs->addTab(m_reply, tr("Reply"));
    m_tabs->addTab(m_run, tr("Run"));
    m_tabs->addTab(new ExportPreview(schemaEditor(), this), tr("Export"));
    m_tabs->addTab(new SuitesView(this), tr("Suites"));
    m_centre = new QSplitter(Qt::Horizontal, this);
    m_centre->addWidget(m_schemaPanel);
    m_centre->addWidget(m_tabs);
    m_centre->setStretchFactor(0, 2);
    m_centre->setStretchFactor(1, 3);
    m_centre->setSizes({460, 700});
    setCentralWidget(m_centre);
    m_current = schemaEditor();
}

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildReplyMenu();
    buildViewMenu();
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Conform"), this, &MainWindow::showAbout);
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &Workspace…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), m_folder);
        if (!folder.isEmpty())
            openWorkspace(folder);
    });
    file->addAction(tr("&Open File…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open File"), m_folder,
                                                          tr("JSON and text (*.json *.jsonl *.md *.txt);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::buildReplyMenu()
{
    QMenu* reply = menuBar()->addMenu(tr("&Reply"));
    reply->addAction(tr("&Open Reply…"), QKeySequence(tr("Ctrl+R")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Reply"), m_folder,
                                                          tr("Replies (*.txt *.md *.json);;All files (*)"));
        if (!path.isEmpty())
            openReply(path);
    });
    reply->addAction(tr("&Paste Reply"), QKeySequence(tr("Ctrl+Shift+V")), this, [this] {
        m_reply->rawEditor()->selectAll();
        m_reply->rawEditor()->paste();
        m_tabs->setCurrentWidget(m_reply);
    });
    reply->addAction(tr("&Clear Reply"), this, [this] { m_reply->rawEditor()->clear(); });
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_workspace->toggleViewAction());
    view->addAction(m_options->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Instance"), QKeySequence(tr("Ctrl+1")), this, [this] { m_tabs->setCurrentWidget(m_instance); });
    view->addAction(tr("&Reply"), QKeySequence(tr("Ctrl+2")), this, [this] { m_tabs->setCurrentWidget(m_reply); });
    view->addAction(tr("R&un"), QKeySequence(tr("Ctrl+3")), this, [this] { m_tabs->setCurrentWidget(m_run); });
}

void MainWindow::connectEditors()
{
    connect(schemaEditor(), &QsciScintilla::textChanged, m_instance, &InstancePane::recheck);
    connect(schemaEditor(), &QsciScintilla::textChanged, m_reply, &ReplyPane::recheck);
    connect(m_options, &OptionsToolBar::settingsChanged, m_instance, &InstancePane::setSettings);
    connect(m_options, &OptionsToolBar::settingsChanged, m_reply, &ReplyPane::setSettings);
    connect(m_workspace, &WorkspaceDock::fileActivated, this, &MainWindow::openFile);
    // A schema opened from a workspace brings the prompt.md beside it into the Run tab.
    connect(schemaEditor(), &CodeEditor::filePathChanged, m_run, &RunPane::loadPromptFor);
    connect(m_workspace, &WorkspaceDock::openAsReplyRequested, this, &MainWindow::openReply);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { noteFocus(now); });
    for (CodeEditor* editor : {schemaEditor(), m_instance->editor(), m_reply->rawEditor()})
        connect(editor, &QsciScintilla::modificationChanged, this, &MainWindow::updateModified);
}

CodeEditor* MainWindow::schemaEditor() const
{
    return m_schemaPanel->editor();
}

void MainWindow::openWorkspace(const QString& folder)
{
    m_folder = QDir(folder).absolutePath();
    m_workspace->setRoot(m_folder);
    setWindowTitle(tr("%1[*] — Conform").arg(QDir(m_folder).dirName()));
    statusBar()->showMessage(tr("Workspace: %1").arg(QDir::toNativeSeparators(m_folder)));
}

bool MainWindow::openFile(const QString& path)
{
    switch (routeForFile(path)) {
    case FileRoute::Schema:
        return loadInto(schemaEditor(), path);
    case FileRoute::Instance:
        m_tabs->setCurrentWidget(m_instance);
        return loadInto(m_instance->editor(), path);
    case FileRoute::Reply:
        break;
    }
    return openReply(path);
}

bool MainWindow::openReply(const QString& path)
{
    m_tabs->setCurrentWidget(m_reply);
    return loadInto(m_reply->rawEditor(), path);
}

bool MainWindow::loadInto(CodeEditor* editor, const QString& path)
{
    if (editor->isModified() && editor->filePath() != path) {
        const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
            tr("Discard the unsaved changes to %1?").arg(editor->filePath().isEmpty() ? tr("this editor") : editor->filePath()));
        if (answer != QMessageBox::Yes)
            return false;
    }
    QString error;
    if (!editor->loadFile(path, &error)) {
        QMessageBox::warning(this, tr("Cannot open file"), tr("%1: %2").arg(path, error));
        return false;
    }
    m_current = editor;
    return true;
}

bool MainWindow::save()
{
    if (m_current->filePath().isEmpty())
        return saveAs();
    return saveEditor(m_current, m_current->filePath());
}

bool MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), m_folder);
    return !path.isEmpty() && saveEditor(m_current, path);
}

bool MainWindow::saveEditor(CodeEditor* editor, const QString& path)
{
    QString error;
    if (!editor->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save file"), tr("%1: %2").arg(path, error));
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

// Save applies to the editor the user worked in last; the read-only one never counts.
void MainWindow::noteFocus(QWidget* now)
{
    for (CodeEditor* editor : {schemaEditor(), m_instance->editor(), m_reply->rawEditor()})
        if (now == editor || (now && editor->isAncestorOf(now)))
            m_current = editor;
}

void MainWindow::updateModified()
{
    setWindowModified(schemaEditor()->isModified() || m_instance->editor()->isModified()
                      || m_reply->rawEditor()->isModified());
}

bool MainWindow::confirmDiscard()
{
    if (!isWindowModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
        tr("Some editors have unsaved changes. Quit anyway?"), QMessageBox::Discard | QMessageBox::Cancel);
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!confirmDiscard())
        return event->ignore();
    saveSettings();
    event->accept();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Conform"),
        tr("<b>Conform %1</b><p>A workbench for LLM structured output: JSON Schema validation with "
           "Zod-style issues, extraction and repair of JSON from model replies.</p>").arg(QStringLiteral(CONFORM_VERSION)));
}

} // namespace conform::gui
