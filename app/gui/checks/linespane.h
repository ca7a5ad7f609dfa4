#pragma once
// The "Lines" tab: a .jsonl file as a list of instances. Every line is checked against the
// document's schema on a worker thread (again when the schema changes); a table gives line,
// verdict, issue count and the first issue; picking a row shows that line in the Instance
// tab with all its issues.
#include "async/debouncedjob.h"
#include "checks/linescheck.h"
#include "document/schemadocument.h"

#include <QAbstractTableModel>
#include <QWidget>

class QTableView;

namespace conform::gui {

class StatusLine;

class LinesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { LineColumn, VerdictColumn, IssuesColumn, FirstIssueColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setLines(std::vector<LineVerdict> lines);
    const LineVerdict* lineAt(int row) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<LineVerdict> m_lines;
};

class LinesPane : public QWidget
{
    Q_OBJECT

public:
    LinesPane(SchemaDocument* document, QWidget* parent = nullptr);

    // Reads `path` (refusing what is not text) and checks every line; false with `error`.
    // A file above kReadOnWorkerBytes is read on a worker: true at once, and fileLoadFailed
    // later if it cannot be read.
    bool loadFile(const QString& path, QString* error);
    QString filePath() const { return m_path; }
    LinesModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    StatusLine* statusLine() const { return m_status; }
    bool isBusy() const { return m_reading || m_job.isBusy() || !m_document->isCurrent(); }

signals:
    void fileLoadFailed(const QString& path, const QString& error);
    // The user picked a line: its text and 1-based number.
    void lineChosen(const QString& text, int line);

private:
    void showLines(const QString& path, std::shared_ptr<const std::string> text);
    void recheck();
    void display(LinesCheck check);
    void choose(const QModelIndex& index);

    SchemaDocument* m_document;
    LinesModel* m_model;
    QTableView* m_view;
    StatusLine* m_status;
    QString m_path;
    std::shared_ptr<const std::string> m_text;
    bool m_reading = false;
    quint64 m_read = 0; // bumped by every load; a read that finishes after a newer one is dropped
    DebouncedJob<LinesCheck> m_job;
};

} // namespace conform::gui
