#pragma once
// Internal to the store: the part of reading a capture document that the tree reader
// (captureFromDocument) and the text reader (captureFromText) share.
#include "store/capture.h"

namespace conform::store::detail {

// `c` holds the id (or none), the time (when `hasTime`) and the run; applies the defaults,
// takes the labels and the spec apart, checks the run and fills the summary.
Result<Capture> finishCapture(Capture c, bool hasTime, Json labels, Json spec, const std::function<std::string()>& fallbackId);

} // namespace conform::store::detail
