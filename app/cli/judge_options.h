#pragma once
// The schema options of the commands that judge calls Conform did not make (`captures import`
// of OTLP and batch files, `collect`): --schema FILE and --schema-map FILE, used when the
// request did not carry a schema of its own (ingest/observed_call.h), with --draft/--formats.
#include "ingest/observed_call.h"
#include "schema_loader.h"

#include <QCommandLineParser>

namespace conform::cli {

struct JudgeOptionFlags
{
    Option schema = Option(QStringLiteral("schema"), QStringLiteral("Check replies whose request carried no schema against FILE."), QStringLiteral("FILE")).file();
    Option schemaMap = Option(QStringLiteral("schema-map"), QStringLiteral("JSON object from schema names to schema files (a span's conform.schema attribute, else its service.name; a batch request's schema name)."), QStringLiteral("FILE")).file();
    SchemaReadingOptions reading;

    OptionTable table(bool withSchema = true) const
    {
        OptionTable all = withSchema ? OptionTable{schema, schemaMap} : OptionTable{schemaMap};
        return all + reading.table();
    }
    Result<ingest::JudgeOptions> read(const QCommandLineParser& parser, const std::string& command, bool withSchema = true) const;
};

} // namespace conform::cli
