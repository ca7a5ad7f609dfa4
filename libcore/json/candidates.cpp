#include "json/candidates.h"

#include "json/json_writer.h"
#include "json/locate.h"
#include "json/repairer.h"
#include "json/strict_read.h"
#include "json/text.h"

#include <algorithm>
#include <array>

namespace conform::json::detail {

namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr const char* kNothingRecoverable = "the brackets hold nothing recoverable";

// An odd quote that starts JSON. Not a backtick: in prose and Markdown it is code, and a
// reply that opens with one is a fence.
bool isEscapedOrAcuteQuote(std::string_view text, std::size_t at)
{
    return text[at] != '`' && text::isOddQuote(text, at);
}

bool isScalarStart(std::string_view text, std::size_t at)
{
    const char c = text[at];
    if (c == '"' || c == '\'' || c == '-' || text::isDigit(c) || isEscapedOrAcuteQuote(text, at))
        return true;
    const text::Mark m = text::markAt(text, at);
    if (m != text::Mark::None && m != text::Mark::Ellipsis)
        return true;
    std::size_t end = at;
    while (end < text.size() && text::isIdent(text[end]))
        ++end;
    const std::string_view word = text.substr(at, end - at);
    return word == "true" || word == "false" || word == "null" || word == "True" || word == "False" || word == "None";
}

// Runs the repairer over [begin, end) as a whole reply. Returns false when nothing was there
// (the reason, if it failed, goes to `failure`, the offset it stopped at to `stoppedAt`).
// `rootItems`: RepairOptions::rootItems, for a region known to be strict JSON.
bool parseRegion(std::string_view raw, std::size_t begin, std::size_t end, const ExtractOptions& options,
                 Candidate& out, std::string* failure, std::size_t* stoppedAt, std::size_t rootItems = 0)
{
    Repairer r(begin, RepairOptions{options.strict, options.sourceMap, {}, options.cancel, outputFor(options), rootItems});
    const std::string_view region = raw.substr(0, end);
    const auto status = r.run(region, true);
    if (status == Repairer::Status::Failed) {
        if (failure)
            *failure = r.failure() + " at offset " + std::to_string(r.failureOffset());
        *stoppedAt = r.failureOffset() + 1;
        return false;
    }
    *stoppedAt = r.hasValue() ? r.end() : end;
    if (!r.hasValue())
        return false;
    // Closing brackets after the value belong to nothing: the model closed too much.
    std::size_t at = r.end();
    while (true) {
        at = firstSignificant(region, at);
        if (at >= region.size() || (region[at] != '}' && region[at] != ']'))
            break;
        r.log().add(FixKind::StrayBracket, at, region.substr(at, 1), {});
        *stoppedAt = ++at;
    }
    const std::size_t valueStart = firstSignificant(region, begin);
    out.asText = outputFor(options) == RepairOutput::Text;
    if (out.asText)
        out.text = r.takeText();
    else
        out.value = std::move(r.value());
    out.log = std::move(r.log());
    out.map = std::move(r.sourceMap());
    out.span = Span{valueStart, r.end() - valueStart};
    out.complete = !r.truncated();
    out.container = r.rootIsContainer();
    return true;
}

// The reply's bytes [begin, end) as a candidate when they are strict JSON: what parseRegion()
// gives for them (no fix, nothing closed), without the repairer. `strict` says whether they
// are strict JSON even when simdjson's reading was declined, and `rootItems` then how many
// items a root array holds. A source map is deferred to the whole reply, so a part of one is
// read this way only when no map is asked for.
bool readStrict(std::string_view raw, std::size_t begin, std::size_t end, const ExtractOptions& options,
                Candidate& out, bool* strict, std::size_t* rootItems)
{
    const bool whole = begin == 0 && end == raw.size();
    *strict = false;
    if (!whole && options.sourceMap)
        return false;
    StrictRead read;
    const bool asText = outputFor(options) == RepairOutput::Text;
    const bool done = readStrictJson(raw.substr(begin, end - begin), asText, read);
    *strict = read.strict;
    *rootItems = read.rootItems;
    if (!done)
        return false;
    out.asText = asText;
    if (asText)
        out.text = std::move(read.text);
    else
        out.value = std::move(read.value);
    out.log = FixLog(options.strict);
    if (options.sourceMap)
        out.map.deferTo(std::string(raw));
    out.span = Span{begin + read.begin, read.end - read.begin};
    out.complete = true;
    out.container = read.container;
    out.kind = "whole";
    return true;
}

// Bytes no model writes as text (control characters other than white space, invalid UTF-8),
// counted up to `enough`.
std::size_t badBytes(std::string_view s, std::size_t enough)
{
    std::size_t bad = 0;
    for (std::size_t i = 0; i < s.size() && bad < enough;) {
        const auto u = static_cast<unsigned char>(s[i]);
        const int n = u < 0x80 ? 1 : text::utf8SequenceAt(s, i);
        bad += n <= 0 || (u < 0x20 && !text::isSpace(s[i])) || u == 0x7F ? 1 : 0;
        i += n > 0 ? static_cast<std::size_t>(n) : 1;
    }
    return bad;
}

bool looksBinary(std::string_view s) { return badBytes(s, 1) > 0; }

// Mostly such bytes: random data rather than a reply with a stray bad byte.
bool mostlyBinary(std::string_view s) { return s.size() >= 32 && badBytes(s, npos) * 8 > s.size(); }

// Keys and scalars.
std::size_t itemCount(const Json& v)
{
    if (!v.is_structured())
        return 1;
    std::size_t n = v.is_object() ? v.size() : 0;
    for (const Json& child : v)
        n += itemCount(child);
    return n;
}

Noise noiseOf(const Candidate& c)
{
    Noise n;
    for (const std::vector<FixEntry>* list : {&c.log.fixes(), &c.log.refused()}) {
        for (const FixEntry& f : *list) {
            const FixKind k = f.kind;
            if (k == FixKind::StrayCharacter || k == FixKind::InvalidUtf8) {
                ++n.fixes;
                n.odd = true;
            } else if (k == FixKind::StrayBracket || k == FixKind::DanglingKey || k == FixKind::MissingBracket) {
                ++n.fixes;
            } else if (k == FixKind::ControlCharacter) {
                ++n.rawFixes;
                n.odd = n.odd || !text::isSpace(c.log.before(f).front());
            } else if (k == FixKind::UnquotedString) {
                ++n.rawFixes;
                const bool binary = looksBinary(c.log.before(f));
                n.binaryStrings += binary ? 1 : 0;
                n.odd = n.odd || binary;
            }
        }
    }
    return n;
}

bool isEmptyContainer(const Candidate& c)
{
    if (c.asText)
        return c.text == "{}" || c.text == "[]";
    return c.value.is_structured() && c.value.empty();
}

// Whether a candidate holds anything but noise. Random bytes that happen to hold a bracket
// come out as an empty container that needed stray bytes dropped or a bracket closed, or as
// unquoted strings of binary bytes: nothing recoverable. In a reply of binary bytes
// (`binaryReply`) only a clean, non-empty candidate counts.
bool carriesContent(Candidate& c, bool binaryReply)
{
    const Noise& n = c.noise;
    if (binaryReply)
        return n.fixes == 0 && n.rawFixes == 0 && !isEmptyContainer(c);
    if (isEmptyContainer(c))
        return n.fixes == 0;
    return n.binaryStrings == 0 || itemCount(treeOf(c)) > n.binaryStrings;
}

// Drops the candidates without content; `failure` says so when none is left.
void dropNoise(std::string_view raw, std::vector<Candidate>& out, std::string* failure)
{
    bool doubtful = false;
    for (Candidate& c : out) {
        c.noise = noiseOf(c);
        doubtful = doubtful || c.noise.odd || isEmptyContainer(c);
    }
    const bool binaryReply = doubtful && mostlyBinary(raw); // the whole reply is read only then
    const std::size_t found = out.size();
    std::erase_if(out, [&](Candidate& c) {
        return c.kind != "function_calls" && !carriesContent(c, binaryReply);
    });
    if (out.empty() && found > 0 && failure && failure->empty())
        *failure = kNothingRecoverable;
}

// Only white space (or closers already logged) between `from` and `end`.
bool restIsBlank(std::string_view raw, std::size_t from, std::size_t end)
{
    return firstSignificant(raw.substr(0, end), from) >= end;
}

void addFenced(std::string_view raw, const ExtractOptions& options, const Candidate* whole,
               std::vector<Candidate>& out)
{
    for (const Region& region : findFences(raw)) {
        if (whole && region.begin >= whole->span.offset && region.begin < whole->span.end())
            continue; // a fence inside a JSON string ("article_body": "...```python...")
        const std::size_t at = firstSignificant(raw.substr(0, region.end), region.begin);
        if (at >= region.end || !(raw[at] == '{' || raw[at] == '[' || isScalarStart(raw, at)))
            continue;
        Candidate c;
        std::size_t stopped = 0;
        bool strict = false;
        std::size_t rootItems = 0;
        // Most fences hold strict JSON: simdjson reads it, the repairer reads the rest.
        if (readStrict(raw, region.begin, region.end, options, c, &strict, &rootItems)) {
            c.kind = "fenced";
            c.complete = region.closed;
            out.push_back(std::move(c));
        } else if (parseRegion(raw, region.begin, region.end, options, c, nullptr, &stopped, strict ? rootItems : 0)
                   && (c.container || restIsBlank(raw, stopped, region.end))) {
            c.kind = "fenced";
            c.complete = c.complete && region.closed;
            out.push_back(std::move(c));
        }
    }
}

void addXml(std::string_view raw, const ExtractOptions& options, std::vector<Candidate>& out)
{
    for (const Region& region : findXmlWrappers(raw)) {
        const std::size_t at = firstSignificant(raw.substr(0, region.end), region.begin);
        if (at >= region.end || !(raw[at] == '{' || raw[at] == '[' || isScalarStart(raw, at)))
            continue;
        Candidate c;
        std::size_t stopped = 0;
        if (parseRegion(raw, region.begin, region.end, options, c, nullptr, &stopped)) {
            c.kind = "xml";
            c.complete = c.complete && region.closed;
            out.push_back(std::move(c));
        }
    }
}

// One parameter's value: its JSON when the text is JSON, else the text itself. A tree, or
// with the Text output its compact JSON text in `written`.
Json parameterValue(std::string_view raw, const Parameter& p, const std::string& pointer,
                    const ExtractOptions& options, Candidate& into, std::string* written)
{
    const Region& region = p.content;
    const std::size_t at = firstSignificant(raw.substr(0, region.end), region.begin);
    if (at < region.end && (raw[at] == '{' || raw[at] == '[' || isScalarStart(raw, at))) {
        Repairer r(region.begin,
                   RepairOptions{options.strict, options.sourceMap, pointer, options.cancel, outputFor(options)});
        const auto status = r.run(raw.substr(0, region.end), true);
        const bool clean = r.log().size() == 0;
        if (status == Repairer::Status::Done && r.hasValue() && restIsBlank(raw, r.end(), region.end)
            && (r.rootIsContainer() || clean)) {
            into.log.append(r.log());
            into.complete = into.complete && !r.truncated();
            if (options.sourceMap)
                into.map.merge(r.sourceMap());
            if (written) {
                *written = r.takeText();
                return Json();
            }
            return std::move(r.value());
        }
    }
    if (options.sourceMap)
        into.map.add(pointer, Span{region.begin, region.end - region.begin});
    std::string content = text::sanitizeUtf8(raw.substr(region.begin, region.end - region.begin));
    if (written) {
        written->clear();
        appendQuoted(*written, content);
        return Json();
    }
    return Json(std::move(content));
}

// The parameters as one object's text. A repeated name keeps its first place with the last
// value, as assigning into a tree does; text cannot say that, so those calls go through one.
std::string membersText(const std::vector<std::pair<std::string, std::string>>& members)
{
    bool repeated = false;
    for (std::size_t i = 0; i < members.size() && !repeated; ++i)
        for (std::size_t j = 0; j < i && !repeated; ++j)
            repeated = members[i].first == members[j].first;
    std::string out;
    JsonWriter w(out);
    if (repeated) {
        Json object = Json::object();
        for (const auto& [name, value] : members)
            object[name] = Json::parse(value);
        w.value(object);
        return out;
    }
    w.beginObject();
    for (const auto& [name, value] : members) {
        w.key(name);
        w.raw(value);
    }
    w.endObject();
    return out;
}

// Whether the parameter's text starts an object or an array.
bool holdsContainer(std::string_view raw, const Parameter& p)
{
    const std::size_t at = firstSignificant(raw.substr(0, p.content.end), p.content.begin);
    return at < p.content.end && (raw[at] == '{' || raw[at] == '[');
}

void addFunctionCalls(std::string_view raw, const ExtractOptions& options, std::vector<Candidate>& out)
{
    const bool asText = outputFor(options) == RepairOutput::Text;
    for (const Invoke& invoke : findFunctionCalls(raw)) {
        Candidate c;
        c.kind = "function_calls";
        c.value = Json::object();
        c.asText = asText;
        c.container = true;
        c.complete = invoke.closed;
        c.log = FixLog(options.strict);
        // A call whose one parameter holds an object or array answers with that JSON, as the
        // seed's SpeakMCP extraction reads a <function_calls> reply: the parameter's name is
        // the tool's argument slot, not a key of the answer (it once became a wrapper key,
        // which an all-optional schema let pass). Several parameters, or one holding text,
        // are the call's arguments: an object by name.
        if (invoke.parameters.size() == 1 && holdsContainer(raw, invoke.parameters.front())) {
            const Parameter& only = invoke.parameters.front();
            if (asText) {
                c.value = Json();
                parameterValue(raw, only, {}, options, c, &c.text);
            } else {
                c.value = parameterValue(raw, only, {}, options, c, nullptr);
            }
            c.container = asText ? (!c.text.empty() && (c.text[0] == '{' || c.text[0] == '[')) : c.value.is_structured();
            c.complete = c.complete && only.content.closed;
            c.span = Span{invoke.begin, invoke.end - invoke.begin};
            out.push_back(std::move(c));
            continue;
        }
        std::vector<std::pair<std::string, std::string>> members; // the Text output's
        for (const Parameter& p : invoke.parameters) {
            const std::string name = text::sanitizeUtf8(p.name); // keys must be valid UTF-8
            const std::string pointer = appendPointer({}, name);
            if (asText) {
                std::string value;
                parameterValue(raw, p, pointer, options, c, &value);
                members.emplace_back(name, std::move(value));
            } else {
                c.value[name] = parameterValue(raw, p, pointer, options, c, nullptr);
            }
            c.complete = c.complete && p.content.closed;
        }
        if (asText) {
            c.value = Json();
            c.text = membersText(members);
        }
        c.span = Span{invoke.begin, invoke.end - invoke.begin};
        if (options.sourceMap)
            c.map.add({}, c.span);
        out.push_back(std::move(c));
    }
}

// JSON in prose: each `{` or `[` that looks like JSON starts a candidate; the scan resumes
// where that candidate ended, so every byte is parsed at most once.
void addEmbedded(std::string_view raw, const ExtractOptions& options, std::size_t from,
                 std::vector<Candidate>& out, std::string* failure)
{
    while (from < raw.size()) {
        const std::size_t at = raw.find_first_of("{[", from);
        if (at == npos)
            return;
        if (looksLikeJson(raw, at) != 1) {
            from = at + 1;
            continue;
        }
        Candidate c;
        std::size_t stopped = at + 1;
        if (parseRegion(raw, at, raw.size(), options, c, failure, &stopped) && c.container) {
            c.kind = "embedded";
            out.push_back(std::move(c));
        } else if (failure && !failure->empty()) {
            return; // too deep: restarting inside the brackets would only find a fragment
        }
        from = stopped > at ? stopped : at + 1;
    }
}

} // namespace

std::size_t firstSignificant(std::string_view text, std::size_t from)
{
    while (from < text.size()) {
        if (text::isSpace(text[from]))
            ++from;
        else if (text.substr(from, 3) == text::kBom)
            from += 3;
        else
            break;
    }
    return from;
}

int looksLikeJson(std::string_view text, std::size_t at, bool final)
{
    std::size_t i = at + 1;
    while (i < text.size() && i - at < 64 && text::isSpace(text[i]))
        ++i;
    if (i >= text.size())
        return final ? 1 : -1; // a lone bracket at the end: the start of a truncated reply
    const char c = text[i];
    if (isEscapedOrAcuteQuote(text, i))
        return 1;
    if (c == '`') { // code in prose, unless a short quoted item follows: [`a`, `b`], {`a`: 1}
        std::size_t j = i + 1;
        while (j < text.size() && j - i < 64 && text[j] != '`' && text[j] != '\n')
            ++j;
        const bool closed = j < text.size() && text[j] == '`';
        if (closed)
            for (++j; j < text.size() && j - i < 80 && (text[j] == ' ' || text[j] == '\t');)
                ++j;
        if (j >= text.size())
            return final ? 0 : -1;
        return closed && (text[at] == '{' ? text[j] == ':' : text[j] == ',' || text[j] == ']') ? 1 : 0;
    }
    if (text[at] == '{') {
        if (c == '"' || c == '\'' || c == '}')
            return 1;
        if (text::isIdentStart(c)) { // an unquoted key is followed by a colon
            std::size_t j = i;
            while (j < text.size() && text::isIdent(text[j]))
                ++j;
            while (j < text.size() && j - i < 64 && (text[j] == ' ' || text[j] == '\t'))
                ++j;
            if (j >= text.size())
                return final ? 0 : -1;
            return text[j] == ':' ? 1 : 0;
        }
    } else if (c == '{' || c == '[' || c == ']' || c == '-' || text::isDigit(c) || c == '"' || c == '\'') {
        return 1;
    } else if (text::isIdentStart(c)) {
        if (!final && i + 6 > text.size())
            return -1;
        return isScalarStart(text, i) ? 1 : 0;
    }
    bool incomplete = false;
    const text::Mark m = text::markAt(text, i, &incomplete);
    if (incomplete && !final)
        return -1;
    return m == text::Mark::LeftDouble || m == text::Mark::RightDouble || m == text::Mark::LeftSingle ? 1 : 0;
}

namespace {

// Values side by side at the top level, with nothing but white space and commas between
// (`{"a":1}{"b":2}`, JSON Lines): whichever is chosen, the others are lost, so each says so
// with an `ambiguous` mark (zero length, at the edge that faces its neighbour).
void flagSideBySide(std::string_view raw, std::vector<Candidate>& out)
{
    for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        Candidate& a = out[i];
        Candidate& b = out[i + 1];
        if (a.kind != "embedded" || b.kind != "embedded" || b.span.offset < a.span.end())
            continue;
        const std::string_view between = raw.substr(a.span.end(), b.span.offset - a.span.end());
        if (between.find_first_not_of(" \t\r\n,") != std::string_view::npos)
            continue;
        a.log.add(FixKind::Ambiguous, a.span.end(), "", "");
        b.log.add(FixKind::Ambiguous, b.span.offset, "", "");
    }
}

} // namespace

std::vector<Candidate> findCandidates(std::string_view raw, const ExtractOptions& options, std::string* failure)
{
    std::vector<Candidate> out;
    const std::size_t first = firstSignificant(raw);
    Candidate whole;
    bool haveWhole = false;
    std::size_t stopped = first + 1;
    if (first < raw.size() && (raw[first] == '{' || raw[first] == '[' || isScalarStart(raw, first))) {
        // The fast path: a reply that is strict JSON needs no fix, so simdjson reads it, and
        // it needs no source map now either; the map keeps a copy of the text and reads it
        // when it is first used.
        bool clean = false;
        std::size_t rootItems = 0;
        if (readStrict(raw, 0, raw.size(), options, whole, &clean, &rootItems)) {
            out.push_back(std::move(whole));
            dropNoise(raw, out, failure);
            return out;
        }
        // Strict JSON simdjson reads apart from the repairer: its map is deferred all the same.
        clean = clean && options.sourceMap;
        ExtractOptions fast;
        if (clean) {
            fast = options;
            fast.sourceMap = false;
        }
        haveWhole = parseRegion(raw, 0, raw.size(), clean ? fast : options, whole, failure, &stopped, rootItems);
        if (clean && haveWhole)
            whole.map.deferTo(std::string(raw));
        if (haveWhole && restIsBlank(raw, stopped, raw.size())) {
            whole.kind = "whole";
            out.push_back(std::move(whole));
            dropNoise(raw, out, failure);
            return out; // the common case: the reply is the JSON
        }
        haveWhole = haveWhole && whole.container;
        if (failure && !failure->empty())
            return out;
    }
    addFenced(raw, options, haveWhole ? &whole : nullptr, out);
    addXml(raw, options, out);
    addFunctionCalls(raw, options, out);
    if (out.empty()) {
        if (haveWhole) {
            whole.kind = "embedded";
            out.push_back(std::move(whole));
        }
        addEmbedded(raw, options, haveWhole || stopped > first + 1 ? stopped : first, out, failure);
    }
    dropNoise(raw, out, failure);
    flagSideBySide(raw, out);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].order = i;
    return out;
}

RepairOutput outputFor(const ExtractOptions& options)
{
    return options.value ? RepairOutput::Tree : RepairOutput::Text;
}

const Json& treeOf(Candidate& c)
{
    if (c.asText && c.value.is_null())
        c.value = Json::parse(c.text); // valid by construction; "null" parses to what it was
    return c.value;
}

std::size_t chooseCandidate(std::vector<Candidate>& candidates, const ExtractOptions& options)
{
    if (candidates.size() == 1 && !options.fitness)
        return 0;
    for (Candidate& c : candidates) {
        c.ambiguous = c.log.hasKind(FixKind::Ambiguous);
        if (options.fitness) // an item may be lost: worth less than any whole reading
            c.fitness = options.fitness(treeOf(c)) - (c.ambiguous ? 1.0 : 0.0);
    }
    const auto better = [&](const Candidate& a, const Candidate& b) {
        if (options.fitness && a.fitness != b.fitness)
            return a.fitness > b.fitness;
        if (a.ambiguous != b.ambiguous)
            return !a.ambiguous;
        if (a.log.refused().empty() != b.log.refused().empty())
            return a.log.refused().empty();
        if (a.complete != b.complete)
            return a.complete;
        const bool wrapped = a.kind != "embedded" && b.kind != "embedded";
        if (!wrapped && a.span.length != b.span.length)
            return a.span.length > b.span.length; // in prose, the answer is the largest
        return a.span.offset > b.span.offset;     // among blocks, the last one
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < candidates.size(); ++i)
        if (better(candidates[i], candidates[best]))
            best = i;
    return best;
}

} // namespace conform::json::detail
