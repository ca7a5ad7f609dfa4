#pragma once
// conform::store — every run remembered: the capture store, its metrics and its history.
//
//   auto store = store::Store::open(*store::StoreLocation::resolve(flag));  // SQLite or PostgreSQL
//   if (!store) fail(store.error().toString());     // "x.db: not a Conform capture store (...)"
//   (*store)->insert({store::captureOfRun(spec, record)});
//   (*store)->list(filter, 50);                     // newest first, keyset-paged
//   (*store)->stats({filter, {"provider", "model"}, Bucket::Day});   // computed in SQL
//
// Threads: a Store is one database connection and belongs to the thread that opened it;
// open one per thread (readers never wait for the writer: SQLite runs in WAL mode). Long work
// has its own classes: CaptureWriter (writer.h) batches inserts on a worker thread, Replay
// (replay.h) re-checks history on every core; page() gives keyset pages for views of a
// million captures (the workbench's CapturePageModel reads them on a worker thread).
//
// Every write is one transaction: a capture is stored whole or not at all, also when the
// process is killed. The same transaction keeps the hourly rollups stats() reads whole hours
// from (detail/rollups.h), and stores the bodies zstd-packed against an earlier capture's of
// the same schema (capture.h: BodyPacker). Errors are one line naming the store (passwords
// never appear).
#include "base/result.h"
#include "store/capture.h"
#include "store/clusters.h"
#include "store/filter.h"
#include "store/labels.h"
#include "store/location.h"
#include "store/metrics.h"
#include "store/order.h"
#include "store/reviews.h"
#include "stats/prices.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace conform::store {

class Connection; // store/detail/connection.h: the store's own business
namespace detail { struct PackedGrouping; class RollupBatch; class DictionaryCache; struct BodyTemplate; struct TemplateCache; }
struct StatsParts; // what one stats query gathers, in store.cpp

enum class Bucket { Hour, Day };

struct StatsQuery
{
    Filter filter;
    std::vector<std::string> by; // any of "provider", "model", "schema", "prompt", "mode", "source"
    std::optional<Bucket> bucket;
    Targets targets;
    // A store with more captures than this is summed in two halves at once, on two
    // connections (a database sums one query on one core).
    std::int64_t splitAbove = 200'000;
    // When set, the overall figures and each group gain a Cost (metrics.h),
    // the tokens of each provider and model priced by this table.
    const stats::PriceTable* prices = nullptr;
    // Whole hours are read from the hourly rollups the writer keeps (the same figures, from
    // thousands of rows instead of millions) unless the filter needs the captures themselves
    // (labels, reply text). Off: every figure is summed from the captures (the tests compare).
    bool useRollups = true;
};
// Checks a --by list ("provider,model"); an Error names the unknown field.
Result<std::vector<std::string>> parseGroupFields(const std::string& list);

// A prompt or schema version the store has seen (Compare offers them as variants).
struct Version
{
    std::string hash;             // 16 hex digits
    std::string title;            // the schema's title (schema versions), else ""
    std::int64_t captures = 0;    // how many matching captures ran it
    std::int64_t lastAtMs = 0;    // when the newest of them finished
    std::string lastCaptureId;    // the newest of them: its spec holds the version's text
};

struct InsertResult
{
    std::vector<std::string> inserted; // ids newly stored
    std::size_t alreadyPresent = 0;    // ids the store had (an import run twice adds nothing)
    // Of those, the ids the store holds for another run: a different time, schema, prompt,
    // target, outcome, flags or number of attempts. The stored one is kept.
    std::vector<std::string> heldWithOtherContent;
};

// One capture as a replay reads it.
struct StoredReply
{
    std::int64_t seq = 0;
    std::string id;
    FinalReply reply;
    // What a re-validation's list says of the capture beside its verdict.
    std::int64_t createdAtMs = 0;
    std::string schemaTitle, provider, model;
    bool checked = true; // false: stored unchecked (judged by no schema)
};

class Store
{
public:
    // Opens (and, with options.create, creates) the store, upgrading an older one. With
    // create, also checks that the store can be written now, so a locked store fails before
    // any work is done rather than after it.
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    static Result<std::unique_ptr<Store>> open(const StoreLocation& location, const OpenOptions& options = {});

    const StoreLocation& location() const;
    Dialect dialect() const;

    // Stores the captures in one transaction; an id already present is skipped.
    Result<InsertResult> insert(const std::vector<Capture>& captures);

    // Summaries matching `filter`, newest first (or oldest first with filter.descending
    // false and afterSeq set: see Filter). `seqs`, when given, receives each row's position
    // for keyset paging.
    Result<std::vector<CaptureSummary>> list(const Filter& filter, int limit, std::vector<std::int64_t>* seqs = nullptr);
    Result<std::int64_t> count(const Filter& filter);
    // A page of the summaries matching `filter` in `order` (the browser's sortable columns),
    // starting after `after` (the previous page's `next`). The filter's own keyset fields
    // (afterSeq, descending) are not used.
    Result<CapturePage> page(const Filter& filter, const Order& order, const std::optional<Cursor>& after, int limit);

    // The whole capture; nullopt when there is no such id.
    Result<std::optional<Capture>> capture(const std::string& id);
    // Every matching capture, oldest first, `pageSize` at a time; `visit` returns false to stop.
    Status forEachCapture(const Filter& filter, const std::function<bool(const Capture&)>& visit, int pageSize = 500);
    // The final replies of matching captures, oldest first, a page at a time.
    Result<std::vector<StoredReply>> replies(const Filter& filter, std::int64_t afterSeq, int limit);

    // The figures of the captures the query's filter selects (metrics.h's StatsReport), and
    // the same as the document `captures stats --json` prints.
    Result<StatsReport> statsReport(const StatsQuery& query);
    Result<Json> stats(const StatsQuery& query);

    // The prompt (`field` "prompt") or schema ("schema") versions among the captures matching
    // `filter`, newest first, at most `limit`. An Error for another field.
    Result<std::vector<Version>> versions(const std::string& field, const Filter& filter, int limit);

    // Failures grouped by cause (clusters.h), in the query's order; `cluster` one of them
    // over every capture it holds (nullopt when the store has no such cluster).
    Result<std::vector<Cluster>> clusters(const ClusterQuery& query);
    Result<std::optional<Cluster>> cluster(const std::string& id);
    // What each of these clusters is (outcome, schema key, flags, findings) and nothing more:
    // no counts, no reads over captures. Ids the store lacks are left out. The Captures
    // list's first-finding column reads its page's clusters this way.
    Result<std::vector<Cluster>> clusterSignatures(const std::vector<std::string>& ids);

    // Reviews (reviews.h). review() changes every subject or none: an unknown id, a missing
    // reviewer or the state `regressed` is an Error naming it. Returns the changes as the
    // history now holds them, one per subject.
    Result<std::vector<ReviewEvent>> review(const ReviewChange& change);
    Result<std::optional<Review>> reviewOf(const ReviewSubject& subject);
    Result<std::vector<ReviewEvent>> reviewHistory(const ReviewSubject& subject);

    // Labels changed after the fact (labels.h), in one transaction: an unknown id or a key
    // the store keeps as a column changes nothing.
    Status relabel(const LabelChange& change);

private:
    explicit Store(std::unique_ptr<Connection> connection);
    // The cluster's signature, kept once (the first capture's words for its findings).
    Status insertCluster(const Signature& signature, const std::string& id);
    // Gives every failed, fallback and repaired capture without a cluster its cluster, from
    // its run document: the upgrade to store version 10 (migrations.h). A capture whose body
    // cannot be read is left without one: a damaged body must not keep a store from opening.
    Status fillClusters();
    // The seqs of the captures `ids` name, in that order; an Error names the first unknown one.
    Result<std::vector<std::int64_t>> seqsOf(const std::vector<std::string>& ids);
    Status insertOne(const Capture& capture, InsertResult& result);
    // The template the store packs a capture of this schema against: the one it keeps for the
    // schema, else this capture's own bodies (detail/body_packing.h).
    Result<std::shared_ptr<const detail::BodyTemplate>> templateFor(const Capture& capture);
    // A template's id, the template written (once, by its hash) when new.
    Result<std::int64_t> templateId(const detail::BodyTemplate& bodyTemplate, const Capture& capture);
    Result<std::shared_ptr<const detail::BodyTemplate>> readTemplate(std::int64_t id);
    // Whole captures; `unreadable`, when given, receives the ids of those whose bodies cannot
    // be read (left out), which are otherwise an Error.
    Result<std::vector<Capture>> loadCaptures(const QString& condition, const QVariantList& values,
                                              std::vector<std::string>* unreadable = nullptr);
    Result<detail::PackedGrouping> grouping(const std::vector<std::string>& by);
    // Fills each row's labels (rows in `seqs` order) in one query.
    Status attachLabels(const std::vector<std::int64_t>& seqs, const std::function<Labels&(std::size_t row)>& labelsOf);
    // Whether a schema, prompt or group value is new to this connection; new ones are kept
    // in m_addedTexts until the transaction ends, so a rollback can forget them again.
    bool firstTime(std::string key);
    void forgetAddedTexts();
    // The figures of `filter` summed from the captures themselves; `split` lets a large store
    // be summed in two halves at once.
    Status exactParts(const StatsQuery& query, const Filter& filter, bool split, StatsParts& parts);
    // The figures of the whole hours in [fromMs, toMs) read from the rollups.
    Status rollupParts(const StatsQuery& query, std::int64_t fromMs, std::int64_t toMs, StatsParts& parts);
    Status addPassRuns(const SqlCondition& where, const detail::PackedGrouping& grouping, StatsParts& parts);
    // Token sums and successes per group, provider and model, for pricing.
    Result<std::vector<CostCell>> costCells(const SqlCondition& where, const std::vector<std::string>& by);

    std::unique_ptr<Connection> m_connection;
    std::unordered_set<std::string> m_knownTexts; // schema and prompt hashes, group values already stored
    std::vector<std::string> m_addedTexts;
    bool m_writing = false; // the writer's page cache is set
    std::unique_ptr<detail::RollupBatch> m_rollups; // what the open insert adds to the rollups
    // The last zstd dictionary bodies were read with, and the templates (detail/body_packing.h).
    std::unique_ptr<detail::DictionaryCache> m_readDictionaries;
    std::unique_ptr<detail::TemplateCache> m_templates;
};

} // namespace conform::store
