// The pure parts of the workbench: span helpers, the issue model, the debounced worker.
#include "run/outcomewords.h"
#include "gui_fixture.h"

#include "async/debouncedjob.h"
#include "workbench/fileroute.h"
#include "checks/fixwords.h"
#include "checks/issuemodel.h"
#include "checks/textspans.h"

#include <QAbstractItemModelTester>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <QTranslator>

#include <atomic>

using namespace conform;
using namespace conform::gui;

void TestGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a throw-away place
    QCoreApplication::setOrganizationName(QStringLiteral("ConformTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui"));
}

// Every fix kind of json/fix_kind.h has words, in English and in German: a kind without them
// would show as its wire name.
void TestGui::fixWordsForEveryKind()
{
    for (std::size_t i = 0; i < json::kFixKindNames.size(); ++i) {
        const auto kind = static_cast<json::FixKind>(i);
        const QString english = fixWords(kind);
        QVERIFY2(!english.isEmpty(), json::kFixKindNames[i].data());
        QCOMPARE(describeFix(std::string(json::kFixKindNames[i]), "x", "y"), english);
    }
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
    for (std::size_t i = 0; i < json::kFixKindNames.size(); ++i) {
        const auto kind = static_cast<json::FixKind>(i);
        const QString english = fixWords(kind);
        QCoreApplication::installTranslator(&german);
        const QString words = fixWords(kind);
        QCoreApplication::removeTranslator(&german);
        QVERIFY2(!words.isEmpty() && words != english, qPrintable(QString::fromLatin1(json::kFixKindNames[i].data()) + QStringLiteral(": ") + words));
    }
    // An unknown kind reads as its name.
    QCOMPARE(describeFix("made_up_kind", "", "x"), QStringLiteral("made up kind"));
}

// A fix's before and after read as the characters (a JSON dump once showed "'" → "\""); only
// what cannot be seen is spelled out.
void TestGui::quotedTextShowsTheCharacters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");
    QTest::newRow("double quote") << "\"" << "“\"”";
    QTest::newRow("single quote") << "'" << "“'”";
    QTest::newRow("nothing") << "" << "“”";
    QTest::newRow("newline and tab") << "a\n\tb" << "“a\\n\\tb”";
    QTest::newRow("control character") << QStringLiteral("\x01") << "“\\u0001”";
    QTest::newRow("non-ASCII") << "äé" << "“äé”";
}

void TestGui::quotedTextShowsTheCharacters()
{
    QFETCH(QString, text);
    QFETCH(QString, shown);
    QCOMPARE(quotedText(text.toStdString()), shown);
}

// Every outcome and flag has words in English and German (the browser once showed English
// outcome words in German).
void TestGui::outcomeAndFlagWordsForEveryValue()
{
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
    QStringList english, deutsch;
    const auto collect = [](QStringList* into) {
        for (engine::Outcome o : {engine::Outcome::Valid, engine::Outcome::Repaired, engine::Outcome::Fallback, engine::Outcome::Failed})
            *into << OutcomeWords::outcome(o);
        for (std::size_t i = 0; i < engine::kRunFlagNames.size(); ++i)
            *into << OutcomeWords::flag(static_cast<engine::RunFlag>(i));
    };
    collect(&english);
    QCoreApplication::installTranslator(&german);
    collect(&deutsch);
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(english.size(), deutsch.size());
    for (int i = 0; i < english.size(); ++i)
        QVERIFY2(!english[i].isEmpty() && !deutsch[i].isEmpty() && english[i] != deutsch[i], qPrintable(english[i] + QStringLiteral(" / ") + deutsch[i]));
    // The wire names stay what captures and the CLI use.
    QCOMPARE(OutcomeWords::flagNamed("not_enforced"), QStringLiteral("not enforced"));
    QCOMPARE(OutcomeWords::flagNamed("some_newer_flag"), QStringLiteral("some_newer_flag"));
}

void TestGui::offsetOfLineColumn_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("offset");
    QTest::newRow("first byte") << "{\n  \"a\": 1\n}" << 1 << 1 << 0;
    QTest::newRow("second line") << "{\n  \"a\": 1\n}" << 2 << 3 << 4;
    QTest::newRow("column past line end clamps to it") << "ab\ncd" << 1 << 40 << 2;
    QTest::newRow("line past the end") << "ab\ncd" << 9 << 1 << 5;
    QTest::newRow("utf-8 counts bytes") << QString::fromUtf8("\"é\"\nx") << 2 << 1 << 5;
}

void TestGui::offsetOfLineColumn()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(int, offset);
    const std::string bytes = text.toStdString();
    QCOMPARE(int(gui::offsetOfLineColumn(bytes, std::size_t(line), std::size_t(column))), offset);
    const std::string where = "line " + std::to_string(line) + ", column " + std::to_string(column);
    QCOMPARE(int(spanOfLineColumn(bytes, where).value().offset), offset);
}

void TestGui::withMemberKey_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("member") << R"({"minimum": 0})" << "0" << R"("minimum": 0)";
    QTest::newRow("spaces and newline") << "{\"type\" :\n  \"string\"}" << "\"string\"" << "\"type\" :\n  \"string\"";
    QTest::newRow("escaped quote in key") << R"({"a\"b": 1})" << "1" << R"("a\"b": 1)";
    QTest::newRow("array element stays") << R"(["x", 2])" << "2" << "2";
    QTest::newRow("root stays") << "5" << "5" << "5";
}

void TestGui::withMemberKey()
{
    QFETCH(QString, text);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    const std::string bytes = text.toStdString();
    const std::size_t at = bytes.rfind(value.toStdString());
    const Span grown = gui::withMemberKey(bytes, Span{at, std::size_t(value.toUtf8().size())});
    QCOMPARE(QString::fromStdString(bytes.substr(grown.offset, grown.length)), expected);
}

void TestGui::visibleSpan()
{
    QCOMPARE(gui::visibleSpan(10, Span{3, 0}), (Span{3, 1}));   // an insertion stays visible
    QCOMPARE(gui::visibleSpan(10, Span{10, 0}), (Span{9, 1}));  // at the very end
    QCOMPARE(gui::visibleSpan(10, Span{8, 50}), (Span{8, 2}));  // clamped
    QCOMPARE(gui::visibleSpan(0, Span{4, 2}), (Span{0, 0}));    // nothing to mark
}

namespace {

LocatedIssues sampleIssues()
{
    schema::Issue a;
    a.code = "too_small";
    a.path = {std::string("age")};
    a.message = "Number must be greater than or equal to 0";
    a.params = {{"minimum", 0}};
    a.schemaPath = "/properties/age/minimum";
    a.span = Span{20, 2};
    schema::Issue b;
    b.code = "invalid_type";
    b.path = {std::string("tags"), std::size_t(1)};
    b.message = "Expected string, received number";
    b.schemaPath = "/properties/tags/items/type";
    return {{a, Span{40, 12}}, {b, std::nullopt}};
}

} // namespace

void TestGui::issueModelPassesTester()
{
    IssueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(sampleIssues());
    QCOMPARE(model.rowCount(), 2);
    model.setIssues({});
    QCOMPARE(model.rowCount(), 0);
    model.setIssues(sampleIssues());
    QCOMPARE(model.columnCount(), int(IssueModel::ColumnCount));
}

void TestGui::issueModelRoles()
{
    IssueModel model;
    model.setIssues(sampleIssues());
    const QModelIndex first = model.index(0, 0);
    QCOMPARE(first.data(IssueModel::CodeRole).toString(), QStringLiteral("too_small"));
    QCOMPARE(first.data(IssueModel::PathRole).toString(), QStringLiteral("/age"));
    QCOMPARE(first.data(IssueModel::SchemaPathRole).toString(), QStringLiteral("/properties/age/minimum"));
    QCOMPARE(first.data(IssueModel::SpanOffsetRole).toLongLong(), 20);
    QCOMPARE(first.data(IssueModel::SchemaSpanLengthRole).toLongLong(), 12);
    QCOMPARE(model.index(0, IssueModel::MessageColumn).data().toString(),
             QStringLiteral("Number must be greater than or equal to 0"));
    QVERIFY(first.data(Qt::ToolTipRole).toString().contains(QStringLiteral("\"minimum\": 0")));
    const QModelIndex second = model.index(1, IssueModel::PathColumn);
    QCOMPARE(second.data().toString(), QStringLiteral("/tags/1"));
    QCOMPARE(second.data(IssueModel::SpanOffsetRole).toLongLong(), -1);
    QCOMPARE(model.headerData(IssueModel::SchemaPathColumn, Qt::Horizontal).toString(), QStringLiteral("Schema path"));
}

void TestGui::debouncedJobDeliversOnlyNewest()
{
    QObject owner;
    DebouncedJob<int> job(&owner, std::chrono::milliseconds(30));
    QList<int> delivered;
    job.onResult([&](const int& value) { delivered << value; });
    for (int i = 1; i <= 5; ++i)
        job.request([i](const CancelFlag&) { return i; });
    QTRY_VERIFY(!job.isBusy());
    QCOMPARE(delivered, QList<int>{5});

    // A request made while a slow computation runs makes that computation's result stale.
    job.request([](const CancelFlag&) { QThread::msleep(200); return 6; });
    job.flush();
    job.request([](const CancelFlag&) { return 7; });
    QTRY_VERIFY_WITH_TIMEOUT(!job.isBusy(), 3000);
    QCOMPARE(delivered, (QList<int>{5, 7}));
}

// A new request raises the running computation's cancel flag and does not wait for it: the
// small check's result arrives while the huge one is still winding down. The huge one is held
// until the small one's result is in (not for a fixed time), so the order is certain however
// slowly the machine runs.
void TestGui::debouncedJobCancelsAndOvertakes()
{
    QObject owner;
    DebouncedJob<int> job(&owner, std::chrono::milliseconds(10));
    QList<int> delivered;
    QList<int> abandonedAtDelivery;
    job.onResult([&](const int& value) {
        delivered << value;
        abandonedAtDelivery << job.abandonedCount();
    });
    std::atomic<bool> sawCancel = false;
    std::atomic<bool> release = false;
    // Declared after the job, so it lets the held computation go before the job's destructor
    // waits for it, even when a check below fails and returns early.
    struct ReleaseOnExit
    {
        std::atomic<bool>& flag;
        ~ReleaseOnExit() { flag = true; }
    } releaseOnExit{release};
    job.request([&](const CancelFlag& cancel) {
        // Ignores the flag until released, like a parse that cannot be interrupted, then obeys.
        while (!release.load())
            QThread::msleep(2);
        sawCancel = cancel.load();
        return 1;
    });
    job.flush();
    QTRY_VERIFY(job.runningForMs() >= 0);
    job.request([](const CancelFlag&) { return 2; });
    QTRY_COMPARE_WITH_TIMEOUT(delivered, QList<int>{2}, 30000);
    QCOMPARE(abandonedAtDelivery, QList<int>{1}); // the abandoned one was still running
    QCOMPARE(job.abandonedCount(), 1);
    release = true;
    QTRY_COMPARE_WITH_TIMEOUT(job.abandonedCount(), 0, 30000);
    QVERIFY(sawCancel);
    QCOMPARE(delivered, QList<int>{2}); // the abandoned result never arrives

    // cancel(): nothing is delivered for the cancelled request.
    job.request([](const CancelFlag& cancel) {
        while (!cancel.load())
            QThread::msleep(5);
        return 3;
    });
    job.flush();
    QTRY_VERIFY(job.runningForMs() >= 0);
    job.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!job.isBusy() && job.abandonedCount() == 0, 2000);
    QCOMPARE(delivered, QList<int>{2});
}

void TestGui::fileRoutes_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("route");
    QTest::newRow("schema.json") << "/ws/person/schema.json" << int(FileRoute::Schema);
    QTest::newRow("x.schema.json") << "/ws/x.schema.json" << int(FileRoute::Schema);
    QTest::newRow("example") << "/ws/person/examples/ok.json" << int(FileRoute::Instance);
    QTest::newRow("jsonl") << "/ws/lines.jsonl" << int(FileRoute::Lines);
    QTest::newRow("reply") << "/ws/person/examples/reply.txt" << int(FileRoute::Reply);
    QTest::newRow("prompt") << "/ws/person/prompt.md" << int(FileRoute::Prompt);
    QTest::newRow("x.prompt.md") << "/ws/person/triage.prompt.md" << int(FileRoute::Prompt);
    QTest::newRow("comparison") << "/ws/drift.compare.json" << int(FileRoute::Comparison);
    QTest::newRow("suite") << "/ws/goals.suite.json" << int(FileRoute::Suite);
    QTest::newRow("markdown") << "/ws/README.md" << int(FileRoute::Text);
    QTest::newRow("no extension") << "/ws/LICENSE" << int(FileRoute::Text);
}

void TestGui::fileRoutes()
{
    QFETCH(QString, path);
    QFETCH(int, route);
    QCOMPARE(int(routeForFile(path)), route);
}
