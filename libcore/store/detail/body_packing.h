#pragma once
// Internal to the store: a capture's two bodies (the rest of its spec and its run document)
// as one zstd frame, compressed against texts the store already keeps.
//
// Most of a run document is its recorded requests, and every request repeats the schema and
// the prompt the store keeps once (in `schemas` and `prompts`, by hash). Given those texts as
// a content dictionary, zstd writes each repeat as a back-reference (store version 7: the
// benchmark's bodies shrink from 5.4 KB to about 1.1 KB, where plain zstd gives 1.7 KB).
//
// Since version 8 the dictionary also holds a template and the final reply. The template is
// the bodies of an earlier capture of the same schema, kept once in `body_templates`: the
// provider-shaped requests, the policy and the run document's whole structure are the same
// from one capture of a schema to the next, so a body is mostly the differences (about
// 0.2 KB). The final reply is kept in `capture_replies` anyway (replay and the reply-text
// filter read it there); in the dictionary it is not stored twice.
//
// Reading needs the same texts, which the capture's hashes, its template and its reply row
// name; the frame carries a checksum, so a body read with the wrong texts is an error, never a
// wrong document.
#include "base/result.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace conform::store::detail {

// The dictionary for a capture of this schema (its stored text) and prompt (version 7).
std::string bodyDictionary(std::string_view schemaText, std::string_view system, std::string_view user);

// The last dictionary made, by what it was made of (schema and prompt hash, and a template's
// hash where one is in it): an import's captures mostly share them, and a dictionary costs a
// few microseconds to make. One entry, so a stream of distinct versions costs no memory.
class DictionaryCache
{
public:
    template<typename Make>
    const std::string& get(const std::string& schemaHash, const std::string& promptHash, Make&& make)
    {
        return get(schemaHash, promptHash, std::string(), std::forward<Make>(make));
    }
    template<typename Make>
    const std::string& get(const std::string& schemaHash, const std::string& promptHash, const std::string& templateHash, Make&& make)
    {
        if (!m_valid || schemaHash != m_schemaHash || promptHash != m_promptHash || templateHash != m_templateHash) {
            m_dictionary = make();
            m_schemaHash = schemaHash;
            m_promptHash = promptHash;
            m_templateHash = templateHash;
            m_valid = true;
        }
        return m_dictionary;
    }
    void clear() { m_valid = false; }

private:
    bool m_valid = false;
    std::string m_schemaHash, m_promptHash, m_templateHash, m_dictionary;
};

std::string packBodies(std::string_view spec, std::string_view run, std::string_view dictionary);
// {spec, run}; an Error when the bytes are not a frame packBodies wrote with this dictionary.
Result<std::pair<std::string, std::string>> unpackBodies(std::string_view packed, std::string_view dictionary);

// A template: an earlier capture's bodies, by the hash of their text. A template's own row
// keeps the text packed against its schema's text alone (templateOf / packTemplate).
struct BodyTemplate
{
    std::string hash;       // shortHash(text)
    std::string schemaHash; // the schema of the capture it was made from
    std::string text;       // templateText(spec, run)
};
std::shared_ptr<const BodyTemplate> makeTemplate(std::string_view schemaHash, std::string_view spec, std::string_view run);
std::string packTemplate(const BodyTemplate& bodyTemplate, std::string_view schemaText);
Result<std::shared_ptr<const BodyTemplate>> unpackTemplate(std::string hash, std::string schemaHash, std::string_view packed,
                                                           std::string_view schemaText);

// The version 7 dictionary followed by the template's text: what every capture of that
// schema, prompt and template shares (the reply is added per capture).
std::string templatedDictionary(std::string_view schemaText, std::string_view system, std::string_view user,
                                const BodyTemplate& bodyTemplate);

// Bodies packed against `dictionary` (templatedDictionary's) and the capture's final reply.
// The reply is in the dictionary only when it reads back from the store byte for byte (valid
// UTF-8 without NUL: a text column may not keep other bytes as they were); the packed bytes'
// first byte says whether it is.
std::string packTemplated(std::string_view spec, std::string_view run, std::string_view dictionary, std::string_view reply);
Result<std::pair<std::string, std::string>> unpackTemplated(std::string_view packed, std::string_view dictionary, std::string_view reply);

// What a store remembers of the templates: the one it packs each schema's new captures
// against, the ids of those written (those of the open transaction listed, to be forgotten
// when it rolls back) and those read back. Each map is emptied when it reaches kEntries.
struct TemplateCache
{
    static constexpr std::size_t kEntries = 256;
    std::map<std::string, std::shared_ptr<const BodyTemplate>> bySchema;
    std::unordered_map<std::string, std::int64_t> ids; // by template hash
    std::vector<std::string> idsAdded;
    std::map<std::int64_t, std::shared_ptr<const BodyTemplate>> byId;
};

} // namespace conform::store::detail
