// The Suites tab runs an example suite offline and fills its table as runs finish; the
// Export preview follows the schema editor. Expected counts come from the scenarios'
// "expect": tool-call answers well, hopeless-model never does.
#include "captures/capturestore.h"
#include "widgets/codeeditor.h"
#include "export/exportpreview.h"
#include "suites/suitesview.h"
#include "suites/suitetablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace conform::gui;

class TestGuiSuites : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void suiteTableFillsIn()
    {
        CaptureStore store({conform::store::StoreOrigin::Setting,
                            conform::store::StoreLocation::parse(m_dir.filePath(QStringLiteral("captures.db")))});
        SuitesView view(&store);
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view.openSuite(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/questions.suite.json")));
        QCOMPARE(view.model()->rowCount(), 1);
        QCOMPARE(view.model()->columnCount(), 2);
        QCOMPARE(view.model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("scenario/hopeless-model"));
        QSignalSpy done(&view, &SuitesView::finished);
        view.run();
        QVERIFY(view.running());
        QVERIFY(done.wait(30'000));
        QVERIFY(view.model()->data(view.model()->index(0, 0)).toString().startsWith(QStringLiteral("2/2")));
        QVERIFY(view.model()->data(view.model()->index(0, 1)).toString().startsWith(QStringLiteral("0/2")));
        QCOMPARE(view.captureIds(0, 1).size(), 2);
        QVERIFY(view.model()->data(view.model()->index(0, 1), Qt::ToolTipRole).toString().contains(QStringLiteral("/target_goal: Required")));
        QVERIFY2(view.status().contains(QStringLiteral("2 of 4 runs succeeded")), qPrintable(view.status()));
        QVERIFY(view.status().contains(QStringLiteral("min_success met")));
    }

    void badSuiteSaysWhere()
    {
        CaptureStore store({conform::store::StoreOrigin::Setting,
                            conform::store::StoreLocation::parse(m_dir.filePath(QStringLiteral("captures.db")))});
        SuitesView view(&store);
        QVERIFY(!view.openSuite(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/suite.schema.json")));
        QVERIFY2(view.status().contains(QStringLiteral("unknown field")), qPrintable(view.status()));
    }

    void exportPreviewFollowsTheEditor()
    {
        CodeEditor editor(CodeEditor::Kind::Json);
        editor.setText(QStringLiteral(R"({"title": "task", "type": "object", "properties": {"tags": {"type": "array", "uniqueItems": true}}})"));
        ExportPreview preview(&editor);
        QTRY_VERIFY(preview.exportedText().contains(QStringLiteral("import { z } from \"zod\";")));
        QVERIFY(preview.exportedText().contains(QStringLiteral("export default Task;")));
        preview.setTarget(QStringLiteral("pydantic"));
        QTRY_VERIFY(preview.exportedText().contains(QStringLiteral("class Task(BaseModel):")));
        QVERIFY(preview.notesText().contains(QStringLiteral("/properties/tags/uniqueItems: not expressed in Pydantic")));
        editor.setText(QStringLiteral("{"));
        QTRY_VERIFY(preview.notesText().contains(QStringLiteral("The schema is not JSON")));
    }
};

QTEST_MAIN(TestGuiSuites)
#include "test_gui_suites.moc"
