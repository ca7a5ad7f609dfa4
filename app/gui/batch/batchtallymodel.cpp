#include "batch/batchtallymodel.h"

#include "widgets/themecolours.h"

#include "batch/batch.h"
#include "schema/schema.h"

#include <QLocale>
#include <QPainter>

namespace conform::gui {

namespace {

QString percent(std::int64_t part, std::int64_t whole)
{
    return whole ? QStringLiteral("%1%").arg(100.0 * double(part) / double(whole), 0, 'f', 1) : QStringLiteral("—");
}

// A token count in a few characters ("18.4k", "2.1M"); the exact figure is in the tooltip.
QString compactCount(std::int64_t n)
{
    const QLocale locale;
    if (n < 10'000)
        return locale.toString(qlonglong(n));
    if (n < 10'000'000)
        return locale.toString(double(n) / 1e3, 'f', 1) + QLatin1Char('k');
    return locale.toString(double(n) / 1e6, 'f', 1) + QLatin1Char('M');
}

// The bar's colours in its order, with their words.
std::vector<std::pair<QColor, QString>> barColours(const QPalette& palette)
{
    const StatusColours status = statusColours(palette);
    return {{status.success, BatchTallyModel::tr("valid")},
            {status.info, BatchTallyModel::tr("repaired")},
            {status.warning, BatchTallyModel::tr("fallback")},
            {status.failure, BatchTallyModel::tr("failed")},
            {status.track, BatchTallyModel::tr("not run yet")}};
}

} // namespace

BatchTallyModel::BatchTallyModel(QObject* parent) : QAbstractTableModel(parent) {}

void BatchTallyModel::reset(const batch::BatchRunner* runner, const QStringList& targets, int repeatsPerTarget)
{
    beginResetModel();
    m_runner = runner;
    m_targets = targets;
    m_repeats = repeatsPerTarget;
    endResetModel();
}

void BatchTallyModel::refreshRow(int target)
{
    if (target >= 0 && target < rowCount())
        emit dataChanged(index(target, 0), index(target, ColumnCount - 1));
}

const store::Tally* BatchTallyModel::tallyAt(int row) const
{
    if (!m_runner || row >= m_runner->targetCount())
        return nullptr;
    return &m_runner->tally(row);
}

int BatchTallyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_targets.size());
}

int BatchTallyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BatchTallyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    static const store::Tally none;
    const store::Tally* found = tallyAt(index.row());
    const store::Tally& t = found ? *found : none;
    if (role == MixRole && index.column() == Rate)
        return QVariantList{qlonglong(t.valid), qlonglong(t.repaired), qlonglong(t.fallback), qlonglong(t.failed), m_repeats};
    if (role == Qt::ToolTipRole && index.column() == Schema)
        return m_runner && m_runner->hasOwnSpec(index.row())
            ? tr("This demo was written for this schema, so it runs with this schema and its own prompt, not the Run tab's")
            : tr("The Run tab's schema and prompt");
    if (role == Qt::ToolTipRole && index.column() == Tokens)
        return tr("%1 tokens in, %2 out").arg(QLocale().toString(qlonglong(t.tokensIn)), QLocale().toString(qlonglong(t.tokensOut)));
    if (role == Qt::ToolTipRole)
        return tr("Double-click: this target's runs in Captures");
    if (role == Qt::TextAlignmentRole)
        return index.column() == Target || index.column() == Schema ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case Target: return m_targets.at(index.row());
    case Schema: return schemaName(index.row());
    case Runs: return tr("%1 / %2").arg(t.count).arg(m_repeats);
    case FirstTry: return QStringLiteral("%1 (%2)").arg(t.firstTryValid).arg(percent(t.firstTryValid, t.count));
    case Repaired: return qlonglong(t.repaired);
    case Failed: return qlonglong(t.failed);
    case Truncated: return qlonglong(t.truncated);
    case MeanRepairs: return t.count ? locale.toString(t.meanRepairs(), 'f', 2) : QStringLiteral("—");
    case LatencyP50: return t.count ? tr("%1 ms").arg(t.latencyPercentile(0.5)) : QStringLiteral("—");
    case Tokens: return tr("%1 / %2").arg(compactCount(t.tokensIn), compactCount(t.tokensOut));
    case Rate: return percent(t.valid + t.repaired, t.count);
    }
    return {};
}

QString BatchTallyModel::schemaName(int row) const
{
    if (!m_runner || row >= m_runner->targetCount())
        return {};
    const Json& schema = m_runner->specOf(row).schema;
    QString name = tr("(untitled)");
    if (schema.is_object() && schema.contains("title") && schema["title"].is_string())
        name = QString::fromStdString(schema["title"].get<std::string>());
    else if (const std::string id = schema::idOf(schema); !id.empty())
        name = QString::fromStdString(id);
    return m_runner->hasOwnSpec(row) ? tr("demo's own: %1, its prompt").arg(name) : tr("%1, the Run tab's prompt").arg(name);
}

QVariant BatchTallyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Target: return tr("Target");
    case Schema: return tr("Schema and prompt");
    case Runs: return tr("Runs");
    case FirstTry: return tr("First-try\nvalid");
    case Repaired: return tr("Repaired");
    case Failed: return tr("Failed");
    case Truncated: return tr("Truncated");
    case MeanRepairs: return tr("Mean\nrepairs");
    case LatencyP50: return tr("p50\nlatency");
    case Tokens: return tr("Tokens\nin / out");
    case Rate: return tr("Final success");
    }
    return {};
}

QString OutcomeBarDelegate::legendHtml(const QPalette& palette)
{
    QStringList parts;
    for (const auto& [colour, word] : barColours(palette))
        parts << QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2").arg(colour.name(), word.toHtmlEscaped());
    return parts.join(QStringLiteral(" &nbsp; "));
}

void OutcomeBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QVariantList mix = index.data(BatchTallyModel::MixRole).toList();
    if (mix.size() != 5)
        return QStyledItemDelegate::paint(painter, option, index);
    const auto colours = barColours(option.palette);
    const double planned = std::max(1.0, mix[4].toDouble());
    const QRect bar = option.rect.adjusted(3, 4, -3, -4);
    painter->save();
    painter->fillRect(bar, colours[4].first);
    double x = bar.left();
    for (int i = 0; i < 4; ++i) {
        const double width = bar.width() * mix[i].toDouble() / planned;
        painter->fillRect(QRectF(x, bar.top(), width, bar.height()), colours[std::size_t(i)].first);
        x += width;
    }
    QFont font = option.font;
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(option.palette.color(QPalette::Text));
    painter->drawText(bar.adjusted(4, 0, -4, 0), Qt::AlignRight | Qt::AlignVCenter, index.data().toString());
    painter->restore();
}

} // namespace conform::gui
