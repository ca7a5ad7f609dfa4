#include "checks/issuemodel.h"

#include "base/path.h"

#include <QFontDatabase>

namespace conform::gui {

namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

QVariant spanField(const std::optional<Span>& span, bool wantOffset)
{
    if (!span)
        return qlonglong(-1);
    return qlonglong(wantOffset ? span->offset : span->length);
}

} // namespace

IssueModel::IssueModel(QObject* parent)
    : QAbstractTableModel(parent), m_fixedFont(QFontDatabase::systemFont(QFontDatabase::FixedFont))
{
}

void IssueModel::setIssues(LocatedIssues issues)
{
    beginResetModel();
    m_issues = std::move(issues);
    endResetModel();
}

const LocatedIssue* IssueModel::issueAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return nullptr;
    return &m_issues[std::size_t(index.row())];
}

int IssueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_issues.size());
}

int IssueModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IssueModel::data(const QModelIndex& index, int role) const
{
    const LocatedIssue* entry = issueAt(index);
    if (!entry)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*entry, index.column());
    case Qt::ToolTipRole:
        return toolTip(*entry);
    case Qt::FontRole:
        if (index.column() != MessageColumn)
            return m_fixedFont;
        return {};
    default:
        return field(*entry, role);
    }
}

QVariant IssueModel::display(const LocatedIssue& entry, int column) const
{
    switch (column) {
    case CodeColumn:
        return fromStd(entry.issue.code);
    case PathColumn:
        return fromStd(pointerText(entry.issue.path));
    case MessageColumn:
        return fromStd(entry.issue.message);
    case SchemaPathColumn:
        return fromStd(entry.issue.schemaPath);
    default:
        return {};
    }
}

QVariant IssueModel::field(const LocatedIssue& entry, int role) const
{
    switch (role) {
    case CodeRole:
        return fromStd(entry.issue.code);
    case PathRole:
        return fromStd(toPointer(entry.issue.path));
    case MessageRole:
        return fromStd(entry.issue.message);
    case SchemaPathRole:
        return fromStd(entry.issue.schemaPath);
    case SpanOffsetRole:
    case SpanLengthRole:
        return spanField(entry.issue.span, role == SpanOffsetRole);
    case SchemaSpanOffsetRole:
    case SchemaSpanLengthRole:
        return spanField(entry.schemaSpan, role == SchemaSpanOffsetRole);
    default:
        return {};
    }
}

QString IssueModel::toolTip(const LocatedIssue& entry) const
{
    const Json params = entry.issue.params;
    QString tip = fromStd(entry.issue.message);
    tip += QLatin1Char('\n') + tr("at %1").arg(display(entry, PathColumn).toString());
    tip += QLatin1Char('\n') + tr("schema: %1").arg(fromStd(entry.issue.schemaPath));
    if (!params.empty()) {
        tip += QLatin1Char('\n');
        tip += fromStd(params.dump(2, ' ', false, Json::error_handler_t::replace));
    }
    return tip;
}

QVariant IssueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CodeColumn:
        return tr("Code");
    case PathColumn:
        return tr("Path");
    case MessageColumn:
        return tr("Message");
    case SchemaPathColumn:
        return tr("Schema path");
    default:
        return {};
    }
}

QHash<int, QByteArray> IssueModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(CodeRole, "code");
    names.insert(PathRole, "path");
    names.insert(MessageRole, "message");
    names.insert(SchemaPathRole, "schemaPath");
    names.insert(SpanOffsetRole, "spanOffset");
    names.insert(SpanLengthRole, "spanLength");
    names.insert(SchemaSpanOffsetRole, "schemaSpanOffset");
    names.insert(SchemaSpanLengthRole, "schemaSpanLength");
    return names;
}

} // namespace conform::gui
