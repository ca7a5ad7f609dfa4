// Design's engine strip, under the schema editor: what each provider's structured-output
// engine does with the schema as typed. The expected verdicts come from the providers' own
// documents as the rule files cite them: OpenAI's strict mode takes a closed object whose
// every property is required and refuses allOf ("Structured Outputs", supported schemas);
// llama.cpp's grammar converter skips what it cannot express, a lookahead among it
// (grammars/README.md). A finding chosen from the list puts the caret on its keyword.
#include "compat/enginestrip.h"
#include "document/schemadocument.h"
#include "widgets/codeeditor.h"
#include "workbench/mainwindow.h"

#include <QApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;
using namespace conform::gui;

namespace {

const char* kClosed = R"({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": false})";
const char* kWithAllOf =
    R"({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": false, "allOf": [{"required": ["name"]}]})";
const char* kLookahead =
    R"({"type": "object", "properties": {"name": {"type": "string", "pattern": "^(?=a)a+$"}}, "required": ["name"], "additionalProperties": false})";

} // namespace

class TestGuiEngines : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void followsTheSchemaAsTyped();

private:
    void type(MainWindow& window, const char* text);
    QTemporaryDir m_dir;
};

void TestGuiEngines::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConformEnginesTest"));
    QApplication::setApplicationName(QStringLiteral("test_gui_engines"));
    qputenv("CONFORM_STORE", m_dir.filePath(QStringLiteral("captures.db")).toUtf8());
    QSettings().clear();
}

void TestGuiEngines::type(MainWindow& window, const char* text)
{
    QSignalSpy judged(window.engineStrip(), &EngineStrip::judged);
    window.schemaEditor()->setText(QString::fromUtf8(text));
    window.document()->flush();
    QVERIFY(QTest::qWaitFor([&] { return window.document()->isCurrent(); }, 10000));
    window.engineStrip()->flush();
    QVERIFY(judged.wait(10000));
}

void TestGuiEngines::followsTheSchemaAsTyped()
{
    MainWindow window(m_dir.path());
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    EngineStrip* strip = window.engineStrip();
    QVERIFY(strip);
    QVERIFY(strip->isVisible());

    type(window, kClosed);
    QCOMPARE(strip->reports().size(), std::size_t(8));
    QCOMPARE(strip->verdictText(engines::Engine::OpenAI), QStringLiteral("accepts"));
    QVERIFY2(strip->lineText().startsWith(QStringLiteral("Engines: openai accepts · openai-responses accepts · ")), qPrintable(strip->lineText()));

    // Typing allOf: OpenAI's strict mode refuses the request.
    type(window, kWithAllOf);
    QCOMPARE(strip->verdictText(engines::Engine::OpenAI), QStringLiteral("rejects"));
    const auto& openai = strip->reports()[0];
    QCOMPARE(openai.engine, engines::Engine::OpenAI);
    int allOf = -1;
    for (int i = 0; i < int(openai.findings.size()); ++i)
        if (openai.findings[std::size_t(i)].keyword == "allOf")
            allOf = i;
    QVERIFY(allOf >= 0);
    QCOMPARE(openai.findings[std::size_t(allOf)].verdict, engines::Verdict::Rejected);
    QVERIFY(!openai.findings[std::size_t(allOf)].source.empty());
    strip->goToFinding(engines::Engine::OpenAI, allOf);
    QCOMPARE(window.schemaEditor()->selectedText(), QStringLiteral(R"([{"required": ["name"]}])"));

    // A lookahead: llama.cpp takes the request and does not enforce the pattern.
    type(window, kLookahead);
    QVERIFY2(strip->verdictText(engines::Engine::LlamaCpp).startsWith(QStringLiteral("drops ")),
             qPrintable(strip->verdictText(engines::Engine::LlamaCpp)));
    bool patternDropped = false;
    for (const auto& report : strip->reports())
        if (report.engine == engines::Engine::LlamaCpp)
            for (const auto& finding : report.findings)
                patternDropped = patternDropped || (finding.keyword == "pattern" && finding.verdict == engines::Verdict::Dropped
                                                    && finding.pointer == "/properties/name");
    QVERIFY(patternDropped);

    // Not JSON yet: no verdict is claimed.
    QSignalSpy judged(strip, &EngineStrip::judged);
    window.schemaEditor()->setText(QStringLiteral("{\"type\": "));
    strip->flush();
    QVERIFY(judged.wait(10000));
    QVERIFY(strip->reports().empty());
    QCOMPARE(strip->verdictText(engines::Engine::OpenAI), QStringLiteral("—"));
    QCOMPARE(strip->lineText(), QStringLiteral("Engines: the schema is not a JSON object yet."));
}

QTEST_MAIN(TestGuiEngines)
#include "test_gui_engines.moc"
