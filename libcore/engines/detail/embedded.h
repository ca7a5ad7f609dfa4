#pragma once
// The rule files as compiled in by embed_rules.cmake. Internal to engines.
#include <cstddef>

namespace conform::engines::detail {

struct EmbeddedRuleFile
{
    const char* name; // the file's base name: "openai", "llama-cpp"
    const char* text;
};

extern const EmbeddedRuleFile kEmbeddedRuleFiles[];
extern const std::size_t kEmbeddedRuleFileCount;

} // namespace conform::engines::detail
