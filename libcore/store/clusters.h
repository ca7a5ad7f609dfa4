#pragma once
// Failures grouped by cause: each cluster is the captures of one signature (signature.h), with
// its size, when it was first and last seen, its newest captures and its review (reviews.h).
// What `captures clusters` prints and the workbench's Triage lists.
//
//   ClusterQuery query;
//   query.filter.sinceMs = weekAgo;                  // the clusters of the captures it keeps
//   auto clusters = store.clusters(query);           // biggest first
//   for (const Cluster& c : *clusters) show(c.findings, c.count, c.state);
//   std::cout << dump(c.toJson());                   // one `captures clusters --json` line
//
// Counts, first and last seen and examples are over the captures the filter keeps; the state
// is the cluster's own, whatever the filter (a cluster reads regressed when any of its
// captures ran after its fix). Clusters are read from the captures' cluster column and its
// partial index: one grouped pass over the failures the filter keeps, then a few rows per
// cluster returned.
#include "base/json.h"
#include "store/filter.h"
#include "store/reviews.h"
#include "store/signature.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace conform::store {

enum class ClusterOrder { Biggest, Newest }; // most captures first; most recently seen first

struct ClusterQuery
{
    Filter filter;
    ClusterOrder order = ClusterOrder::Biggest;
    std::optional<std::int64_t> limit;  // at most this many clusters
    std::vector<ReviewState> states;    // only clusters reading one of these; empty: every one
    int examples = 5;                   // capture ids per cluster, newest first
    bool perDay = false;                // fill Cluster::perDay (a trend per UTC day)
    bool spread = false;                // fill Cluster::schemaVersions and Cluster::targets
};

struct DayCount
{
    std::int64_t dayStartMs = 0; // midnight UTC
    std::int64_t count = 0;
};

struct TargetCount
{
    std::string provider, model;
    std::int64_t count = 0;
};

struct Cluster
{
    std::string id;                     // Signature::clusterId()
    int outcome = 0;                    // OutcomeCode: Failed, Fallback or Repaired
    SchemaKey schema;                   // how the signature names the schema
    std::string schemaHash, schemaTitle, schemaId; // the schema version of its newest capture
    int flags = 0;                      // the flags it is keyed by (store FlagBit)
    std::vector<Finding> findings;      // with the words of the capture that first had them
    std::int64_t count = 0;
    std::int64_t firstSeenMs = 0, lastSeenMs = 0;
    std::optional<Review> review;       // as last set; none when never reviewed
    ReviewState state = ReviewState::New; // as read (stateAsRead): regressed included
    std::vector<std::string> examples;  // capture ids, newest first
    std::vector<DayCount> perDay;       // with ClusterQuery::perDay, oldest first, days with captures
    std::int64_t schemaVersions = 0;    // with ClusterQuery::spread
    std::vector<TargetCount> targets;   // with ClusterQuery::spread, biggest first

    // {"cluster", "count", "outcome", "schema_hash", "schema_title", "schema_id", "findings":
    //  [{"path", "code", "message"}], "flags", "first_seen", "last_seen", "state", "note",
    //  "reviewer", "reviewed_at", "examples"}: one line of `captures clusters --json`. Times
    // are ISO 8601 UTC; note, reviewer and reviewed_at are null when never reviewed.
    Json toJson() const;
};

} // namespace conform::store
