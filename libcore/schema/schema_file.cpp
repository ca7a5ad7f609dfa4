#include "schema/schema_file.h"

#include "schema/schema_folder.h"

#include "json/parse.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace conform::schema {

Result<Json> readJsonFile(const QString& path, const std::string& displayName, std::size_t maxBytes)
{
    const std::string name = displayName.empty() ? path.toStdString() : displayName;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{file.errorString().toStdString(), name};
    const QByteArray bytes = maxBytes ? file.read(qint64(maxBytes) + 1) : file.readAll();
    if (maxBytes && std::size_t(bytes.size()) > maxBytes)
        return Error{"larger than " + std::to_string(maxBytes >> 20) + " MB, the limit for a schema file", name};
    auto parsed = json::parseStrict(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!parsed)
        return Error{parsed.error().toString(), name};
    return parsed;
}

std::string schemaFileUri(const QString& path)
{
    return QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toString().toStdString();
}

Registry registryForSchemaFile(const QString& path)
{
    return Registry::forWorkspace(QFileInfo(path).absolutePath().toStdString());
}

SchemaFile loadSchemaFile(const QString& path, const SchemaFileOptions& fileOptions, const std::string& displayName)
{
    SchemaFile loaded;
    const std::string name = displayName.empty() ? path.toStdString() : displayName;
    auto parsed = readJsonFile(path, name, detail::kMaxSchemaFileBytes);
    if (!parsed) {
        loaded.error = parsed.error().toString();
        return loaded;
    }
    loaded.document = std::move(parsed.value());

    loaded.registry = registryForSchemaFile(path);
    CompileOptions options;
    options.registry = &loaded.registry;
    options.assertFormats = fileOptions.assertFormats;
    options.defaultDraft = fileOptions.defaultDraft;
    options.baseUri = schemaFileUri(path);
    auto compiled = Validator::compile(loaded.document, options);
    if (!compiled) {
        loaded.error = name + ": " + compiled.error().toString();
        return loaded;
    }
    loaded.validator = std::move(compiled.value());
    loaded.ok = true;
    return loaded;
}

} // namespace conform::schema
