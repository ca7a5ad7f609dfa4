// The streaming view of a parse in progress: a copy of the value so far, with the open string
// or number placed where it will go and every open container closed.
#include "json/repairer.h"

#include "json/text.h"

#include <iterator>
#include <optional>

namespace conform::json::detail {

namespace {

// Where `child` stands among the elements or members of `parent`. The open container of a
// level is usually its parent's last element, but not always: a repeated key puts the new
// value in the first member's place.
std::size_t positionIn(const Json& parent, const Json* child)
{
    if (parent.is_array())
        return std::size_t(child - parent.get_ref<const Json::array_t&>().data());
    std::size_t position = 0;
    for (const auto& member : parent.get_ref<const Json::object_t&>()) {
        if (&member.second == child)
            return position;
        ++position;
    }
    return position;
}

Json& elementAt(Json& parent, std::size_t position)
{
    if (parent.is_array())
        return parent[position];
    return std::next(parent.get_ref<Json::object_t&>().begin(), std::ptrdiff_t(position))->second;
}

// "12" of a number still arriving; null when what has come so far is no number yet ("-").
std::optional<Json> partialNumber(std::string_view digits)
{
    while (!digits.empty() && !text::isDigit(digits.back()))
        digits.remove_suffix(1);
    if (digits.empty() || digits.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
        return std::nullopt;
    try {
        return Json::parse(digits);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace

Json Repairer::snapshot() const
{
    Json copy = m_rootSet ? m_root : Json();
    if (m_expect == Expect::Done)
        return copy;
    std::optional<Json> pending;
    if (m_token == Token::String && !m_tokenIsKey)
        pending = Json(text::sanitizeUtf8(m_str));
    else if (m_token == Token::Number)
        pending = partialNumber(m_text.substr(m_tokenStart, m_scan - m_tokenStart));
    if (!pending)
        return copy;
    if (m_stack.empty())
        return *pending;
    // The copy has the shape of m_root: each open container is found in it at the place its
    // original holds in its parent.
    Json* node = &copy;
    const Json* original = &m_root;
    for (std::size_t level = 1; level < m_stack.size(); ++level) {
        const Json* open = m_stack[level].node;
        node = &elementAt(*node, positionIn(*original, open));
        original = open;
    }
    const Frame& top = m_stack.back();
    if (top.object && m_expect == Expect::Value)
        (*node)[top.key] = std::move(*pending);
    else if (!top.object)
        node->push_back(std::move(*pending));
    return copy;
}

} // namespace conform::json::detail
