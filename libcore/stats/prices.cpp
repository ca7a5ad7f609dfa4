#include "stats/prices.h"

#include <QFile>

#include <algorithm>

namespace conform::stats {

Result<PriceTable> PriceTable::fromJson(const Json& table)
{
    if (!table.is_object())
        return Error{"a price table is a JSON object", "/"};
    PriceTable out;
    if (const auto taken = table.find("taken"); taken != table.end()) {
        if (!taken->is_string())
            return Error{"must be a date (YYYY-MM-DD)", "/taken"};
        out.m_taken = taken->get<std::string>();
    }
    const Json& free = table.value("free_providers", Json::array());
    for (std::size_t i = 0; i < free.size(); ++i) {
        if (!free[i].is_string())
            return Error{"must be a provider name", "/free_providers/" + std::to_string(i)};
        out.m_freeProviders.push_back(free[i].get<std::string>());
    }
    const Json& models = table.value("models", Json::array());
    if (!models.is_array())
        return Error{"must be an array", "/models"};
    for (std::size_t i = 0; i < models.size(); ++i) {
        const std::string where = "/models/" + std::to_string(i);
        const Json& m = models[i];
        if (!m.is_object() || !m.value("provider", Json()).is_string() || !m.value("model", Json()).is_string())
            return Error{"needs a \"provider\" and a \"model\"", where};
        Entry entry{m["provider"].get<std::string>(), m["model"].get<std::string>(), {}};
        for (const auto& [key, field] : {std::pair{"input", &Price::input}, {"output", &Price::output}, {"cached_input", &Price::cachedInput}}) {
            const auto it = m.find(key);
            if (it == m.end() && std::string(key) == "cached_input") {
                entry.price.cachedInput = entry.price.input; // no cache discount stated
                continue;
            }
            if (it == m.end() || !it->is_number() || it->get<double>() < 0)
                return Error{"must be a price per million tokens (a number, at least 0)", where + "/" + key};
            entry.price.*field = it->get<double>();
        }
        out.m_entries.push_back(std::move(entry));
    }
    return out;
}

Result<PriceTable> PriceTable::load(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{"cannot read the price table (" + file.errorString().toStdString() + ")", path.toStdString()};
    if (file.size() > 16 * 1024 * 1024)
        return Error{"a price table over 16 MB is not a price table", path.toStdString()};
    const QByteArray bytes = file.readAll();
    const Json table = Json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    if (table.is_discarded())
        return Error{"not JSON", path.toStdString()};
    auto parsed = fromJson(table);
    if (!parsed)
        return Error{parsed.error().message, path.toStdString() + ": " + parsed.error().where};
    return parsed;
}

PriceTable PriceTable::of(std::string taken, std::vector<Entry> entries, std::vector<std::string> freeProviders)
{
    PriceTable out;
    out.m_taken = std::move(taken);
    out.m_entries = std::move(entries);
    out.m_freeProviders = std::move(freeProviders);
    return out;
}

Json PriceTable::toJson() const
{
    Json models = Json::array();
    for (const Entry& e : m_entries)
        models.push_back(Json{{"provider", e.provider}, {"model", e.model}, {"input", e.price.input}, {"output", e.price.output},
                              {"cached_input", e.price.cachedInput}});
    Json out{{"taken", m_taken}};
    if (!m_freeProviders.empty())
        out["free_providers"] = m_freeProviders;
    out["models"] = std::move(models);
    return out;
}

const PriceTable& PriceTable::builtIn()
{
    static const PriceTable table = [] {
        auto loaded = load(QStringLiteral(":/prices.json"));
        return loaded ? std::move(loaded).value() : PriceTable{};
    }();
    return table;
}

PriceTable PriceTable::mergedWith(const PriceTable& overrides) const
{
    PriceTable out = overrides;
    if (out.m_taken.empty())
        out.m_taken = m_taken;
    for (const std::string& provider : m_freeProviders)
        if (std::find(out.m_freeProviders.begin(), out.m_freeProviders.end(), provider) == out.m_freeProviders.end())
            out.m_freeProviders.push_back(provider);
    for (const Entry& entry : m_entries) {
        const bool replaced = std::any_of(overrides.m_entries.begin(), overrides.m_entries.end(),
                                          [&](const Entry& e) { return e.provider == entry.provider && e.model == entry.model; });
        if (!replaced)
            out.m_entries.push_back(entry);
    }
    return out;
}

std::optional<Price> PriceTable::priceOf(const std::string& wanted, const std::string& model) const
{
    // The Responses API bills as Chat Completions does: the same models at the same prices.
    const std::string& provider = wanted == "openai-responses" ? std::string("openai") : wanted;
    if (std::find(m_freeProviders.begin(), m_freeProviders.end(), provider) != m_freeProviders.end())
        return Price{};
    const Entry* best = nullptr;
    for (const Entry& entry : m_entries) {
        if (entry.provider != provider)
            continue;
        if (entry.model == model)
            return entry.price;
        const bool extends = model.size() > entry.model.size() && model.compare(0, entry.model.size(), entry.model) == 0
                             && model[entry.model.size()] == '-';
        if (extends && (!best || entry.model.size() > best->model.size()))
            best = &entry;
    }
    return best ? std::optional<Price>(best->price) : std::nullopt;
}

double costOf(const Price& price, const std::string& provider, const TokenUse& tokens)
{
    // Anthropic reports cache reads beside input_tokens; OpenAI (and servers speaking its
    // protocol) count them inside prompt_tokens. Scenarios speak Anthropic's protocol.
    const std::int64_t uncached = provider == "anthropic" || provider == "scenario" ? tokens.input : std::max<std::int64_t>(0, tokens.input - tokens.cached);
    return (double(uncached) * price.input + double(tokens.cached) * price.cachedInput + double(tokens.output) * price.output) / 1e6;
}

} // namespace conform::stats
