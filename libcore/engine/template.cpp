#include "engine/template.h"

namespace conform::engine {

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text;
}

} // namespace

std::string renderTemplate(std::string_view text, const std::map<std::string, std::string>& values)
{
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find("{{", at);
        if (open == std::string_view::npos)
            break;
        const std::size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos)
            break;
        out.append(text.substr(at, open - at));
        const auto it = values.find(std::string(trim(text.substr(open + 2, close - open - 2))));
        if (it != values.end())
            out += it->second;
        else
            out.append(text.substr(open, close + 2 - open));
        at = close + 2;
    }
    out.append(text.substr(std::min(at, text.size())));
    return out;
}

const std::string& defaultRepairTemplate()
{
    static const std::string text =
        "Your previous answer (attempt {{attempt}} of {{max_attempts}}) did not match the required JSON Schema.\n\n"
        "## Problems\n{{issues}}\n\n"
        "## Hints\n{{hints}}\n\n"
        "## What the failing parts could look like\n{{example}}\n\n"
        "Reply again with ONLY the whole corrected JSON value: no prose, no markdown fences, double-quoted keys "
        "and strings, no trailing commas, no comments.";
    return text;
}

std::string truncateForPrompt(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return std::string(text);
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut; // do not split a UTF-8 sequence
    return std::string(text.substr(0, cut)) + "... [" + std::to_string(text.size() - cut) + " more bytes cut]";
}

} // namespace conform::engine
