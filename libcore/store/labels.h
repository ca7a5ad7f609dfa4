#pragma once
// Labels changed after the fact (`captures label`, the workbench's Label…): set some keys,
// remove others, on captures already stored.
//
//   store.relabel({{"0192…", "0193…"}, {{"ticket", "QA-12"}}, {"draft"}});
//
// The keys a run's own columns come from cannot be changed afterwards: `suite`, `case` and
// `target` make the case that pass^k counts and `source` the capture's source, all fixed
// when it was written (and summed in the rollups). An unknown id changes nothing.
#include "base/result.h"
#include "store/capture.h"

#include <string>
#include <string_view>
#include <vector>

namespace conform::store {

struct LabelChange
{
    std::vector<std::string> captureIds;
    Labels set;                      // key -> value, replacing a value the key had
    std::vector<std::string> remove; // keys to drop (a key a capture lacks is no error)
};

// An Error naming the key when it is one the store keeps as a column of its own (see above)
// or empty; Done otherwise.
Status checkLabelKey(std::string_view key);

} // namespace conform::store
