#pragma once
// The Design activity's Diff tab: what the schema being edited changes against its saved file
// or a version the store has run (schema/diff.h), each change with its direction — narrower
// (replies that passed will fail), wider, both, none, cannot tell — and, on request, the
// impact on the store in use: the baseline's stored replies that were valid, judged by the
// schema as edited (store::ReplayJob), counted by the pointer of the first issue each now has.
// A click on a change puts the caret on it in the schema editor. The changes follow every
// edit; an impact computed for an earlier text says it is stale.
#include "document/schemadocument.h"

#include "base/json.h"
#include "schema/diff.h"
#include "store/location.h"
#include "store/replay.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace conform::gui {

class CodeEditor;
class SchemaChangeModel;
class ToneLabel;

class SchemaDiffPane : public QWidget
{
    Q_OBJECT
public:
    SchemaDiffPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);
    ~SchemaDiffPane() override;

    // The store whose history is offered as baselines and judged for the impact.
    void setLocation(const store::StoreLocation& location);

    // The baseline: the saved file (index 0), or a version the store ran.
    QComboBox* baselineChoice() const { return m_baseline; }
    // Reads the store's versions of this schema again (also done when the tab is shown).
    void loadHistory();

    SchemaChangeModel* changeModel() const { return m_model; }
    QTableView* changeList() const { return m_list; }
    QString summaryText() const;
    // Judges the baseline's stored valid replies by the schema as edited.
    void judgeStore();
    QPushButton* judgeButton() const { return m_judge; }
    QString impactText() const;
    bool isJudging() const { return m_job != nullptr; }
    // The last impact (null before one finished), and whether the schema changed since.
    const std::optional<store::ReplayReport>& impact() const { return m_impact; }
    bool impactIsStale() const;

signals:
    void openCaptureRequested(const QString& id);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    void useBaseline(int index);
    void showChanges();
    void showImpact();
    void goToChange(int row);

    SchemaDocument* m_document;
    CodeEditor* m_schemaEditor;
    store::StoreLocation m_location;
    QComboBox* m_baseline;
    ToneLabel* m_summary;
    QTableView* m_list;
    SchemaChangeModel* m_model;
    QPushButton* m_judge;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    ToneLabel* m_impactLabel;
    QLabel* m_examples;

    std::optional<Json> m_before;    // the baseline, parsed; nullopt while it cannot be read
    QString m_beforeProblem;         // why not
    std::unique_ptr<store::ReplayJob> m_job;
    std::optional<store::ReplayReport> m_impact;
    std::string m_impactText;        // the schema text the impact was computed for
    QString m_impactBaseline;        // and the baseline it was computed against
};

} // namespace conform::gui
