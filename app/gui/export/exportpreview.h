#pragma once
// The Export tab beside the schema editor: the open schema as the chosen ecosystem wants it
// (libcore export/export.h), refreshed as the schema is edited, with what the target cannot
// say listed under it. Read-only; Copy puts the export on the clipboard.
#include "async/debouncedjob.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace conform::gui {

class CodeEditor;

class ExportPreview : public QWidget
{
    Q_OBJECT
public:
    ExportPreview(CodeEditor* schemaEditor, QWidget* parent = nullptr);

    QString exportedText() const;
    QString notesText() const;
    void setTarget(const QString& name); // "zod", "pydantic", ...

private:
    struct Preview
    {
        QString text;
        QString notes;
    };
    void refresh();
    void show(Preview preview);

    CodeEditor* m_schemaEditor;
    QComboBox* m_target;
    QPlainTextEdit* m_text;
    QLabel* m_notes;
    DebouncedJob<Preview> m_job;
};

} // namespace conform::gui
