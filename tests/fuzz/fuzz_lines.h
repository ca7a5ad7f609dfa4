#pragma once
// The import targets' lines: the input read as `captures import` reads a file, through
// BoundedLineReader (as standard input), blank lines skipped, each line then given to the
// importer's own per-line reading (imports/import_files.cpp) with the store left out.
#include "base/bounded_input.h"

#include <QString>

#include <sstream>
#include <string>
#include <string_view>

namespace conform::fuzz {

template <typename Visit>
void eachLine(std::string_view bytes, Visit visit)
{
    std::istringstream input{std::string(bytes)};
    BoundedLineReader reader(QStringLiteral("-"), input, 1u << 20);
    std::string_view line;
    while (reader.next(line))
        if (line.find_first_not_of(" \t\r") != std::string_view::npos)
            visit(line);
}

} // namespace conform::fuzz
