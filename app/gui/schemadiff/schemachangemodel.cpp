#include "schemachangemodel.h"

#include "widgets/themecolours.h"

namespace conform::gui {

namespace {

// "/properties/status: enum loses "cancelled" — narrower" → "enum loses "cancelled"": the
// table shows where and which way in their own columns.
QString whatChanged(const schema::SchemaChange& change)
{
    QString words = QString::fromStdString(change.words);
    const qsizetype colon = words.indexOf(QStringLiteral(": "));
    if (colon >= 0)
        words = words.mid(colon + 2);
    const qsizetype dash = words.lastIndexOf(QStringLiteral(" — "));
    if (dash >= 0)
        words.truncate(dash);
    return words;
}

Tone toneOf(schema::Direction direction)
{
    switch (direction) {
    case schema::Direction::Narrower:
    case schema::Direction::Both: return Tone::Failure;
    case schema::Direction::Wider: return Tone::Warning;
    case schema::Direction::Unknown: return Tone::Info;
    case schema::Direction::None: return Tone::Muted;
    }
    return Tone::Muted;
}

} // namespace

void SchemaChangeModel::setChanges(std::vector<schema::SchemaChange> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int SchemaChangeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size());
}

int SchemaChangeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SchemaChangeModel::directionWords(schema::Direction direction)
{
    switch (direction) {
    case schema::Direction::Narrower: return tr("narrower");
    case schema::Direction::Wider: return tr("wider");
    case schema::Direction::Both: return tr("narrower and wider");
    case schema::Direction::Unknown: return tr("cannot tell");
    case schema::Direction::None: return tr("no effect");
    }
    return {};
}

QVariant SchemaChangeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_changes.size()))
        return {};
    const schema::SchemaChange& change = m_changes[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case WhereColumn: return QString::fromStdString(change.pointer.empty() ? std::string("/") : change.pointer);
        case ChangeColumn: return whatChanged(change);
        case DirectionColumn: return directionWords(change.direction);
        }
    }
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(change.words);
    if (role == Qt::ForegroundRole && index.column() == DirectionColumn)
        return toneColour(toneOf(change.direction));
    return {};
}

QVariant SchemaChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhereColumn: return tr("Where");
    case ChangeColumn: return tr("Change");
    case DirectionColumn: return tr("Direction");
    }
    return {};
}

} // namespace conform::gui
