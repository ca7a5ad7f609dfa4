#include "store/order.h"
#include "store/detail/order_sql.h"

#include <array>
#include <utility>

namespace conform::store {

namespace {

constexpr std::array<std::pair<SortKey, std::string_view>, 9> kNames{{
    {SortKey::Time, "time"}, {SortKey::Outcome, "outcome"}, {SortKey::Provider, "provider"}, {SortKey::Model, "model"},
    {SortKey::Mode, "mode"}, {SortKey::Attempts, "attempts"}, {SortKey::Repairs, "repairs"}, {SortKey::Latency, "latency"},
    {SortKey::Tokens, "tokens"},
}};

} // namespace

std::string_view sortKeyName(SortKey key)
{
    for (const auto& [k, name] : kNames)
        if (k == key)
            return name;
    return "time";
}

std::optional<SortKey> sortKeyNamed(std::string_view name)
{
    for (const auto& [key, n] : kNames)
        if (n == name)
            return key;
    return std::nullopt;
}

namespace detail {

QString sortExpression(SortKey key)
{
    switch (key) {
    case SortKey::Time: return QStringLiteral("c.created_at");
    case SortKey::Outcome: return QStringLiteral("c.outcome");
    case SortKey::Provider: return QStringLiteral("c.provider");
    case SortKey::Model: return QStringLiteral("c.model");
    case SortKey::Mode: return QStringLiteral("c.mode");
    case SortKey::Attempts: return QStringLiteral("c.attempts");
    case SortKey::Repairs: return QStringLiteral("c.repairs");
    case SortKey::Latency: return QStringLiteral("c.latency_ms");
    // Written exactly as the index expression, so SQLite matches the two.
    case SortKey::Tokens: return QStringLiteral("(c.tokens_in + c.tokens_out)");
    }
    return QStringLiteral("c.created_at");
}

QString orderByClause(const Order& order)
{
    const QString direction = order.descending ? QStringLiteral(" DESC") : QStringLiteral(" ASC");
    QString clause = QStringLiteral(" ORDER BY ");
    if (order.key != SortKey::Time)
        clause += sortExpression(order.key) + direction + QStringLiteral(", ");
    return clause + QStringLiteral("c.created_at") + direction + QStringLiteral(", c.seq") + direction;
}

SqlCondition afterCursor(const Order& order, const Cursor& cursor)
{
    const QString comparison = order.descending ? QStringLiteral(" < ") : QStringLiteral(" > ");
    SqlCondition after;
    if (order.key == SortKey::Time) {
        after.sql = QStringLiteral("(c.created_at, c.seq)") + comparison + QStringLiteral("(?, ?)");
    } else {
        after.sql = QStringLiteral("(") + sortExpression(order.key) + QStringLiteral(", c.created_at, c.seq)") + comparison
                    + QStringLiteral("(?, ?, ?)");
        after.values << cursor.key;
    }
    after.values << QVariant::fromValue<qlonglong>(cursor.createdAtMs) << QVariant::fromValue<qlonglong>(cursor.seq);
    return after;
}

} // namespace detail

} // namespace conform::store
