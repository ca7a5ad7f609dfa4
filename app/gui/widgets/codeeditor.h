#pragma once
// A QScintilla editor set up for Conform: JSON (highlighting, folding) or plain text (raw model
// replies), line numbers, a monospace font, and indicators that mark byte spans. Its colours
// follow the palette (themecolours.h): a dark theme gives dark editors.
//
// Positions are UTF-8 byte offsets throughout — QScintilla's own positions — so spans from
// libcore (source maps, fixes, issues) apply without conversion. Spans beyond the text are
// clamped; empty spans widen to one byte so that an insertion stays visible.
#include "base/span.h"

#include <Qsci/qsciscintilla.h>

#include <memory>
#include <string>
#include <vector>

namespace conform::gui {

class CodeEditor : public QsciScintilla
{
    Q_OBJECT

public:
    enum class Kind { Json, Plain };
    // Indicator numbers 8..31 are free for containers (0..7 belong to lexers).
    enum Mark { IssueMark = 8, FocusMark = 9, FixMark = 10 };
    // A file load or a result this small (and replacing one this small) can be undone.
    static constexpr qint64 kUndoableReplaceBytes = 1024 * 1024;

    explicit CodeEditor(Kind kind, QWidget* parent = nullptr);

    // The document's bytes (UTF-8): what libcore's offsets are counted in.
    std::string utf8Text() const;

    // Replaces every `mark` span with `spans`.
    void setMarks(Mark mark, const std::vector<Span>& spans);
    void clearMarks(Mark mark);
    bool hasMark(Mark mark, std::size_t position) const;

    // Selects `span`, scrolls it into view (unfolding if needed) and outlines it.
    void revealSpan(Span span);
    Span selectedSpan() const;

    // The file behind the editor, if any. Loading and saving reset the modified flag.
    QString filePath() const { return m_filePath; }
    // Refuses what is not text, or too large for an editor (see textfile.h).
    bool loadFile(const QString& path, QString* error);
    // The same for a large file without stopping the window: read on a worker, then shown a
    // step at a time with the event loop running between steps. The editor is read-only and
    // quiet (no textChanged) meanwhile; fileLoaded or fileLoadFailed says how it ended.
    // Loading or showing anything else first abandons it.
    void loadFileInSteps(const QString& path);
    bool isLoading() const { return m_loading; }
    // Shows `utf8` as a result to read (an extracted value): the file path stays, nothing
    // counts as modified, and a text above kReadOnWorkerBytes is poured in steps as above.
    void showResult(QByteArray utf8);
    // Shows `text` with no file behind it (Save then asks where): a line picked from a .jsonl.
    void showUntitled(const QString& text);
    bool saveFile(const QString& path, QString* error);
    // The user chose to drop the unsaved edits (Save / Discard / Cancel): no longer modified,
    // and the next load replaces them as one undoable step, so Undo can still bring them back.
    void discardEdits();

    // Replaces the whole text (QsciScintilla's, fitted to the text's size first).
    void setText(const QString& text) override;

    // A result the user reads rather than edits, on a slightly shaded paper.
    void setShaded(bool shaded);

signals:
    void filePathChanged(const QString& path);
    void fileLoaded(const QString& path);
    void fileLoadFailed(const QString& path, const QString& error);

protected:
    void changeEvent(QEvent* event) override;

private:
    void setUpView();
    void applyColours(); // from the palette in force: light or dark
    // Brace matching (JSON) or word wrap (plain) only while the text is small enough for them.
    void fitToSize(qint64 bytes);
    void setAllBytes(const QByteArray& utf8); // the document becomes `utf8`, every byte of it
    void setUpJsonLexer();
    void setUpMarks();
    void fill(Mark mark, Span span);
    void showFileText(const QByteArray& utf8, const QString& path);
    void replaceAllText(const QByteArray& utf8); // not an edit: no undo, not modified
    void pour(std::shared_ptr<const QByteArray> utf8, const QString& path, quint64 load);
    void pourStep(std::shared_ptr<const QByteArray> utf8, qsizetype from, QString path, quint64 load);
    void finishLoading(const QString& path);
    void abandonLoading();

    Kind m_kind;
    QString m_filePath;
    bool m_shaded = false;
    bool m_large = false;     // fitToSize's last verdict
    bool m_replacing = false; // the whole text is being replaced: no fitting to the middle state
    bool m_loading = false;
    bool m_readOnlyBeforeLoading = false;
    long m_fullModEventMask = 0;
    quint64 m_load = 0; // bumped by every load; a step of an older one stops
    bool m_discarded = false; // discardEdits() was called and no text has replaced them yet
};

} // namespace conform::gui
