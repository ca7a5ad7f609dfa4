// test_gui_memory, Captures ▸ Import…: an OTLP traces file written by hand from the GenAI
// semantic conventions (tests/otlp/data/traces_current.jsonl: four GenAI spans, two spans
// that are not GenAI, three bad lines) taken into the workbench's store, filtered by source,
// one opened with its trace id copied; and Cancel stopping an import between lines.
#include "memory_fixture.h"

#include "ingest/observed_call.h"
#include "widgets/themecolours.h"

#include <QBrush>
#include <QDateTime>
#include <QMessageBox>
#include <QRegularExpression>
#include <QToolButton>

namespace {

QString otlpData(const char* name)
{
    return QStringLiteral(CONFORM_SOURCE_DIR "/tests/otlp/data/") + QLatin1String(name);
}

} // namespace

void TestGuiMemory::importedOtlpCapturesFilterAndShowTheirTrace()
{
    openWindow(m_storePath);
    CaptureImport* importer = memory()->importer();
    QSignalSpy finished(importer, &CaptureImport::finished);
    importer->start({otlpData("traces_current.jsonl")});
    QVERIFY(importer->running());
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(1).toInt(), 4);
    QVERIFY(finished.at(0).at(2).toBool());
    const QString summary = finished.at(0).at(0).toString();
    QVERIFY2(summary.startsWith(QStringLiteral("Imported 4 capture(s) from 1 otlp file(s)")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("2 span(s) not GenAI skipped; 3 problem(s)")), qPrintable(summary));
    auto* result = m_window->findChild<QMessageBox*>();
    QVERIFY(result);
    QVERIFY2(result->detailedText().contains(QStringLiteral("traces_current.jsonl:3: not JSON")), qPrintable(result->detailedText()));
    result->close();
    // Importing again adds nothing.
    importer->start({otlpData("traces_current.jsonl")});
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(1).at(1).toInt(), 0);
    QVERIFY(finished.at(1).at(0).toString().contains(QStringLiteral("(4 already there;")));

    // The browser's source filter: the four are from OpenTelemetry, none from a run.
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    browser->filterBar()->setField(QStringLiteral("source"), QStringLiteral("run"));
    QTRY_COMPARE(browser->model()->rowCount(), 0);
    browser->filterBar()->setField(QStringLiteral("source"), QStringLiteral("otlp"));
    QTRY_COMPARE(browser->model()->rowCount(), 4);
    QCOMPARE(countWhere(m_storePath, {{"source", "otlp"}}), 4);

    // Opened like any other capture, its trace id a click from the clipboard.
    browser->filterBar()->setField(QStringLiteral("label"), QStringLiteral("span_id=b7ad6b7169203331"));
    QTRY_COMPARE(browser->model()->rowCount(), 1);
    QSignalSpy loaded(browser->captureView(), &CaptureView::loaded);
    browser->table()->selectRow(0);
    QVERIFY(loaded.wait(10000));
    CaptureView* view = browser->captureView();
    QCOMPARE(QString::fromStdString(view->capture()->summary.model), QStringLiteral("gpt-4o-mini-2024-07-18"));
    QVERIFY(view->copyTraceButton()->isVisible());
    QApplication::clipboard()->clear();
    QTest::mouseClick(view->copyTraceButton(), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("0af7651916cd43dd8448eb211c80319c"));
}

void TestGuiMemory::importCancelsBetweenLines()
{
    // 2,000,000 lines that are JSON but not OTLP: each a problem, none a capture. Far more
    // than the worker reads before the Cancel lands, however busy the machine.
    const QString path = m_dir->filePath(QStringLiteral("many.jsonl"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray block = QByteArray("{\"resourceSpans\": 1}\n").repeated(10000);
        for (int i = 0; i < 200; ++i)
            file.write(block);
    }
    openWindow(m_storePath);
    CaptureImport* importer = memory()->importer();
    QSignalSpy finished(importer, &CaptureImport::finished);
    importer->start({path}, imports::Format::Otlp);
    importer->cancel();
    QVERIFY(finished.wait(30000));
    QVERIFY(!finished.at(0).at(2).toBool());
    const QString summary = finished.at(0).at(0).toString();
    QVERIFY2(summary.startsWith(QStringLiteral("Cancelled.")), qPrintable(summary));
    // It stopped between lines, long before the end (checks come every 256 lines).
    const QRegularExpression problems(QStringLiteral("; (\\d+) problem\\(s\\)"));
    const QRegularExpressionMatch match = problems.match(summary);
    QVERIFY2(match.hasMatch(), qPrintable(summary));
    QVERIFY2(match.captured(1).toLongLong() < 2'000'000 && (match.captured(1).toLongLong() + 1) % 256 == 0, qPrintable(summary));
    QVERIFY(!importer->running());
}

// Replies no schema judged are `unchecked`: listed in their own colour, and left out of the
// dashboard's rates, which say how many they left out. By hand: 6 unchecked, and against
// "person" 1 valid and 2 invalid, so final success is 1 of the 3 judged.
void TestGuiMemory::uncheckedCapturesAreLeftOutOfTheRates()
{
    {
        const Json person = Json::parse(R"({"type": "object", "required": ["name"]})");
        ingest::JudgeOptions options;
        options.schemaMap.emplace("person", proxy::MappedSchema{person, std::make_shared<const schema::Validator>(schema::Validator::compile(person).value())});
        ingest::Judge judge(std::move(options));
        std::vector<store::Capture> captures;
        const auto add = [&](const std::string& seed, const std::string& reply, const std::string& schemaName) {
            ingest::ObservedCall call;
            call.source = "otlp";
            call.idSeed = seed;
            call.timeMs = QDateTime::currentMSecsSinceEpoch();
            call.provider = "openai";
            call.model = "gpt-4o-mini";
            call.reply = reply;
            call.stopReason = "stop";
            call.schemaName = schemaName;
            captures.push_back(judge.capture(call).value());
        };
        for (int i = 0; i < 6; ++i)
            add("free-" + std::to_string(i), "{\"n\": " + std::to_string(i) + "}", "");
        add("ada", "{\"name\": \"Ada\"}", "person");
        add("nameless-1", "{\"age\": 1}", "person");
        add("nameless-2", "{\"age\": 2}", "person");
        auto store = store::Store::open(store::StoreLocation::parse(m_storePath).value());
        QVERIFY(store);
        QVERIFY(store.value()->insert(captures));
    }
    openWindow(m_storePath);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    browser->filterBar()->setField(QStringLiteral("outcome"), QStringLiteral("unchecked"));
    QTRY_COMPARE(browser->model()->rowCount(), 6);
    const QModelIndex outcome = browser->model()->index(0, CapturePageModel::Outcome);
    QCOMPARE(outcome.data().toString(), QStringLiteral("unchecked"));
    QCOMPARE(outcome.data(Qt::ForegroundRole).value<QBrush>().color(), toneColour(Tone::Unchecked));
    QVERIFY(toneColour(Tone::Unchecked) != toneColour(Tone::Success) && toneColour(Tone::Unchecked) != toneColour(Tone::Failure));

    browser->filterBar()->clear();
    Dashboard* dashboard = memory()->dashboard();
    m_window->showActivity(Activity::Dashboard);
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    dashboard->refresh();
    QVERIFY(refreshed.wait(20000));
    QCOMPARE(dashboard->stats().overall.finalSuccessRate(), 1.0 / 3.0);
    QVERIFY2(dashboard->statusText().startsWith(QStringLiteral("9 captures (6 unchecked, left out of the rates)")), qPrintable(dashboard->statusText()));
    saveScreenshot(dashboard, QStringLiteral("dashboard-unchecked"));
}
