#include "workbench/mainwindow.h"
#include "schemadiff/schemadiffpane.h"
#include "compat/enginestrip.h"
#include "captures/capturestore.h"

#include "document/textdocument.h"

#include "widgets/codeeditor.h"
#include "workbench/demos.h"
#include "widgets/editorpanel.h"
#include "export/exportpreview.h"
#include "workbench/fileroute.h"
#include "checks/instancepane.h"
#include "checks/linespane.h"
#include "workbench/activitybar.h"
#include "workbench/activitydock.h"
#include "workbench/captureviews.h"
#include "workbench/workspace.h"
#include "settings/keychainbackend.h"
#include "batch/batchpanel.h"
#include "captures/capturesbrowser.h"
#include "dashboard/dashboard.h"
#include "workbench/optionstoolbar.h"
#include "checks/replypane.h"
#include "document/rundraft.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "document/schemadocument.h"
#include "workbench/startpage.h"
#include "suites/suitesview.h"
#include "triage/triageview.h"
#include "presenter/presenterview.h"
#include "captures/capturecontextmenu.h"
#include "compare/compareview.h"
#include "captures/capturefilterbar.h"
#include "document/textfile.h"
#include "workbench/workspacetree.h"
#include "workbench/windowshortcuts.h"
#include "compare/compareplan.h"

#include "providers/scenario.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoGroup>

namespace conform::gui {

namespace {

// The values of `keys` in a label filter ("suite_run=… variant=v2 target=x" -> "v2 × x").
QString labelValues(const QString& labels, std::initializer_list<const char*> keys)
{
    QStringList values;
    for (const char* key : keys)
        for (const QString& label : labels.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            if (label.startsWith(QLatin1String(key) + QLatin1Char('=')))
                values << label.section(QLatin1Char('='), 1);
    return values.join(QStringLiteral(" × "));
}

} // namespace

MainWindow::MainWindow(const QString& workspace, QWidget* parent)
    : QMainWindow(parent), m_workspace(new Workspace(std::make_unique<KeychainBackend>(), this))
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/conform.svg")));
    // Every activity is laid out for 1024×700 and up; below this its controls would be cut.
    setMinimumSize(kMinimumWindowSize);
    buildCentre();
    m_options = new OptionsToolBar(this);
    m_options->setMovable(false);
    addToolBar(m_options);
    buildActivities();
    buildMenus();
    connectEditors();
    qApp->installEventFilter(new WindowShortcuts(this));
    restoreSettings();
    openWorkspace(workspace);
}

MainWindow::~MainWindow()
{
    // Children are destroyed after this body: a dialog still open then (an import's summary)
    // moves the focus as it goes, and noteFocus must not read members that are gone.
    disconnect(qApp, &QApplication::focusChanged, this, nullptr);
}

void MainWindow::buildCentre()
{
    m_document = new SchemaDocument(this);
    m_schemaPanel = new EditorPanel(tr("Schema"), CodeEditor::Kind::Json, this);
    m_schemaPanel->document()->setUntitledName(tr("The untitled schema"));
    m_instance = new InstancePane(m_document, schemaEditor(), this);
    m_lines = new LinesPane(m_document, this);
    m_reply = new ReplyPane(m_document, schemaEditor(), this);
    m_draft = new RunDraft(m_document, this);
    m_run = new RunPane(m_draft, this);
    m_run->setEnvironment(m_workspace->environment()); // runs read keys through the workspace's KeyRing
    m_text = new EditorPanel(tr("Text"), CodeEditor::Kind::Plain, this);
    m_text->document()->setUntitledName(tr("The untitled text"));
    m_instance->document()->setUntitledName(tr("The untitled instance"));
    m_reply->rawDocument()->setUntitledName(tr("The raw reply"));
    for (TextDocument* document : {schemaText(), m_instance->document(), m_reply->rawDocument(), m_text->document()})
        m_workspace->addDocument(document);
    m_start = new StartPage(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_start, tr("Start"));
    m_tabs->addTab(m_instance, tr("Instance"));
    m_tabs->addTab(m_lines, tr("Lines"));
    m_tabs->addTab(m_reply, tr("Reply"));
    m_tabs->addTab(m_text, tr("Text"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_start), tr("Demos, and ways to open your own work"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_instance), tr("Validate a JSON instance against the schema as you type"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_lines), tr("Every line of a .jsonl file, checked against the schema"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_reply), tr("Extract, repair and validate JSON from a model's raw reply"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_text), tr("Any other file of the workspace, as plain text"));
    // Lines and Text appear once a file is opened there.
    m_tabs->setTabVisible(m_tabs->indexOf(m_lines), false);
    m_tabs->setTabVisible(m_tabs->indexOf(m_text), false);
    m_tabs->addTab(new ExportPreview(schemaEditor(), this), tr("Export"));
    m_tabs->setTabToolTip(m_tabs->count() - 1, tr("The open schema as Zod, Pydantic, TypeScript or a provider's request fragment"));
    m_engines = new EngineStrip(m_document, schemaEditor(), this);
    m_schemaPanel->addFooter(m_engines);
    m_diff = new SchemaDiffPane(m_document, schemaEditor(), this);
    m_tabs->addTab(m_diff, tr("Diff"));
    m_tabs->setTabToolTip(m_tabs->count() - 1, tr("What the edits change against the saved file or a stored version, and how many stored replies they would fail"));
    m_tree = new WorkspaceTree(this);
    m_centre = new QSplitter(Qt::Horizontal, this);
    m_centre->setObjectName(QStringLiteral("designSplitter"));
    m_centre->addWidget(m_tree);
    m_centre->addWidget(m_schemaPanel);
    m_centre->addWidget(m_tabs);
    m_centre->setStretchFactor(0, 0);
    m_centre->setStretchFactor(1, 2);
    m_centre->setStretchFactor(2, 3);
    m_centre->setChildrenCollapsible(false);
    m_centre->setSizes({200, 460, 700});
    m_current = schemaText();
}

void MainWindow::buildActivities()
{
    m_views = new CaptureViews(this);
    m_suites = new SuitesView(m_workspace->captureStore(), this);
    m_compare = new CompareView(m_draft, m_views->store(), this);
    m_diff->setLocation(m_views->store()->location());
    connect(m_views->store(), &CaptureStore::reopened, m_diff, [this] { m_diff->setLocation(m_views->store()->location()); });
    connect(m_diff, &SchemaDiffPane::openCaptureRequested, this, [this](const QString& id) {
        showActivity(Activity::Captures);
        m_views->browser()->openCapture(id);
    });
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_draft->undoStack());
    m_undoGroup->addStack(m_compare->plan()->undoStack());
    // A cell's or a row's captures are shown for the moment: the user's own filter comes back
    // with the chip's Back, and after a restart.
    connect(m_compare, &CompareView::openCaptures, this, [this](const QString& labels) {
        showCapturesFor(labels, tr("a Compare cell's captures (%1)").arg(labelValues(labels, {"variant", "target"})));
    });
    connect(m_views->batchPanel(), &BatchPanel::openRuns, this, [this](const QString& labels) {
        showCapturesFor(labels, tr("a Runs ×N row's runs (%1)").arg(labelValues(labels, {"target"})));
    });
    m_pages[Activity::Design] = m_centre;
    m_pages[Activity::Run] = m_run;
    m_pages[Activity::Captures] = m_views->browser();
    m_pages[Activity::Triage] = m_views->triage();
    m_pages[Activity::Dashboard] = m_views->dashboard();
    m_pages[Activity::Batch] = m_views->batchPanel();
    m_pages[Activity::Suites] = m_suites;
    m_pages[Activity::Compare] = m_compare;
    m_stack = new QStackedWidget(this);
    for (Activity activity : kActivities)
        m_stack->addWidget(m_pages.at(activity));
    m_bar = new ActivityBar(this);
    auto* centre = new QWidget(this);
    auto* layout = new QHBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    layout->addWidget(m_stack, 1);
    // The workbench, and presenter mode in its place while a run is presented.
    m_presentStack = new QStackedWidget(this);
    m_presentStack->addWidget(centre);
    m_presenter = new PresenterView(this);
    m_presentStack->addWidget(m_presenter);
    connect(m_presenter, &PresenterView::leaveRequested, this, &MainWindow::leavePresenter);
    setCentralWidget(m_presentStack);
    connect(m_bar, &ActivityBar::chosen, this, &MainWindow::showActivity);
    connect(m_stack, &QStackedWidget::currentChanged, this, [this](int index) {
        if (isVisible())
            restoreSplitters(currentActivity());
        m_views->shown(m_stack->widget(index));
        activateUndoFor(m_stack->widget(index));
    });
    connect(m_run, &RunPane::batchRequested, this, [this] { showActivity(Activity::Batch); });
    connectTriage();
}

void MainWindow::connectTriage()
{
    connect(m_views->browser(), &CapturesBrowser::presentRequested, this, [this] { present(); });
    TriageView* triage = m_views->triage();
    connect(triage, &TriageView::openCaptureRequested, this, [this](const QString& id) {
        showActivity(Activity::Captures);
        m_views->browser()->openCapture(id);
    });
    connect(triage, &TriageView::showCapturesRequested, this, [this](const QString& cluster, const QString& reason) {
        showActivity(Activity::Captures);
        m_views->browser()->filterBar()->showTemporarily({{QStringLiteral("cluster"), cluster}}, reason);
    });
    const auto openSuite = [this](const QString& path, int, const QString& error) {
        if (!error.isEmpty())
            return statusBar()->showMessage(error);
        showActivity(Activity::Suites);
        m_suites->openSuite(path);
    };
    connect(triage, &TriageView::regressionSuiteWritten, this, openSuite);
    CaptureContextMenu* menu = m_views->browser()->contextMenu();
    connect(menu, &CaptureContextMenu::regressionSuiteWritten, this, openSuite);
    connect(menu, &CaptureContextMenu::openClusterRequested, this, [this, triage](const QString& cluster) {
        showActivity(Activity::Triage);
        // The list may not hold it yet (the first visit reads it): choose it once it is read.
        if (!triage->selectCluster(cluster))
            connect(triage, &TriageView::refreshed, this, [triage, cluster] { triage->selectCluster(cluster); }, Qt::SingleShotConnection);
    });
}

void MainWindow::showActivity(Activity activity)
{
    if (ActivityDock* dock = activityDock(activity)) {
        dock->show();
        dock->raise();
        m_views->shown(m_pages.at(activity));
        return;
    }
    m_bar->setCurrent(activity);
    m_stack->setCurrentWidget(m_pages.at(activity));
}

void MainWindow::showCapturesFor(const QString& labels, const QString& reason)
{
    showActivity(Activity::Captures);
    m_views->browser()->filterBar()->showTemporarily({{QStringLiteral("label"), labels}}, reason);
}

QString MainWindow::folder() const
{
    return m_workspace->folder();
}

Activity MainWindow::currentActivity() const
{
    for (const auto& [activity, page] : m_pages)
        if (page == m_stack->currentWidget())
            return activity;
    return Activity::Design;
}

void MainWindow::connectEditors()
{
    // The panes observe the document; only the document listens to the schema editor.
    connect(schemaEditor(), &QsciScintilla::textChanged, m_document, [this] { m_document->setText(schemaEditor()->utf8Text()); });
    connect(schemaText(), &TextDocument::filePathChanged, m_document, &SchemaDocument::setFilePath);
    // The validation settings have one owner, the document: the toolbar and the Run tab's
    // Coerce write them there and show what it says.
    connect(m_options, &OptionsToolBar::settingsChanged, m_document, &SchemaDocument::setSettings);
    connect(m_document, &SchemaDocument::settingsChanged, m_options, &OptionsToolBar::setSettings);
    connect(m_document, &SchemaDocument::settingsChanged, this, &MainWindow::saveWorkspaceOptions);
    // The Run tab offers the demos written for the open schema first.
    connect(m_document, &SchemaDocument::compiled, m_run, [this](const CompiledSchemaPtr& schema) {
        m_run->targetForm()->offerScenariosFor(QString::fromStdString(schema->analysis.id));
    });
    connect(m_document, &SchemaDocument::settingsChanged, m_run->targetForm(),
            [this](const ValidationSettings& settings) { m_run->targetForm()->setCoerce(settings.coerce); });
    connect(m_run->targetForm(), &RunTargetForm::coerceChanged, m_document, [this](bool coerce) {
        ValidationSettings settings = m_document->settings();
        settings.coerce = coerce;
        m_document->setSettings(settings);
    });
    connect(m_tree, &WorkspaceTree::fileActivated, this, &MainWindow::openFile);
    // A schema opened from a workspace brings the prompt.md beside it into the Run tab.
    connect(schemaText(), &TextDocument::filePathChanged, m_run, &RunPane::loadPromptFor);
    connect(m_tree, &WorkspaceTree::openAsReplyRequested, this, &MainWindow::openReply);
    connect(m_lines, &LinesPane::lineChosen, this, [this](const QString& text, int line) {
        if (!settleUnsaved({m_instance->document()}))
            return;
        m_instance->document()->showUntitled(text);
        m_instance->panel()->setNote(tr("line %1 of %2").arg(line).arg(QFileInfo(m_lines->filePath()).fileName()));
        showTab(m_instance);
    });
    connect(m_instance->document(), &TextDocument::filePathChanged, this, [this] { m_instance->panel()->setNote(QString()); });
    // Large files arrive later (loadInto): their end is said in the status bar, a failure in a box.
    for (TextDocument* document : documents()) {
        connect(document, &TextDocument::loaded, this, [this](const QString& path) {
            statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 3000);
        });
        connect(document, &TextDocument::loadFailed, this, &MainWindow::sayCannotOpen);
        // The tree shows what is open.
        connect(document, &TextDocument::filePathChanged, m_tree, &WorkspaceTree::select);
    }
    connect(m_workspace, &Workspace::documentsModifiedChanged, this, [this] { setWindowModified(m_workspace->anyModified()); });
    connect(m_lines, &LinesPane::fileLoadFailed, this, &MainWindow::sayCannotOpen);
    connect(m_start, &StartPage::demoChosen, this, &MainWindow::runDemo);
    connect(m_start, &StartPage::openWorkspaceRequested, this, [this] {
        const QString chosen = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), folder());
        if (!chosen.isEmpty())
            openWorkspace(chosen);
    });
    connect(m_start, &StartPage::openFileRequested, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open File"), folder(),
                                                          tr("JSON and text (*.json *.jsonl *.md *.txt);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { noteFocus(now); });
}

CodeEditor* MainWindow::schemaEditor() const
{
    return m_schemaPanel->editor();
}

TextDocument* MainWindow::schemaText() const
{
    return m_schemaPanel->document();
}

QList<TextDocument*> MainWindow::documents() const
{
    return m_workspace->documents();
}

bool MainWindow::openWorkspace(const QString& path)
{
    const QString absolute = QDir(path).absolutePath();
    const bool first = m_workspace->folder().isEmpty();
    if (!first && absolute != folder()) {
        if (!settleUnsaved(documents()))
            return false;
        // A new workspace starts clean: nothing of the old one stays on screen.
        for (TextDocument* document : documents())
            document->showUntitled(QString());
        m_draft->undoStack()->clear(); // the old workspace's edits are not this one's to undo
        m_tabs->setTabVisible(m_tabs->indexOf(m_lines), false);
        m_tabs->setTabVisible(m_tabs->indexOf(m_text), false);
    }
    m_workspace->setFolder(absolute);
    restoreWorkspaceOptions();
    m_tree->setRoot(folder());
    m_start->setDemos(availableDemos(folder()));
    if (first)
        m_tabs->setCurrentWidget(m_start); // the activity stays the one the last session left
    else
        showTab(m_start);
    setWindowTitle(tr("%1[*] — Conform").arg(QDir(folder()).dirName()));
    statusBar()->showMessage(tr("Workspace: %1").arg(QDir::toNativeSeparators(folder())));
    return true;
}

bool MainWindow::openFile(const QString& path)
{
    bool opened = false;
    switch (routeForFile(path)) {
    case FileRoute::Schema:
        opened = loadInto(schemaText(), path);
        break;
    case FileRoute::Comparison:
        showActivity(Activity::Compare);
        opened = m_compare->openComparison(path);
        break;
    case FileRoute::Suite:
        showActivity(Activity::Suites);
        opened = m_suites->openSuite(path);
        break;
    case FileRoute::Instance: {
        // An example brings its schema along, unless that schema is what the editor holds.
        const QString schema = schemaForExample(path);
        if (!schema.isEmpty() && QFileInfo(schema) != QFileInfo(schemaText()->filePath()) && !loadInto(schemaText(), schema))
            return false;
        showTab(m_instance);
        opened = loadInto(m_instance->document(), path);
        break;
    }
    case FileRoute::Lines: {
        QString error;
        opened = m_lines->loadFile(path, &error);
        if (!opened) {
            sayCannotOpen(path, error);
            return false;
        }
        m_tabs->setTabVisible(m_tabs->indexOf(m_lines), true);
        m_tabs->setTabText(m_tabs->indexOf(m_lines), tr("Lines — %1").arg(QFileInfo(path).fileName()));
        showTab(m_lines);
        m_tree->select(path);
        break;
    }
    case FileRoute::Prompt:
        opened = m_run->loadPromptFile(path);
        if (!opened)
            QMessageBox::warning(this, tr("Cannot open file"), tr("%1: cannot be read").arg(QDir::toNativeSeparators(path)));
        else
            showTab(m_run);
        break;
    case FileRoute::Reply:
        return openReply(path);
    case FileRoute::Text:
        m_tabs->setTabVisible(m_tabs->indexOf(m_text), true);
        showTab(m_text);
        opened = loadInto(m_text->document(), path);
        break;
    }
    if (opened)
        m_workspace->noteRecentFile(path);
    return opened;
}

bool MainWindow::openReply(const QString& path)
{
    showTab(m_reply);
    const bool opened = loadInto(m_reply->rawDocument(), path);
    if (opened)
        m_workspace->noteRecentFile(path);
    return opened;
}

bool MainWindow::runDemo(const Demo& demo)
{
    auto scenario = providers::loadScenario(demo.path);
    if (!scenario) {
        QMessageBox::warning(this, tr("Cannot run demo"), QString::fromStdString(scenario.error().toString()));
        return false;
    }
    if (scenario->schema) {
        const QString file = workspaceSchemaWithId(folder(), schema::idOf(*scenario->schema));
        if (!file.isEmpty()) {
            if (!openFile(file))
                return false;
        } else {
            if (!settleUnsaved({schemaText()}))
                return false;
            schemaText()->showUntitled(QString::fromStdString(scenario->schema->dump(2)));
        }
    }
    if (!scenario->promptSystem.empty() || !scenario->promptUser.empty())
        m_draft->setPrompt(QString::fromStdString(scenario->promptSystem), QString::fromStdString(scenario->promptUser));
    m_run->loadDemoVariables(scenario->variables); // so the prompt sent is the one its replies answer
    RunTargetForm* form = m_run->targetForm();
    if (demo.builtin)
        form->selectScenario(demo.name);
    else
        form->addScenarioFile(demo.path);
    { // the mode it is meant to run in, as a load (the form follows the draft); without one,
      // auto: the default its `expect` speaks of, whatever demo ran before
        TargetChoice choice = m_draft->targetChoice();
        choice.target.mode = scenario->mode.value_or(providers::ModeChoice::Auto);
        m_draft->setTarget(choice);
    }
    engine::Policy policy = m_draft->policy(); // a demo streams: written to the draft, as a load (no undo step)
    policy.stream = true;
    m_draft->setPolicy(policy);
    showTab(m_run);
    m_run->runDemo();
    return true;
}

void MainWindow::sayCannotOpen(const QString& path, const QString& error)
{
    statusBar()->clearMessage();
    QMessageBox::warning(this, tr("Cannot open file"), tr("%1: %2").arg(QDir::toNativeSeparators(path), error));
}

void MainWindow::showTab(QWidget* pane)
{
    if (pane == m_run)
        return showActivity(Activity::Run);
    showActivity(Activity::Design);
    m_tabs->setCurrentWidget(pane);
}

bool MainWindow::loadInto(TextDocument* document, const QString& path)
{
    // Asked also when `path` is the file already open: reading it again would drop the edits.
    if (!settleUnsaved({document}))
        return false;
    QString error;
    if (!document->open(path, &error)) {
        sayCannotOpen(path, error);
        return false;
    }
    if (document->isLoading()) {
        const QFileInfo file(path);
        statusBar()->showMessage(tr("Opening %1 (%2 MB)…").arg(file.fileName()).arg(double(file.size()) / (1024 * 1024), 0, 'f', 1));
    }
    m_current = document;
    return true;
}

bool MainWindow::save()
{
    if (m_current->filePath().isEmpty())
        return saveAs();
    return saveDocument(m_current, m_current->filePath());
}

bool MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), folder());
    return !path.isEmpty() && saveDocument(m_current, path);
}

bool MainWindow::saveDocument(TextDocument* document, const QString& path)
{
    QString error;
    if (!document->save(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save file"), tr("%1: %2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        m_document->refreshReferences(); // it may be one the schema's $ref names
    return true;
}

bool MainWindow::settleUnsaved(const QList<TextDocument*>& documents)
{
    for (TextDocument* document : documents) {
        if (!document->isModified())
            continue;
        QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                        tr("%1 has unsaved changes. Save them?").arg(document->displayName()),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setDefaultButton(QMessageBox::Save);
        if (!document->filePath().isEmpty())
            box.setInformativeText(QDir::toNativeSeparators(document->filePath()));
        switch (box.exec()) {
        case QMessageBox::Save:
            m_current = document;
            if (!save())
                return false;
            break;
        case QMessageBox::Discard:
            document->discardEdits();
            break;
        default:
            return false;
        }
    }
    return true;
}

void MainWindow::activateUndoFor(QWidget* page)
{
    if (page == m_run)
        m_undoGroup->setActiveStack(m_draft->undoStack());
    else if (page == m_compare)
        m_undoGroup->setActiveStack(m_compare->plan()->undoStack());
    else
        m_undoGroup->setActiveStack(nullptr);
}

// Save applies to the document whose editor the user worked in last; read-only ones never count.
// Undo applies to the document of the activity the focus is in (a docked one included).
void MainWindow::noteFocus(QWidget* now)
{
    if (now && this->isAncestorOf(now)) {
        for (const auto& [activity, page] : m_pages)
            if (page == now || page->isAncestorOf(now))
                activateUndoFor(page);
    }
    for (TextDocument* document : documents())
        if (now == document->editor() || (now && document->editor()->isAncestorOf(now)))
            m_current = document;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    restoreSplitters(currentActivity());
    for (const auto& [activity, dock] : m_docks)
        restoreSplitters(activity);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!settleUnsaved(documents()))
        return event->ignore();
    saveSettings();
    event->accept();
}

} // namespace conform::gui
