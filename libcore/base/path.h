#pragma once
// Paths into a JSON value: Zod's form (an array of keys and indexes) and RFC 6901 pointers.
#include "base/json.h"
#include "base/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace conform {

using PathElement = std::variant<std::string, std::size_t>;
using Path = std::vector<PathElement>;

// "/goals/3" for {"goals", 3}; "" for the root. '~' and '/' are escaped as RFC 6901 says.
std::string toPointer(const Path& path);

// Zod's form: ["goals", 3].
Json toJsonPath(const Path& path);

// Parses an RFC 6901 pointer. Tokens made only of digits (no leading zero) become indexes.
Result<Path> parsePointer(std::string_view pointer);

// Appends one escaped token to a pointer string: appendPointer("/a", "b/c") == "/a/b~1c".
std::string appendPointer(std::string pointer, std::string_view token);

// The pointer of a path as JSON carries it (["goals", 3] -> "/goals/3"); "" for the root and
// for anything that is not an array.
std::string pointerOfJsonPath(const Json& path);

// How every human-readable message prints a path, CLI and workbench alike: the JSON Pointer,
// and "/" for the root, never "" or "(root)" ("/items/0/price: Required"). JSON output keeps
// the path as an array.
std::string pointerText(std::string_view pointer);
std::string pointerText(const Path& path);
std::string jsonPathText(const Json& path);

// An issue ({"path": [...], "message": ...}) as messages print it: "/items/0/price: Required".
std::string issueText(const Json& issue);

} // namespace conform
