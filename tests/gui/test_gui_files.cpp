// Files opened for what they are: text only (NUL bytes and non-UTF-8 refused), .jsonl as a
// list of checked lines, prompts in the Run tab, Markdown in the Text tab, an example with its
// schema; unsaved changes named in a Save / Discard / Cancel dialog; a new workspace starts
// clean; recent files remembered; the default workspace is never the current directory.
#include "gui_fixture.h"

#include <QAbstractItemModelTester>

#include "document/textdocument.h"
#include "widgets/codeeditor.h"
#include "widgets/editorpanel.h"
#include "workbench/fileroute.h"
#include "checks/instancepane.h"
#include "checks/issuemodel.h"
#include "checks/linespane.h"
#include "workbench/mainwindow.h"
#include "checks/replypane.h"
#include "run/attemptmodel.h"
#include "run/runpane.h"
#include "workbench/demos.h"
#include "workbench/startpage.h"
#include "workbench/workspace.h"
#include "widgets/statusline.h"
#include "document/textfile.h"

#include "event_loop_watchdog.h"

#include "base/json.h"

#include <QAbstractButton>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>

using namespace conform;
using namespace conform::gui;

namespace {

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// Answers the next message box with `button`, after noting its text in `*text`.
void answerNextMessageBox(QMessageBox::StandardButton button, QString* text)
{
    QTimer::singleShot(0, [button, text] {
        for (QWidget* widget : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->isVisible()) {
                *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->button(button)->click();
                return;
            }
        QFAIL("no message box came up");
    });
}

// The same for a box that comes up later, from the event loop.
void answerNextMessageBoxWhenShown(QMessageBox::StandardButton button, QString* text)
{
    auto* poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, [poll, button, text] {
        for (QWidget* widget : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->isVisible()) {
                *text = box->text();
                poll->deleteLater();
                box->button(button)->click();
                return;
            }
    });
    poll->start(20);
}

} // namespace

void TestGui::notTextIsRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error"); // empty: accepted
    QTest::newRow("NUL bytes") << QByteArray("{\"a\": 1}\0\0\0", 11) << "not a text file (it contains NUL bytes)";
    QTest::newRow("Latin-1") << QByteArray("caf\xe9 cr\xe8me br\xfbl\xe9" "e, na\xefve, \xe0 la carte", 36)
                             << "not a text file (it is not UTF-8)";
    QTest::newRow("random") << QByteArray("\x89PNG\r\n\x1a\n\xff\xfe\xfd\xfc\xc0\xc1\xf5\xf6", 16)
                            << "not a text file (it is not UTF-8)";
    QTest::newRow("one stray byte") << QByteArray("{\"name\": \"caf\xe9\"}") << QString();
    QTest::newRow("UTF-8 with BOM") << QByteArray("\xEF\xBB\xBF{\"name\": \"caf\xc3\xa9\"}") << QString();
}

void TestGui::notTextIsRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const QString path = m_dir->filePath(QStringLiteral("file.json"));
    writeBytes(path, bytes);
    const TextFile file = readTextFile(path);
    QCOMPARE(file.error, error);
    QCOMPARE(file.ok, error.isEmpty());
    if (file.ok)
        QVERIFY(!file.text().startsWith(QChar(0xFEFF)));
    CodeEditor editor(CodeEditor::Kind::Json);
    TextDocument document(&editor, QStringLiteral("The untitled file"));
    QString shown;
    QCOMPARE(document.open(path, &shown), error.isEmpty());
    QCOMPARE(document.filePath().isEmpty(), !error.isEmpty());
    QCOMPARE(shown, error);
    // And a size limit says how to check a bigger file.
    QVERIFY(readTextFile(path, 4).error.contains(QStringLiteral("conform-cli validate")));
}

void TestGui::jsonlOpensAsCheckedLines()
{
    const QString path = m_dir->filePath(QStringLiteral("person/examples/replies.jsonl"));
    writeBytes(path, "{\"name\": \"Ada\", \"age\": 36}\n\n{\"name\": \"Bob\", \"age\": -1}\n{\"name\": \n");
    QAbstractItemModelTester linesTester(m_window->linesPane()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(m_window->openFile(path));
    LinesPane* lines = m_window->linesPane();
    QCOMPARE(m_window->tabs()->currentWidget(), lines);
    QVERIFY(m_window->tabs()->isTabVisible(m_window->tabs()->indexOf(lines)));
    QTRY_COMPARE(lines->statusLine()->text(), QStringLiteral("3 lines: 1 valid, 1 invalid, 1 not JSON"));
    const QAbstractItemModel* model = lines->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->index(0, LinesModel::LineColumn).data().toInt(), 1);
    QCOMPARE(model->index(0, LinesModel::VerdictColumn).data().toString(), QStringLiteral("valid"));
    QCOMPARE(model->index(1, LinesModel::LineColumn).data().toInt(), 3); // the blank line 2 is skipped
    QCOMPARE(model->index(1, LinesModel::VerdictColumn).data().toString(), QStringLiteral("invalid"));
    QCOMPARE(model->index(1, LinesModel::FirstIssueColumn).data().toString(),
             QStringLiteral("/age: Number must be greater than or equal to 0"));
    QCOMPARE(model->index(2, LinesModel::VerdictColumn).data().toString(), QStringLiteral("not JSON"));
    QVERIFY(model->index(2, LinesModel::FirstIssueColumn).data().toString().startsWith(QStringLiteral("line 1, column")));

    // Picking line 3 shows it in the Instance tab, with its issue; Save would ask for a name.
    lines->view()->setCurrentIndex(model->index(1, 0));
    emit lines->view()->activated(model->index(1, 0));
    InstancePane* instance = m_window->instancePane();
    QCOMPARE(m_window->tabs()->currentWidget(), instance);
    QCOMPARE(instance->editor()->text(), QStringLiteral("{\"name\": \"Bob\", \"age\": -1}"));
    QVERIFY(instance->document()->filePath().isEmpty());
    QCOMPARE(instance->panel()->headerText(), QStringLiteral("Instance"));
    QTRY_COMPARE(instance->statusLine()->text(), QStringLiteral("1 issue"));
}

// 20 MB files open as a user would open them, and the window keeps turning: the bytes are
// read on a worker and poured into the editor in steps; a .jsonl is read and checked on
// workers. Each arrives whole and is checked.
void TestGui::largeFilesOpenWithoutStoppingTheWindow()
{
    // A freeze detector, not a speed goal (the figures are printed): reading or setting 20 MB
    // on the GUI thread stalls it for 0.3-1 s, and more on a busy machine. The 20 MB reply's
    // longest turn (the value handed over and the raw text marked) measures 170-260 ms of CPU
    // here with other tests running beside it, so the bound sits above that rather than
    // failing on a busy core.
    constexpr double kFreezeMs = 350;
    constexpr int kLines = 400000; // 50-odd bytes each: about 21 MB
    QByteArray lines;
    lines.reserve(kLines * 56);
    for (int i = 0; i < kLines; ++i)
        lines += "{\"name\": \"Person " + QByteArray::number(i) + "\", \"age\": " + (i % 10 == 9 ? "-1" : "36") + "}\n";
    const QString linesPath = m_dir->filePath(QStringLiteral("person/examples/people.jsonl"));
    writeBytes(linesPath, lines);
    QByteArray instance = "{\"name\": \"Ada\", \"age\": 36, \"log\": [\n";
    for (int i = 0; i < kLines; ++i)
        instance += "  {\"step\": " + QByteArray::number(i) + ", \"note\": \"caf\xc3\xa9 au lait, no sugar\"},\n";
    instance += "  {}\n]}\n";
    const QString instancePath = m_dir->filePath(QStringLiteral("person/examples/long-log.json"));
    writeBytes(instancePath, instance);
    QVERIFY(instance.size() > 20 * 1024 * 1024);

    EventLoopWatchdog watchdog;
    ProcessCpuTimer cpu; // logged, not judged
    QVERIFY(m_window->openFile(linesPath));
    LinesPane* pane = m_window->linesPane();
    QTRY_COMPARE_WITH_TIMEOUT(pane->statusLine()->text(),
                              QStringLiteral("%1 lines: %2 valid, %3 invalid, 0 not JSON").arg(kLines).arg(kLines / 10 * 9).arg(kLines / 10),
                              60000);
    const double linesMs = cpu.elapsedMs();
    cpu.restart();
    CodeEditor* editor = m_window->instancePane()->editor();
    QVERIFY(m_window->openFile(instancePath));
    QVERIFY(editor->isLoading());
    QTRY_VERIFY_WITH_TIMEOUT(!editor->isLoading(), 60000);
    const double instanceMs = cpu.elapsedMs();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->instancePane()->statusLine()->text(), QStringLiteral("valid"), 60000);
    qInfo("20 MB .jsonl checked in %.0f ms of CPU; 20 MB instance shown in %.0f ms of CPU; longest GUI turn %.1f ms of CPU (%s)",
          linesMs, instanceMs, watchdog.longestStallMs(), qPrintable(watchdog.longestGapParts()));
    QVERIFY2(watchdog.longestStallMs() < kFreezeMs, qPrintable(QStringLiteral("the window stalled %1 ms").arg(watchdog.longestStallMs())));
    QCOMPARE(QByteArray::fromStdString(editor->utf8Text()), instance);
    TextDocument* document = m_window->instancePane()->document();
    QCOMPARE(QFileInfo(document->filePath()), QFileInfo(instancePath));
    QVERIFY(!document->isModified());
    QVERIFY(!editor->isReadOnly());
    QVERIFY(!editor->isUndoAvailable()); // loading is not an edit to undo

    // An edit is checked (textChanged is back on after the quiet load).
    editor->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
    QTest::keyClicks(editor, QStringLiteral("x"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->instancePane()->statusLine()->state(), StatusLine::State::Error, 30000);
    editor->undo();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->instancePane()->statusLine()->text(), QStringLiteral("valid"), 30000);

    // A 20 MB model reply: read and poured, extracted on a worker, the value shown in steps.
    const QString replyPath = m_dir->filePath(QStringLiteral("person/examples/big-reply.txt"));
    writeBytes(replyPath, "Here it is:\n```json\n" + instance + "```\n");
    EventLoopWatchdog replyWatchdog;
    cpu.restart();
    QVERIFY(m_window->openFile(replyPath));
    ReplyPane* reply = m_window->replyPane();
    QTRY_COMPARE_WITH_TIMEOUT(reply->statusLine()->text(), QStringLiteral("valid"), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!reply->extractedEditor()->isLoading(), 60000);
    qInfo("20 MB reply extracted and shown in %.0f ms of CPU; longest GUI turn %.1f ms of CPU (%s)", cpu.elapsedMs(),
          replyWatchdog.longestStallMs(), qPrintable(replyWatchdog.longestGapParts()));
    QVERIFY2(replyWatchdog.longestStallMs() < kFreezeMs, qPrintable(QStringLiteral("the window stalled %1 ms").arg(replyWatchdog.longestStallMs())));
    QVERIFY(Json::parse(reply->extractedEditor()->utf8Text()) == Json::parse(instance.toStdString()));
    QVERIFY(!reply->extractedEditor()->isModified());
    QVERIFY(reply->extractedEditor()->isReadOnly());

    // A large file that is not text is refused as a small one is, once the worker has read it.
    const QString binary = m_dir->filePath(QStringLiteral("person/examples/dump.json"));
    writeBytes(binary, QByteArray(2 * 1024 * 1024, '\0'));
    QString said;
    QSignalSpy failed(document, &TextDocument::loadFailed);
    answerNextMessageBoxWhenShown(QMessageBox::Ok, &said);
    QVERIFY(m_window->openFile(binary));
    QTRY_COMPARE(failed.count(), 1);
    QTRY_VERIFY(said.contains(QStringLiteral("not a text file (it contains NUL bytes)")));
    QVERIFY(!editor->isLoading());
    QVERIFY(!editor->isReadOnly());
    QCOMPARE(QFileInfo(document->filePath()), QFileInfo(instancePath)); // what was open stays
    // and is still checked as it is edited.
    QTest::keyClicks(editor, QStringLiteral("x"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->instancePane()->statusLine()->state(), StatusLine::State::Error, 30000);
}

void TestGui::filesOpenWhereTheyBelong()
{
    // A prompt file fills the Run tab's prompt fields.
    const QString prompt = m_dir->filePath(QStringLiteral("person/triage.prompt.md"));
    writeBytes(prompt, "## System\nYou extract people.\n\n## User\nWho is in this text?\n");
    QVERIFY(m_window->openFile(prompt));
    QCOMPARE(m_window->currentActivity(), Activity::Run);
    QCOMPARE(m_window->runPane()->systemEdit()->toPlainText(), QStringLiteral("You extract people."));
    QCOMPARE(m_window->runPane()->userEdit()->toPlainText(), QStringLiteral("Who is in this text?"));
    // Markdown is text, in the Text tab, never a model reply.
    const QString notes = m_dir->filePath(QStringLiteral("NOTES.md"));
    writeBytes(notes, "# Notes\nNothing to extract here.\n");
    QVERIFY(m_window->openFile(notes));
    QCOMPARE(m_window->tabs()->currentWidget(), m_window->textPanel());
    QCOMPARE(m_window->textPanel()->editor()->text(), QStringLiteral("# Notes\nNothing to extract here.\n"));
    // An example brings its schema along.
    m_window->schemaText()->showUntitled(QStringLiteral("{}"));
    QVERIFY(m_window->openFile(m_dir->filePath(QStringLiteral("person/examples/ok.json"))));
    QCOMPARE(QFileInfo(m_window->schemaText()->filePath()), QFileInfo(m_dir->filePath(QStringLiteral("person/schema.json"))));
    // Each opened file heads the recent list.
    const QStringList recent = QSettings().value(QStringLiteral("recent/files")).toStringList();
    QVERIFY(recent.size() >= 3);
    QCOMPARE(QFileInfo(recent.first()), QFileInfo(m_dir->filePath(QStringLiteral("person/examples/ok.json"))));
}

void TestGui::unsavedChangesAreNamed()
{
    CodeEditor* instance = m_window->instancePane()->editor();
    instance->setText(QStringLiteral("{\"name\": \"Eve\"}"));
    QVERIFY(instance->isModified());
    QString asked;
    // Cancel: nothing is replaced.
    answerNextMessageBox(QMessageBox::Cancel, &asked);
    const QString other = m_dir->filePath(QStringLiteral("person/examples/other.json"));
    writeBytes(other, "{}");
    QVERIFY(!m_window->openFile(other));
    QVERIFY2(asked.startsWith(QStringLiteral("ok.json has unsaved changes. Save them?")), qPrintable(asked));
    QCOMPARE(instance->text(), QStringLiteral("{\"name\": \"Eve\"}"));
    // Save: written, then replaced.
    answerNextMessageBox(QMessageBox::Save, &asked);
    QVERIFY(m_window->openFile(other));
    QFile saved(m_dir->filePath(QStringLiteral("person/examples/ok.json")));
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), QByteArray("{\"name\": \"Eve\"}"));
    QCOMPARE(instance->text(), QStringLiteral("{}"));
}

// The file behind a text is the document's: its path, its unsaved edits and their •, open and
// save. The editor only shows the bytes, and the window's • follows every document.
void TestGui::documentsOwnTheirFiles()
{
    TextDocument* text = m_window->textPanel()->document();
    QVERIFY(m_window->workspace()->documents().contains(text));
    const QString notes = m_dir->filePath(QStringLiteral("notes.md"));
    writeBytes(notes, "first\n");
    QSignalSpy pathChanged(text, &TextDocument::filePathChanged);
    QVERIFY(m_window->openFile(notes));
    QCOMPARE(QFileInfo(text->filePath()), QFileInfo(notes));
    QCOMPARE(pathChanged.count(), 1);
    QCOMPARE(text->displayName(), QStringLiteral("notes.md"));
    QVERIFY(!text->isModified());
    QVERIFY(!m_window->workspace()->anyModified());
    QVERIFY(!m_window->isWindowModified());

    QSignalSpy modified(text, &TextDocument::modificationChanged);
    text->editor()->append(QStringLiteral("second\n"));
    QVERIFY(text->isModified());
    QCOMPARE(modified.count(), 1);
    QVERIFY(m_window->workspace()->anyModified());
    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->textPanel()->headerText().endsWith(QStringLiteral(" •")));

    // Saved elsewhere: the bytes are there, the document is that file now, and clean.
    const QString copy = m_dir->filePath(QStringLiteral("notes-2.md"));
    QString error;
    QVERIFY2(text->save(copy, &error), qPrintable(error));
    QFile written(copy);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), QByteArray("first\nsecond\n"));
    QCOMPARE(QFileInfo(text->filePath()), QFileInfo(copy));
    QCOMPARE(pathChanged.count(), 2);
    QVERIFY(!text->isModified());
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(!m_window->textPanel()->headerText().endsWith(QStringLiteral(" •")));

    // A save that cannot be written says why and leaves the document as it was.
    text->editor()->append(QStringLiteral("third\n"));
    QVERIFY(!text->save(m_dir->filePath(QStringLiteral("no/such/folder/notes.md")), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(QFileInfo(text->filePath()), QFileInfo(copy));
    QVERIFY(text->isModified());

    // Untitled: no file, named by what it is.
    text->showUntitled(QStringLiteral("scratch"));
    QVERIFY(text->filePath().isEmpty());
    QCOMPARE(text->displayName(), QStringLiteral("The untitled text"));
    QVERIFY(!text->isModified());
}

void TestGui::newWorkspaceStartsClean()
{
    // A fresh window with no schema at all still settles: typing an instance is not "checking…"
    // for ever.
    MainWindow bare(m_dir->path());
    bare.instancePane()->editor()->setText(QStringLiteral("{}"));
    QTRY_COMPARE(bare.instancePane()->statusLine()->state(), StatusLine::State::Idle);
    QVERIFY(!bare.instancePane()->isBusy());

    QTemporaryDir other;
    QVERIFY(m_window->openWorkspace(other.path()));
    for (TextDocument* document : m_window->documents()) {
        QVERIFY(document->editor()->text().isEmpty());
        QVERIFY(document->filePath().isEmpty());
        QVERIFY(!document->isModified());
    }
    QCOMPARE(m_window->folder(), QDir(other.path()).absolutePath());
    QCOMPARE(m_window->workspace()->recentWorkspaces().value(0), QDir(other.path()).absolutePath());
    // Started without a folder, the workbench opens the last workspace, never the current directory.
    QSettings().setValue(QStringLiteral("workspace/last"), other.path());
    QCOMPARE(defaultWorkspace(), other.path());
    QSettings().remove(QStringLiteral("workspace/last"));
    QVERIFY(defaultWorkspace() != QDir::currentPath());
    QVERIFY2(QFileInfo::exists(defaultWorkspace() + QStringLiteral("/fact-extractor/schema.json")), qPrintable(defaultWorkspace()));
}

// Opening a demo over an edited schema asks first: Cancel keeps the edit and runs nothing,
// Discard reads the file again and runs. (The demo once reloaded the file silently, and undo
// could not bring the edit back.)
void TestGui::demoOverAnEditedSchemaAsks()
{
    QDir(m_dir->path()).mkpath(QStringLiteral("drift-detector"));
    const QString file = m_dir->filePath(QStringLiteral("drift-detector/schema.json"));
    QVERIFY(QFile::copy(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-detector/schema.json"), file));
    QVERIFY(m_window->openFile(file));
    CodeEditor* schema = m_window->schemaEditor();
    const QString onDisk = schema->text();
    QVERIFY(onDisk.contains(QStringLiteral("\"drift_reason\"")));
    const QString edited = QString(onDisk).replace(QStringLiteral("\"title\""), QStringLiteral("\"description\": \"edited\", \"title\""));
    schema->selectAll();
    schema->replaceSelectedText(edited);
    QVERIFY(schema->isModified());
    const auto demos = m_window->startPage()->demos();
    const auto demo = std::find_if(demos.begin(), demos.end(), [](const Demo& d) { return d.name == QStringLiteral("missing-field"); });
    QVERIFY(demo != demos.end());

    QString asked;
    answerNextMessageBox(QMessageBox::Cancel, &asked);
    QVERIFY(!m_window->runDemo(*demo));
    QVERIFY2(asked.startsWith(QStringLiteral("schema.json has unsaved changes. Save them?")), qPrintable(asked));
    QCOMPARE(schema->text(), edited);
    QVERIFY(schema->isModified());
    QVERIFY(!m_window->runPane()->isRunning());
    QCOMPARE(m_window->runPane()->attemptModel()->rowCount(), 0);

    answerNextMessageBox(QMessageBox::Discard, &asked);
    QVERIFY(m_window->runDemo(*demo));
    QCOMPARE(schema->text(), onDisk);
    QVERIFY(!schema->isModified());
    // Discarded, but not lost: Undo brings the edit back (and it counts as unsaved again).
    schema->undo();
    QCOMPARE(schema->text(), edited);
    QVERIFY(schema->isModified());
    schema->redo();
    QCOMPARE(schema->text(), onDisk);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->runPane()->isRunning(), 30000);
}
