#pragma once
// Files the schema tests share: whole files, the official suite's remotes/ as a Registry (as
// its README asks, under http://localhost:1234/), and lists of known failures, one id a line
// with the reason after "  #".
#include "json/parse.h"
#include "schema/schema.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace conform::test {

inline std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline schema::Registry suiteRemotes(const std::filesystem::path& suite)
{
    namespace fs = std::filesystem;
    schema::Registry registry;
    const fs::path root = suite / "remotes";
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".json")
            continue;
        auto parsed = json::parseStrict(readFile(entry.path()));
        if (parsed)
            registry.add("http://localhost:1234/" + fs::relative(entry.path(), root).generic_string(), std::move(parsed.value()));
    }
    return registry;
}

inline std::set<std::string> listedIds(const std::filesystem::path& file)
{
    std::set<std::string> ids;
    std::istringstream lines(readFile(file));
    for (std::string line; std::getline(lines, line);) {
        line = line.substr(0, line.find("  #"));
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        if (!line.empty() && line.front() != '#')
            ids.insert(line);
    }
    return ids;
}

} // namespace conform::test
