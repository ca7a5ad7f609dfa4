#pragma once
// conform::json — model text -> the best JSON value it honestly contains.
//
//   json::Extraction x = json::extract(reply);             // locate, choose, repair
//   if (!x.ok) show(x.reason);                             // "no JSON found: the reply is prose"
//   for (const json::Fix& f : x.fixes) mark(f.offset, f.length, f.before, f.after);
//   std::optional<Span> s = x.sourceMap.find(issue.path);  // highlight /goals/3 in the reply
//
// Nothing here throws to the caller: every input, however broken, gives an Extraction.
#include "base/json.h"
#include "base/path.h"
#include "base/span.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::json {

// One change made to the raw text. Offsets are bytes into the raw text as given.
struct Fix
{
    std::string kind;   // "trailing_comma", "single_quotes", "truncated_string", ...
    std::size_t offset = 0;
    std::size_t length = 0;
    std::string before; // the raw bytes replaced (empty for an insertion)
    std::string after;  // what stands there now (empty for a deletion)

    Json toJson() const; // {"kind","offset","length","before","after"}
    friend bool operator==(const Fix&, const Fix&) = default;
};

// Where each value of the extracted JSON came from in the raw text, by JSON pointer.
class SourceMap
{
public:
    void add(std::string pointer, Span span);
    // The span of the value at `path`, or of its nearest ancestor that has one.
    std::optional<Span> find(const Path& path) const;
    std::optional<Span> find(const std::string& pointer) const;
    bool empty() const { return m_spans.empty(); }
    std::size_t size() const { return m_spans.size(); }

private:
    std::map<std::string, Span> m_spans;
};

struct Extraction
{
    bool ok = false;
    Json value;                   // the chosen value (null when !ok)
    std::vector<Fix> fixes;       // every change, in text order
    std::vector<Fix> refused;     // with strict: the value-changing fixes not made
    SourceMap sourceMap;          // pointer -> span in the raw text
    std::string candidateKind;    // "whole", "fenced", "xml", "function_calls", "embedded",
                                  // "double_encoded"
    Span candidate;               // where the chosen candidate sits in the raw text
    std::string reason;           // when !ok: why, in one sentence

    Json toJson() const; // {"ok", "value", "fixes", ...} as `conform-cli extract --json` prints
};

struct ExtractOptions
{
    // Refuse fixes that change values rather than syntax (completing a truncated string,
    // dropping a dangling key, filling a `...` placeholder); report them in `refused`.
    bool strict = false;
    // Scores how well a candidate fits (higher is better), e.g. a schema's verdict; when set,
    // it decides between several candidates before size and position do.
    std::function<double(const Json&)> fitness;
};

Extraction extract(std::string_view raw, const ExtractOptions& options = {});

// Feed a reply chunk by chunk as it arrives; after each chunk, current() is the best partial
// value so far. Total work is linear in the text: nothing is re-parsed from the start.
class StreamingExtractor
{
public:
    explicit StreamingExtractor(ExtractOptions options = {});
    ~StreamingExtractor();
    StreamingExtractor(StreamingExtractor&&) noexcept;
    StreamingExtractor& operator=(StreamingExtractor&&) noexcept;

    void feed(std::string_view chunk);
    // The best value after the chunks so far (truncation closed, as extract() would).
    Extraction current() const;
    // The whole text is in: the same result as extract() on all of it.
    Extraction finish();
    const std::string& text() const;

private:
    struct State;
    std::unique_ptr<State> d;
};

} // namespace conform::json
