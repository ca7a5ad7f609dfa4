// Help ▸ Manual, as a reader uses it: F1 opens the page of the activity in front, scrolled to
// its heading; the search box finds a word in every page and a hit opens with the word
// selected; a link to another page (and to a heading on it) is followed; and every link and
// picture in resources/manual/ points at something that exists. The expected pages and titles
// are written here by hand from the manual's contents, not read back from the viewer.
#include "help/manualpages.h"
#include "help/manualview.h"
#include "workbench/activity.h"
#include "workbench/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextBlock>

#include <set>

using namespace conform::gui;

Q_DECLARE_METATYPE(conform::gui::Activity)

class TestGuiManual : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void f1OpensThePageOfTheActivityInFront_data();
    void f1OpensThePageOfTheActivityInFront();
    void searchFindsAWordInEveryPage_data();
    void searchFindsAWordInEveryPage();
    void aHitOpensWithItsWordSelected();
    void linksBetweenPagesAreFollowed();
    void everyLinkAndPictureResolves();
    void aMissingManualSaysSo();

private:
    QTemporaryDir m_dir;
};

void TestGuiManual::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConformManualTest"));
    QApplication::setApplicationName(QStringLiteral("test_gui_manual"));
    qputenv("CONFORM_STORE", m_dir.filePath(QStringLiteral("captures.db")).toUtf8());
    QSettings().clear();
}

void TestGuiManual::f1OpensThePageOfTheActivityInFront_data()
{
    QTest::addColumn<Activity>("activity");
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("heading"); // the heading scrolled to; "" for the top
    QTest::newRow("design") << Activity::Design << "designing-a-schema.md" << "Designing a schema" << "";
    QTest::newRow("run") << Activity::Run << "running-and-repairing.md" << "Running and repairing" << "";
    QTest::newRow("runs x n") << Activity::Batch << "running-and-repairing.md" << "Running and repairing"
                              << "Runs ×N: one prompt over several targets";
    QTest::newRow("captures") << Activity::Captures << "captures-and-qa.md" << "Captures and QA" << "";
    QTest::newRow("triage") << Activity::Triage << "captures-and-qa.md" << "Captures and QA" << "QA: from failure to fix";
    QTest::newRow("dashboard") << Activity::Dashboard << "dashboards-and-compare.md" << "Dashboards and Compare" << "";
    QTest::newRow("compare") << Activity::Compare << "dashboards-and-compare.md" << "Dashboards and Compare"
                             << "Compare: is B better than A?";
    QTest::newRow("suites") << Activity::Suites << "suites-in-ci.md" << "Suites in CI" << "";
}

void TestGuiManual::f1OpensThePageOfTheActivityInFront()
{
    QFETCH(Activity, activity);
    QFETCH(QString, page);
    QFETCH(QString, title);
    QFETCH(QString, heading);

    MainWindow window(m_dir.path());
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showActivity(activity);

    // Help ▸ Manual carries F1 (the platform's help key) and opens the manual's window.
    QAction* manual = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* action : menu->menu()->actions())
                if (action->text().remove(QLatin1Char('&')) == QStringLiteral("Manual"))
                    manual = action;
    QVERIFY(manual);
    QCOMPARE(manual->shortcut(), QKeySequence(QKeySequence::HelpContents));
    manual->trigger();

    ManualView* view = window.manual();
    QVERIFY(view);
    QVERIFY(view->isVisible());
    QCOMPARE(view->currentPage(), page);
    QCOMPARE(view->currentTitle(), title);
    QCOMPARE(view->currentAnchor(), heading.isEmpty() ? QString() : ManualPages::anchorOf(heading));
    auto* browser = view->findChild<QTextBrowser*>();
    QVERIFY(browser);
    if (!heading.isEmpty()) {
        // The heading is at the top of what is shown, not somewhere below the fold.
        QVERIFY(browser->verticalScrollBar()->value() > 0);
        const QTextCursor caret = browser->textCursor();
        QCOMPARE(caret.block().text(), heading);
    }
}

void TestGuiManual::searchFindsAWordInEveryPage_data()
{
    QTest::addColumn<QString>("words");
    QTest::addColumn<QStringList>("pages"); // among the pages with a hit, in the manual's order
    // "keychain": where keys are kept (providers) and what to do when one is refused (troubleshooting).
    QTest::newRow("keychain") << "keychain" << QStringList{"providers-keys-stores.md", "troubleshooting.md"};
    // Case does not matter; a command line in a code block counts.
    QTest::newRow("to-suite") << "TO-SUITE" << QStringList{"captures-and-qa.md"};
    QTest::newRow("wilson") << "Wilson" << QStringList{"dashboards-and-compare.md"};
}

void TestGuiManual::searchFindsAWordInEveryPage()
{
    QFETCH(QString, words);
    QFETCH(QStringList, pages);
    ManualView view(QStringLiteral(CONFORM_MANUAL_DIR));
    view.search(words);
    QVERIFY2(!view.hits().isEmpty(), qPrintable(words));
    std::set<QString> found;
    for (const ManualHit& hit : view.hits()) {
        found.insert(hit.file);
        QVERIFY2(hit.excerpt.contains(words, Qt::CaseInsensitive), qPrintable(hit.excerpt));
    }
    for (const QString& page : pages)
        QVERIFY2(found.count(page), qPrintable(page + QStringLiteral(" has no hit for ") + words));
    QVERIFY(view.searchSummary().contains(QString::number(found.size())));

    view.search(QStringLiteral("zebra-crossing-quartz"));
    QVERIFY(view.hits().isEmpty());
    QCOMPARE(view.searchSummary(), QStringLiteral("Nothing in the manual says “zebra-crossing-quartz”."));
}

void TestGuiManual::aHitOpensWithItsWordSelected()
{
    ManualView view(QStringLiteral(CONFORM_MANUAL_DIR));
    view.resize(1000, 700);
    view.show();
    view.search(QStringLiteral("keychain"));
    int row = -1;
    for (int i = 0; i < view.hits().size(); ++i)
        if (view.hits()[i].file == QStringLiteral("troubleshooting.md"))
            row = i;
    QVERIFY(row >= 0);
    view.openHit(row);
    QCOMPARE(view.currentPage(), QStringLiteral("troubleshooting.md"));
    auto* browser = view.findChild<QTextBrowser*>();
    QCOMPARE(browser->textCursor().selectedText().toLower(), QStringLiteral("keychain"));
}

void TestGuiManual::linksBetweenPagesAreFollowed()
{
    ManualView view(QStringLiteral(CONFORM_MANUAL_DIR));
    view.resize(1000, 700);
    view.show();
    QVERIFY(view.openPage(QStringLiteral("index.md")));
    QCOMPARE(view.currentTitle(), QStringLiteral("The Conform manual"));

    view.followLink(QUrl(QStringLiteral("suites-in-ci.md")));
    QCOMPARE(view.currentPage(), QStringLiteral("suites-in-ci.md"));
    QCOMPARE(view.currentTitle(), QStringLiteral("Suites in CI"));

    // The link the Suites page makes to QA, with its heading.
    view.followLink(QUrl(QStringLiteral("captures-and-qa.md#qa-from-failure-to-fix")));
    QCOMPARE(view.currentPage(), QStringLiteral("captures-and-qa.md"));
    QCOMPARE(view.currentAnchor(), QStringLiteral("qa-from-failure-to-fix"));
    auto* browser = view.findChild<QTextBrowser*>();
    QCOMPARE(browser->textCursor().block().text(), QStringLiteral("QA: from failure to fix"));

    // Back goes where the reader came from.
    browser->backward();
    QCOMPARE(view.currentPage(), QStringLiteral("suites-in-ci.md"));
    QVERIFY(!view.openPage(QStringLiteral("no-such-page.md")));
}

// Every "](target)" in every page: a page of the manual (and, with "#anchor", one of its
// headings), a file of the source tree, a picture that exists, or a web address.
void TestGuiManual::everyLinkAndPictureResolves()
{
    const QDir dir(QStringLiteral(CONFORM_MANUAL_DIR));
    const ManualPages manual(dir.path());
    QVERIFY(manual.pages().size() >= 11);
    std::map<QString, std::set<QString>> anchors;
    for (const ManualPage& page : manual.pages()) {
        bool code = false;
        for (const QString& line : page.text.split(QLatin1Char('\n'))) {
            if (line.startsWith(QStringLiteral("```")))
                code = !code;
            else if (!code && line.startsWith(QLatin1Char('#'))) {
                QString words = line;
                words.remove(QRegularExpression(QStringLiteral("^#+\\s*")));
                words.remove(QLatin1Char('`'));
                anchors[page.file].insert(ManualPages::anchorOf(words.trimmed()));
            }
        }
    }
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s]+)\\)"));
    int checked = 0;
    for (const ManualPage& page : manual.pages()) {
        for (auto it = link.globalMatch(page.text); it.hasNext();) {
            const QString target = it.next().captured(1);
            if (target.startsWith(QStringLiteral("http")))
                continue;
            const QString file = target.section(QLatin1Char('#'), 0, 0);
            const QString anchor = target.section(QLatin1Char('#'), 1);
            const QString where = page.file + QStringLiteral(": ") + target;
            const QString resolved = file.isEmpty() ? page.file : file;
            QVERIFY2(QFileInfo::exists(dir.filePath(resolved)), qPrintable(where));
            if (!anchor.isEmpty())
                QVERIFY2(anchors[resolved].count(anchor), qPrintable(where + QStringLiteral(" names no heading")));
            ++checked;
        }
    }
    QVERIFY(checked > 20);
}

void TestGuiManual::aMissingManualSaysSo()
{
    ManualView view(m_dir.filePath(QStringLiteral("no-manual-here")));
    QVERIFY(!view.hasPages());
    QVERIFY(view.findChild<QTextBrowser*>()->toPlainText().startsWith(QStringLiteral("The manual was not installed")));
}

QTEST_MAIN(TestGuiManual)
#include "test_gui_manual.moc"
