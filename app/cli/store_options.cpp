#include "store_options.h"

#include "schema_loader.h"

namespace conform::cli {

Option storeOption(const QString& help)
{
    return Option(QStringLiteral("store"), help, QStringLiteral("PATH|URL"))
        .defaultText(QStringLiteral("$CONFORM_STORE, else captures.db in Conform's data folder"))
        .file();
}

Option noStoreOption(const QString& help)
{
    return Option(QStringLiteral("no-store"), help);
}

OptionTable StoreOptions::table(bool schemaFilter) const
{
    return OptionTable{store} + filters(schemaFilter);
}

OptionTable StoreOptions::filters(bool schemaFilter) const
{
    OptionTable all{schemaHash, schemaTitle, schemaId, promptHash, provider, model, mode, source, outcome, flag, label, since, until, text, cluster};
    if (schemaFilter)
        all.insert(all.begin(), schema);
    return all;
}

Result<store::Filter> StoreOptions::filter(const QCommandLineParser& parser, bool schemaFilter) const
{
    store::Filter filter;
    for (const QCommandLineOption* option : {&schemaHash, &schemaTitle, &schemaId, &promptHash, &provider, &model, &mode, &source, &outcome, &flag, &label, &since, &until, &text, &cluster})
        for (const QString& value : parser.values(*option))
            if (auto set = filter.set(option->names().constFirst().toStdString(), value.toStdString()); !set)
                return set.error();
    if (schemaFilter && parser.isSet(schema)) {
        const LoadedSchema loaded = loadSchema(parser.value(schema));
        if (!loaded.ok)
            return Error{loaded.error, {}};
        filter.schemaHash = store::shortHash(dump(loaded.document));
    }
    return filter;
}

Result<std::unique_ptr<store::Store>> StoreOptions::open(const QCommandLineParser& parser, bool create) const
{
    return openAt(parser.value(store), create);
}

Result<std::unique_ptr<store::Store>> StoreOptions::openAt(const QString& given, bool create)
{
    auto location = store::StoreLocation::resolve(given);
    if (!location)
        return location.error();
    return store::Store::open(location.value(), store::OpenOptions{create});
}

Result<std::unique_ptr<store::CaptureWriter>> StoreOptions::openWriter(const QString& given)
{
    auto location = store::StoreLocation::resolve(given);
    if (!location)
        return location.error();
    auto writer = std::make_unique<store::CaptureWriter>(location.value());
    if (auto opened = writer->waitUntilOpen(); !opened)
        return opened.error();
    return writer;
}

Result<stats::PriceTable> loadPrices(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    const stats::PriceTable& builtIn = stats::PriceTable::builtIn();
    if (!parser.isSet(option))
        return builtIn;
    auto file = stats::PriceTable::load(parser.value(option));
    if (!file)
        return Error{file.error().toString(), "--prices"};
    return builtIn.mergedWith(file.value());
}

} // namespace conform::cli
