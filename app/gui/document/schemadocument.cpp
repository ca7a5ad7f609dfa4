#include "document/schemadocument.h"

#include <QFileInfo>
#include <QUrl>

namespace conform::gui {

using namespace std::chrono_literals;

SchemaDocument::SchemaDocument(QObject* parent) : QObject(parent), m_job(this, 200ms)
{
    m_job.onResult([this](CompiledSchemaPtr schema) {
        if (schema->analysis.registry) {
            m_registry = schema->analysis.registry;
            m_registryFolder = QFileInfo(m_filePath).absolutePath();
        }
        m_compiled = std::move(schema);
        emit compiled(m_compiled);
    });
    // An empty document is a version too: a pane checking before any schema is typed gets
    // "no schema" rather than waiting for a compile that never comes.
    schedule();
}

void SchemaDocument::setText(std::string text)
{
    if (text == m_text && m_version > 0)
        return;
    m_text = std::move(text);
    schedule();
}

void SchemaDocument::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    refreshReferences(); // opening a file reads its folder afresh: files may have come and gone
}

void SchemaDocument::setSettings(const ValidationSettings& settings)
{
    if (settings == m_settings)
        return;
    m_settings = settings;
    schedule();
    emit settingsChanged(m_settings);
}

void SchemaDocument::refreshReferences()
{
    m_registry.reset();
    m_registryFolder.clear();
    schedule();
}

void SchemaDocument::schedule()
{
    ++m_version;
    emit changed();
    // The registry reads the files the schema's $refs name, inside its folder, on the worker; a
    // cached one (with the files it has read) is reused while the schema stays in the same folder.
    const QFileInfo file(m_filePath);
    const bool saved = !m_filePath.isEmpty();
    std::shared_ptr<const schema::Registry> registry =
        saved && file.absolutePath() == m_registryFolder ? m_registry : nullptr;
    m_job.request([version = m_version, text = m_text, settings = m_settings, registry = std::move(registry),
                   folder = saved ? file.absolutePath().toStdString() : std::string(),
                   baseUri = saved ? QUrl::fromLocalFile(file.absoluteFilePath()).toString().toStdString()
                                   : std::string()](const CancelFlag&) mutable {
        auto schema = std::make_shared<CompiledSchema>();
        schema->version = version;
        schema->settings = settings;
        schema->text = std::move(text);
        if (schema->blank())
            return CompiledSchemaPtr(std::move(schema));
        if (!registry && !folder.empty())
            registry = std::make_shared<const schema::Registry>(schema::Registry::forWorkspace(folder));
        schema->analysis = analyseSchema(schema->text, settings, SchemaLocation{std::move(registry), baseUri});
        return CompiledSchemaPtr(std::move(schema));
    });
}

} // namespace conform::gui
