#pragma once
// Running a suite (or a comparison's suite) to its end from the command line: the runner, a
// line on stderr per finished run, and an event loop until the last one. `suite` and
// `compare` both run through here.
#include "command.h"

#include "suite/runner.h"

namespace conform::store { class CaptureWriter; }

namespace conform::cli {

// `replay`: every run answered from its case's cassette (SuiteRunner::replayFromCassettes).
suite::SuiteResults runSuiteToEnd(const suite::Suite& suite, store::CaptureWriter* writer, Io& io, bool replay = false);

} // namespace conform::cli
