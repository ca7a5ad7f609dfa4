#pragma once
// Under the schema editor: what each structured-output engine would do with the schema as it
// stands (engines/engines.h) — accepts, drops N (takes the request, does not enforce N
// constraints: only Conform checks them), rejects (the request fails) — one link per engine on
// a line that wraps (eight buttons would not fit beside the schema at 1024×700), updated a
// moment after each edit. A click lists that engine's findings with their sources;
// choosing one puts the caret on the keyword in the schema.
#include "async/debouncedjob.h"
#include "engines/engines.h"

#include <QWidget>

#include <vector>

class QLabel;

namespace conform::gui {

class CodeEditor;
class SchemaDocument;

class EngineStrip : public QWidget
{
    Q_OBJECT
public:
    EngineStrip(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);

    // The reports for the text last judged, in allEngines() order (empty while the schema is
    // no JSON object).
    const std::vector<engines::EngineReport>& reports() const { return m_reports; }
    // What the line says of an engine: "accepts", "drops 2", "rejects".
    QString verdictText(engines::Engine engine) const;
    // The line as shown, in words ("Engines: openai accepts · anthropic drops 2 · …").
    QString lineText() const;
    // Puts the caret on finding `index` of `engine` (what choosing it in the list does).
    void goToFinding(engines::Engine engine, int index);
    // Judges the current text now (tests; the strip otherwise waits a moment after an edit).
    void flush();

signals:
    // New verdicts are shown (for a newer text).
    void judged();

private:
    void judge();
    void show(std::vector<engines::EngineReport> reports);
    void showFindings(engines::Engine engine);

    SchemaDocument* m_document;
    CodeEditor* m_schemaEditor;
    QLabel* m_line;
    std::vector<engines::EngineReport> m_reports;
    DebouncedJob<std::vector<engines::EngineReport>> m_job;
};

} // namespace conform::gui
