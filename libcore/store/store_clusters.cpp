// Store: failure clusters (clusters.h) and the upgrade that gives older captures theirs.
#include "store/store.h"

#include "base/json_access.h"
#include "store/detail/connection.h"
#include "store/detail/sql_values.h"

#include <QSqlQuery>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace conform::store {

using detail::andWhere;
using detail::integer;
using detail::stringOf;

namespace {

constexpr int kChunk = 500; // ids bound in one IN (...) list

QString placeholders(qsizetype count)
{
    return QStringList(count, QStringLiteral("?")).join(QLatin1Char(','));
}

// `ids` in chunks of kChunk, each as bound values.
std::vector<QVariantList> chunksOf(const std::vector<std::string>& ids)
{
    std::vector<QVariantList> chunks;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i % kChunk == 0)
            chunks.emplace_back();
        chunks.back() << QString::fromStdString(ids[i]);
    }
    return chunks;
}

std::string findingsText(const std::vector<Finding>& findings)
{
    Json list = Json::array();
    for (const Finding& finding : findings)
        list.push_back(finding.toJson());
    return dump(list);
}

std::vector<Finding> findingsOf(const std::string& text)
{
    std::vector<Finding> findings;
    const Json list = Json::parse(text, nullptr, false);
    if (list.is_array())
        for (const Json& item : list)
            if (auto finding = Finding::fromJson(item))
                findings.push_back(std::move(*finding));
    return findings;
}

void sortClusters(std::vector<Cluster>& clusters, ClusterOrder order)
{
    std::sort(clusters.begin(), clusters.end(), [order](const Cluster& a, const Cluster& b) {
        if (order == ClusterOrder::Newest)
            return std::tie(b.lastSeenMs, b.count, a.id) < std::tie(a.lastSeenMs, a.count, b.id);
        return std::tie(b.count, b.lastSeenMs, a.id) < std::tie(a.count, a.lastSeenMs, b.id);
    });
}

Review reviewOfRow(const QSqlQuery& row, int at)
{
    Review review;
    review.state = parseReviewState(stringOf(row.value(at)).c_str()).value_or(ReviewState::New);
    review.note = stringOf(row.value(at + 1));
    review.reviewer = stringOf(row.value(at + 2));
    review.reviewedAtMs = row.value(at + 3).toLongLong();
    return review;
}

// One row per cluster of the captures `filter` keeps: its count, first and last seen. A
// grouped pass over the cluster column's partial index (the failures alone).
Result<std::vector<Cluster>> groupByCluster(Connection& connection, const Filter& filter)
{
    const SqlCondition where = whereClause(filter);
    auto rows = connection.exec(QStringLiteral("SELECT c.cluster, COUNT(*), MIN(c.created_at), MAX(c.created_at) FROM captures c")
                                    + andWhere(where, QStringLiteral("c.cluster IS NOT NULL")) + QStringLiteral(" GROUP BY c.cluster"),
                                where.values);
    if (!rows)
        return rows.error();
    std::vector<Cluster> clusters;
    while (rows->next()) {
        Cluster c;
        c.id = stringOf(rows->value(0));
        c.count = rows->value(1).toLongLong();
        c.firstSeenMs = rows->value(2).toLongLong();
        c.lastSeenMs = rows->value(3).toLongLong();
        clusters.push_back(std::move(c));
    }
    return clusters;
}

// Each cluster's review and the state it reads as. A fixed cluster's newest capture of all,
// not only of the filter's (`narrowed`), decides whether it regressed.
Status readStates(Connection& connection, std::vector<Cluster>& clusters, bool narrowed)
{
    std::map<std::string, Review> reviews;
    {
        auto rows = connection.exec(QStringLiteral("SELECT subject, state, note, reviewer, reviewed_at FROM reviews WHERE subject_kind = 'cluster'"));
        if (!rows)
            return rows.error();
        while (rows->next())
            reviews.emplace(stringOf(rows->value(0)), reviewOfRow(rows.value(), 1));
    }
    for (Cluster& c : clusters) {
        const auto found = reviews.find(c.id);
        if (found == reviews.end())
            continue;
        c.review = found->second;
        std::int64_t newest = c.lastSeenMs;
        if (c.review->state == ReviewState::Fixed && narrowed) {
            auto rows = connection.exec(QStringLiteral("SELECT MAX(created_at) FROM captures WHERE cluster = ?"), {QString::fromStdString(c.id)});
            if (!rows)
                return rows.error();
            if (rows->next())
                newest = std::max<std::int64_t>(newest, rows->value(0).toLongLong());
        }
        c.state = stateAsRead(c.review, newest);
    }
    return Done{};
}

std::map<std::string, Cluster*> byIdOf(std::vector<Cluster>& clusters)
{
    std::map<std::string, Cluster*> byId;
    for (Cluster& c : clusters)
        byId.emplace(c.id, &c);
    return byId;
}

std::vector<std::string> idsOf(const std::vector<Cluster>& clusters)
{
    std::vector<std::string> ids;
    for (const Cluster& c : clusters)
        ids.push_back(c.id);
    return ids;
}

// What each cluster is: its outcome, schema key, flags and findings, as first written.
Status readSignatures(Connection& connection, std::vector<Cluster>& clusters)
{
    const auto byId = byIdOf(clusters);
    for (const QVariantList& chunk : chunksOf(idsOf(clusters))) {
        auto rows = connection.exec(QStringLiteral("SELECT id, outcome, schema_by, schema_key, flags, findings FROM clusters WHERE id IN (")
                                        + placeholders(chunk.size()) + QLatin1Char(')'),
                                    chunk);
        if (!rows)
            return rows.error();
        while (rows->next()) {
            Cluster& c = *byId.at(stringOf(rows->value(0)));
            c.outcome = rows->value(1).toInt();
            c.schema = {stringOf(rows->value(2)), stringOf(rows->value(3))};
            c.flags = rows->value(4).toInt();
            c.findings = findingsOf(stringOf(rows->value(5)));
        }
    }
    return Done{};
}

// Each cluster's newest captures the filter keeps, from the index (cluster, created_at, seq)
// read backwards; the newest one's schema version is the cluster's.
Status readExamples(Connection& connection, std::vector<Cluster>& clusters, Filter filter, int examples)
{
    for (Cluster& c : clusters) {
        filter.cluster = c.id;
        const SqlCondition where = whereClause(filter);
        auto rows = connection.exec(QStringLiteral("SELECT c.id, c.schema_hash, s.title, s.schema_id FROM captures c JOIN schemas s ON s.hash = c.schema_hash")
                                        + where.sql + QStringLiteral(" ORDER BY c.created_at DESC, c.seq DESC LIMIT %1").arg(std::max(examples, 1)),
                                    where.values);
        if (!rows)
            return rows.error();
        for (int row = 0; rows->next(); ++row) {
            if (row == 0) {
                c.schemaHash = stringOf(rows->value(1));
                c.schemaTitle = stringOf(rows->value(2));
                c.schemaId = stringOf(rows->value(3));
            }
            if (row < examples)
                c.examples.push_back(stringOf(rows->value(0)));
        }
    }
    return Done{};
}

// What the Triage shows beside a cluster when asked: captures per UTC day, schema versions,
// targets. One grouped query each over the returned clusters' captures.
Status readTrends(Connection& connection, std::vector<Cluster>& clusters, const Filter& filter, const ClusterQuery& query)
{
    if (!query.perDay && !query.spread)
        return Done{};
    const auto byId = byIdOf(clusters);
    for (const QVariantList& chunk : chunksOf(idsOf(clusters))) {
        SqlCondition where = whereClause(filter);
        where.sql = andWhere(where, QStringLiteral("c.cluster IN (") + placeholders(chunk.size()) + QLatin1Char(')'));
        where.values += chunk;
        // SELECT c.cluster, `columns` ... GROUP BY c.cluster `groups`: each row to its cluster.
        const auto grouped = [&](const char* columns, const char* groups, const std::function<void(Cluster&, const QSqlQuery&)>& take) -> Status {
            auto rows = connection.exec(QStringLiteral("SELECT c.cluster, %1 FROM captures c").arg(QLatin1String(columns)) + where.sql
                                            + QStringLiteral(" GROUP BY c.cluster%1 ORDER BY 1, 2").arg(QLatin1String(groups)),
                                        where.values);
            if (!rows)
                return rows.error();
            while (rows->next())
                take(*byId.at(stringOf(rows->value(0))), rows.value());
            return Done{};
        };
        if (query.perDay)
            if (auto done = grouped("c.created_at / 86400000, COUNT(*)", ", c.created_at / 86400000", [](Cluster& c, const QSqlQuery& row) {
                    c.perDay.push_back({row.value(1).toLongLong() * 86'400'000, row.value(2).toLongLong()});
                }); !done)
                return done;
        if (!query.spread)
            continue;
        if (auto done = grouped("COUNT(DISTINCT c.schema_hash)", "", [](Cluster& c, const QSqlQuery& row) {
                c.schemaVersions = row.value(1).toLongLong();
            }); !done)
            return done;
        if (auto done = grouped("c.provider, c.model, COUNT(*)", ", c.provider, c.model", [](Cluster& c, const QSqlQuery& row) {
                c.targets.push_back({stringOf(row.value(1)), stringOf(row.value(2)), row.value(3).toLongLong()});
            }); !done)
            return done;
    }
    for (Cluster& c : clusters)
        std::stable_sort(c.targets.begin(), c.targets.end(), [](const TargetCount& a, const TargetCount& b) { return a.count > b.count; });
    return Done{};
}

} // namespace

Status Store::insertCluster(const Signature& signature, const std::string& id)
{
    const std::string findings = findingsText(signature.findings);
    auto stored = m_connection->insertRow(
        QStringLiteral("INSERT INTO clusters (id, outcome, schema_by, schema_key, flags, findings) VALUES (?, ?, ?, ?, ?, ?)"
                       " ON CONFLICT (id) DO NOTHING"),
        {id, std::int64_t(signature.outcome), signature.schema.by, signature.schema.value, std::int64_t(signature.flags), findings}, false);
    return stored ? Status(Done{}) : Status(stored.error());
}

Status Store::fillClusters()
{
    std::int64_t after = 0;
    for (;;) {
        QVariantList seqs;
        {
            auto rows = m_connection->exec(QStringLiteral("SELECT seq FROM captures WHERE outcome IN (1, 2, 3) AND cluster IS NULL AND seq > ?"
                                                          " ORDER BY seq LIMIT %1").arg(kChunk),
                                           {integer(after)}, "upgrading");
            if (!rows)
                return rows.error();
            while (rows->next())
                seqs << rows->value(0);
        }
        if (seqs.isEmpty())
            return Done{};
        after = seqs.constLast().toLongLong();
        std::vector<std::string> unreadable;
        auto captures = loadCaptures(QStringLiteral(" WHERE c.seq IN (") + placeholders(seqs.size()) + QStringLiteral(") ORDER BY c.seq"), seqs,
                                     &unreadable);
        if (!captures)
            return captures.error();
        for (Capture& c : captures.value()) {
            c.summary.schemaId = conform::stringOf(member(c.schema, "$id")); // the summary read back has no $id
            const auto signature = signatureOf(c.summary, c.run);
            if (!signature)
                continue;
            const std::string id = signature->clusterId();
            if (firstTime("k" + id))
                if (auto stored = insertCluster(*signature, id); !stored)
                    return stored;
            auto updated = m_connection->exec(QStringLiteral("UPDATE captures SET cluster = ? WHERE id = ?"),
                                              {QString::fromStdString(id), QString::fromStdString(c.summary.id)}, "upgrading");
            if (!updated)
                return updated.error();
        }
    }
}

Result<std::vector<Cluster>> Store::clusters(const ClusterQuery& query)
{
    Filter filter = query.filter;
    filter.afterSeq.reset();
    auto clusters = groupByCluster(*m_connection, filter);
    if (!clusters)
        return clusters.error();
    Filter wholeClusters = filter;
    wholeClusters.cluster.clear();
    const bool narrowed = !whereClause(wholeClusters).sql.isEmpty(); // lastSeenMs may not be a cluster's newest
    if (auto read = readStates(*m_connection, clusters.value(), narrowed); !read)
        return read.error();
    if (!query.states.empty())
        std::erase_if(clusters.value(), [&](const Cluster& c) { return std::find(query.states.begin(), query.states.end(), c.state) == query.states.end(); });
    sortClusters(clusters.value(), query.order);
    if (query.limit && std::int64_t(clusters->size()) > *query.limit)
        clusters->resize(std::size_t(std::max<std::int64_t>(*query.limit, 0)));
    // The rest only for the clusters returned.
    if (auto read = readSignatures(*m_connection, clusters.value()); !read)
        return read.error();
    if (auto read = readExamples(*m_connection, clusters.value(), filter, query.examples); !read)
        return read.error();
    if (auto read = readTrends(*m_connection, clusters.value(), wholeClusters, query); !read)
        return read.error();
    return clusters;
}

Result<std::optional<Cluster>> Store::cluster(const std::string& id)
{
    ClusterQuery query;
    query.filter.cluster = id;
    auto found = clusters(query);
    if (!found)
        return found.error();
    if (found->empty())
        return std::optional<Cluster>();
    return std::optional<Cluster>(std::move(found->front()));
}

Result<std::vector<Cluster>> Store::clusterSignatures(const std::vector<std::string>& ids)
{
    std::vector<Cluster> clusters;
    for (const std::string& id : std::set<std::string>(ids.begin(), ids.end())) {
        clusters.emplace_back();
        clusters.back().id = id;
    }
    if (auto read = readSignatures(*m_connection, clusters); !read)
        return read.error();
    // A cluster row never read keeps no findings and no flags: the store has no such cluster.
    std::erase_if(clusters, [](const Cluster& c) { return c.findings.empty() && c.flags == 0; });
    return clusters;
}

} // namespace conform::store
