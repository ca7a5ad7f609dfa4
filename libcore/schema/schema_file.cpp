#include "schema/schema_file.h"

#include "json/parse.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace conform::schema {

Result<Json> readJsonFile(const QString& path, const std::string& displayName)
{
    const std::string name = displayName.empty() ? path.toStdString() : displayName;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{file.errorString().toStdString(), name};
    const QByteArray bytes = file.readAll();
    auto parsed = json::parseStrict(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!parsed)
        return Error{parsed.error().toString(), name};
    return parsed;
}

SchemaFile loadSchemaFile(const QString& path, bool assertFormats, const std::string& displayName)
{
    SchemaFile loaded;
    const std::string name = displayName.empty() ? path.toStdString() : displayName;
    auto parsed = readJsonFile(path, name);
    if (!parsed) {
        loaded.error = parsed.error().toString();
        return loaded;
    }
    loaded.document = std::move(parsed.value());

    const QFileInfo info(path);
    loaded.registry = Registry::forWorkspace(info.absolutePath().toStdString());
    CompileOptions options;
    options.registry = &loaded.registry;
    options.assertFormats = assertFormats;
    options.baseUri = QUrl::fromLocalFile(info.absoluteFilePath()).toString().toStdString();
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
