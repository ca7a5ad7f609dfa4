#pragma once
// The schema being edited, as every pane sees it — the workbench's one model, as Tiled's
// Document is shared by its views. It holds the schema text (the editor's, pushed on every
// edit), where the file lives (so $ref to sibling files resolves exactly as in conform-cli)
// and the validation settings (their one owner: the toolbar and the Run tab's Coerce show them
// and write them here), and it compiles them once per edit on a worker
// thread. Panes never compile: they observe `changed` (whatever they show for the old schema
// is now stale) and `compiled` (check again against this one).
#include "async/debouncedjob.h"
#include "document/schemaanalysis.h"
#include "document/validationsettings.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <string>

namespace conform::gui {

// One compiled version of the document: immutable, shared by the checks that use it.
struct CompiledSchema
{
    std::uint64_t version = 0;   // the document's version it was compiled from
    std::string text;            // the schema text it was compiled from
    ValidationSettings settings; // the settings it was compiled (and is to be validated) with
    SchemaAnalysis analysis;     // the validator or the error, with the schema's source map

    bool blank() const { return text.find_first_not_of(" \t\r\n") == std::string::npos; }
};

using CompiledSchemaPtr = std::shared_ptr<const CompiledSchema>;

class SchemaDocument : public QObject
{
    Q_OBJECT

public:
    explicit SchemaDocument(QObject* parent = nullptr);

    // Each bumps the version, says `changed` and schedules a compile (debounced).
    void setText(std::string text);
    void setFilePath(const QString& path);
    void setSettings(const ValidationSettings& settings);
    // Files beside the schema changed on disk (a save): read its folder's $ref targets again.
    void refreshReferences();

    const std::string& text() const { return m_text; }
    QString filePath() const { return m_filePath; }
    const ValidationSettings& settings() const { return m_settings; }
    std::uint64_t version() const { return m_version; }

    // The newest compiled version (null before the first compile ends). It describes the
    // current text only when isCurrent().
    CompiledSchemaPtr current() const { return m_compiled; }
    bool isCurrent() const { return m_compiled && m_compiled->version == m_version; }
    // Compiles now instead of after the delay (tests, a freshly opened file).
    void flush() { m_job.flush(); }

signals:
    // The text, file or settings changed: results computed for the old schema are stale.
    void changed();
    // The validation settings changed (after `changed`): their views show them.
    void settingsChanged(const conform::gui::ValidationSettings& settings);
    // A compile of the current version finished (also when it failed: see analysis.error).
    void compiled(const conform::gui::CompiledSchemaPtr& schema);

private:
    void schedule();

    std::string m_text;
    QString m_filePath;
    ValidationSettings m_settings;
    std::uint64_t m_version = 0;
    CompiledSchemaPtr m_compiled;
    // The $ref registry of the schema's folder, made afresh when a file is opened and after a
    // save, and reused while the user types (the files its $refs named stay read).
    QString m_registryFolder;
    std::shared_ptr<const schema::Registry> m_registry;
    DebouncedJob<CompiledSchemaPtr> m_job;
};

} // namespace conform::gui
