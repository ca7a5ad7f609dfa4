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

    // The text becomes `utf8` (every byte of it, a NUL included), unmodified: a file read or
    // a result, not an edit. After discardEdits() it is one undoable step; otherwise the undo
    // history starts afresh.
    void replaceText(const QByteArray& utf8);
    // Shows `utf8` as a result to read (an extracted value); a text above kReadOnWorkerBytes
    // is poured in steps as below.
    void showResult(QByteArray utf8);
    // The user chose to drop the unsaved edits: no longer modified, and the next replaceText
    // keeps them in the undo history (texts up to kUndoableReplaceBytes).
    void discardEdits();

    // A big text arrives in steps with the event loop running between them. startLoading()
    // makes the editor read-only and quiet (no textChanged) and returns the load's token;
    // pour() then fills it and says poured(token) at the end. Showing anything else first
    // abandons the load (isLoadCurrent turns false; a step of an older load stops).
    quint64 startLoading();
    bool isLoadCurrent(quint64 load) const { return m_loading && load == m_load; }
    void pour(QByteArray utf8, quint64 load);
    void abandonLoading();
    bool isLoading() const { return m_loading; }

    // Replaces the whole text (QsciScintilla's, fitted to the text's size first).
    void setText(const QString& text) override;

    // A result the user reads rather than edits, on a slightly shaded paper.
    void setShaded(bool shaded);

signals:
    // A pour() ended with the whole text in (textChanged was said just before).
    void poured(quint64 load);

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
    void pourStep(std::shared_ptr<const QByteArray> utf8, qsizetype from, quint64 load);
    void finishLoading(quint64 load);

    Kind m_kind;
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
