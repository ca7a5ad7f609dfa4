#pragma once
// A capture as a scenario: its recorded responses, in order, for the replay server
// (`conform-cli serve --captures`). Transport faults it met (429s, 529s) become fault turns
// before the answer that followed them, so a client sees the run as it happened. And a
// capture as a cassette (providers/cassette.h): each call's request beside its reply, for a
// regression suite that replays it offline.
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "providers/cassette.h"
#include "providers/scenario.h"
#include "store/capture.h"

namespace conform::store {

// Named by the capture's id (a request's "model" picks it); origin Captures.
providers::Scenario scenarioOfCapture(const Capture& capture);

// One recorded call per attempt: its request as its recorded body reads (model_request.h;
// an attempt recorded without one, as an OpenTelemetry span or a batch line is, gets the
// capture's prompt rendered with its variables), its reply as scenarioOfCapture plays it
// without the transport faults retried before it (a replay does not retry), and an attempt
// that got no answer a 503.
providers::Cassette cassetteOfCapture(const Capture& capture);

// A replay against a capture's recorded responses is a run of the original's target answered
// from the record, and is captured as one: `spec` gets the original's targets and each attempt
// of `record` the target its counterpart had (the last one's past the original's end), so the
// replay keeps the original's provider and model in lists and charts; its `replay_of` label
// tells them apart. (Without this a replay showed the original's id as its model.)
void creditToOriginalTarget(engine::RunSpec& spec, engine::RunRecord& record, const Capture& original);

} // namespace conform::store
