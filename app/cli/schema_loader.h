#pragma once
// Reading a schema file for a command: schema/schema_file.h, under the names the commands use,
// and the two options every schema-reading command takes:
//   --draft 7|2020-12          the rules for a schema whose "$schema" does not say (2020-12)
//   --formats assert|annotate  "format" checked (default, as zod and ajv-formats) or not
#include "schema/schema_file.h"

#include "options.h"

#include <QCommandLineParser>

namespace conform::cli {

using LoadedSchema = schema::SchemaFile;
using SchemaReading = schema::SchemaFileOptions;

// Compiles with the schema's folder as the $ref registry: only the files its $refs name are
// read, inside that folder (schema/schema.h, Registry).
inline LoadedSchema loadSchema(const QString& path, const SchemaReading& reading)
{
    return schema::loadSchemaFile(path, reading);
}

inline LoadedSchema loadSchema(const QString& path, bool assertFormats = true)
{
    return loadSchema(path, SchemaReading{assertFormats});
}

// For every schema-reading command's usage text.
inline constexpr const char* kSchemaReadingUsage =
    "    [--draft 7|2020-12]: a schema without \"$schema\" is read by draft 2020-12's rules unless --draft says\n"
    "    [--formats assert|annotate]: \"format\" is asserted by default, as zod and ajv-formats do, although\n"
    "    draft 2020-12 makes it an annotation; annotate never fails on a format";

// The --draft and --formats options, added to a command's parser and read back.
struct SchemaReadingOptions
{
    Option draft = Option(QStringLiteral("draft"), QStringLiteral("The rules for a schema whose \"$schema\" does not say: 7 or 2020-12."),
                          QStringLiteral("DRAFT"), QStringLiteral("2020-12"))
                       .choices({QStringLiteral("7"), QStringLiteral("2020-12")});
    Option formats = Option(QStringLiteral("formats"),
                            QStringLiteral("\"format\" (email, uri, date-time, uuid, ...): assert (as zod and ajv-formats do, "
                                           "although draft 2020-12 makes formats annotations) or annotate (never fails)."),
                            QStringLiteral("MODE"), QStringLiteral("assert"))
                         .choices({QStringLiteral("assert"), QStringLiteral("annotate")});

    OptionTable table() const { return {draft, formats}; }

    // The options as given; a bad value is a one-line usage error naming `command`.
    Result<SchemaReading> read(const QCommandLineParser& parser, const std::string& command) const
    {
        SchemaReading reading;
        const QString draftValue = parser.value(draft);
        if (draftValue == QLatin1String("7") || draftValue == QLatin1String("draft-07"))
            reading.defaultDraft = schema::Draft::Draft7;
        else if (draftValue == QLatin1String("2020-12"))
            reading.defaultDraft = schema::Draft::Draft2020_12;
        else
            return Error{command + ": --draft must be 7 or 2020-12, not '" + draftValue.toStdString() + "'", {}};
        const QString formatsValue = parser.value(formats);
        if (formatsValue != QLatin1String("assert") && formatsValue != QLatin1String("annotate"))
            return Error{command + ": --formats must be assert or annotate, not '" + formatsValue.toStdString() + "'", {}};
        reading.assertFormats = formatsValue == QLatin1String("assert");
        return reading;
    }
};

} // namespace conform::cli
