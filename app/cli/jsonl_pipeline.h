#pragma once
// --jsonl on every core. This thread reads the input in chunks of lines and hands them to
// worker threads, which handle a chunk each into its own output buffer; meanwhile it writes
// the oldest chunk's output once it is done, so reading, handling and writing overlap and the
// output is the same bytes, in input order, as one thread would write. Memory is bounded by
// the chunks read ahead (a few, at most 16 MB of input unless one line is longer), not by the
// file. On one core the chunks are read, handled and written in turn, with no thread started.
//
//   return runJsonl(path, io, [&](std::string_view line, std::size_t number, std::string& out,
//                                 std::string& error) { ...; return LineStatus::Ok; });
//
// The handler runs on several threads at once: it may only touch its arguments and
// thread-safe state (a compiled Validator is). Lines holding only spaces and tabs are skipped.
#include "command.h"

#include <functional>
#include <string>
#include <string_view>

namespace conform::cli {

enum class LineStatus {
    Ok,    // the line passed (valid, recovered)
    NotOk, // the line failed; the run goes on and exits Invalid
    Stop,  // an input error: lines before it are written, then `error` and exit UsageError
};

using LineHandler = std::function<LineStatus(std::string_view line, std::size_t lineNumber, std::string& out,
                                             std::string& error)>;

// Success when every line is Ok, Invalid when any is NotOk, UsageError (with the one-line
// message on stderr) when the file cannot be read, a line is longer than `maxBytes` or a line
// says Stop.
int runJsonl(const QString& path, Io& io, const LineHandler& handle, std::uint64_t maxBytes = kDefaultMaxDocumentBytes);

} // namespace conform::cli
