#include "compare/linediff.h"

#include <unordered_set>

namespace conform::gui {

namespace {

std::vector<Span> linesOf(std::string_view text)
{
    std::vector<Span> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        lines.push_back({start, end - start});
        start = end + 1;
    }
    return lines;
}

std::string_view at(std::string_view text, Span span)
{
    return text.substr(span.offset, span.length);
}

// Above this many cells the dynamic-programming table is not worth its memory.
constexpr std::size_t kExactCells = 4'000'000;

} // namespace

LineDifferences differingLines(std::string_view left, std::string_view right)
{
    const std::vector<Span> a = linesOf(left), b = linesOf(right);
    LineDifferences out;
    if (a.size() * b.size() > kExactCells) {
        const std::unordered_set<std::string_view> inLeft = [&] {
            std::unordered_set<std::string_view> set;
            for (Span s : a)
                set.insert(at(left, s));
            return set;
        }();
        std::unordered_set<std::string_view> inRight;
        for (Span s : b)
            inRight.insert(at(right, s));
        for (Span s : a)
            if (!inRight.count(at(left, s)))
                out.onlyLeft.push_back(s);
        for (Span s : b)
            if (!inLeft.count(at(right, s)))
                out.onlyRight.push_back(s);
        return out;
    }
    // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::uint32_t> lengths((n + 1) * (m + 1), 0);
    const auto cell = [&](std::size_t i, std::size_t j) -> std::uint32_t& { return lengths[i * (m + 1) + j]; };
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;)
            cell(i, j) = at(left, a[i]) == at(right, b[j]) ? cell(i + 1, j + 1) + 1 : std::max(cell(i + 1, j), cell(i, j + 1));
    std::size_t i = 0, j = 0;
    while (i < n && j < m) {
        if (at(left, a[i]) == at(right, b[j])) {
            ++i;
            ++j;
        } else if (cell(i + 1, j) >= cell(i, j + 1)) {
            out.onlyLeft.push_back(a[i++]);
        } else {
            out.onlyRight.push_back(b[j++]);
        }
    }
    for (; i < n; ++i)
        out.onlyLeft.push_back(a[i]);
    for (; j < m; ++j)
        out.onlyRight.push_back(b[j]);
    return out;
}

} // namespace conform::gui
