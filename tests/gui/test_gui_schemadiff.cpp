// Design ▸ Diff: the schema as edited against its saved file and against a version the store
// ran — each change with its direction, the caret put on it — and what it breaks in the store
// in use: the baseline's stored replies that were valid, judged by the edit. The store is made
// here by construction (five replies of "order", four valid under the old enum, two of them
// "cancelled"), so the expected impact is known without asking Conform: dropping "cancelled"
// fails two of four, at /status.
#include "schemadiff/schemachangemodel.h"
#include "schemadiff/schemadiffpane.h"
#include "widgets/codeeditor.h"
#include "workbench/mainwindow.h"

#include "store/capture.h"
#include "store/store.h"
#include "stored_reply.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace conform;
using namespace conform::gui;

namespace {

const char* kBefore = R"({
  "title": "order",
  "type": "object",
  "properties": {
    "status": {"enum": ["open", "done", "cancelled"]},
    "note": {"type": "string", "maxLength": 200}
  }
})";

// Drops "cancelled" (narrower), lets notes grow (wider), rewords nothing else.
const char* kAfter = R"({
  "title": "order",
  "type": "object",
  "properties": {
    "status": {"enum": ["open", "done"]},
    "note": {"type": "string", "maxLength": 500}
  }
})";


QStringList rowsOf(const SchemaChangeModel* model)
{
    QStringList rows;
    for (int row = 0; row < model->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < model->columnCount(); ++column)
            cells << model->index(row, column).data().toString();
        rows << cells.join(QStringLiteral(" | "));
    }
    return rows;
}

} // namespace

class TestGuiSchemaDiff : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void editsAgainstTheSavedFile();
    void editsAgainstAStoredVersion();

private:
    void openOrder(MainWindow& window);
    void edit(MainWindow& window, const char* text);
    void showTab(MainWindow& window, QWidget* page);

    QTemporaryDir m_dir;
    QString m_schemaPath;
};

void TestGuiSchemaDiff::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConformSchemaDiffTest"));
    QApplication::setApplicationName(QStringLiteral("test_gui_schemadiff"));
    const QString store = m_dir.filePath(QStringLiteral("captures.db"));
    qputenv("CONFORM_STORE", store.toUtf8());
    QSettings().clear();
    // English plurals, as the workbench loads them ("2 changes", not "2 change(s)").
    auto* english = new QTranslator(this);
    QVERIFY(english->load(QStringLiteral("conform_en"), QStringLiteral(CONFORM_QM_DIR)));
    QCoreApplication::installTranslator(english);

    m_schemaPath = m_dir.filePath(QStringLiteral("order.schema.json"));
    QFile file(m_schemaPath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kBefore);
    file.close();

    auto opened = store::Store::open(store::StoreLocation::parse(store).value());
    QVERIFY(opened);
    std::vector<store::Capture> captures;
    for (const Json& document : test::orderHistory(Json::parse(kBefore)))
        captures.push_back(store::captureFromDocument(document).value());
    QVERIFY(opened.value()->insert(captures));
}

// Design's Diff tab in front, as a click on its tab would put it.
void TestGuiSchemaDiff::showTab(MainWindow& window, QWidget* page)
{
    for (QTabWidget* tabs : window.findChildren<QTabWidget*>())
        if (tabs->indexOf(page) >= 0)
            tabs->setCurrentWidget(page);
    QVERIFY(page->isVisible());
}

void TestGuiSchemaDiff::openOrder(MainWindow& window)
{
    window.resize(1600, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(m_schemaPath));
    window.document()->flush();
    QVERIFY(QTest::qWaitFor([&] { return window.document()->isCurrent(); }, 10000));
}

void TestGuiSchemaDiff::edit(MainWindow& window, const char* text)
{
    window.schemaEditor()->setText(QString::fromUtf8(text));
    window.document()->flush();
    QVERIFY(QTest::qWaitFor([&] { return window.document()->isCurrent(); }, 10000));
}

void TestGuiSchemaDiff::editsAgainstTheSavedFile()
{
    MainWindow window(m_dir.path());
    openOrder(window);
    SchemaDiffPane* diff = window.schemaDiff();
    QVERIFY(diff);
    showTab(window, diff);
    QCOMPARE(diff->changeModel()->rowCount(), 0);
    QVERIFY2(diff->summaryText().startsWith(QStringLiteral("No changes")), qPrintable(diff->summaryText()));

    edit(window, kAfter);
    QCOMPARE(rowsOf(diff->changeModel()), (QStringList{
        QStringLiteral("/properties/status | enum loses \"cancelled\" | narrower"),
        QStringLiteral("/properties/note | maxLength 200 → 500 | wider"),
    }));
    QCOMPARE(diff->summaryText(), QStringLiteral("2 changes: 1 narrower, 1 wider. Replies that passed may now fail."));

    // A click on a change puts the caret on the keyword as the edit has it.
    diff->changeList()->clicked(diff->changeModel()->index(0, 0));
    QCOMPARE(window.schemaEditor()->selectedText(), QStringLiteral("[\"open\", \"done\"]"));

    // What it breaks: two of the four valid replies said "cancelled".
    QVERIFY(diff->judgeButton()->isEnabled());
    diff->judgeStore();
    QVERIFY(QTest::qWaitFor([&] { return !diff->isJudging(); }, 20000));
    QVERIFY(diff->impact().has_value());
    QCOMPARE(diff->impactText(), QStringLiteral("2 of 4 stored replies that were valid fail the schema as edited: /status 2"));
    if (const QString shots = qEnvironmentVariable("CONFORM_SCREENSHOT_DIR"); !shots.isEmpty())
        window.grab().save(QDir(shots).filePath(QStringLiteral("design-diff.png")));

    // Another edit: the impact is of an earlier text, and says so; an undo to it makes it current.
    edit(window, kBefore);
    QVERIFY(diff->impactIsStale());
    QVERIFY2(diff->impactText().endsWith(QStringLiteral("— for an earlier text; judge again")), qPrintable(diff->impactText()));
    QCOMPARE(diff->changeModel()->rowCount(), 0);
}

void TestGuiSchemaDiff::editsAgainstAStoredVersion()
{
    MainWindow window(m_dir.path());
    openOrder(window);
    // The saved file now says what the edit says: against it, nothing changed...
    QFile file(m_schemaPath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kAfter);
    file.close();
    edit(window, kAfter);
    SchemaDiffPane* diff = window.schemaDiff();
    QCOMPARE(diff->changeModel()->rowCount(), 0);

    // ...but against the version the store ran, "cancelled" is gone.
    diff->loadHistory();
    QComboBox* baseline = diff->baselineChoice();
    QVERIFY(QTest::qWaitFor([&] { return baseline->count() == 2; }, 10000));
    QVERIFY2(baseline->itemText(1).contains(QStringLiteral(" · 5 runs · ")), qPrintable(baseline->itemText(1)));
    baseline->setCurrentIndex(1);
    QVERIFY(QTest::qWaitFor([&] { return diff->changeModel()->rowCount() == 2; }, 10000));
    QCOMPARE(diff->changeModel()->index(0, SchemaChangeModel::DirectionColumn).data().toString(), QStringLiteral("narrower"));

    // Restore the file for the other test.
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kBefore);
}

QTEST_MAIN(TestGuiSchemaDiff)
#include "test_gui_schemadiff.moc"
