#pragma once
// A capture as a scenario: its recorded responses, in order, for the replay server
// (`conform-cli serve --captures`). Transport faults it met (429s, 529s) become fault turns
// before the answer that followed them, so a client sees the run as it happened.
#include "providers/scenario.h"
#include "store/capture.h"

namespace conform::store {

// Named by the capture's id (a request's "model" picks it); origin Captures.
providers::Scenario scenarioOfCapture(const Capture& capture);

} // namespace conform::store
