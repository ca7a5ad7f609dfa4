#pragma once
// conform::imports — captures taken in from files, as `conform-cli captures import` and the
// workbench's Captures ▸ Import… both do:
//   conform          Conform's own JSONL (`captures export`), one capture a line
//   otlp             OTLP/JSON traces and logs: each GenAI span a capture (source otlp), its
//                    events joined by span id; spans that are not GenAI are counted and skipped
//   openai-batch     an OpenAI Batch API output file (with its input file, the requests'
//                    schemas are known); source import
//   anthropic-batch  an Anthropic Message Batches results file; source import
// In every format a bad line or span is a problem ("FILE:LINE: reason") and the rest is
// imported. Ids come from the records, so importing a file again adds nothing. Captures go
// to the store's writer thread while the caller's thread reads (lazy_writer.h); the store is
// opened at the first capture, so a file that fails at once leaves no store behind.
//
//   imports::Request request{imports::Format::Otlp, {"traces.jsonl"}};
//   request.store = location;
//   MyListener listener;                         // problems, progress, cancel
//   imports::Report report = imports::importFiles(request, listener);
#include "base/bounded_input.h"
#include "ingest/observed_call.h"
#include "store/location.h"

#include <QStringList>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace conform::imports {

enum class Format { Conform, Otlp, OpenAiBatch, AnthropicBatch };
std::optional<Format> parseFormat(std::string_view name); // "conform", "otlp", "openai-batch", "anthropic-batch"
std::string_view formatName(Format format);
// Told from the first line that is not blank ("-" and anything unreadable: Conform's JSONL).
Format detectFormat(const QString& path, std::istream& standardInput);

struct Request
{
    Format format = Format::Conform;
    QStringList paths;            // "-" is standard input
    QString batchInput;           // an OpenAI batch's input (request) file, optional
    ingest::JudgeOptions judge;   // schemas for calls that carried none (observed formats)
    store::StoreLocation store;
    std::uint64_t maxBytes = kDefaultMaxDocumentBytes; // per line
    std::istream* standardInput = nullptr;             // for "-"
};

// What the importer tells as it goes. Called on the importing thread.
class Listener
{
public:
    virtual ~Listener() = default;
    // A line or span left out, and why ("traces.jsonl:12", "not JSON: ...").
    virtual void problem(const std::string& where, const std::string& what) {}
    // Something worth saying that is not a problem ("100000 line(s) read").
    virtual void note(const std::string& message) {}
    // Bytes of the inputs read so far, of `total` (0 when unknown: a pipe).
    virtual void progress(std::uint64_t read, std::uint64_t total) {}
    // Asked between lines: true stops the import there (what was read is kept, each capture whole).
    virtual bool cancelled() { return false; }
};

struct Report
{
    std::size_t submitted = 0;    // captures read and handed to the store
    std::size_t inserted = 0;     // of them, new to the store (the rest were there already)
    std::size_t heldWithOtherContent = 0; // of the rest, ids the store holds for another run (kept)
    std::size_t unchecked = 0;    // judged without a schema: stored, marked unchecked
    std::size_t skipped = 0;      // OTLP spans that are not GenAI
    std::size_t problems = 0;     // lines or spans left out
    std::size_t orphanEvents = 0; // GenAI events whose span is in no file
    bool cancelled = false;
    std::string error;            // why the import stopped before the end; "" when it did not
};

Report importFiles(const Request& request, Listener& listener);

} // namespace conform::imports
