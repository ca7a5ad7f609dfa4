#pragma once
// The store's schema, one logical design for SQLite and PostgreSQL, in versioned steps.
// Opening a store applies the steps it lacks inside one write transaction; a store written
// by a newer Conform (a version above kStoreVersion) is refused, never guessed at.
//
// Version 1: schemas and prompts by content hash, captures (the columns lists and filters
//            read), their labels, bodies (spec and run document) and final replies.
// Version 2: the latency histogram bin, the case key (suite, case, target) and the values
//            each --by field takes (capture_values), so metrics compute percentiles, pass^k
//            and groups in SQL without sorting text.
// Version 3: an index per sortable column of the captures browser, (key, created_at, seq),
//            for keyset pages in any order (order.h).
// Version 4: each capture's source (run, suite, proxy, otlp, import) as an indexed column.
// Version 5: the first attempt's tokens (first_tokens_in/out/cached), so the repair overhead
//            (what was spent after the first attempt) is a sum in SQL; older captures get
//            them from their run document's first attempt.
// Version 6: hourly rollups (capture_rollups, see detail/rollups.h) the writer keeps, so
//            metrics over millions of captures read thousands of rows.
// Version 7: capture bodies packed with zstd against their own schema and prompt
//            (capture_bodies.packed, see detail/body_packing.h).
// Version 8: body templates (body_templates, capture_bodies.template_id): later bodies of a
//            schema are packed against an earlier capture's, and against their final reply.
// Version 9: outcome 4, `unchecked`: replies judged by no schema (labelled validated=false)
//            were stored as valid and are moved there, with their first try; a cut reply's
//            first try is never valid; schemas.schema_id holds a schema's "$id" (what replay
//            and the workbench scope a schema's captures by). The rollups are rebuilt.
// Version 10: failure clusters and reviews (signature.h, clusters.h, reviews.h): each failed,
//            fallback and repaired capture's cluster (captures.cluster, with a partial index,
//            so clusters are a GROUP BY), each cluster's signature once (clusters), reviews of
//            clusters and captures (reviews) and every change to them (review_history). The
//            clusters of captures already stored are worked out from their run documents by
//            the store (Store::open hands the step its `fillClusters`), in the same
//            transaction; one whose body cannot be read is left without a cluster.
#include "base/result.h"
#include "store/detail/connection.h"

#include <QStringList>

#include <functional>

namespace conform::store {

inline constexpr int kStoreVersion = 10;

// The statements of one step (tests build an old store from them).
QStringList migrationStatements(int version, Dialect dialect);

// Brings the store to kStoreVersion, and rebuilds the rollups when they were emptied while
// captures were kept (the way to have rows written around the writer counted). Takes the
// write lock only when there is work to do. `fillClusters` gives the captures already stored
// their clusters (step 10): it reads whole captures, which only a Store can.
Status migrate(Connection& connection, const std::function<Status()>& fillClusters);

// The store's version: 0 for an empty database.
Result<int> storedVersion(Connection& connection);

// "suite\x1f case\x1f target" when the labels name a case (the target label, else
// provider/model, tells targets apart); empty otherwise.
std::string caseKey(const std::vector<std::pair<std::string, std::string>>& labels, const std::string& provider,
                    const std::string& model);

} // namespace conform::store
