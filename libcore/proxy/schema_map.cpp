#include "proxy/schema_map.h"

#include "base/path.h"
#include "json/parse.h"
#include "schema/schema_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace conform::proxy {

Result<SchemaMap> loadSchemaMap(const QString& path)
{
    const std::string file = path.toStdString();
    QFile input(path);
    if (!input.open(QIODevice::ReadOnly))
        return Error{input.errorString().toStdString(), file};
    const QByteArray bytes = input.readAll();
    auto document = json::parseStrict(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!document)
        return Error{document.error().toString(), file};
    if (!document->is_object())
        return Error{"/: must be an object from names to schema files", file};
    const QDir base = QFileInfo(path).absoluteDir();
    SchemaMap map;
    for (const auto& [name, schemaPath] : document->items()) {
        if (!schemaPath.is_string())
            return Error{appendPointer("", name) + ": must be a schema file", file};
        schema::SchemaFile loaded = schema::loadSchemaFile(base.filePath(QString::fromStdString(schemaPath.get<std::string>())), false,
                                                           schemaPath.get<std::string>());
        if (!loaded.ok)
            return Error{appendPointer("", name) + ": " + loaded.error, file};
        map[name] = MappedSchema{std::move(loaded.document), std::make_shared<const schema::Validator>(std::move(*loaded.validator))};
    }
    return map;
}

} // namespace conform::proxy
