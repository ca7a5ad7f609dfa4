#pragma once
// The record of every change a repair makes, split by ExtractOptions::strict into the fixes
// made and the value-changing fixes refused. Internal to conform::json.
//
//   FixLog log(strict);
//   log.add(FixKind::SingleQuotes, 12, raw.substr(12, 1), "\"");
//   log.sort();
//   std::tie(x.fixes, x.refused) = FixList::fromLog(std::move(log)); // records made when read
//
// A repair logs a fix or two per string of a damaged reply, and most candidates are never
// chosen, so the log keeps no string per fix: an entry holds the kind as an enum and says
// where its `before` and `after` bytes stand in one buffer the log owns. json::Fix records,
// three std::strings each, are made only by fixList() and refusedList().
#include "json/extract.h"
#include "json/fix_kind.h"

#include <string>
#include <string_view>
#include <vector>

namespace conform::json {

// Fix kinds that change the value rather than the syntax; strict mode refuses them.
bool isValueChanging(std::string_view kind);

// One fix as the log keeps it: json::Fix without its strings.
struct FixEntry
{
    FixKind kind = FixKind::TrailingComma;
    std::size_t offset = 0;
    std::size_t length = 0;      // of the raw bytes replaced, which are `before`
    std::size_t beforeAt = 0;    // `before` in the log's bytes
    std::size_t afterAt = 0;     // `after` in the log's bytes
    std::size_t afterLength = 0;
};

class FixLog
{
public:
    explicit FixLog(bool strict = false) : m_strict(strict) {}

    // Records a change of raw[offset, offset + before.size()) into `after`. Consecutive
    // insertions of one kind at one offset merge ("]" then "}" become "]}").
    void add(FixKind kind, std::size_t offset, std::string_view before, std::string_view after);
    // Forgets every fix at or after `offset` (a dropped dangling key takes its own fixes along);
    // with `keepInsertionsAt`, insertions at `offset` itself stay (they belong before it).
    void dropFrom(std::size_t offset, bool keepInsertionsAt = false);
    // Forgets the insertion of `kind` at `offset`, if there is one.
    void dropInsertion(FixKind kind, std::size_t offset);
    // Appends another log's entries (a parameter's repairs into its function call's log).
    void append(const FixLog& other);
    // Sorts both lists by offset, insertions first at one offset, else keeping their order.
    void sort();

    const std::vector<FixEntry>& fixes() const { return m_fixes; }
    const std::vector<FixEntry>& refused() const { return m_refused; }
    std::size_t size() const { return m_fixes.size() + m_refused.size(); }
    bool hasKind(FixKind kind) const;
    std::string_view before(const FixEntry& e) const { return bytes().substr(e.beforeAt, e.length); }
    std::string_view after(const FixEntry& e) const { return bytes().substr(e.afterAt, e.afterLength); }
    // The entries as json::Fix records, in the log's order.
    std::vector<Fix> fixList() const { return toFixes(m_fixes); }
    std::vector<Fix> refusedList() const { return toFixes(m_refused); }
    bool strict() const { return m_strict; }

private:
    std::vector<Fix> toFixes(const std::vector<FixEntry>& list) const;
    std::string_view bytes() const { return {m_bytes.data(), m_bytes.size()}; }
    void appendBytes(std::string_view s);

    bool m_strict = false;
    std::vector<FixEntry> m_fixes;
    std::vector<FixEntry> m_refused;
    // Every entry's before and after, in the order added. A vector, whose push_back is inlined
    // where std::string's is a call: most fixes add a byte or two.
    std::vector<char> m_bytes;
};

} // namespace conform::json
