// Store::stats() and what it reads: the figures of a filter summed from the hourly rollups
// for whole hours and from the captures for the rest (store.h, detail/stats_sql.h,
// detail/rollups.h).
#include "store/store.h"

#include "store/detail/connection.h"
#include "store/detail/rollups.h"
#include "store/detail/sql_values.h"
#include "store/detail/stats_sql.h"

#include <QFuture>
#include <QSqlQuery>
#include <QtConcurrent/QtConcurrentRun>

#include <limits>
#include <map>

namespace conform::store {

using detail::andWhere;
using detail::integer;
using detail::stringOf;

namespace {

QString groupExpression(const std::string& field)
{
    if (field == "provider") return QStringLiteral("c.provider");
    if (field == "model") return QStringLiteral("c.model");
    if (field == "schema") return QStringLiteral("c.schema_hash");
    if (field == "prompt") return QStringLiteral("c.prompt_hash");
    if (field == "source") return QStringLiteral("c.source");
    return QStringLiteral("c.mode");
}

// What a cell sums besides its count; the outcome, flags and first-try facts are in its key.
const QString kSumColumns = QStringLiteral("COUNT(*), SUM(c.repairs), SUM(c.tokens_in), SUM(c.tokens_out), SUM(c.tokens_cached),"
                                          " SUM(c.first_tokens_in), SUM(c.first_tokens_out), SUM(c.first_tokens_cached)");

// A cell's tally from kSumColumns (from column `at` on) and the facts its key carries.
Tally tallyOf(const QSqlQuery& q, int at, const detail::UnpackedKey& key)
{
    Tally t;
    const std::int64_t n = q.value(at).toLongLong();
    t.count = n;
    t.parsed = key.parsedFirst ? n : 0;
    t.firstTryValid = key.validFirst ? n : 0;
    switch (static_cast<OutcomeCode>(key.outcome)) {
    case OutcomeCode::Valid: t.valid = n; break;
    case OutcomeCode::Repaired: t.repaired = n; break;
    case OutcomeCode::Fallback: t.fallback = n; break;
    case OutcomeCode::Unchecked: t.unchecked = n; break;
    case OutcomeCode::Failed: default: t.failed = n; break;
    }
    t.truncated = key.flags & Truncated ? n : 0;
    t.tokensUnknown = key.flags & TokensUnknown ? n : 0;
    t.refused = key.flags & Refused ? n : 0;
    t.transportError = key.flags & TransportError ? n : 0;
    t.repairs = q.value(at + 1).toLongLong();
    t.tokensIn = q.value(at + 2).toLongLong();
    t.tokensOut = q.value(at + 3).toLongLong();
    t.tokensCached = q.value(at + 4).toLongLong();
    t.firstTokensIn = q.value(at + 5).toLongLong();
    t.firstTokensOut = q.value(at + 6).toLongLong();
    t.firstTokensCached = q.value(at + 7).toLongLong();
    return t;
}

} // namespace

Result<detail::PackedGrouping> Store::grouping(const std::vector<std::string>& by)
{
    detail::PackedGrouping grouping;
    for (const std::string& field : by) {
        // Every value the field has ever taken, from the small table kept for this: reading
        // the distinct values off the captures themselves would sort them all.
        auto values = m_connection->exec(QStringLiteral("SELECT value FROM capture_values WHERE field = ? ORDER BY value"),
                                         {QString::fromStdString(field)});
        if (!values)
            return values.error();
        std::vector<std::string> list;
        while (values->next())
            list.push_back(stringOf(values->value(0)));
        grouping.expressions.push_back(groupExpression(field).toStdString());
        grouping.values.push_back(std::move(list));
    }
    if (!grouping.groupable())
        return Error{"a --by field holds a value with a NUL character, which cannot be grouped", location().display()};
    if (grouping.groupCount() > detail::kMaxGroups)
        return Error{"--by would make more than " + std::to_string(detail::kMaxGroups) + " groups; group by fewer fields", location().display()};
    return grouping;
}

namespace {

// The cells of one packed-key query (stats_sql.h), decoded.
Result<std::vector<Cell>> readCells(Connection& connection, const QString& sql, const QVariantList& values,
                                    const detail::PackedGrouping& grouping, std::int64_t bucketMs)
{
    auto rows = connection.exec(sql, values);
    if (!rows)
        return rows.error();
    std::vector<Cell> cells;
    while (rows->next()) {
        const detail::UnpackedKey key = detail::unpackKey(rows->value(0).toLongLong());
        Cell cell;
        cell.key = grouping.decode(key.group);
        if (bucketMs > 0)
            cell.bucketMs = key.bucket * bucketMs;
        cell.tally = tallyOf(rows.value(), 1, key);
        cell.tally.latencyBins[key.bin] = cell.tally.count;
        cells.push_back(std::move(cell));
    }
    return cells;
}

// Cells grouped by the --by fields, provider and model: their tokens per (group, provider,
// model) as pricing needs them, and the cells cut back to their --by key.
Result<std::vector<CostCell>> costCellsOf(std::vector<Cell>& cells, std::size_t byFields)
{
    std::map<std::pair<std::vector<std::string>, CostCell::Kind>, CostCell> sums;
    for (Cell& cell : cells) {
        sums[{cell.key, CostCell::kindOf(cell.tally)}].add(cell.tally);
        cell.key.resize(byFields);
    }
    std::vector<CostCell> out;
    for (auto& [at, sum] : sums) {
        const auto& key = at.first;
        sum.kind = at.second;
        sum.provider = key[byFields];
        sum.model = key[byFields + 1];
        sum.key.assign(key.begin(), key.begin() + std::ptrdiff_t(byFields));
        out.push_back(std::move(sum));
    }
    return out;
}

} // namespace

// What one stats query gathers, from the rollups and from the captures, before it becomes
// the document: the cells, the priced sums and each labelled case's runs.
struct StatsParts
{
    std::vector<Cell> cells;
    std::vector<CostCell> costs;
    // Per case (its case key) and group. A case read in two parts (the rollups' whole hours
    // and the captures of a partial hour) is still one case.
    std::map<std::pair<std::string, std::vector<std::string>>, PassTally> cases;

    void addCaseRuns(const std::string& caseKey, std::vector<std::string> group, std::int64_t runs, bool allPassed, bool anyPassed)
    {
        auto [at, added] = cases.try_emplace({caseKey, std::move(group)}, PassTally{1, runs, allPassed ? 1 : 0, anyPassed ? 1 : 0});
        if (added)
            return;
        at->second.runs += runs;
        at->second.allPassed = std::min<std::int64_t>(at->second.allPassed, allPassed ? 1 : 0);
        at->second.anyPassed = std::max<std::int64_t>(at->second.anyPassed, anyPassed ? 1 : 0);
    }
};

namespace {

constexpr std::int64_t kNoBound = std::numeric_limits<std::int64_t>::max();

std::int64_t bucketMsOf(const StatsQuery& query)
{
    return !query.bucket ? 0 : query.bucket == Bucket::Hour ? 3'600'000 : 86'400'000;
}

} // namespace

Result<Json> Store::stats(const StatsQuery& query)
{
    auto report = statsReport(query);
    if (!report)
        return report.error();
    return report->toJson();
}

Result<StatsReport> Store::statsReport(const StatsQuery& query)
{
    StatsParts parts;
    const Filter& f = query.filter;
    constexpr std::int64_t hour = detail::kRollupMs;
    // The whole hours inside the filter's time range: the rollups answer for them, and the
    // captures for the partial hours at either end.
    const std::int64_t from = f.sinceMs ? (*f.sinceMs + hour - 1) / hour * hour : -kNoBound;
    const std::int64_t to = f.untilMs ? *f.untilMs / hour * hour : kNoBound;
    const bool beforeEpoch = (f.sinceMs && *f.sinceMs < 0) || (f.untilMs && *f.untilMs < 0); // hours truncate toward zero
    if (query.useRollups && detail::rollupsServe(f) && from < to && !beforeEpoch) {
        if (auto read = rollupParts(query, from, to, parts); !read)
            return read.error();
        if (f.sinceMs && *f.sinceMs < from) {
            Filter head = f;
            head.untilMs = from;
            if (auto summed = exactParts(query, head, false, parts); !summed)
                return summed.error();
        }
        if (f.untilMs && to < *f.untilMs) {
            Filter tail = f;
            tail.sinceMs = to;
            if (auto summed = exactParts(query, tail, false, parts); !summed)
                return summed.error();
        }
    } else if (auto summed = exactParts(query, f, true, parts); !summed) {
        return summed.error();
    }
    std::vector<PassCell> passCells;
    passCells.reserve(parts.cases.size());
    for (auto& [key, tally] : parts.cases)
        passCells.push_back({key.second, tally});
    return store::statsReport(query.by, query.bucket.has_value(), parts.cells, passCells, query.targets,
                              query.prices ? &parts.costs : nullptr, query.prices);
}

Status Store::rollupParts(const StatsQuery& query, std::int64_t fromMs, std::int64_t toMs, StatsParts& parts)
{
    Filter hours = query.filter;
    hours.sinceMs = fromMs == -kNoBound ? std::nullopt : std::optional<std::int64_t>(fromMs);
    hours.untilMs = toMs == kNoBound ? std::nullopt : std::optional<std::int64_t>(toMs);
    // The rollups have the captures' column names, so the captures' own filter applies.
    const SqlCondition where = whereClause(hours);
    auto rows = m_connection->exec(QStringLiteral("SELECT c.created_at, c.provider, c.model, c.mode, c.schema_hash, c.prompt_hash, c.source,"
                                                  " c.case_key, c.outcome, c.flags, c.parse_ok_first, c.first_try_valid, c.n, c.repairs,"
                                                  " c.tokens_in, c.tokens_out, c.tokens_cached, c.first_tokens_in, c.first_tokens_out,"
                                                  " c.first_tokens_cached, c.latency FROM capture_rollups c")
                                       + where.sql,
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<int> byColumns;
    for (const std::string& field : query.by)
        byColumns.push_back(field == "provider" ? 1 : field == "model" ? 2 : field == "mode" ? 3 : field == "schema" ? 4 : field == "prompt" ? 5 : 6);
    const std::int64_t bucketMs = bucketMsOf(query);
    std::map<std::pair<std::vector<std::string>, std::int64_t>, Tally> cells;
    std::map<std::tuple<std::vector<std::string>, std::string, std::string, CostCell::Kind>, CostCell> costs;
    while (rows->next()) {
        std::vector<std::string> key;
        key.reserve(byColumns.size());
        for (int column : byColumns)
            key.push_back(stringOf(rows->value(column)));
        detail::UnpackedKey facts;
        facts.outcome = rows->value(8).toInt();
        facts.flags = rows->value(9).toInt() & detail::kKeyFlags;
        facts.parsedFirst = rows->value(10).toInt() != 0;
        facts.validFirst = rows->value(11).toInt() != 0;
        Tally tally = tallyOf(rows.value(), 12, facts);
        const QByteArray latency = rows->value(20).toString().toUtf8();
        detail::decodeLatencyInto(std::string_view(latency.constData(), std::size_t(latency.size())), tally.latencyBins);
        const bool passed = facts.outcome <= 1;
        if (const std::string caseKey = stringOf(rows->value(7)); !caseKey.empty())
            parts.addCaseRuns(caseKey, key, tally.count, passed, passed);
        if (query.prices)
            costs[{key, stringOf(rows->value(1)), stringOf(rows->value(2)), CostCell::kindOf(tally)}].add(tally);
        const std::int64_t bucket = bucketMs > 0 ? rows->value(0).toLongLong() / bucketMs * bucketMs : 0;
        cells[{std::move(key), bucket}].merge(tally);
    }
    for (auto& [at, tally] : cells) {
        Cell cell{at.first, bucketMs > 0 ? std::optional<std::int64_t>(at.second) : std::nullopt, std::move(tally)};
        parts.cells.push_back(std::move(cell));
    }
    for (auto& [at, cost] : costs) {
        cost.key = std::get<0>(at);
        cost.provider = std::get<1>(at);
        cost.model = std::get<2>(at);
        cost.kind = std::get<3>(at);
        parts.costs.push_back(std::move(cost));
    }
    return Done{};
}

Status Store::exactParts(const StatsQuery& query, const Filter& filter, bool split, StatsParts& parts)
{
    const SqlCondition where = whereClause(filter);
    auto grouping = this->grouping(query.by);
    if (!grouping)
        return grouping.error();
    const std::int64_t bucketMs = bucketMsOf(query);
    // Priced figures need the tokens per provider and model: the one scan groups by them too
    // (a few more cells), so the cost costs no second pass over the captures. Where that
    // would make too many groups, the cost is summed by a query of its own.
    Result<detail::PackedGrouping> finer = Error{"not priced", {}};
    if (query.prices) {
        std::vector<std::string> fields = query.by;
        fields.insert(fields.end(), {"provider", "model"});
        finer = this->grouping(fields);
    }
    const detail::PackedGrouping& scanned = finer ? finer.value() : grouping.value();
    const QString select = QStringLiteral("SELECT ") + detail::packedKeySql(scanned, bucketMs) + QStringLiteral(", ") + kSumColumns
        + QStringLiteral(" FROM captures c");
    Result<std::vector<Cell>> cells = std::vector<Cell>();
    if (!split) {
        cells = readCells(*m_connection, select + where.sql + QStringLiteral(" GROUP BY 1"), where.values, scanned, bucketMs);
    } else {
        const QString sql = select + andWhere(where, QStringLiteral("c.seq >= ? AND c.seq <= ?")) + QStringLiteral(" GROUP BY 1");
        const QVariantList values = where.values;
        auto range = m_connection->exec(QStringLiteral("SELECT MIN(seq), MAX(seq) FROM captures"));
        if (!range)
            return range.error();
        const std::int64_t first = range->next() ? range->value(0).toLongLong() : 0;
        const std::int64_t last = range->value(1).toLongLong();
        // A large store is summed in two halves at once, the second on a connection of its own.
        const std::int64_t middle = last - first > query.splitAbove ? first + (last - first) / 2 : last;
        QFuture<Result<std::vector<Cell>>> secondHalf;
        if (middle < last)
            secondHalf = QtConcurrent::run([location = location(), sql, values, middle, last, &scanned, bucketMs]() -> Result<std::vector<Cell>> {
                auto connection = Connection::open(location, OpenOptions{false});
                if (!connection)
                    return connection.error();
                return readCells(*connection.value(), sql, values + QVariantList{integer(middle + 1), integer(last)}, scanned, bucketMs);
            });
        cells = readCells(*m_connection, sql, values + QVariantList{integer(first), integer(middle)}, scanned, bucketMs);
        if (middle < last) {
            auto second = secondHalf.result();
            if (!second)
                return second.error();
            if (cells)
                cells->insert(cells->end(), std::make_move_iterator(second->begin()), std::make_move_iterator(second->end()));
        }
    }
    if (!cells)
        return cells.error();
    if (auto passed = addPassRuns(where, grouping.value(), parts); !passed)
        return passed;
    if (query.prices) {
        auto costCells = finer ? costCellsOf(cells.value(), query.by.size()) : this->costCells(where, query.by);
        if (!costCells)
            return costCells.error();
        parts.costs.insert(parts.costs.end(), std::make_move_iterator(costCells->begin()), std::make_move_iterator(costCells->end()));
    }
    parts.cells.insert(parts.cells.end(), std::make_move_iterator(cells->begin()), std::make_move_iterator(cells->end()));
    return Done{};
}

Result<std::vector<CostCell>> Store::costCells(const SqlCondition& where, const std::vector<std::string>& by)
{
    // Prices are per provider and model, so the tokens are summed per group, provider and
    // model: a few rows per group, priced in C++ where the table lives.
    std::vector<std::string> fields = by;
    fields.push_back("provider");
    fields.push_back("model");
    auto grouping = this->grouping(fields);
    if (!grouping)
        return grouping.error();
    // Column 2 is the cell's CostCell::Kind: runs with an unknown token count, unchecked runs,
    // the others.
    auto rows = m_connection->exec(QStringLiteral("SELECT ") + grouping->groupSql()
                                       + QStringLiteral(", CASE WHEN (c.flags & %1) <> 0 THEN %2 WHEN c.outcome = %3 THEN %4 ELSE %5 END,"
                                                        " COUNT(*), SUM(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END), SUM(c.tokens_in),"
                                                        " SUM(c.tokens_out), SUM(c.tokens_cached), SUM(c.first_tokens_in),"
                                                        " SUM(c.first_tokens_out), SUM(c.first_tokens_cached) FROM captures c")
                                             .arg(int(TokensUnknown))
                                             .arg(int(CostCell::Kind::TokensUnknown))
                                             .arg(int(OutcomeCode::Unchecked))
                                             .arg(int(CostCell::Kind::Unchecked))
                                             .arg(int(CostCell::Kind::Checked))
                                       + where.sql + QStringLiteral(" GROUP BY 1, 2"),
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<CostCell> cells;
    while (rows->next()) {
        std::vector<std::string> key = grouping->decode(rows->value(0).toLongLong());
        CostCell cell;
        cell.model = key.back();
        key.pop_back();
        cell.provider = key.back();
        key.pop_back();
        cell.key = std::move(key);
        cell.kind = static_cast<CostCell::Kind>(rows->value(1).toInt());
        cell.count = rows->value(2).toLongLong();
        cell.successes = rows->value(3).toLongLong();
        cell.tokensIn = rows->value(4).toLongLong();
        cell.tokensOut = rows->value(5).toLongLong();
        cell.tokensCached = rows->value(6).toLongLong();
        cell.firstTokensIn = rows->value(7).toLongLong();
        cell.firstTokensOut = rows->value(8).toLongLong();
        cell.firstTokensCached = rows->value(9).toLongLong();
        cells.push_back(std::move(cell));
    }
    return cells;
}

Status Store::addPassRuns(const SqlCondition& where, const detail::PackedGrouping& grouping, StatsParts& parts)
{
    auto rows = m_connection->exec(QStringLiteral("SELECT c.case_key, ") + grouping.groupSql() + QStringLiteral(
                                       ", COUNT(*), MIN(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END), MAX(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END)"
                                       " FROM captures c") + andWhere(where, QStringLiteral("c.case_key IS NOT NULL"))
                                       + QStringLiteral(" GROUP BY c.case_key, 2"),
                                   where.values);
    if (!rows)
        return rows.error();
    while (rows->next())
        parts.addCaseRuns(stringOf(rows->value(0)), grouping.decode(rows->value(1).toLongLong()), rows->value(2).toLongLong(),
                          rows->value(3).toInt() != 0, rows->value(4).toInt() != 0);
    return Done{};
}

} // namespace conform::store
