#pragma once
// The changes between two versions of a schema (schema/diff.h) as a table: where | what |
// direction, the direction in its colour (narrower in the failure colour: replies that passed
// will fail). Holds the changes as diffSchemas made them.
#include "schema/diff.h"

#include <QAbstractTableModel>

#include <vector>

namespace conform::gui {

class SchemaChangeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { WhereColumn, ChangeColumn, DirectionColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setChanges(std::vector<schema::SchemaChange> changes);
    const std::vector<schema::SchemaChange>& changes() const { return m_changes; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "narrower", "wider"... in the reader's language.
    static QString directionWords(schema::Direction direction);

private:
    std::vector<schema::SchemaChange> m_changes;
};

} // namespace conform::gui
