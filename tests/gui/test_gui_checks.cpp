// A verdict on screen always belongs to the text on screen, and the check scales like the
// CLI: a huge check in flight is abandoned for the next edit, a small file's issues arrive
// without waiting for whatever ran before, Cancel stops a long check, only the first thousand
// issues are listed (all of them exported), and $ref to a sibling file resolves.
#include "gui_fixture.h"

#include "widgets/codeeditor.h"
#include "cpu_time.h"
#include "checks/instancepane.h"
#include "checks/issueexport.h"
#include "checks/issuemodel.h"
#include "workbench/mainwindow.h"
#include "document/schemadocument.h"
#include "widgets/statusline.h"

#include <QFile>
#include <QPushButton>
#include <QTest>

using namespace conform;
using namespace conform::gui;

namespace {

QByteArray readSource(const char* relative)
{
    QFile file(QStringLiteral(CONFORM_SOURCE_DIR "/") + QLatin1String(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", relative);
    return file.readAll();
}

// `count` facts, each without "timestamp" and with confidence "maybe": two issues apiece.
// `certainFirst` makes the first fact's confidence valid (one issue fewer).
QString factsWithIssues(int count, bool certainFirst = false)
{
    QString text;
    text.reserve(count * 140);
    text += QStringLiteral("{\"facts\": [\n");
    for (int i = 0; i < count; ++i) {
        text += QStringLiteral("  {\"topic\": \"item %1\", \"claim\": \"Only the office manager and Dev carry a kitchen key.\", "
                               "\"confidence\": \"%2\"}%3\n")
                    .arg(i)
                    .arg(i == 0 && certainFirst ? QStringLiteral("certain") : QStringLiteral("maybe"))
                    .arg(i + 1 < count ? QStringLiteral(",") : QString());
    }
    text += QStringLiteral("]}\n");
    return text;
}

// 48 MB, 720,000 issues: three times the file of the bug report, so that its check lasts well
// past the moment Cancel appears (0.7 s) even on a fast machine.
constexpr int kHugeFacts = 360000;

void openFactSchema(MainWindow* window, const QString& folder)
{
    QDir(folder).mkpath(QStringLiteral("facts"));
    const QString path = folder + QStringLiteral("/facts/schema.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(readSource("schemas/fact-extractor/schema.json"));
    file.close();
    QVERIFY(window->openFile(path));
    QTRY_VERIFY(window->document()->isCurrent());
}

// Starts a check of the huge text and waits until it has run long enough to show Cancel.
void startHugeCheck(InstancePane* pane, const QString& text)
{
    pane->editor()->setText(text);
    QTRY_VERIFY_WITH_TIMEOUT(pane->statusLine()->cancelButton()->isVisible(), 10000);
    QCOMPARE(pane->statusLine()->state(), StatusLine::State::Checking);
}

} // namespace

void TestGui::hugeThenSmallShowsTheSmallOnesIssues()
{
    openFactSchema(m_window.get(), m_dir->path());
    InstancePane* pane = m_window->instancePane();
    startHugeCheck(pane, factsWithIssues(kHugeFacts));

    // That the small check does not queue behind the abandoned one is held exactly by
    // debouncedJobCancelsAndOvertakes; here the wait is only bounded (a loaded machine may
    // take long to get there), and the CPU it took is logged.
    const ProcessCpuTimer cpu;
    pane->editor()->setText(QString::fromUtf8(readSource("schemas/fact-extractor/examples/facts-as-strings.json")));
    QTRY_COMPARE_WITH_TIMEOUT(pane->statusLine()->text(), QStringLiteral("3 issues"), 20000);
    qInfo("the small file's issues after %.0f ms of CPU, with the huge check abandoned", cpu.elapsedMs());
    QCOMPARE(pane->issueModel()->rowCount(), 3);
    // The abandoned check ends without ever reaching the screen.
    QTRY_COMPARE_WITH_TIMEOUT(pane->abandonedChecks(), 0, 20000);
    QCOMPARE(pane->statusLine()->text(), QStringLiteral("3 issues"));

    // And the pane goes on telling files apart (once, after a huge file, everything was "valid").
    pane->editor()->setText(QString::fromUtf8(readSource("schemas/fact-extractor/examples/valid.json")));
    QTRY_COMPARE(pane->statusLine()->text(), QStringLiteral("valid"));
    pane->editor()->setText(QString::fromUtf8(readSource("schemas/fact-extractor/examples/facts-as-strings.json")));
    QTRY_COMPARE(pane->statusLine()->text(), QStringLiteral("3 issues"));
}

void TestGui::editDuringLongCheckShowsOnlyTheNewVerdict()
{
    openFactSchema(m_window.get(), m_dir->path());
    InstancePane* pane = m_window->instancePane();
    startHugeCheck(pane, factsWithIssues(kHugeFacts));
    // The edit fixes one fact's confidence: one issue fewer than the check in flight would say.
    const QString old = QStringLiteral("%1 issues").arg(2 * kHugeFacts);
    const QString expected = QStringLiteral("%1 issues").arg(2 * kHugeFacts - 1);
    CodeEditor* editor = pane->editor();
    const int at = editor->text().indexOf(QStringLiteral("maybe"));
    editor->setSelection(0, at, 0, at + 5);
    editor->replaceSelectedText(QStringLiteral("certain"));
    QStringList seen;
    const bool arrived = QTest::qWaitFor([&] {
        const QString text = pane->statusLine()->text();
        if (seen.isEmpty() || seen.last() != text)
            seen << text;
        return text.startsWith(expected);
    }, 60000);
    QVERIFY2(arrived, qPrintable(seen.join(QStringLiteral(" | "))));
    for (const QString& text : seen)
        QVERIFY2(!text.startsWith(old) && text != QStringLiteral("valid"), qPrintable(seen.join(QStringLiteral(" | "))));
    QCOMPARE(pane->issueModel()->rowCount(), int(kShownIssues));
}

void TestGui::cancelStopsALongCheck()
{
    openFactSchema(m_window.get(), m_dir->path());
    InstancePane* pane = m_window->instancePane();
    startHugeCheck(pane, factsWithIssues(kHugeFacts));
    QVERIFY(pane->statusLine()->text().startsWith(QStringLiteral("checking… ")));
    QTest::mouseClick(pane->statusLine()->cancelButton(), Qt::LeftButton);
    QCOMPARE(pane->statusLine()->state(), StatusLine::State::Idle);
    QVERIFY(pane->statusLine()->text().startsWith(QStringLiteral("Check cancelled")));
    QTRY_COMPARE_WITH_TIMEOUT(pane->abandonedChecks(), 0, 20000);
    QCOMPARE(pane->statusLine()->state(), StatusLine::State::Idle); // nothing arrived after all
    QVERIFY(!pane->isBusy());
}

// 3,000 issues: the list holds the first 1,000, the status says so, Export has all 3,000.
void TestGui::manyIssuesListTheFirstThousandAndExportAll()
{
    InstancePane* pane = m_window->instancePane();
    m_window->schemaEditor()->setText(QStringLiteral(R"({"type": "array", "items": {"type": "integer", "minimum": 0}})"));
    QStringList items;
    for (int i = 0; i < 3000; ++i)
        items << QStringLiteral("-1");
    pane->editor()->setText(QLatin1Char('[') + items.join(QLatin1Char(',')) + QLatin1Char(']'));
    QTRY_COMPARE(pane->statusLine()->text(), QStringLiteral("3000 issues — the first 1000 listed"));
    QCOMPARE(pane->issueModel()->rowCount(), 1000);
    QVERIFY(pane->statusLine()->exportButton()->isVisible());
    const Json exported = Json::parse(issueDocument(pane->issueSet()));
    QCOMPARE(exported["issues"].size(), std::size_t(3000));
    QCOMPARE(exported["issues"][2999]["path"].dump(), std::string("[2999]"));
    QCOMPARE(exported["issues"][2999]["code"].get<std::string>(), std::string("too_small"));
    QCOMPARE(exported["valid"].get<bool>(), false);
}

// The document compiles with the schema folder's files as the $ref registry, as conform-cli.
void TestGui::refToSiblingFileResolves()
{
    QFile address(m_dir->filePath(QStringLiteral("person/address.json")));
    QVERIFY(address.open(QIODevice::WriteOnly));
    address.write(R"({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})");
    address.close();
    QFile schema(m_dir->filePath(QStringLiteral("person/with-address.schema.json")));
    QVERIFY(schema.open(QIODevice::WriteOnly));
    schema.write(R"({"type": "object", "properties": {"home": {"$ref": "address.json"}}})");
    schema.close();
    QVERIFY(m_window->openFile(schema.fileName()));
    InstancePane* pane = m_window->instancePane();
    pane->editor()->setText(QStringLiteral(R"({"home": {"street": "Main St"}})"));
    QTRY_COMPARE(pane->statusLine()->text(), QStringLiteral("1 issue"));
    QCOMPARE(pane->issueModel()->index(0, 0).data(IssueModel::PathRole).toString(), QStringLiteral("/home/city"));
    QCOMPARE(pane->issueModel()->index(0, 0).data(IssueModel::MessageRole).toString(), QStringLiteral("Required"));
}

// A NUL byte is a character of the instance, reported at its line and column, never the end of
// the text: `{"a":1}<NUL>{"b":` is not JSON, although the text before the NUL is.
void TestGui::nulInTheInstanceIsReported()
{
    InstancePane* pane = m_window->instancePane();
    m_window->schemaEditor()->setText(QStringLiteral("{}"));
    pane->editor()->setText(QStringLiteral("{}"));
    QTRY_COMPARE(pane->statusLine()->text(), QStringLiteral("valid"));
    pane->editor()->setText(QStringLiteral("{\"a\":1}\n") + QChar(0) + QStringLiteral("{\"b\":"));
    QCOMPARE(pane->editor()->length(), 14); // every byte reached the editor
    QTRY_COMPARE(pane->statusLine()->state(), StatusLine::State::Error);
    QVERIFY2(pane->statusLine()->text().contains(QStringLiteral("line 2, column 1")), qPrintable(pane->statusLine()->text()));
}

// Four times the text costs about four times the CPU, not sixteen: the check is linear.
// Measured as the CPU time the whole process used (the check runs on a worker, its result is
// shown on the GUI thread), best of two, so neither a slow nor a busy machine matters; the
// waits sleep, so they cost next to nothing.
void TestGui::checkTimeGrowsLinearly()
{
    openFactSchema(m_window.get(), m_dir->path());
    InstancePane* pane = m_window->instancePane();
    QStringList verdicts; // what each timed check ended with: a wait that ran out says so
    auto timeCheck = [pane, &verdicts](int facts) {
        const QString text = factsWithIssues(facts);
        double best = -1;
        for (int round = 0; round < 2; ++round) {
            pane->editor()->setText(QStringLiteral("{}"));
            if (!QTest::qWaitFor([pane] { return !pane->isBusy(); }, 60000))
                verdicts << QStringLiteral("{} still checking");
            pane->editor()->setText(text);
            const ProcessCpuTimer cpu;
            pane->recheckNow();
            const bool settled = QTest::qWaitFor([pane] { return !pane->isBusy(); }, 120000);
            best = best < 0 ? cpu.elapsedMs() : std::min(best, cpu.elapsedMs());
            verdicts << (settled ? pane->statusLine()->text() : QStringLiteral("still checking"));
        }
        return std::max(best, 1.0);
    };
    const double small = timeCheck(5000);
    const double large = timeCheck(20000);
    QCOMPARE(verdicts.size(), 4);
    for (int i = 0; i < 4; ++i) // two issues a fact
        QVERIFY2(verdicts[i].startsWith(QStringLiteral("%1 issues").arg(i < 2 ? 10000 : 40000)), qPrintable(verdicts.join(QStringLiteral(" | "))));
    qInfo("5,000 facts: %.0f ms of CPU; 20,000 facts: %.0f ms (x%.1f for x4 the text)", small, large, large / small);
    QVERIFY2(large < 10 * small + 200, qPrintable(QStringLiteral("%1 ms then %2 ms of CPU").arg(small).arg(large)));
}
