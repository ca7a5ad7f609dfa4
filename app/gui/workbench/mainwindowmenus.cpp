// MainWindow's menus, kept apart from its layout: File (with recent workspaces and files),
// Edit (acting on the widget that has focus, else on the undo group: editrouting.h), Reply,
// Captures, Demos, View and Help (shortcuts, README).
#include "workbench/mainwindow.h"

#include "help/contexthelp.h"
#include "help/manualview.h"

#include "document/textdocument.h"
#include "widgets/codeeditor.h"
#include "workbench/demos.h"
#include "widgets/editorpanel.h"
#include "checks/instancepane.h"
#include "workbench/optionstoolbar.h"
#include "workbench/workspace.h"
#include "checks/replypane.h"
#include "run/runpane.h"
#include "settings/settingsmenu.h"
#include "workbench/startpage.h"
#include "workbench/workspacetree.h"
#include "workbench/captureviews.h"
#include "captures/captureimport.h"
#include "captures/capturesbrowser.h"
#include "captures/revalidatepanel.h"
#include "workbench/editrouting.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoGroup>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// The editor Find, Replace and Go to Line apply to: the one with focus, else the one Save
// applies to while it is in view; null when there is none (never a hidden editor).
CodeEditor* focusedEditor(CodeEditor* fallback)
{
    for (QWidget* w = QApplication::focusWidget(); w; w = w->parentWidget())
        if (auto* editor = qobject_cast<CodeEditor*>(w))
            return editor;
    return fallback && fallback->isVisible() ? fallback : nullptr;
}

// Every action of `menu` and its submenus that has a shortcut: (path, shortcut).
void collectShortcuts(QMenu* menu, const QString& prefix, QList<QPair<QString, QString>>* out)
{
    for (QAction* action : menu->actions()) {
        const QString name = prefix + action->text().remove(QLatin1Char('&')).remove(QStringLiteral("…"));
        if (action->menu())
            collectShortcuts(action->menu(), name + QStringLiteral(" ▸ "), out);
        else if (!action->shortcut().isEmpty())
            out->append({name, action->shortcut().toString(QKeySequence::NativeText)});
    }
}

} // namespace

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildEditMenu();
    buildReplyMenu();
    buildCapturesMenu();
    buildDemosMenu();
    buildViewMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &Workspace…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString chosen = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), folder());
        if (!chosen.isEmpty())
            openWorkspace(chosen);
    });
    QMenu* recentWorkspaces = file->addMenu(tr("Recent W&orkspaces"));
    connect(recentWorkspaces, &QMenu::aboutToShow, this,
            [this, recentWorkspaces] { fillRecentMenu(recentWorkspaces, true); });
    file->addAction(tr("&Open File…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open File"), folder(),
                                                          tr("JSON and text (*.json *.jsonl *.md *.txt);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    QMenu* recentFiles = file->addMenu(tr("&Recent Files"));
    connect(recentFiles, &QMenu::aboutToShow, this,
            [this, recentFiles] { fillRecentMenu(recentFiles, false); });
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    installSettings(this, file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::buildEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    // A text editor with the focus undoes its own typing; anything else is the document's edit.
    edit->addAction(tr("&Undo"), QKeySequence::Undo, this, [this] {
        if (TextEditing text(QApplication::focusWidget()); text)
            text.undo();
        else
            m_undoGroup->undo();
    });
    edit->addAction(tr("&Redo"), QKeySequence::Redo, this, [this] {
        if (TextEditing text(QApplication::focusWidget()); text)
            text.redo();
        else
            m_undoGroup->redo();
    });
    edit->addSeparator();
    const auto onText = [](void (TextEditing::*method)()) {
        return [method] {
            if (TextEditing text(QApplication::focusWidget()); text)
                (text.*method)();
        };
    };
    edit->addAction(tr("Cu&t"), QKeySequence::Cut, this, onText(&TextEditing::cut));
    edit->addAction(tr("&Copy"), QKeySequence::Copy, this, onText(&TextEditing::copy));
    edit->addAction(tr("&Paste"), QKeySequence::Paste, this, onText(&TextEditing::paste));
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, onText(&TextEditing::selectAll));
    edit->addSeparator();
    edit->addAction(tr("&Find…"), QKeySequence::Find, this, [this] {
        CodeEditor* editor = focusedEditor(m_current->editor());
        if (!editor)
            return;
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Find"), tr("Find:"), QLineEdit::Normal, editor->selectedText(), &ok);
        if (ok && !text.isEmpty() && !editor->findFirst(text, false, false, false, true))
            statusBar()->showMessage(tr("\"%1\" not found").arg(text), 4000);
    });
    edit->addAction(tr("Find &Next"), QKeySequence::FindNext, this, [this] {
        CodeEditor* editor = focusedEditor(m_current->editor());
        if (editor && !editor->findNext())
            statusBar()->showMessage(tr("No more matches"), 4000);
    });
    edit->addAction(tr("R&eplace…"), QKeySequence::Replace, this, [this] {
        CodeEditor* editor = focusedEditor(m_current->editor());
        if (!editor)
            return;
        bool ok = false;
        const QString find = QInputDialog::getText(this, tr("Replace"), tr("Replace:"), QLineEdit::Normal, editor->selectedText(), &ok);
        if (!ok || find.isEmpty())
            return;
        const QString with = QInputDialog::getText(this, tr("Replace"), tr("Replace \"%1\" with:").arg(find), QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return;
        int count = 0;
        editor->beginUndoAction();
        for (bool found = editor->findFirst(find, false, true, false, false, true, 0, 0); found; found = editor->findNext()) {
            editor->replace(with);
            ++count;
        }
        editor->endUndoAction();
        statusBar()->showMessage(tr("Replaced %n occurrence(s)", nullptr, count), 4000);
    });
    edit->addAction(tr("&Go to Line…"), QKeySequence(tr("Ctrl+G")), this, [this] {
        CodeEditor* editor = focusedEditor(m_current->editor());
        if (!editor)
            return;
        bool ok = false;
        const int line = QInputDialog::getInt(this, tr("Go to Line"), tr("Line:"), 1, 1, std::max(1, editor->lines()), 1, &ok);
        if (!ok)
            return;
        editor->setCursorPosition(line - 1, 0);
        editor->ensureLineVisible(line - 1);
        editor->setFocus();
    });
}

void MainWindow::buildReplyMenu()
{
    QMenu* reply = menuBar()->addMenu(tr("&Reply"));
    reply->addAction(tr("&Open Reply…"), QKeySequence(tr("Ctrl+R")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Reply"), folder(),
                                                          tr("Replies (*.txt *.md *.json);;All files (*)"));
        if (!path.isEmpty())
            openReply(path);
    });
    reply->addAction(tr("&Paste Reply"), QKeySequence(tr("Ctrl+Shift+V")), this, [this] {
        m_reply->rawEditor()->selectAll();
        m_reply->rawEditor()->paste();
        showTab(m_reply);
    });
    reply->addAction(tr("&Clear Reply"), this, [this] { m_reply->rawEditor()->clear(); });
}

void MainWindow::buildCapturesMenu()
{
    QMenu* captures = menuBar()->addMenu(tr("&Captures"));
    captures->addAction(tr("&Import…"), QKeySequence(tr("Ctrl+Shift+I")), this, [this] {
        showActivity(Activity::Captures);
        m_views->importer()->chooseAndImport();
    })->setStatusTip(tr("Conform's JSONL, OpenTelemetry traces and logs, or an OpenAI or Anthropic batch's results, into the store"));
    // From any activity and any focus (the schema editor's above all: re-validation is what
    // follows a schema edit), not only while the Captures page's button is in view.
    captures->addAction(QCoreApplication::translate("conform::gui::RevalidatePanel", "Re-validate history"),
                        QKeySequence(QCoreApplication::translate("conform::gui::RevalidatePanel", "Ctrl+Shift+H")), this, [this] {
        showActivity(Activity::Captures);
        if (RevalidatePanel* panel = m_views->browser()->revalidatePanel(); !panel->isRunning())
            panel->start();
    });
    captures->addAction(tr("&Browse"), this, [this] { showActivity(Activity::Captures); });
    captures->addAction(tr("&Dashboard"), this, [this] { showActivity(Activity::Dashboard); });
    captures->addAction(tr("&Triage"), this, [this] { showActivity(Activity::Triage); });
}

void MainWindow::buildDemosMenu()
{
    QMenu* demos = menuBar()->addMenu(tr("&Demos"));
    connect(demos, &QMenu::aboutToShow, this, [this, demos] {
        demos->clear();
        bool builtin = true;
        for (const Demo& demo : m_start->demos()) { // read once per workspace, as the start page shows them
            if (builtin && !demo.builtin) {
                demos->addSection(tr("This workspace"));
                builtin = false;
            }
            QAction* action = demos->addAction(demo.name, this, [this, demo] { runDemo(demo); });
            action->setToolTip(demo.description);
            action->setStatusTip(demo.description);
        }
    });
    demos->setToolTipsVisible(true);
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    // Each activity, from its shortcut: it comes to the front, and pressing again keeps it there.
    for (Activity activity : kActivities)
        view->addAction(ActivityWords::name(activity), QKeySequence(ActivityWords::shortcut(activity)), this,
                        [this, activity] { showActivity(activity); });
    buildDockMenu(view);
    view->addSeparator();
    QAction* presentAction = view->addAction(tr("&Present"), QKeySequence(tr("F5")), this, [this] { present(); });
    presentAction->setToolTip(tr("The capture open in Captures, else the last run, step by step and full-window for a room (Esc leaves)"));
    view->addSeparator();
    view->addAction(tr("&Start"), QKeySequence(tr("Ctrl+0")), this, [this] { showTab(m_start); });
    view->addAction(tr("&Instance"), QKeySequence(tr("Ctrl+1")), this, [this] { showTab(m_instance); });
    view->addAction(tr("&Reply"), QKeySequence(tr("Ctrl+2")), this, [this] { showTab(m_reply); });
    view->addAction(tr("R&un"), QKeySequence(tr("Ctrl+3")), this, [this] { showTab(m_run); });
    view->addSeparator();
    QAction* tree = view->addAction(tr("&Workspace Tree"));
    tree->setCheckable(true);
    tree->setChecked(true);
    connect(tree, &QAction::toggled, m_tree, &QWidget::setVisible);
    view->addAction(m_options->toggleViewAction());
}

void MainWindow::buildHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence(tr("Ctrl+/")), this, &MainWindow::showShortcuts);
    QAction* manual = help->addAction(tr("&Manual"), QKeySequence(QKeySequence::HelpContents), this, &MainWindow::showManual);
    manual->setToolTip(tr("The manual, open at the page of the activity in front; its search finds a word in every page"));
    help->addSeparator();
    help->addAction(tr("&About Conform"), this, &MainWindow::showAbout);
}

void MainWindow::fillRecentMenu(QMenu* menu, bool folders)
{
    menu->clear();
    for (const QString& path : folders ? m_workspace->recentWorkspaces() : m_workspace->recentFiles()) {
        menu->addAction(QDir::toNativeSeparators(path), this, [this, path, folders] {
            if (folders)
                openWorkspace(path);
            else
                openFile(path);
        });
    }
    if (menu->isEmpty())
        menu->addAction(tr("(none yet)"))->setEnabled(false);
}

void MainWindow::showShortcuts()
{
    QList<QPair<QString, QString>> shortcuts;
    for (QAction* action : menuBar()->actions())
        if (action->menu())
            collectShortcuts(action->menu(), action->text().remove(QLatin1Char('&')) + QStringLiteral(" ▸ "), &shortcuts);
    shortcuts.append({tr("Run ▸ Run"), QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)});
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto* table = new QTableWidget(int(shortcuts.size()), 2, &dialog);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int row = 0; row < shortcuts.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(shortcuts[row].first));
        table->setItem(row, 1, new QTableWidgetItem(shortcuts[row].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog.resize(520, 560);
    dialog.exec();
}

void MainWindow::showManual()
{
    if (!m_manual)
        m_manual = new ManualView(ManualPages::folder(), this);
    const ManualPlace place = manualPlaceFor(currentActivity());
    m_manual->show(); // first: a heading is scrolled to in a laid-out page
    m_manual->openPage(place.page, place.anchor);
    m_manual->raise();
    m_manual->activateWindow();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Conform"),
        tr("<b>Conform %1</b><p>A workbench for LLM structured output: JSON Schema validation with "
           "Zod-style issues, extraction and repair of JSON from model replies.</p>").arg(QStringLiteral(CONFORM_VERSION)));
}

} // namespace conform::gui
