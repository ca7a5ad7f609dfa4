#include "json/fix_log.h"

#include <algorithm>
#include <array>

namespace conform::json {

bool isValueChanging(std::string_view kind)
{
    static constexpr std::array<std::string_view, 7> kinds{"truncated_string", "dangling_key",    "placeholder",
                                                           "truncated_literal", "truncated_number", "missing_value",
                                                           "ambiguous"};
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
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
    list.push_back(Fix{std::string(kind), offset, before.size(), std::string(before), std::string(after)});
}

static void dropFixesFrom(std::vector<Fix>& list, std::size_t offset)
{
    std::erase_if(list, [offset](const Fix& f) { return f.offset >= offset; });
}

void FixLog::dropFrom(std::size_t offset)
{
    dropFixesFrom(m_fixes, offset);
    dropFixesFrom(m_refused, offset);
}

void FixLog::append(const FixLog& other)
{
    m_fixes.insert(m_fixes.end(), other.m_fixes.begin(), other.m_fixes.end());
    m_refused.insert(m_refused.end(), other.m_refused.begin(), other.m_refused.end());
}

void FixLog::sort()
{
    const auto byOffset = [](const Fix& a, const Fix& b) { return a.offset < b.offset; };
    std::stable_sort(m_fixes.begin(), m_fixes.end(), byOffset);
    std::stable_sort(m_refused.begin(), m_refused.end(), byOffset);
}

} // namespace conform::json
