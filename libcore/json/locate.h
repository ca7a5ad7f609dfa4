#pragma once
// Where JSON may sit in a model's reply: markdown fences, XML-style wrappers (<json>,
// <output>) and <function_calls> blocks. Each finder is one linear pass over the text and
// returns regions as offsets into it. Internal to conform::json.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace conform::json::detail {

struct Region
{
    std::size_t begin = 0; // the content, without the fence lines or tags
    std::size_t end = 0;
    bool closed = false;   // the closing fence or tag was there
};

// ``` or ~~~ fences, with or without a language tag; an unclosed fence runs to the end.
std::vector<Region> findFences(std::string_view text);

// <json>...</json> and <output>...</output> (attributes allowed on the opening tag).
std::vector<Region> findXmlWrappers(std::string_view text);

struct Parameter
{
    std::string name;
    Region content;
};

struct Invoke
{
    std::string name;
    std::size_t begin = 0; // from "<invoke" to past "</invoke>" (or the end)
    std::size_t end = 0;
    bool closed = false;
    std::vector<Parameter> parameters;
};

// Every <invoke name="..."> with its <parameter name="..."> children, inside <function_calls>.
std::vector<Invoke> findFunctionCalls(std::string_view text);

} // namespace conform::json::detail
