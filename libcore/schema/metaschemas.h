#pragma once
// The draft 7 and 2020-12 metaschemas, compiled into the program (no file or network access),
// registered by every Registry so "$schema" and "$ref" to them always resolve.
#include <string_view>
#include <vector>

namespace conform::schema::detail {

struct EmbeddedSchema
{
    std::string_view uri;  // without fragment
    std::string_view text; // JSON
};

const std::vector<EmbeddedSchema>& embeddedMetaschemas();

} // namespace conform::schema::detail
