#pragma once
// What a run costs: a dated price table and the arithmetic of tokens into dollars.
//
//   auto table = stats::PriceTable::builtIn();                 // resources/prices.json
//   auto mine = stats::PriceTable::load("prices.json");        // --prices FILE, Settings
//   if (auto price = table.priceOf("openai", "gpt-4o-mini-2024-07-18"))
//       double usd = stats::costOf(*price, "openai", {1200, 300, 1024});
//
// Prices are US dollars per million tokens: input, output and cached input (a prompt-cache
// read). A model matches its own entry, else the longest entry it extends with "-" (a dated
// snapshot such as "claude-sonnet-4-5-20250929" is priced as "claude-sonnet-4-5"). Local and
// scripted providers (Ollama, scenarios) cost nothing. Anything else has no price: callers
// say "no price", never guess one.
//
// The providers count cached tokens differently: OpenAI's prompt_tokens include the cached
// ones, Anthropic's input_tokens do not (cache reads are reported beside them), nor do
// scenarios', which play Anthropic's protocol. costOf knows.
#include "base/json.h"
#include "base/result.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace conform::stats {

struct Price
{
    double input = 0.0, output = 0.0, cachedInput = 0.0; // USD per million tokens
};

struct TokenUse
{
    std::int64_t input = 0, output = 0, cached = 0; // as the capture records them
};

class PriceTable
{
public:
    struct Entry
    {
        std::string provider, model;
        Price price;
    };

    // {"taken": "YYYY-MM-DD", "free_providers": [...], "models": [{"provider", "model",
    // "input", "output", "cached_input"}]}; errors name the JSON pointer.
    static Result<PriceTable> fromJson(const Json& table);
    static Result<PriceTable> load(const QString& path);
    // The table shipped in resources/prices.json (empty when the program lacks the resources).
    static const PriceTable& builtIn();

    // Entries of `overrides` replace this table's for the same provider and model.
    PriceTable mergedWith(const PriceTable& overrides) const;

    // "openai-responses" (the Responses API) is priced as "openai".
    std::optional<Price> priceOf(const std::string& provider, const std::string& model) const;
    const std::string& taken() const { return m_taken; }
    const std::vector<Entry>& entries() const { return m_entries; }
    const std::vector<std::string>& freeProviders() const { return m_freeProviders; }

    // A table of `entries`, taken on `taken` (YYYY-MM-DD).
    static PriceTable of(std::string taken, std::vector<Entry> entries, std::vector<std::string> freeProviders = {});
    // The table as fromJson reads it.
    Json toJson() const;

private:
    std::string m_taken;
    std::vector<std::string> m_freeProviders;
    std::vector<Entry> m_entries;
};

// Dollars for one call's tokens (or a run's sums), under the provider's way of counting cache.
double costOf(const Price& price, const std::string& provider, const TokenUse& tokens);

} // namespace conform::stats
