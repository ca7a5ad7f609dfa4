#pragma once
// Internal to the store: a capture's two bodies (the rest of its spec and its run document)
// as one zstd frame, compressed against the capture's own schema and prompt texts.
//
// Most of a run document is its recorded requests, and every request repeats the schema and
// the prompt the store already keeps once (in `schemas` and `prompts`, by hash). Given those
// texts as a content dictionary, zstd writes each repeat as a back-reference: the bodies of
// the benchmark's captures shrink from 5.4 KB to about 1.1 KB, where plain zstd gives 1.7 KB.
// Reading needs the same texts, which the capture's hashes name; the frame carries a checksum,
// so a body read with the wrong texts is an error, never a wrong document.
#include "base/result.h"

#include <string>
#include <string_view>
#include <utility>

namespace conform::store::detail {

// The dictionary for a capture of this schema (its stored text) and prompt.
std::string bodyDictionary(std::string_view schemaText, std::string_view system, std::string_view user);

// The last dictionary made, by schema and prompt hash: an import's captures mostly share
// them, and a dictionary costs a few microseconds to make. One entry, so a stream of
// distinct versions costs no memory.
class DictionaryCache
{
public:
    template<typename Make>
    const std::string& get(const std::string& schemaHash, const std::string& promptHash, Make&& make)
    {
        if (!m_valid || schemaHash != m_schemaHash || promptHash != m_promptHash) {
            m_dictionary = make();
            m_schemaHash = schemaHash;
            m_promptHash = promptHash;
            m_valid = true;
        }
        return m_dictionary;
    }
    void clear() { m_valid = false; }

private:
    bool m_valid = false;
    std::string m_schemaHash, m_promptHash, m_dictionary;
};

std::string packBodies(std::string_view spec, std::string_view run, std::string_view dictionary);
// {spec, run}; an Error when the bytes are not a frame packBodies wrote with this dictionary.
Result<std::pair<std::string, std::string>> unpackBodies(std::string_view packed, std::string_view dictionary);

} // namespace conform::store::detail
