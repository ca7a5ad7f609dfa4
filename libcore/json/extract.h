#pragma once
// conform::json — model text -> the best JSON value it honestly contains.
//
//   json::Extraction x = json::extract(reply);             // locate, choose, repair
//   if (!x.ok) show(x.reason);                             // "no JSON found: the reply is prose"
//   for (const json::Fix& f : x.fixes) mark(f.offset, f.length, f.before, f.after);
//   std::optional<Span> s = x.sourceMap.find(issue.path);  // highlight /goals/3 in the reply
//
//   json::ExtractOptions text{.value = false, .text = true};  // only to print it:
//   out += json::extract(reply, text).json;                   // compact text, no tree built
//
// The repairer writes what it reads either into a Json or straight into compact JSON text
// (json/repairer.h); the text is byte for byte conform::dump() of the value, so a caller that
// only prints the value (`conform-cli extract --jsonl`) asks for text and never pays for a
// tree. Everything else in the Extraction is the same either way.
//
// Nothing here throws to the caller: every input, however broken, gives an Extraction.
#include "base/cancel.h"
#include "base/json.h"
#include "base/path.h"
#include "base/span.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace conform::json {

class FixLog;
class JsonWriter;

// One change made to the raw text. Offsets are bytes into the raw text as given; applying
// the fixes of an Extraction to its candidate gives strict JSON text of exactly the value.
//
// Syntax kinds: trailing_comma, extra_comma, missing_comma, missing_colon, single_quotes,
//   typographic_quotes, odd_quotes (a backtick or an acute accent ´ used as a quote),
//   escaped_quotes (`\"` outside a string: a reply that is itself escaped), unquoted_key,
//   unquoted_string, missing_quote (a string's closing quote inserted where a comma or closers
//   lead to the next item: `{"a":"b,"c":1}`, `[{"a":"x},{"a":"y"}]`, `["x]`; or its opening
//   quote: `[a",b"]`, `{a":1}`), concatenated_string (`"a" + "b"` -> "ab", comments between),
//   mongo_wrapper (ObjectId("x") -> "x", NumberLong("2") -> 2, also ISODate, NumberInt,
//   NumberDecimal, NumberDouble), comment, python_literal (True/False/None), invalid_literal
//   (undefined/NaN/Infinity -> null), control_character, crlf (a raw CR LF in a string ->
//   \n), unescaped_quote, invalid_escape, invalid_utf8, invalid_number (+1, .5, 007),
//   unicode_whitespace (every Unicode space between tokens, U+180E and U+200B too: removed),
//   stray_bracket, stray_character, missing_bracket, bom, double_encoded (a JSON string
//   holding the JSON: replaced by what it holds).
// Value-changing kinds, refused by ExtractOptions::strict: truncated_string, truncated_literal,
//   truncated_number, dangling_key, missing_value, placeholder (`...`, `…`), ambiguous (no
//   reading keeps every item: `{"i":1{"i":2}}` merges two objects, and of `{"a":1}{"b":2}`
//   one value is chosen and the other left out (a mark of length 0); the candidate ranks below
//   every candidate without one, and ExtractOptions::fitness scores drop by one),
//   guessed_missing_quote (a string's closing quote inserted where only a line break, or a
//   comma it may as well hold, separates it from what reads as the next item: `["a` newline
//   `"b"]`, `["hello, world]`; the value a reader most likely means, but a guess),
//   number_out_of_range (`1e400`, `-1e400`: a number no double holds, which JSON.parse reads
//   as ±Infinity and JSON.stringify writes as null -> null; a number too small for a double
//   reads as 0, as JSON.parse reads it, with no fix), repeated_key (`{"a":1,"a":2}`: the
//   last value is kept in the first one's place, as JSON.parse keeps it, and the earlier one
//   left out; a mark of length 0 at the repeated key).
struct Fix
{
    std::string kind;   // one of the kinds above
    std::size_t offset = 0;
    std::size_t length = 0;
    std::string before; // the raw bytes replaced (empty for an insertion)
    std::string after;  // what stands there now (empty for a deletion)

    Json toJson() const; // {"kind","offset","length","before","after"}
    void write(JsonWriter& out) const; // the same document as text, no tree
    friend bool operator==(const Fix&, const Fix&) = default;
};

// Extraction::fixes and ::refused: Fix records, read like a const std::vector<Fix> (and
// converting to one). An extraction keeps its repair's compact log (json/fix_log.h: a kind
// and offsets per fix) and makes the records when they are first read; size() and empty()
// make none, and writing an Extraction as text reads the log itself. So a caller that never
// looks at the fixes pays nothing for them. Copies share the log and the records, which
// several threads may read at once.
class FixList
{
public:
    FixList() = default;
    FixList(std::vector<Fix> fixes); // NOLINT: implicit, as the vector it stands for
    // Both lists of a repair's log (its fixes, then its refused ones), sharing it.
    static std::pair<FixList, FixList> fromLog(FixLog&& log);

    const std::vector<Fix>& list() const;
    operator const std::vector<Fix>&() const& { return list(); } // NOLINT
    // Not from a temporary: `const std::vector<Fix>& f = extract(x).fixes;` would dangle
    // (a vector member was kept alive with its Extraction; the list's records are not).
    operator const std::vector<Fix>&() const&& = delete;
    std::size_t size() const;
    bool empty() const { return size() == 0; }
    std::vector<Fix>::const_iterator begin() const { return list().begin(); }
    std::vector<Fix>::const_iterator end() const { return list().end(); }
    const Fix& operator[](std::size_t i) const { return list()[i]; }
    const Fix& at(std::size_t i) const { return list().at(i); }
    // Each fix as Fix::write() writes it, without making the records.
    void writeEach(JsonWriter& out) const;

    friend bool operator==(const FixList& a, const FixList& b) { return a.list() == b.list(); }
    friend bool operator==(const FixList& a, const std::vector<Fix>& b) { return a.list() == b; }

private:
    struct Shared;
    std::shared_ptr<Shared> m_shared;
    bool m_refused = false; // which of the log's lists
};

// Where each value of the extracted JSON came from in the raw text, by JSON pointer.
class SourceMap
{
public:
    // Adding is an append (a parse adds tens of thousands); a later entry for the same
    // pointer wins. find() scans from the end, which is instant for a reply; callers about
    // to look up many pointers in a large document call index() first (sourceMapOf does).
    void add(std::string pointer, Span span);
    void merge(const SourceMap& other); // adds (and overrides with) every entry of `other`
    void extendLast(std::size_t end);   // the last entry's span now ends at `end`
    void index();
    // The map of `document`, valid JSON read from offset 0 of the raw text, built when it is
    // first read. A clean reply's extraction costs a copy of its text instead of an entry per
    // value (tens of bytes per item of a large array), and callers that never look pay
    // nothing. The first read builds it: not from two threads at once.
    void deferTo(std::string document);
    bool deferred() const { return m_deferred != nullptr; }
    // The span of the value at `path`, or of its nearest ancestor that has one.
    std::optional<Span> find(const Path& path) const;
    std::optional<Span> find(const std::string& pointer) const;
    bool empty() const { return !m_deferred && m_spans.empty(); }
    std::size_t size() const { build(); return m_spans.size(); } // entries (a repeated key adds one)

    SourceMap() = default;
    SourceMap(const SourceMap& other) : m_spans(other.m_spans), m_deferred(other.m_deferred) { if (!other.m_index.empty()) index(); }
    SourceMap& operator=(const SourceMap& other);
    SourceMap(SourceMap&&) noexcept = default;
    SourceMap& operator=(SourceMap&&) noexcept = default;

private:
    std::optional<Span> findExact(std::string_view pointer) const;
    void build() const { if (m_deferred) buildDeferred(); }
    void buildDeferred() const;

    mutable std::vector<std::pair<std::string, Span>> m_spans;
    // Views into m_spans' strings (which stay put when the vector moves), to the last entry.
    mutable std::unordered_map<std::string_view, std::size_t> m_index;
    mutable std::shared_ptr<const std::string> m_deferred; // the document of deferTo(), until built
};

struct Extraction
{
    bool ok = false;
    Json value;                   // the chosen value (null when !ok, or not asked for)
    std::string json;             // with ExtractOptions::text: the value as compact JSON text,
                                  // as conform::dump() gives it (empty when !ok)
    FixList fixes;                // every change, in text order
    FixList refused;              // with strict: the value-changing fixes not made
    SourceMap sourceMap;          // pointer -> span in the raw text
    std::string candidateKind;    // "whole", "fenced", "xml", "function_calls", "embedded",
                                  // "double_encoded"
    Span candidate;               // where the chosen candidate sits in the raw text
    std::string reason;           // when !ok: why, in one sentence
    bool cancelled = false;       // stopped through ExtractOptions::cancel

    Json toJson() const; // {"ok", "value", "fixes", ...} as `conform-cli extract --json` prints
    // The same document as text, no tree; `alwaysListRefused` adds an empty "refused" last
    // (what --strict prints when nothing was refused). The value is `json` when there is one.
    void write(JsonWriter& out, bool alwaysListRefused = false) const;
    void writeValue(JsonWriter& out) const; // `json`, else `value`
};

struct ExtractOptions
{
    // Refuse fixes that change values rather than syntax (completing a truncated string,
    // dropping a dangling key, filling a `...` placeholder); report them in `refused`.
    bool strict = false;
    // Scores how well a candidate fits (higher is better), e.g. a schema's verdict; when set,
    // it decides between several candidates before size and position do. Without `value`,
    // each candidate's text is parsed to score it: callers that score want the value anyway.
    std::function<double(const Json&)> fitness;
    // Build Extraction::value. Off with `text` on: the value is written as text only, which
    // is what a caller that prints it needs (no tree is built, then dumped).
    bool value = true;
    // Fill Extraction::json with the value as compact JSON text.
    bool text = false;
    // Build Extraction::sourceMap. Callers that only want the value (bulk replay, benchmarks)
    // may turn it off; everything else stays the same.
    bool sourceMap = true;
    // Set from another thread to stop early (see base/cancel.h): the extraction then ends
    // with `cancelled` and no value.
    const CancelFlag* cancel = nullptr;
};

Extraction extract(std::string_view raw, const ExtractOptions& options = {});

// The source map of a JSON document an editor holds: one linear pass, no candidate search.
// On valid JSON it is the map extract() would give; broken text still maps what it can.
// Indexed for many lookups. Empty when `cancel` stopped it.
SourceMap sourceMapOf(std::string_view document, const CancelFlag* cancel = nullptr);

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
    // The best value after the chunks so far (truncation closed, as extract() would). Costs
    // one copy of the value so far; feeding never re-reads earlier text.
    Extraction current() const;
    // The whole text is in: the same result as extract() on all of it.
    Extraction finish();
    const std::string& text() const;

private:
    struct State;
    std::unique_ptr<State> d;
};

} // namespace conform::json
