#pragma once
// The issue list as a table: one row per issue, columns code | path | message | schema path.
// A thin adapter over LocatedIssues; it computes nothing. Custom roles give views and tests
// the raw fields and both spans without parsing display text.
#include "checks/locatedissue.h"

#include <QAbstractTableModel>
#include <QFont>

namespace conform::gui {

class IssueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { CodeColumn, PathColumn, MessageColumn, SchemaPathColumn, ColumnCount };
    enum Role {
        CodeRole = Qt::UserRole + 1, // QString: the Zod code
        PathRole,                    // QString: JSON pointer into the instance ("" = root)
        MessageRole,                 // QString: Zod's message
        SchemaPathRole,              // QString: JSON pointer to the failing schema keyword
        SpanOffsetRole,              // qlonglong byte offset in the instance/raw text, or -1
        SpanLengthRole,              // qlonglong byte length, or -1
        SchemaSpanOffsetRole,        // qlonglong byte offset in the schema text, or -1
        SchemaSpanLengthRole,        // qlonglong byte length, or -1
    };

    explicit IssueModel(QObject* parent = nullptr);

    // Replaces every row (one reset: the list is rebuilt after each validation).
    void setIssues(LocatedIssues issues);
    const LocatedIssues& issues() const { return m_issues; }
    const LocatedIssue* issueAt(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QVariant display(const LocatedIssue& entry, int column) const;
    QVariant field(const LocatedIssue& entry, int role) const;
    QString toolTip(const LocatedIssue& entry) const;

    LocatedIssues m_issues;
    QFont m_fixedFont; // codes and paths: looked up once, data() is called per cell and paint
};

} // namespace conform::gui
