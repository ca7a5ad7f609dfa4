// The streaming view of a parse in progress: a copy of the value so far, with the open string
// or number placed where it will go and every open container closed.
#include "json/repairer.h"

#include "json/text.h"

#include <optional>

namespace conform::json::detail {

namespace {

// The open container of each level is always the last element of its parent.
Json* lastChild(Json* node)
{
    if (node->is_array() && !node->empty())
        return &node->back();
    if (node->is_object() && !node->empty())
        return &node->get_ref<Json::object_t&>().back().second;
    return node;
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
    Json* node = &copy;
    for (std::size_t level = 1; level < m_stack.size(); ++level)
        node = lastChild(node);
    const Frame& top = m_stack.back();
    if (top.object && m_expect == Expect::Value)
        (*node)[top.key] = std::move(*pending);
    else if (!top.object)
        node->push_back(std::move(*pending));
    return copy;
}

} // namespace conform::json::detail
