#include "base/path.h"

namespace conform {

std::string appendPointer(std::string pointer, std::string_view token)
{
    pointer += '/';
    for (char c : token) {
        if (c == '~')
            pointer += "~0";
        else if (c == '/')
            pointer += "~1";
        else
            pointer += c;
    }
    return pointer;
}

std::string toPointer(const Path& path)
{
    std::string pointer;
    for (const auto& element : path) {
        if (const auto* key = std::get_if<std::string>(&element))
            pointer = appendPointer(std::move(pointer), *key);
        else
            pointer += '/' + std::to_string(std::get<std::size_t>(element));
    }
    return pointer;
}

std::string pointerOfJsonPath(const Json& path)
{
    std::string pointer;
    if (path.is_array())
        for (const Json& step : path)
            pointer = appendPointer(std::move(pointer), step.is_string() ? step.get<std::string>() : dump(step));
    return pointer;
}

std::string pointerText(std::string_view pointer)
{
    return pointer.empty() ? std::string("/") : std::string(pointer);
}

std::string pointerText(const Path& path)
{
    return pointerText(toPointer(path));
}

std::string jsonPathText(const Json& path)
{
    return pointerText(pointerOfJsonPath(path));
}

std::string issueText(const Json& issue)
{
    if (!issue.is_object())
        return "/: invalid";
    const auto path = issue.find("path");
    const auto message = issue.find("message");
    return jsonPathText(path == issue.end() ? Json() : *path) + ": "
        + (message != issue.end() && message->is_string() ? message->get<std::string>() : std::string("invalid"));
}

Json toJsonPath(const Path& path)
{
    Json array = Json::array();
    for (const auto& element : path) {
        if (const auto* key = std::get_if<std::string>(&element))
            array.push_back(*key);
        else
            array.push_back(std::get<std::size_t>(element));
    }
    return array;
}

static bool isIndexToken(std::string_view token)
{
    if (token.empty() || token.size() > 18 || (token.size() > 1 && token[0] == '0'))
        return false;
    for (char c : token)
        if (c < '0' || c > '9')
            return false;
    return true;
}

Result<Path> parsePointer(std::string_view pointer)
{
    Path path;
    if (pointer.empty())
        return path;
    if (pointer.front() != '/')
        return Error{"a JSON pointer must start with '/'", std::string(pointer)};
    std::size_t at = 1;
    while (true) {
        const std::size_t slash = pointer.find('/', at);
        const std::string_view raw = pointer.substr(at, slash == std::string_view::npos ? pointer.npos : slash - at);
        std::string token;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '~') {
                token += raw[i];
                continue;
            }
            if (i + 1 >= raw.size() || (raw[i + 1] != '0' && raw[i + 1] != '1'))
                return Error{"'~' must be followed by 0 or 1", std::string(pointer)};
            token += raw[++i] == '0' ? '~' : '/';
        }
        if (isIndexToken(token))
            path.emplace_back(static_cast<std::size_t>(std::stoull(token)));
        else
            path.emplace_back(std::move(token));
        if (slash == std::string_view::npos)
            break;
        at = slash + 1;
    }
    return path;
}

} // namespace conform
