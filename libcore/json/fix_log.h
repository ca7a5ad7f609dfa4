#pragma once
// The record of every change a repair makes, split by ExtractOptions::strict into the fixes
// made and the value-changing fixes refused. Internal to conform::json.
#include "json/extract.h"

#include <string_view>
#include <vector>

namespace conform::json {

// Fix kinds that change the value rather than the syntax; strict mode refuses them.
bool isValueChanging(std::string_view kind);

class FixLog
{
public:
    explicit FixLog(bool strict = false) : m_strict(strict) {}

    // Records a change of raw[offset, offset + before.size()) into `after`. Consecutive
    // insertions of one kind at one offset merge ("]" then "}" become "]}").
    void add(std::string_view kind, std::size_t offset, std::string_view before, std::string_view after);
    // Forgets every fix at or after `offset` (a dropped dangling key takes its own fixes along);
    // with `keepInsertionsAt`, insertions at `offset` itself stay (they belong before it).
    void dropFrom(std::size_t offset, bool keepInsertionsAt = false);
    // Forgets the insertion of `kind` at `offset`, if there is one.
    void dropInsertion(std::string_view kind, std::size_t offset);
    // Appends another log's entries (a parameter's repairs into its function call's log).
    void append(const FixLog& other);
    // Sorts both lists by offset, insertions first at one offset, else keeping their order.
    void sort();

    std::vector<Fix>& fixes() { return m_fixes; }
    std::vector<Fix>& refused() { return m_refused; }
    const std::vector<Fix>& fixes() const { return m_fixes; }
    const std::vector<Fix>& refused() const { return m_refused; }
    bool strict() const { return m_strict; }

private:
    bool m_strict = false;
    std::vector<Fix> m_fixes;
    std::vector<Fix> m_refused;
};

} // namespace conform::json
