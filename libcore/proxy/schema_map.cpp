#include "proxy/schema_map.h"

#include "base/path.h"
#include "schema/schema_file.h"

#include <QDir>
#include <QFileInfo>

namespace conform::proxy {

Result<SchemaMap> loadSchemaMap(const QString& path, const schema::SchemaFileOptions& reading)
{
    const std::string file = path.toStdString();
    auto document = schema::readJsonFile(path);
    if (!document)
        return document.error();
    if (!document->is_object())
        return Error{"/: must be an object from names to schema files", file};
    const QDir base = QFileInfo(path).absoluteDir();
    SchemaMap map;
    for (const auto& [name, schemaPath] : document->items()) {
        if (!schemaPath.is_string())
            return Error{appendPointer("", name) + ": must be a schema file", file};
        schema::SchemaFile loaded = schema::loadSchemaFile(base.filePath(QString::fromStdString(schemaPath.get<std::string>())), reading,
                                                           schemaPath.get<std::string>());
        if (!loaded.ok)
            return Error{appendPointer("", name) + ": " + loaded.error, file};
        map[name] = MappedSchema{std::move(loaded.document), std::make_shared<const schema::Validator>(std::move(*loaded.validator))};
    }
    return map;
}

} // namespace conform::proxy
