#include "store/detail/rollups.h"

#include "store/capture.h"
#include "store/detail/connection.h"
#include "store/detail/sql_values.h"
#include "store/metrics.h"

#include <charconv>

namespace conform::store::detail {

namespace {

const QString kKeyColumns = QStringLiteral(
    "created_at, schema_hash, prompt_hash, provider, model, mode, source, case_key, outcome, flags, parse_ok_first, first_try_valid");
const QString kKeyMatches = QStringLiteral(
    "created_at = ? AND schema_hash = ? AND prompt_hash = ? AND provider = ? AND model = ? AND mode = ? AND source = ?"
    " AND case_key = ? AND outcome = ? AND flags = ? AND parse_ok_first = ? AND first_try_valid = ?");

std::int64_t hourOf(std::int64_t ms)
{
    return ms / kRollupMs * kRollupMs; // as the SQL of the upgrade and of the queries divides
}

QVariantList keyValues(const RollupKey& k)
{
    const auto text = [](const std::string& s) { return QVariant(QString::fromStdString(s)); };
    return {integer(k.hourMs), text(k.schemaHash), text(k.promptHash), text(k.provider), text(k.model), text(k.mode),
            text(k.source), text(k.caseKey), k.outcome, k.flags, k.parseOkFirst, k.firstTryValid};
}

} // namespace

void RollupSums::merge(const RollupSums& o)
{
    for (auto sum : kSums)
        this->*sum += o.*sum;
    for (const auto& [bin, count] : o.latencyBins)
        latencyBins[bin] += count;
}

std::string encodeLatency(const std::map<int, std::int64_t>& bins)
{
    std::string text;
    text.reserve(bins.size() * 8);
    char digits[24]; // an int64's 19 digits and a sign fit
    for (const auto& [bin, count] : bins) {
        if (!text.empty())
            text += ' ';
        text.append(digits, std::to_chars(digits, digits + sizeof digits, bin).ptr);
        text += ':';
        text.append(digits, std::to_chars(digits, digits + sizeof digits, count).ptr);
    }
    return text;
}

void decodeLatencyInto(std::string_view text, std::map<int, std::int64_t>& bins)
{
    const char* at = text.data();
    const char* const end = at + text.size();
    auto hint = bins.begin();
    while (at < end) {
        int bin = 0;
        std::int64_t count = 0;
        auto parsedBin = std::from_chars(at, end, bin);
        if (parsedBin.ec == std::errc() && parsedBin.ptr < end && *parsedBin.ptr == ':') {
            auto parsedCount = std::from_chars(parsedBin.ptr + 1, end, count);
            if (parsedCount.ec == std::errc() && count > 0 && bin >= 0) {
                // Bins come ascending, so each lands just after the last: a hinted insert.
                hint = bins.try_emplace(hint, bin, 0);
                hint->second += count;
            }
            at = parsedCount.ptr;
        } else {
            at = parsedBin.ptr;
        }
        while (at < end && *at != ' ')
            ++at;
        while (at < end && *at == ' ')
            ++at;
    }
}

void RollupBatch::add(const CaptureSummary& s, const std::string& caseKey, const std::string& source)
{
    RollupKey key{hourOf(s.createdAtMs), s.schemaHash, s.promptHash, s.provider, s.model, s.mode, source, caseKey,
                  s.outcome, s.flags, s.parseOkFirst ? 1 : 0, s.firstTryValid ? 1 : 0};
    RollupSums& sums = m_rows[std::move(key)];
    ++sums.n;
    sums.repairs += s.repairs;
    sums.tokensIn += s.tokensIn;
    sums.tokensOut += s.tokensOut;
    sums.tokensCached += s.tokensCached;
    sums.firstTokensIn += s.firstTokensIn;
    sums.firstTokensOut += s.firstTokensOut;
    sums.firstTokensCached += s.firstTokensCached;
    ++sums.latencyBins[latencyBin(s.latencyMs)];
}

void RollupBatch::add(const RollupKey& key, const RollupSums& sums)
{
    m_rows[key].merge(sums);
}

Status RollupBatch::flush(Connection& connection)
{
    const QString insert = QStringLiteral("INSERT INTO capture_rollups (") + kKeyColumns
        + QStringLiteral(", n, repairs, tokens_in, tokens_out, tokens_cached, first_tokens_in, first_tokens_out, first_tokens_cached,"
                         " latency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (")
        + kKeyColumns + QStringLiteral(") DO NOTHING");
    const QString select = QStringLiteral("SELECT n, repairs, tokens_in, tokens_out, tokens_cached, first_tokens_in, first_tokens_out,"
                                          " first_tokens_cached, latency FROM capture_rollups WHERE ")
        + kKeyMatches + (connection.dialect() == Dialect::Postgres ? QStringLiteral(" FOR UPDATE") : QString());
    const QString update = QStringLiteral("UPDATE capture_rollups SET n = ?, repairs = ?, tokens_in = ?, tokens_out = ?, tokens_cached = ?,"
                                          " first_tokens_in = ?, first_tokens_out = ?, first_tokens_cached = ?, latency = ? WHERE ")
        + kKeyMatches;
    for (auto& [k, sums] : m_rows) {
        // Most rows of a batch are new (its hour began since the last one): one insert. A row
        // already there is read (and locked), merged and written back.
        std::string latency = encodeLatency(sums.latencyBins);
        auto added = connection.insertRow(insert, {k.hourMs, k.schemaHash, k.promptHash, k.provider, k.model, k.mode, k.source, k.caseKey,
                                                   std::int64_t(k.outcome), std::int64_t(k.flags), std::int64_t(k.parseOkFirst),
                                                   std::int64_t(k.firstTryValid), sums.n, sums.repairs, sums.tokensIn, sums.tokensOut,
                                                   sums.tokensCached, sums.firstTokensIn, sums.firstTokensOut, sums.firstTokensCached,
                                                   std::string_view(latency)},
                                          false);
        if (!added)
            return added.error();
        if (added.value())
            continue;
        auto stored = connection.execCached(select, keyValues(k), "writing");
        if (!stored)
            return stored.error();
        QSqlQuery& row = *stored.value();
        if (!row.next())
            return Error{"a capture rollup row vanished while it was being updated", connection.location().display()};
        RollupSums old;
        for (int i = 0; auto sum : RollupSums::kSums)
            old.*sum = row.value(i++).toLongLong();
        const QByteArray oldLatency = row.value(8).toString().toUtf8();
        row.finish();
        decodeLatencyInto(std::string_view(oldLatency.constData(), std::size_t(oldLatency.size())), old.latencyBins);
        old.merge(sums);
        latency = encodeLatency(old.latencyBins);
        auto updated = connection.insertRow(update, {old.n, old.repairs, old.tokensIn, old.tokensOut, old.tokensCached, old.firstTokensIn,
                                                     old.firstTokensOut, old.firstTokensCached, std::string_view(latency), k.hourMs,
                                                     k.schemaHash, k.promptHash, k.provider, k.model, k.mode, k.source, k.caseKey,
                                                     std::int64_t(k.outcome), std::int64_t(k.flags), std::int64_t(k.parseOkFirst),
                                                     std::int64_t(k.firstTryValid)},
                                            false);
        if (!updated)
            return updated.error();
    }
    m_rows.clear();
    return Done{};
}

Status backfillRollups(Connection& connection)
{
    // The database sums per hour, key and latency bin; the bins become each row's histogram here.
    auto rows = connection.exec(
        QStringLiteral("SELECT (created_at / %1) * %1, schema_hash, prompt_hash, provider, model, mode, source, COALESCE(case_key, ''),"
                       " outcome, flags, parse_ok_first, first_try_valid, latency_bin, COUNT(*), SUM(repairs), SUM(tokens_in),"
                       " SUM(tokens_out), SUM(tokens_cached), SUM(first_tokens_in), SUM(first_tokens_out), SUM(first_tokens_cached)"
                       " FROM captures GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13")
            .arg(kRollupMs),
        {}, "upgrading");
    if (!rows)
        return rows.error();
    RollupBatch batch;
    const auto text = [&](int i) { return rows->value(i).toString().toStdString(); };
    while (rows->next()) {
        RollupKey key{rows->value(0).toLongLong(), text(1), text(2), text(3), text(4), text(5), text(6), text(7),
                      rows->value(8).toInt(), rows->value(9).toInt(), rows->value(10).toInt(), rows->value(11).toInt()};
        RollupSums sums;
        for (int i = 13; auto sum : RollupSums::kSums)
            sums.*sum = rows->value(i++).toLongLong();
        sums.latencyBins[rows->value(12).toInt()] = sums.n;
        batch.add(key, sums);
    }
    return batch.flush(connection);
}

bool rollupsServe(const Filter& filter)
{
    return filter.labels.empty() && filter.replyContains.empty() && filter.cluster.empty() && !filter.afterSeq;
}

} // namespace conform::store::detail
