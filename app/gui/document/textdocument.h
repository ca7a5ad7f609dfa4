#pragma once
// A text the user edits and saves: the schema, the instance, the raw reply, a free text. The
// document owns what makes it a file (where it lives, whether it has unsaved edits, reading
// and writing it, and the name the Save question calls it by); its CodeEditor holds the bytes
// and shows them, as a view of it. The main window and the Workspace deal in documents, never
// in editors: Save, the Save / Discard / Cancel question, the window's • and the panel
// headers all read the document.
//
//   TextDocument schema(editor, tr("The untitled schema"));
//   QString error;
//   if (!schema.open(path, &error)) ...   // a big file arrives later: loaded() / loadFailed()
//   schema.save(schema.filePath(), &error);
//
// Only text is read, and not more than an editor holds (textfile.h). Files above
// kReadOnWorkerBytes are read on a worker thread and poured into the editor in steps, so
// opening a 20 MB file never stops the window.
#include <QObject>
#include <QString>

namespace conform::gui {

class CodeEditor;

class TextDocument : public QObject
{
    Q_OBJECT

public:
    // `untitledName` is what the document is called while no file is behind it ("The raw
    // reply"). The document is a child of `editor` unless given another parent.
    TextDocument(CodeEditor* editor, QString untitledName, QObject* parent = nullptr);

    CodeEditor* editor() const { return m_editor; }
    QString filePath() const { return m_filePath; }
    // The file's name, or the untitled name: what a question about unsaved edits names.
    QString displayName() const;
    void setUntitledName(const QString& name) { m_untitledName = name; }

    bool isModified() const;
    // A big file is still on its way into the editor (open() returned true before it ended).
    bool isLoading() const;

    // Opens `path`. A file above kReadOnWorkerBytes is read on a worker: open() returns true at
    // once and loaded() or loadFailed() says how it ended. Otherwise false with `error` (one
    // line, without the path) when the file is not text or too large. Opening anything else
    // meanwhile abandons a load.
    bool open(const QString& path, QString* error);
    // Shows `text` with no file behind it (Save then asks where): a line picked from a .jsonl.
    void showUntitled(const QString& text);
    // Writes the editor's bytes to `path` (atomically) and makes it the document's file.
    bool save(const QString& path, QString* error);
    // The user chose to drop the unsaved edits (Save / Discard / Cancel): no longer modified,
    // and the next text shown replaces them as one undoable step.
    void discardEdits();

signals:
    void filePathChanged(const QString& path);
    void modificationChanged(bool modified);
    void loaded(const QString& path);
    void loadFailed(const QString& path, const QString& error);

private:
    void setFilePath(const QString& path);

    CodeEditor* m_editor;
    QString m_untitledName;
    QString m_filePath;
    struct Pouring
    {
        quint64 load = 0; // the editor's token for it
        QString path;
    } m_pouring; // the big file on its way into the editor
};

} // namespace conform::gui
