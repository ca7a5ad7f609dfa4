#pragma once
// "What would my schema edit have broken?": the captures under the browser's filter — by
// default only those of the schema being edited (every version with its "title"), or those of
// every schema when the user says so — are extracted and validated again against it, as the SchemaDocument
// compiled it (with its folder's files as the $ref registry, the toolbar's settings: what
// every other pane and conform-cli validate against), through store::ReplayJob (pages
// read on a worker thread, checked on every core), with a progress bar and Cancel. The list
// shows each capture whose verdict changes (its time, schema and target), with its first
// issue; activating one opens it. The moment the schema text (or its settings) differs from
// what the results were computed against, they are marked stale, and current again when an
// undo brings that text back.
#include "document/schemadocument.h"

#include "store/filter.h"
#include "store/location.h"
#include "store/replay.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <functional>
#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace conform::gui {

class ToneLabel;

// The changes of a re-validation as a table: capture id | time | schema | target | verdict | first issue. Holds the
// report's changes as they came (a hundred thousand rows cost no widgets).
class ReplayChangeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { IdColumn, TimeColumn, SchemaColumn, TargetColumn, VerdictColumn, IssueColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setChanges(std::vector<store::ReplayChange> changes);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<store::ReplayChange> m_changes;
};

class RevalidatePanel : public QWidget
{
    Q_OBJECT
public:
    using FilterSource = std::function<Result<store::Filter>()>;

    RevalidatePanel(SchemaDocument* document, FilterSource filter, QWidget* parent = nullptr);
    ~RevalidatePanel() override;

    void setLocation(const store::StoreLocation& location) { m_location = location; }
    void start();
    void cancel();

    // Which captures start() checks, beside the browser's filter.
    enum class Scope { ThisSchema, EverySchema };
    Scope scope() const;
    void setScope(Scope scope);
    bool isRunning() const { return m_job != nullptr || m_compiling; }

    QTableView* changeList() const { return m_changes; }
    ReplayChangeModel* changeModel() const { return m_model; }
    QLabel* summaryLabel() const { return m_summary; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    // The last report, once a re-validation has finished (or was cancelled); its changes (the
    // first 10,000) are in changeModel().
    const std::optional<store::ReplayReport>& report() const { return m_report; }
    // The results on screen are of another schema text (or settings) than the document's.
    bool isStale() const;
    ToneLabel* staleLabel() const { return m_stale; }

signals:
    void openCaptureRequested(const QString& id);
    void finished();

private:
    void prepare(CompiledSchemaPtr compiled, store::Filter filter);
    void run(std::shared_ptr<const schema::Validator> validator, Json schema, store::Filter filter);
    void showReport(store::ReplayReport report);
    void setRunning(bool running);
    void showWhetherStale();

    SchemaDocument* m_document;
    FilterSource m_filterSource;
    QMetaObject::Connection m_waitForCompile;
    store::StoreLocation m_location;
    std::unique_ptr<store::ReplayJob> m_job;
    std::optional<store::ReplayReport> m_report;
    bool m_compiling = false;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QTableView* m_changes;
    ReplayChangeModel* m_model;
    QComboBox* m_scope;
    QString m_scopeNote; // said after the counts: how the scope was taken
    ToneLabel* m_stale;  // shown while the results are of another schema text
    CompiledSchemaPtr m_checked; // the schema the results on screen were computed against
};

} // namespace conform::gui
