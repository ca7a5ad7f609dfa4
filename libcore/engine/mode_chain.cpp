#include "engine/mode_chain.h"

#include <array>

namespace conform::engine {

using providers::Mode;

namespace {

std::optional<ChainStep> strictStep(const providers::Adapter& adapter, const Json& schema, std::vector<std::string>* skipped)
{
    const providers::Verdict direct = adapter.accepts(Mode::Strict, schema);
    if (direct.ok)
        return ChainStep{Mode::Strict, schema, false, {}, adapter.profile().notEnforced(schema)};
    if (!adapter.supports(Mode::Strict)) {
        if (skipped)
            skipped->push_back("strict: " + direct.reasons.front());
        return std::nullopt;
    }
    providers::Transformed t = adapter.profile().makeStrict(schema);
    if (t.verdict.ok)
        return ChainStep{Mode::Strict, std::move(t.schema), true, std::move(t.changes), std::move(t.conformOnly)};
    if (skipped)
        for (const std::string& reason : t.verdict.reasons)
            skipped->push_back("strict: " + reason);
    return std::nullopt;
}

std::optional<ChainStep> step(const providers::Adapter& adapter, const Json& schema, Mode mode, std::vector<std::string>* skipped)
{
    if (mode == Mode::Strict)
        return strictStep(adapter, schema, skipped);
    const providers::Verdict verdict = adapter.accepts(mode, schema);
    if (verdict.ok)
        return ChainStep{mode, schema, false, {}, {}};
    if (skipped)
        for (const std::string& reason : verdict.reasons)
            skipped->push_back(std::string(providers::modeName(mode)) + ": " + reason);
    return std::nullopt;
}

} // namespace

std::vector<ChainStep> modeChain(const providers::Adapter& adapter, const Json& schema, ModeChoice choice,
                                 std::vector<std::string>* skipped)
{
    std::vector<ChainStep> chain;
    if (choice == ModeChoice::Auto) {
        for (Mode mode : {Mode::Strict, Mode::Tool, Mode::JsonObject, Mode::Text})
            if (auto s = step(adapter, schema, mode, skipped))
                chain.push_back(std::move(*s));
        return chain;
    }
    const Mode mode = static_cast<Mode>(static_cast<int>(choice) - 1);
    if (!adapter.supports(mode)) {
        if (skipped)
            skipped->push_back(std::string(providers::modeName(mode)) + ": not offered by " +
                               std::string(providers::providerName(adapter.kind())));
        return chain;
    }
    if (auto s = step(adapter, schema, mode, nullptr))
        chain.push_back(std::move(*s));
    else
        chain.push_back(ChainStep{mode, schema, false, {}, {}});
    return chain;
}

} // namespace conform::engine
