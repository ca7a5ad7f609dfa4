// test_gui_memory, the Compare activity: the demo pair of drift-detector prompts run offline
// (schemas/drift-prompts.compare.json: scenario v1 leaves a field out of about 30% of its
// replies, v2 of about 5%, drawn from fixed seeds), the matrix filling in as runs finish, a
// cell opening its captures in the browser, the report exported, a long comparison
// cancelled, and a prompt version from the store's history taken as a variant.
//
// What is expected comes from the scenario files, not from Conform: 100 runs each at 70%
// against 95% success is a difference Fisher's exact test puts far below 0.05, so v2 is
// better; scenarios cost nothing.
#include "memory_fixture.h"

#include <QImage>

namespace {

QString driftComparison()
{
    return QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-prompts.compare.json");
}

} // namespace

void TestGuiMemory::compareFillsInLiveAndOpensACellsCaptures()
{
    openWindow(m_storePath);
    m_window->showActivity(Activity::Compare);
    CompareView* compare = m_window->compareView();
    QVERIFY2(compare->openComparison(driftComparison()), qPrintable(compare->status()));
    QCOMPARE(compare->variantNames(), (QStringList{QStringLiteral("v1"), QStringLiteral("v2")}));
    QCOMPARE(compare->targetNames(), QStringList{QStringLiteral("offline")});
    // The difference view: v2's user prompt is the line that differs from the baseline's.
    compare->variantList()->setCurrentRow(1);
    QVERIFY2(compare->variantText()->text().contains(QStringLiteral("Reply with a JSON object holding")), qPrintable(compare->variantText()->text() + QStringLiteral("|") + compare->baselineText()->text()));
    QVERIFY(!compare->baselineText()->text().contains(QStringLiteral("Reply with a JSON object holding")));

    CompareMatrix* matrix = compare->matrix();
    QSignalSpy changed(matrix, &QAbstractItemModel::dataChanged);
    QSignalSpy finished(compare, &CompareView::finished);
    compare->run();
    QVERIFY(compare->running());
    // Live: cells change while runs are still to come.
    QTRY_VERIFY(matrix->finishedRuns() > 0);
    QVERIFY(matrix->finishedRuns() < 200);
    QVERIFY(finished.wait(120000));
    QCOMPARE(matrix->finishedRuns(), 200);
    QVERIFY(changed.count() >= 200);
    QCOMPARE(matrix->rowCount(), 2);
    QCOMPARE(matrix->columnCount(), 1);
    QCOMPARE(matrix->index(0, 0).data(CompareMatrix::VerdictRole).toInt(), int(stats::Verdict::Baseline));
    QCOMPARE(matrix->index(1, 0).data(CompareMatrix::VerdictRole).toInt(), int(stats::Verdict::Better));
    QVERIFY2(compare->verdictText().contains(QStringLiteral("better")), qPrintable(compare->verdictText()));
    // The store's figures arrived: a scenario costs nothing.
    QVERIFY2(matrix->index(1, 0).data().toString().contains(QStringLiteral("$0 per valid result")), qPrintable(matrix->index(1, 0).data().toString()));
    saveScreenshot(compare, QStringLiteral("compare"));

    // A cell opens its captures: the browser filtered by this run's labels lists them all.
    const QStringList ids = matrix->index(1, 0).data(CompareMatrix::CaptureIdsRole).toStringList();
    QCOMPARE(ids.size(), 100);
    const QPoint cellCentre = compare->table()->visualRect(matrix->index(1, 0)).center();
    QTest::mouseClick(compare->table()->viewport(), Qt::LeftButton, {}, cellCentre);
    QTest::mouseDClick(compare->table()->viewport(), Qt::LeftButton, {}, cellCentre);
    QCOMPARE(m_window->currentActivity(), Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    QVERIFY(browser->filterBar()->arguments().size() == 3); // suite_run, target, variant
    QTRY_COMPARE(browser->model()->rowCount(), 100);
    for (int row = 0; row < 100; ++row)
        QVERIFY(ids.contains(browser->model()->index(row, 0).data(CapturePageModel::IdRole).toString()));

    // The dashboard groups by prompt version: v1 and v2, each final-success bar with its
    // 95% interval as a whisker around it.
    // (Over every capture: the browser's filters, which the dashboard shares, are cleared.)
    browser->filterBar()->clear();
    Dashboard* dashboard = memory()->dashboard();
    dashboard->setGroups({QStringLiteral("prompt")});
    m_window->showActivity(Activity::Dashboard);
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    dashboard->refresh();
    QVERIFY(refreshed.wait(20000));
    const std::vector<store::StatsGroup>& groups = dashboard->stats().groups;
    QCOMPARE(groups.size(), std::size_t(2));
    QChart* success = dashboard->chartView(DashboardChart::FinalSuccess)->chart();
    int whiskers = 0;
    for (QAbstractSeries* series : success->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        if (!line || line->name() != QStringLiteral("95% interval"))
            continue;
        const store::Tally& group = groups[std::size_t(whiskers++)].tally;
        const double rate = 100 * group.finalSuccessRate();
        // Wilson's interval, worked out here from the group's counts.
        const double n = double(group.checked()), p = double(group.valid + group.repaired) / n, z = 1.959963984540054;
        const double centre = (p + z * z / (2 * n)) / (1 + z * z / n), half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        QCOMPARE(line->count(), 6);
        QVERIFY2(std::abs(line->at(2).x() - 100 * (centre - half)) < 1e-6, qPrintable(QString::number(line->at(2).x())));
        QVERIFY2(std::abs(line->at(3).x() - 100 * (centre + half)) < 1e-6, qPrintable(QString::number(line->at(3).x())));
        QVERIFY(line->at(2).x() < rate && rate < line->at(3).x());
    }
    QCOMPARE(whiskers, 2);
    QVERIFY(qobject_cast<QBarCategoryAxis*>(success->axes(Qt::Vertical).constFirst())->categories().constFirst().startsWith(QStringLiteral("prompt ")));

    // What a valid result cost, per prompt version: scenarios are free, and say so.
    QChart* cost = dashboard->chartView(DashboardChart::Cost)->chart();
    const QStringList costNames = qobject_cast<QBarCategoryAxis*>(cost->axes(Qt::Vertical).constFirst())->categories();
    QCOMPARE(costNames.size(), 2);
    for (const QString& name : costNames)
        QVERIFY2(name.endsWith(QStringLiteral(" · $0")), qPrintable(name));

    // The report exports as compare --json and --markdown print it, and the matrix as a picture.
    const QString json = m_dir->filePath(QStringLiteral("comparison.json"));
    const QString markdown = m_dir->filePath(QStringLiteral("comparison.md"));
    const QString png = m_dir->filePath(QStringLiteral("comparison.png"));
    const QString svg = m_dir->filePath(QStringLiteral("comparison.svg"));
    for (const QString& path : {json, markdown, png, svg})
        QCOMPARE(compare->exportReport(path), QString());
    const Json report = Json::parse(readFile(json).toStdString());
    QCOMPARE(report["comparisons"][0]["variants"][1]["verdict"].get<std::string>(), std::string("better"));
    QVERIFY(readFile(markdown).contains("| v2 |"));
    QVERIFY(QImage(png).width() > 100);
    QVERIFY(readFile(svg).contains("<svg"));
}

void TestGuiMemory::compareCancelsAndTakesVariantsFromHistory()
{
    openWindow(m_storePath);
    CompareView* compare = m_window->compareView();
    QVERIFY(compare->openComparison(driftComparison()));
    compare->setRepeat(5000);
    QSignalSpy finished(compare, &CompareView::finished);
    compare->run();
    QTRY_VERIFY(compare->matrix()->finishedRuns() >= 10);
    compare->cancel();
    QVERIFY(finished.wait(60000));
    QVERIFY2(compare->status().startsWith(QStringLiteral("Cancelled after")), qPrintable(compare->status()));
    QVERIFY(compare->matrix()->finishedRuns() < 10000);
    QVERIFY(!compare->running());

    // History: the two prompts just run are versions the store has seen; one becomes a variant
    // with its prompt text, and the draft another.
    QSignalSpy versions(compare, &CompareView::versionsLoaded);
    compare->loadVersions();
    QVERIFY(versions.wait(20000));
    const QStringList ids = versions.at(0).at(0).toStringList();
    const QStringList descriptions = versions.at(0).at(1).toStringList();
    QCOMPARE(ids.size(), 2);
    QVERIFY(descriptions.at(0).startsWith(QStringLiteral("prompt ")));
    QSignalSpy variants(compare, &CompareView::variantsChanged);
    compare->addVersion(ids.at(0), QStringLiteral("prompt old"));
    QVERIFY(variants.wait(20000));
    QCOMPARE(compare->variantNames().size(), 3);
    QCOMPARE(compare->variantNames().at(2), QStringLiteral("prompt old"));
    compare->variantList()->setCurrentRow(2);
    QVERIFY(compare->variantText()->text().contains(QStringLiteral("Did the interviewee answer the question?")));
    useGoalSchema(readFile(goalSchemaPath()));
    QVERIFY2(compare->addDraftVariant(), qPrintable(compare->status()));
    QCOMPARE(compare->variantNames().at(3), QStringLiteral("draft"));
}
