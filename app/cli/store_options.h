#pragma once
// The options every store-reading command shares: --store and the capture filters
// (DESIGN's FILTERS), parsed into a store::Filter, and opening the store they name.
#include "stats/prices.h"
#include "store/store.h"
#include "store/writer.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <memory>
#include <string>

namespace conform::cli {

struct StoreOptions
{
    QCommandLineOption store{QStringLiteral("store"), QStringLiteral("The capture store: a SQLite file or postgresql://user[:password]@host[:port]/db (default: $CONFORM_STORE, else Conform's data folder)."), QStringLiteral("PATH|URL")};
    QCommandLineOption schema{QStringLiteral("schema"), QStringLiteral("Only captures of this schema (as it is in FILE now)."), QStringLiteral("FILE")};
    QCommandLineOption schemaHash{QStringLiteral("schema-hash"), QStringLiteral("Only captures of this schema version (a prefix is enough)."), QStringLiteral("H")};
    QCommandLineOption schemaTitle{QStringLiteral("schema-title"), QStringLiteral("Only captures of every version of the schema with this \"title\"."), QStringLiteral("T")};
    QCommandLineOption schemaId{QStringLiteral("schema-id"), QStringLiteral("Only captures of every version of the schema with this \"$id\"."), QStringLiteral("URI")};
    QCommandLineOption promptHash{QStringLiteral("prompt-hash"), QStringLiteral("Only captures of this prompt version."), QStringLiteral("H")};
    QCommandLineOption provider{QStringLiteral("provider"), QStringLiteral("Only this provider."), QStringLiteral("P")};
    QCommandLineOption model{QStringLiteral("model"), QStringLiteral("Only this model."), QStringLiteral("M")};
    QCommandLineOption mode{QStringLiteral("mode"), QStringLiteral("Only runs that ended in this mode."), QStringLiteral("MODE")};
    QCommandLineOption source{QStringLiteral("source"), QStringLiteral("Only captures from run, suite, proxy, otlp or import."), QStringLiteral("S")};
    QCommandLineOption outcome{QStringLiteral("outcome"), QStringLiteral("Only valid, repaired, fallback, failed or unchecked runs."), QStringLiteral("O")};
    QCommandLineOption flag{QStringLiteral("flag"), QStringLiteral("Only runs with this flag (truncated, refused, transport_error, cancelled, not_enforced, tokens_unknown)."), QStringLiteral("F")};
    QCommandLineOption label{QStringLiteral("label"), QStringLiteral("Only runs labelled K=V (repeatable)."), QStringLiteral("K=V")};
    QCommandLineOption since{QStringLiteral("since"), QStringLiteral("Only runs at or after this ISO 8601 time (UTC unless it says)."), QStringLiteral("TIME")};
    QCommandLineOption until{QStringLiteral("until"), QStringLiteral("Only runs before this ISO 8601 time."), QStringLiteral("TIME")};
    QCommandLineOption text{QStringLiteral("text"), QStringLiteral("Only runs whose final reply contains TEXT."), QStringLiteral("TEXT")};
    QCommandLineOption cluster{QStringLiteral("cluster"), QStringLiteral("Only captures of this failure cluster (`captures clusters` names them)."), QStringLiteral("C")};

    // Adds --store and the filters; `schemaFilter` false leaves --schema to the command.
    void addTo(QCommandLineParser& parser, bool schemaFilter = true) const;
    // The filters alone (serve names its store with --captures).
    void addFilters(QCommandLineParser& parser, bool schemaFilter = true) const;
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
