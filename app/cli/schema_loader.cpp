#include "schema_loader.h"

#include "json/parse.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace conform::cli {

LoadedSchema loadSchema(const QString& path, bool assertFormats)
{
    LoadedSchema loaded;
    const std::string name = path.toStdString();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        loaded.error = name + ": " + file.errorString().toStdString();
        return loaded;
    }
    const QByteArray bytes = file.readAll();
    auto parsed = json::parseStrict(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!parsed) {
        loaded.error = name + ": " + parsed.error().toString();
        return loaded;
    }
    loaded.document = std::move(parsed.value());

    const QFileInfo info(path);
    loaded.registry = schema::Registry::forWorkspace(info.absolutePath().toStdString());
    schema::CompileOptions options;
    options.registry = &loaded.registry;
    options.assertFormats = assertFormats;
    options.baseUri = QUrl::fromLocalFile(info.absoluteFilePath()).toString().toStdString();
    auto compiled = schema::Validator::compile(loaded.document, options);
    if (!compiled) {
        loaded.error = name + ": " + compiled.error().toString();
        return loaded;
    }
    loaded.validator = std::move(compiled.value());
    loaded.ok = true;
    return loaded;
}

} // namespace conform::cli
