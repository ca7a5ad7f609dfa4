#pragma once
// Candidates: every place in a reply that may hold the answer, each already repaired, and the
// rule that picks one. Internal to conform::json; extract() and the streaming extractor use it.
#include "json/extract.h"
#include "json/fix_log.h"
#include "json/repairer.h"

#include <string>
#include <string_view>
#include <vector>

namespace conform::json::detail {

// What in a candidate's fix log may be noise rather than a model's mistakes.
struct Noise
{
    std::size_t fixes = 0;         // stray bytes and brackets, dangling keys, closed brackets
    std::size_t rawFixes = 0;      // raw control characters and unquoted strings
    std::size_t binaryStrings = 0; // unquoted strings of binary bytes
    bool odd = false;              // a byte no text holds: worth a look at the whole reply
};

struct Candidate
{
    Json value;             // the value, unless the caller wants text only (ExtractOptions::value)
    std::string text;       // then the value as compact JSON text instead
    bool asText = false;    // which of the two the repairer wrote
    FixLog log;
    SourceMap map;
    std::string kind;       // as Extraction::candidateKind
    Span span;              // the value in the raw text
    bool complete = true;   // nothing had to be closed at the end of the text
    bool container = false; // an object or array
    std::size_t order = 0;  // position among the candidates, in text order
    double fitness = 0;
    bool ambiguous = false; // a fix of kind `ambiguous`: some item may be lost
    Noise noise;
};

// Whether a `{` or `[` at `at` starts JSON rather than prose ("[citation needed]", "{name}").
// -1: the text ends before that can be told.
int looksLikeJson(std::string_view text, std::size_t at, bool final = true);

// The first byte that is not white space or a byte-order mark.
std::size_t firstSignificant(std::string_view text, std::size_t from = 0);

// Every candidate in `raw`, cheapest sources first; `failure` explains an empty result.
std::vector<Candidate> findCandidates(std::string_view raw, const ExtractOptions& options, std::string* failure);

// How the candidates of an extraction are repaired: into text when only text is wanted.
RepairOutput outputFor(const ExtractOptions& options);

// The candidate's value as a tree: the repairer's, or parsed from its text (and kept).
const Json& treeOf(Candidate& c);

// The index of the answer among `candidates` (which must not be empty).
std::size_t chooseCandidate(std::vector<Candidate>& candidates, const ExtractOptions& options);

} // namespace conform::json::detail
