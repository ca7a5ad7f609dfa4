#pragma once
// The options every store-reading command shares: --store and the capture filters
// (DESIGN's FILTERS), parsed into a store::Filter, and opening the store they name.
#include "stats/prices.h"
#include "store/store.h"
#include "store/writer.h"

#include "options.h"

#include <QCommandLineParser>

#include <memory>
#include <string>

namespace conform::cli {

// --store PATH|URL, with its help said by the command ("Capture the run into this store.").
Option storeOption(const QString& help);
// --no-store, for every command that writes a store.
Option noStoreOption(const QString& help);

struct StoreOptions
{
    Option store = storeOption(QStringLiteral("The capture store: a SQLite file or postgresql://user[:password]@host[:port]/db."));
    Option schema = Option(QStringLiteral("schema"), QStringLiteral("Only captures of this schema (as it is in FILE now)."), QStringLiteral("FILE")).file();
    Option schemaHash{QStringLiteral("schema-hash"), QStringLiteral("Only captures of this schema version (a prefix is enough)."), QStringLiteral("H")};
    Option schemaTitle{QStringLiteral("schema-title"), QStringLiteral("Only captures of every version of the schema with this \"title\"."), QStringLiteral("T")};
    Option schemaId{QStringLiteral("schema-id"), QStringLiteral("Only captures of every version of the schema with this \"$id\"."), QStringLiteral("URI")};
    Option promptHash{QStringLiteral("prompt-hash"), QStringLiteral("Only captures of this prompt version."), QStringLiteral("H")};
    Option provider = Option(QStringLiteral("provider"), QStringLiteral("Only this provider."), QStringLiteral("P"))
                          .choices({QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("openai-responses"), QStringLiteral("ollama"), QStringLiteral("scenario")});
    Option model{QStringLiteral("model"), QStringLiteral("Only this model."), QStringLiteral("M")};
    Option mode = Option(QStringLiteral("mode"), QStringLiteral("Only runs that ended in this mode."), QStringLiteral("MODE"))
                      .choices({QStringLiteral("strict"), QStringLiteral("tool"), QStringLiteral("json-object"), QStringLiteral("text")});
    Option source = Option(QStringLiteral("source"), QStringLiteral("Only captures from run, suite, proxy, otlp or import."), QStringLiteral("S"))
                        .choices({QStringLiteral("run"), QStringLiteral("suite"), QStringLiteral("proxy"), QStringLiteral("otlp"), QStringLiteral("import")});
    Option outcome = Option(QStringLiteral("outcome"), QStringLiteral("Only valid, repaired, fallback, failed or unchecked runs."), QStringLiteral("O"))
                         .choices({QStringLiteral("valid"), QStringLiteral("repaired"), QStringLiteral("fallback"), QStringLiteral("failed"), QStringLiteral("unchecked")});
    Option flag = Option(QStringLiteral("flag"), QStringLiteral("Only runs with this flag."), QStringLiteral("F"))
                      .choices({QStringLiteral("truncated"), QStringLiteral("refused"), QStringLiteral("transport_error"), QStringLiteral("cancelled"),
                                QStringLiteral("not_enforced"), QStringLiteral("tokens_unknown")});
    Option label = Option(QStringLiteral("label"), QStringLiteral("Only runs labelled K=V."), QStringLiteral("K=V")).repeatable();
    Option since{QStringLiteral("since"), QStringLiteral("Only runs at or after this ISO 8601 time (UTC unless it says)."), QStringLiteral("TIME")};
    Option until{QStringLiteral("until"), QStringLiteral("Only runs before this ISO 8601 time."), QStringLiteral("TIME")};
    Option text{QStringLiteral("text"), QStringLiteral("Only runs whose final reply contains TEXT."), QStringLiteral("TEXT")};
    Option cluster{QStringLiteral("cluster"), QStringLiteral("Only captures of this failure cluster (`captures clusters` names them)."), QStringLiteral("C")};

    // --store and the filters; `schemaFilter` false leaves --schema to the command.
    OptionTable table(bool schemaFilter = true) const;
    // The filters alone (serve names its store with --captures).
    OptionTable filters(bool schemaFilter = true) const;
    // The filter the options describe; an Error names the option and the bad value.
    Result<store::Filter> filter(const QCommandLineParser& parser, bool schemaFilter = true) const;
    // Opens the store; `create` for commands that write.
    Result<std::unique_ptr<store::Store>> open(const QCommandLineParser& parser, bool create) const;
    // The same for a location given some other way (serve's --captures).
    static Result<std::unique_ptr<store::Store>> openAt(const QString& location, bool create);
    // The writer for commands that capture as they go (suite, proxy), opened and checked
    // before any work is done; `location` as --store takes it ("" for the default).
    static Result<std::unique_ptr<store::CaptureWriter>> openWriter(const QString& location);
};

// The built-in price table, with the entries of the file `option` names (when set) over it.
Result<stats::PriceTable> loadPrices(const QCommandLineParser& parser, const QCommandLineOption& option);

} // namespace conform::cli
