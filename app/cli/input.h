#pragma once
// Reading the documents a command is given: libcore's bounded reading (base/bounded_input.h)
// with standard input from the command's Io, and the --max-bytes option every command that
// reads documents takes.
//
//   const MaxBytesOption maxBytes;                  // parser.addOption(maxBytes.option)
//   auto limit = maxBytes.value(parser);            // nullopt: usage error in maxBytes.error
//   ReadResult input = readInput(path, io, *limit); // whole document, or `error` naming path and bound
//   LineReader lines(path, io, *limit);             // JSONL: each line bounded alike
#include "base/bounded_input.h"

#include "options.h"

#include <optional>

class QCommandLineParser;

namespace conform::cli {

struct Io;

using conform::inputName;
using conform::kDefaultMaxDocumentBytes;
using ReadResult = BoundedRead;

ReadResult readInput(const QString& path, Io& io, std::uint64_t maxBytes = kDefaultMaxDocumentBytes);

class LineReader : public BoundedLineReader
{
public:
    LineReader(const QString& path, Io& io, std::uint64_t maxBytes = kDefaultMaxDocumentBytes);
};

// --max-bytes N (K, M and G suffixes: KiB, MiB, GiB), for every command that reads documents.
struct MaxBytesOption
{
    MaxBytesOption();
    Option option;
    OptionTable table() const { return {option}; }
    // The bound given (or the default); nullopt with `error` set when N is not a size.
    std::optional<std::uint64_t> value(const QCommandLineParser& parser, std::string& error) const;
};

} // namespace conform::cli
