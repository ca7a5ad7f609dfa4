#pragma once
// Failures turned into a regression suite: `captures to-suite` and the workbench's Make
// regression suite… both write this document, in the suite format (suite.h; its schema:
// schemas/suite.schema.json), one case per capture.
//
//   auto captures = clusterCaptures(store, "ca35e0a37ddab64c", 20);   // its newest 20
//   Json suite = regressionSuite("cluster ca35e0a37ddab64c", *captures);
//   writeSuiteFile("order.suite.json", suite);
//   // `conform-cli suite FILE --replay` replays it offline, `suite FILE` runs it live
//
// Each case holds what its capture ran: its schema (inline), its prompt (templates and `vars`
// as sent, or, for a call that had no variables, the rendered `messages` as its first request
// sent them), the one target it runs on (each distinct capture target is a suite target),
// its policy, the capture's id, and a `cassette` (store::cassetteOfCapture). The thresholds
// say `"min_success": 1`: one case that fails fails the suite, so the suite fails while the
// cause is there and passes once the fix (a prompt, a schema) is in. A case is named by its
// capture's `case` label, else by its id, each name once.
#include "base/json.h"
#include "base/result.h"
#include "store/capture.h"

#include <string>
#include <vector>

namespace conform::store { class Store; }

namespace conform::suite {

Json regressionSuite(const std::string& name, const std::vector<store::Capture>& captures);

// `existing` (a suite document) with the cases of `more` (another regressionSuite) that hold
// captures it lacks, their targets added when no target of that name is there, and a case
// name taken twice numbered ("#2"). An Error when `existing` has no "cases" array. Adding the
// same captures again changes nothing: the workbench's "Add to regression suite…".
Result<Json> addedToSuite(Json existing, const Json& more);

// The captures a regression suite is made of: a cluster's newest `limit` (an Error when the
// store has no such cluster), or the ids given, in their order (an Error naming the first
// the store lacks).
Result<std::vector<store::Capture>> clusterCaptures(store::Store& store, const std::string& cluster, int limit);
Result<std::vector<store::Capture>> capturesById(store::Store& store, const std::vector<std::string>& ids);

// A suite document written whole or not at all (indented, as a person edits it); an Error
// naming the file otherwise.
Status writeSuiteFile(const std::string& path, const Json& suite);

} // namespace conform::suite
