#include "json/fix_log.h"
#include "json/fix_kind.h"

#include <cassert>

#include <algorithm>
#include <array>

namespace conform::json {

bool isValueChanging(std::string_view kind)
{
    const std::optional<FixKind> known = parseFixKind(kind);
    assert(known && "a fix kind missing from json/fix_kind.h");
    return known && isValueChanging(*known);
}

void FixLog::add(std::string_view kind, std::size_t offset, std::string_view before, std::string_view after)
{
    std::vector<Fix>& list = m_strict && isValueChanging(kind) ? m_refused : m_fixes;
    if (before.empty() && !list.empty()) {
        Fix& last = list.back();
        if (last.length == 0 && last.offset == offset && last.kind == kind) {
            last.after += after;
            return;
        }
    }
    // A reply in single quotes logs two fixes a string: a log past 8 grows to 64 at once, not
    // by doubling (most logs, a candidate's few fixes, stay small).
    if (list.size() == 8 && list.capacity() == 8)
        list.reserve(64);
    list.push_back(Fix{std::string(kind), offset, before.size(), std::string(before), std::string(after)});
}

static void dropFixesFrom(std::vector<Fix>& list, std::size_t offset, bool keepInsertions)
{
    std::erase_if(list, [=](const Fix& f) { return f.offset > offset || (f.offset == offset && !(keepInsertions && f.length == 0)); });
}

void FixLog::dropFrom(std::size_t offset, bool keepInsertionsAt)
{
    dropFixesFrom(m_fixes, offset, keepInsertionsAt);
    dropFixesFrom(m_refused, offset, keepInsertionsAt);
}

void FixLog::dropInsertion(std::string_view kind, std::size_t offset)
{
    std::erase_if(m_fixes, [&](const Fix& f) { return f.offset == offset && f.length == 0 && f.kind == kind; });
}

void FixLog::append(const FixLog& other)
{
    m_fixes.insert(m_fixes.end(), other.m_fixes.begin(), other.m_fixes.end());
    m_refused.insert(m_refused.end(), other.m_refused.begin(), other.m_refused.end());
}

void FixLog::sort()
{
    // At one offset, insertions go before what replaces the bytes there: inserted text stands
    // before byte `offset`, so a log read in order applies cleanly.
    const auto byOffset = [](const Fix& a, const Fix& b) {
        return a.offset != b.offset ? a.offset < b.offset : (a.length == 0 && b.length != 0);
    };
    for (std::vector<Fix>* list : {&m_fixes, &m_refused}) // mostly in order already: no buffer then
        if (!std::is_sorted(list->begin(), list->end(), byOffset))
            std::stable_sort(list->begin(), list->end(), byOffset);
}

} // namespace conform::json
