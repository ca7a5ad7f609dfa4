// Fix, SourceMap and Extraction: the plain records extract() returns.
#include "json/extract.h"

#include "json/json_writer.h"
#include "json/repairer.h"
#include "json/text.h"

#include <algorithm>
#include <mutex>

namespace conform::json {

// The text as JSON may hold it: invalid UTF-8 replaced (ASCII, the common case, as it is).
static void writeSanitized(JsonWriter& w, std::string_view s)
{
    if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        w.string(s);
    else
        w.string(text::sanitizeUtf8(s));
}

static void writeFix(JsonWriter& w, std::string_view kind, std::size_t offset, std::size_t length,
                     std::string_view before, std::string_view after)
{
    w.beginObject();
    w.key("kind");
    w.string(kind);
    w.key("offset");
    w.unsignedInteger(offset);
    w.key("length");
    w.unsignedInteger(length);
    w.key("before");
    writeSanitized(w, before);
    w.key("after");
    writeSanitized(w, after);
    w.endObject();
}

// A log and the records made from it, once per list; or records given as they are.
struct FixList::Shared
{
    FixLog log;
    bool given = false; // made from records: records[0] holds them
    std::once_flag once[2];
    std::vector<Fix> records[2];
};

FixList::FixList(std::vector<Fix> fixes)
{
    if (fixes.empty())
        return;
    m_shared = std::make_shared<Shared>();
    m_shared->given = true;
    m_shared->records[0] = std::move(fixes);
}

std::pair<FixList, FixList> FixList::fromLog(FixLog&& log)
{
    std::pair<FixList, FixList> out;
    if (log.size() == 0)
        return out;
    const auto shared = std::make_shared<Shared>();
    shared->log = std::move(log);
    out.first.m_shared = shared;
    out.second.m_shared = shared;
    out.second.m_refused = true;
    return out;
}

const std::vector<Fix>& FixList::list() const
{
    static const std::vector<Fix> none;
    if (!m_shared)
        return none;
    Shared& s = *m_shared;
    if (s.given)
        return s.records[0];
    const int which = m_refused ? 1 : 0;
    std::call_once(s.once[which], [&] { s.records[which] = m_refused ? s.log.refusedList() : s.log.fixList(); });
    return s.records[which];
}

std::size_t FixList::size() const
{
    if (!m_shared)
        return 0;
    if (m_shared->given)
        return m_shared->records[0].size();
    return (m_refused ? m_shared->log.refused() : m_shared->log.fixes()).size();
}

void FixList::writeEach(JsonWriter& w) const
{
    if (!m_shared)
        return;
    if (m_shared->given) {
        for (const Fix& f : m_shared->records[0])
            f.write(w);
        return;
    }
    const FixLog& log = m_shared->log;
    for (const FixEntry& e : m_refused ? log.refused() : log.fixes())
        writeFix(w, fixKindName(e.kind), e.offset, e.length, log.before(e), log.after(e));
}

Json Fix::toJson() const
{
    // Raw bytes may be invalid UTF-8 (that is sometimes what was fixed); JSON text may not.
    return Json{{"kind", kind},
                {"offset", offset},
                {"length", length},
                {"before", text::sanitizeUtf8(before)},
                {"after", text::sanitizeUtf8(after)}};
}

void Fix::write(JsonWriter& w) const
{
    writeFix(w, kind, offset, length, before, after);
}

void SourceMap::deferTo(std::string document)
{
    m_spans.clear();
    m_index.clear();
    m_deferred = std::make_shared<const std::string>(std::move(document));
}

void SourceMap::buildDeferred() const
{
    const std::shared_ptr<const std::string> document = std::move(m_deferred);
    m_deferred.reset();
    // Only the map is wanted: the cheaper text output, thrown away.
    detail::Repairer r(0, detail::RepairOptions{false, true, {}, nullptr, detail::RepairOutput::Text});
    r.run(*document, true);
    m_spans = std::move(r.sourceMap().m_spans);
    m_index.clear();
}

void SourceMap::add(std::string pointer, Span span)
{
    build();
    m_index.clear(); // a reallocation would move short strings' bytes
    m_spans.emplace_back(std::move(pointer), span);
}

void SourceMap::extendLast(std::size_t end)
{
    build();
    if (!m_spans.empty())
        m_spans.back().second.length = end - m_spans.back().second.offset;
}

void SourceMap::merge(const SourceMap& other)
{
    other.build();
    for (const auto& [pointer, span] : other.m_spans)
        add(pointer, span);
}

void SourceMap::index()
{
    build();
    m_index.clear();
    m_index.reserve(m_spans.size());
    for (std::size_t i = 0; i < m_spans.size(); ++i)
        m_index.insert_or_assign(std::string_view(m_spans[i].first), i);
}

SourceMap& SourceMap::operator=(const SourceMap& other)
{
    if (this != &other) {
        m_spans = other.m_spans;
        m_deferred = other.m_deferred;
        m_index.clear();
        if (!other.m_index.empty())
            index();
    }
    return *this;
}

std::optional<Span> SourceMap::findExact(std::string_view pointer) const
{
    build();
    if (!m_index.empty()) {
        const auto it = m_index.find(pointer);
        return it == m_index.end() ? std::nullopt : std::optional<Span>(m_spans[it->second].second);
    }
    for (auto it = m_spans.rbegin(); it != m_spans.rend(); ++it) // the last entry wins
        if (it->first == pointer)
            return it->second;
    return std::nullopt;
}

std::optional<Span> SourceMap::find(const Path& path) const
{
    return find(toPointer(path));
}

std::optional<Span> SourceMap::find(const std::string& pointer) const
{
    std::string at = pointer;
    while (true) {
        if (auto span = findExact(at))
            return span;
        if (at.empty())
            return std::nullopt;
        const std::size_t slash = at.rfind('/');
        at.erase(slash == std::string::npos ? 0 : slash);
    }
}

static Json fixesToJson(const std::vector<Fix>& fixes)
{
    Json array = Json::array();
    for (const Fix& f : fixes)
        array.push_back(f.toJson());
    return array;
}

Json Extraction::toJson() const
{
    Json out{{"ok", ok}, {"value", json.empty() ? value : Json::parse(json)}, {"fixes", fixesToJson(fixes)}};
    if (!refused.empty())
        out["refused"] = fixesToJson(refused);
    if (ok)
        out["candidate"] = Json{{"kind", candidateKind}, {"offset", candidate.offset}, {"length", candidate.length}};
    else
        out["reason"] = reason;
    return out;
}

static void writeFixes(JsonWriter& w, const char* name, const FixList& fixes)
{
    w.key(name);
    w.beginArray();
    fixes.writeEach(w);
    w.endArray();
}

void Extraction::writeValue(JsonWriter& w) const
{
    if (json.empty())
        w.value(value);
    else
        w.raw(json);
}

void Extraction::write(JsonWriter& w, bool alwaysListRefused) const
{
    w.beginObject();
    w.key("ok");
    w.boolean(ok);
    w.key("value");
    writeValue(w);
    writeFixes(w, "fixes", fixes);
    if (!refused.empty())
        writeFixes(w, "refused", refused);
    if (ok) {
        w.key("candidate");
        w.beginObject();
        w.key("kind");
        w.string(candidateKind);
        w.key("offset");
        w.unsignedInteger(candidate.offset);
        w.key("length");
        w.unsignedInteger(candidate.length);
        w.endObject();
    } else {
        w.key("reason");
        w.string(reason);
    }
    if (alwaysListRefused && refused.empty())
        writeFixes(w, "refused", refused);
    w.endObject();
}

} // namespace conform::json
