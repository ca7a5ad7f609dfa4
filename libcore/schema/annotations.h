#pragma once
// What the subschemas applied in place at one instance location evaluated: the input of
// unevaluatedProperties / unevaluatedItems. Only built when a schema uses those keywords.
#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace conform::schema::detail {

struct Annotations
{
    bool allProperties = false;
    std::vector<std::string_view> properties; // keys of the instance, which outlives this
    bool allItems = false;
    std::size_t prefix = 0;                   // items [0, prefix) evaluated
    std::vector<std::size_t> items;           // more evaluated items (contains)

    void merge(const Annotations& other)
    {
        allProperties |= other.allProperties;
        properties.insert(properties.end(), other.properties.begin(), other.properties.end());
        allItems |= other.allItems;
        prefix = std::max(prefix, other.prefix);
        items.insert(items.end(), other.items.begin(), other.items.end());
    }
    bool hasProperty(std::string_view key) const
    {
        return allProperties || std::find(properties.begin(), properties.end(), key) != properties.end();
    }
    bool hasItem(std::size_t index) const
    {
        return allItems || index < prefix || std::find(items.begin(), items.end(), index) != items.end();
    }
};

} // namespace conform::schema::detail
