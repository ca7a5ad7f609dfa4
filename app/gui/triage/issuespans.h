#pragma once
// Where a failure's issues sit in its raw reply, so Triage can highlight what a cluster's
// captures share in a representative reply. The issues are that reply's own (the attempt the
// cluster's signature judged), with their concrete paths (items/3/price), so exactly the items
// that failed are marked; a member that is missing marks the opening bracket of the object
// lacking it (the nearest part of the path the reply has).
#include "base/json.h"
#include "base/span.h"

#include <string_view>
#include <vector>

namespace conform::gui {

// Byte spans of the raw reply, in text order, each once; at most `limit` of them. `issues` is
// an attempt's "issues" array (each with a "path" of keys and indices). Empty when the reply
// holds no JSON value.
std::vector<Span> issueSpans(std::string_view raw, const Json& issues, std::size_t limit = 200);

} // namespace conform::gui
