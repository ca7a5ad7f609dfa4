#pragma once
// The Compare activity: is B better than A? Put variants together (a comparison file, the
// draft as it stands, prompt versions from the store's history) and targets (a file's, the
// Run tab's), set the repeats and the baseline, and Run: every variant runs on every target
// through libcore's SuiteRunner, each run captured in the workbench's store with the labels
// suite_run, variant and target. The matrix (comparematrix.h) fills in live with each cell's
// rate, interval and verdict; the verdicts read in words below it; a double-click opens the
// cell's captures in the Captures browser (openCaptures). Beside the matrix, the selected
// variant's prompts and schema against the baseline's, lines that differ marked.
//
// When the runs end the store's figures come in (cost per valid result, the repair
// overhead), and the report exports as JSON or Markdown (what `conform-cli compare` prints)
// or the matrix as PNG or SVG.
//
// The plan itself (variants, targets, repeats, baseline) is a document, ComparePlan: this view
// shows it and edits it (each edit undoable), and saves it as a comparison file.
#include "base/json.h"
#include "store/location.h"
#include "suite/comparison_file.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;
class QToolButton;

namespace conform::suite { class SuiteRunner; struct SuiteResults; }
namespace conform::store { struct Version; class CaptureWriter; }

namespace conform::gui {

class CaptureStore;
class CodeEditor;
class CompareMatrix;
class ComparePlan;
class RunDraft;

class CompareView : public QWidget
{
    Q_OBJECT
public:
    CompareView(RunDraft* draft, CaptureStore* store, QWidget* parent = nullptr);
    ~CompareView() override;

    // The plan this view shows and edits (the view owns it).
    ComparePlan* plan() const { return m_plan; }
    // Replaces the plan with a comparison file's (*.compare.json); false, and the first
    // problem shown, when it is not one.
    bool openComparison(const QString& path);
    // Writes the plan as a comparison file; false with the reason shown.
    bool saveComparison(const QString& path);
    // The draft as it stands, as a variant ("draft", "draft 2", …); false with the reason
    // shown when its schema does not parse.
    bool addDraftVariant();
    // The Run tab's target, as a target.
    bool addRunTarget();
    // The prompt versions the store has seen, newest first (versionsLoaded when read).
    void loadVersions();
    // A version from history as a variant: the spec of `captureId` (its schema, prompts,
    // variables and policy), read off the GUI thread (variantsChanged when added).
    void addVersion(const QString& captureId, const QString& name);
    // Edits of the plan, as the controls make them (undoable: plan()->undoStack()).
    void removeVariant(int index);
    void renameVariant(int index, const QString& name);
    void removeTarget(int index);
    void setRepeat(int repeat);
    void setBaseline(const QString& name);

    void run();
    void cancel();
    bool running() const;

    // Writes the last report: .json (as compare --json), .md (as --markdown), .png or .svg
    // (the matrix as shown). An empty string when written, else why not.
    QString exportReport(const QString& path);

    CompareMatrix* matrix() const { return m_matrix; }
    QTableView* table() const { return m_table; }
    QStringList variantNames() const;
    QStringList targetNames() const;
    QString verdictText() const;
    QString status() const;
    const Json& reportJson() const { return m_report; }
    QListWidget* variantList() const { return m_variantList; }
    QListWidget* targetList() const { return m_targetList; }
    QSpinBox* repeatSpin() const { return m_repeat; }
    QComboBox* baselineBox() const { return m_baseline; }
    CodeEditor* baselineText() const { return m_baselineText; }
    CodeEditor* variantText() const { return m_variantText; }

signals:
    void variantsChanged();
    void versionsLoaded(const QStringList& captureIds, const QStringList& descriptions);
    void finished();
    // A cell's captures, as the label filter of the Captures browser ("suite_run=… variant=…").
    void openCaptures(const QString& labels);

private:
    void refreshLists();
    void showDifferences();
    void onFinished(const suite::SuiteResults& results);
    void setStatus(const QString& text);
    void askNewName(int row);

    RunDraft* m_draft;
    CaptureStore* m_store;
    ComparePlan* m_plan;
    QStringList m_versionNames; // the names the versions last listed get as variants ("prompt 3f2a1b2c")

    QListWidget* m_variantList;
    QListWidget* m_targetList;
    QSpinBox* m_repeat;
    QComboBox* m_baseline;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QToolButton* m_history;
    QToolButton* m_export;
    QLabel* m_status;
    QLabel* m_verdicts;
    QTableView* m_table;
    CompareMatrix* m_matrix;
    CodeEditor* m_baselineText;
    CodeEditor* m_variantText;

    std::unique_ptr<suite::ComparisonPlan> m_running; // while running and after: the runner reads it
    // The store's writer the comparison started with: it outlives the runner, and the figures
    // are read where the runs were captured even if the store is replaced meanwhile.
    std::shared_ptr<store::CaptureWriter> m_writer;
    store::StoreLocation m_runLocation;
    std::unique_ptr<suite::SuiteRunner> m_runner;
    std::string m_runBaseline;
    bool m_readingFigures = false; // after the runs, until the store's figures are in
    Json m_report;
    std::string m_markdown;
};

} // namespace conform::gui
