#pragma once
// A CodeEditor under a one-line header naming what it holds ("Schema — person/schema.json")
// and marking unsaved changes with "•", as the tab of a text editor would. The header follows
// the panel's TextDocument, which owns the file the editor shows.
#include "widgets/codeeditor.h"

#include <QWidget>

class QLabel;

namespace conform::gui {

class TextDocument;

class EditorPanel : public QWidget
{
    Q_OBJECT

public:
    EditorPanel(const QString& title, CodeEditor::Kind kind, QWidget* parent = nullptr);

    CodeEditor* editor() const { return m_editor; }
    TextDocument* document() const { return m_document; }
    // The header's text as shown, e.g. "Instance — a.json •".
    QString headerText() const;
    // Extra words at the right of the header ("read-only", "extracted from fenced").
    void setNote(const QString& note);
    QString note() const;
    // What the panel holds ("Final value", "Best attempt — invalid").
    void setTitle(const QString& title);
    // A line under the editor (the schema's engine strip).
    void addFooter(QWidget* footer);

private:
    void updateHeader();

    QString m_title;
    CodeEditor* m_editor;
    QLabel* m_header;
    QLabel* m_note;
    TextDocument* m_document;
};

} // namespace conform::gui
