#include "json/fix_log.h"

#include <cassert>

#include <algorithm>

namespace conform::json {

bool isValueChanging(std::string_view kind)
{
    const std::optional<FixKind> known = parseFixKind(kind);
    assert(known && "a fix kind missing from json/fix_kind.h");
    return known && isValueChanging(*known);
}

void FixLog::add(FixKind kind, std::size_t offset, std::string_view before, std::string_view after)
{
    std::vector<FixEntry>& list = m_strict && isValueChanging(kind) ? m_refused : m_fixes;
    if (before.empty() && !list.empty()) {
        FixEntry& last = list.back();
        if (last.length == 0 && last.offset == offset && last.kind == kind) {
            if (last.afterAt + last.afterLength != m_bytes.size()) { // bytes added since: move it last
                const std::size_t at = m_bytes.size();
                const std::string moved(bytes().substr(last.afterAt, last.afterLength));
                appendBytes(moved);
                last.afterAt = at;
            }
            appendBytes(after);
            last.afterLength += after.size();
            return;
        }
    }
    // A reply in single quotes logs two fixes a string: a log starts with room for 8 and
    // past that grows to 64 at once, not by doubling (most logs, a candidate's few fixes,
    // stay small); its bytes likewise.
    if (list.capacity() == 0) {
        list.reserve(8);
        m_bytes.reserve(64);
    } else if (list.size() == 8 && list.capacity() == 8) {
        list.reserve(64);
        m_bytes.reserve(512);
    }
    const std::size_t beforeAt = m_bytes.size();
    appendBytes(before);
    appendBytes(after);
    list.push_back(FixEntry{kind, offset, before.size(), beforeAt, beforeAt + before.size(), after.size()});
}

void FixLog::appendBytes(std::string_view s)
{
    if (s.size() > 8) {
        m_bytes.insert(m_bytes.end(), s.begin(), s.end());
        return;
    }
    for (const char c : s)
        m_bytes.push_back(c);
}

static void dropFixesFrom(std::vector<FixEntry>& list, std::size_t offset, bool keepInsertions)
{
    std::erase_if(list, [=](const FixEntry& f) { return f.offset > offset || (f.offset == offset && !(keepInsertions && f.length == 0)); });
}

void FixLog::dropFrom(std::size_t offset, bool keepInsertionsAt)
{
    dropFixesFrom(m_fixes, offset, keepInsertionsAt);
    dropFixesFrom(m_refused, offset, keepInsertionsAt);
}

void FixLog::dropInsertion(FixKind kind, std::size_t offset)
{
    std::erase_if(m_fixes, [&](const FixEntry& f) { return f.offset == offset && f.length == 0 && f.kind == kind; });
}

void FixLog::append(const FixLog& other)
{
    const std::size_t shift = m_bytes.size();
    appendBytes(other.bytes());
    for (const auto& [from, to] : {std::pair{&other.m_fixes, &m_fixes}, std::pair{&other.m_refused, &m_refused}}) {
        for (FixEntry e : *from) {
            e.beforeAt += shift;
            e.afterAt += shift;
            to->push_back(e);
        }
    }
}

void FixLog::sort()
{
    // At one offset, insertions go before what replaces the bytes there: inserted text stands
    // before byte `offset`, so a log read in order applies cleanly.
    const auto byOffset = [](const FixEntry& a, const FixEntry& b) {
        return a.offset != b.offset ? a.offset < b.offset : (a.length == 0 && b.length != 0);
    };
    for (std::vector<FixEntry>* list : {&m_fixes, &m_refused}) // mostly in order already: no buffer then
        if (!std::is_sorted(list->begin(), list->end(), byOffset))
            std::stable_sort(list->begin(), list->end(), byOffset);
}

bool FixLog::hasKind(FixKind kind) const
{
    const auto is = [kind](const FixEntry& e) { return e.kind == kind; };
    return std::any_of(m_fixes.begin(), m_fixes.end(), is) || std::any_of(m_refused.begin(), m_refused.end(), is);
}

std::vector<Fix> FixLog::toFixes(const std::vector<FixEntry>& list) const
{
    std::vector<Fix> out;
    out.reserve(list.size());
    for (const FixEntry& e : list)
        out.push_back(Fix{std::string(fixKindName(e.kind)), e.offset, e.length, std::string(before(e)), std::string(after(e))});
    return out;
}

} // namespace conform::json
