#include "providers/schema_walk.h"

namespace conform::providers::detail {

bool hasType(const Json& schema, const std::string& type)
{
    const auto it = schema.find("type");
    if (it == schema.end())
        return false;
    if (it->is_string())
        return it->get<std::string>() == type;
    if (it->is_array())
        for (const Json& t : *it)
            if (t.is_string() && t.get<std::string>() == type)
                return true;
    return false;
}

} // namespace conform::providers::detail
