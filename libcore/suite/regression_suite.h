#pragma once
// Failures turned into a regression suite: `captures to-suite` and the workbench's Make
// regression suite… both write this document, in the suite format (suite.h; its schema:
// schemas/suite.schema.json), one case per capture.
//
//   Json suite = regressionSuite("cluster ca35e0a37ddab64c", captures);
//   // save it; `conform-cli suite FILE --replay` replays it offline, `suite FILE` runs it live
//
// Each case holds what its capture ran: its schema (inline), its prompt (templates and `vars`
// as sent, or, for a call that had no variables, the rendered `messages` as its first request
// sent them), the one target it runs on (each distinct capture target is a suite target),
// its policy, the capture's id, and a `cassette` (store::cassetteOfCapture). The thresholds
// say `"min_success": 1`: one case that fails fails the suite, so the suite fails while the
// cause is there and passes once the fix (a prompt, a schema) is in. A case is named by its
// capture's `case` label, else by its id, each name once.
#include "base/json.h"
#include "store/capture.h"

#include <string>
#include <vector>

namespace conform::suite {

Json regressionSuite(const std::string& name, const std::vector<store::Capture>& captures);

} // namespace conform::suite
