#include "widgets/codeeditor.h"

#include "document/textfile.h"
#include "checks/textspans.h"
#include "widgets/themecolours.h"

#include <Qsci/qscilexerjson.h>

#include <QEvent>
#include <QFontDatabase>
#include <QTimer>

#include <utility>

namespace conform::gui {

namespace {

QFont editorFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    return font;
}

} // namespace

CodeEditor::CodeEditor(Kind kind, QWidget* parent) : QsciScintilla(parent), m_kind(kind)
{
    setUtf8(true);
    setUpView();
    if (m_kind == Kind::Json)
        setUpJsonLexer();
    setUpMarks();
    applyColours();
    m_fullModEventMask = SendScintilla(SCI_GETMODEVENTMASK); // what a finished load puts back
    connect(this, &QsciScintilla::textChanged, this, [this] {
        if (!m_replacing)
            fitToSize(SendScintilla(SCI_GETLENGTH));
    });
}

namespace {

// Above this, two conveniences cost more than they give: brace matching (a bracket's partner
// is found by styling everything up to it: 0.2 s when the caret rests on the "[" of 20 MB)
// and word wrap (wrapping 20 MB of reply takes seconds).
constexpr qint64 kConvenienceLimitBytes = 1024 * 1024;

} // namespace

void CodeEditor::setText(const QString& text)
{
    abandonLoading();
    // Fitted to the new text before it goes in, and not to the empty document the replacement
    // passes through: wrapping switched on there would wrap all of a large text as it arrives.
    fitToSize(text.size());
    m_replacing = true;
    const bool readOnly = isReadOnly();
    setReadOnly(false);
    setAllBytes(text.toUtf8());
    SendScintilla(SCI_EMPTYUNDOBUFFER);
    setReadOnly(readOnly);
    m_replacing = false;
    fitToSize(SendScintilla(SCI_GETLENGTH));
}

void CodeEditor::setAllBytes(const QByteArray& utf8)
{
    // By length, not as SCI_SETTEXT's C string (QsciScintilla::setText's way), which ends at
    // the first NUL: the whole text reaches the document, a NUL included, and the checks
    // that read it report the NUL where it is rather than pass the text before it.
    SendScintilla(SCI_CLEARALL);
    SendScintilla(SCI_APPENDTEXT, static_cast<unsigned long>(utf8.size()), utf8.constData());
}

void CodeEditor::fitToSize(qint64 bytes)
{
    const bool large = bytes > kConvenienceLimitBytes;
    if (large == m_large)
        return;
    m_large = large;
    if (m_kind == Kind::Json)
        setBraceMatching(large ? QsciScintilla::NoBraceMatch : QsciScintilla::SloppyBraceMatch);
    else
        setWrapMode(large ? QsciScintilla::WrapNone : QsciScintilla::WrapWord);
}

void CodeEditor::setShaded(bool shaded)
{
    m_shaded = shaded;
    applyColours();
}

void CodeEditor::changeEvent(QEvent* event)
{
    QsciScintilla::changeEvent(event);
    // The theme changed in Settings (or the desktop's): Scintilla paints with its own colours,
    // so they are set again from the new palette.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyColours();
}

void CodeEditor::applyColours()
{
    const EditorColours c = editorColours(palette());
    const QColor paper = m_shaded ? c.readOnlyPaper : c.paper;
    setColor(c.text);
    setPaper(paper);
    setMarginsForegroundColor(c.marginText);
    setMarginsBackgroundColor(c.margin);
    setCaretForegroundColor(c.text);
    setCaretLineBackgroundColor(c.caretLine);
    setSelectionBackgroundColor(c.selection);
    setSelectionForegroundColor(c.text);
    setFoldMarginColors(c.margin, c.margin);
    setMatchedBraceBackgroundColor(c.matchedBrace);
    setMatchedBraceForegroundColor(c.text);
    setIndicatorForegroundColor(c.issue, IssueMark);
    setIndicatorForegroundColor(c.focus, FocusMark);
    setIndicatorOutlineColor(c.focusOutline, FocusMark);
    setIndicatorForegroundColor(c.fix, FixMark);
    setIndicatorHoverForegroundColor(c.fixHover, FixMark);
    if (auto* json = qobject_cast<QsciLexerJSON*>(lexer())) {
        json->setDefaultPaper(paper);
        json->setPaper(paper, -1); // every style
        json->setDefaultColor(c.text);
        json->setColor(c.text, QsciLexerJSON::Default);
        json->setColor(c.property, QsciLexerJSON::Property);
        json->setColor(c.string, QsciLexerJSON::String);
        // URLs in strings ("$schema", "$id") read as strings; the lexer's default is a dark blue.
        json->setColor(c.string, QsciLexerJSON::IRI);
        json->setColor(c.string, QsciLexerJSON::IRICompact);
        json->setColor(c.keyword, QsciLexerJSON::KeywordLD);
        json->setColor(c.operators, QsciLexerJSON::CommentLine);
        json->setColor(c.operators, QsciLexerJSON::CommentBlock);
        json->setColor(c.error, QsciLexerJSON::UnclosedString);
        json->setColor(c.number, QsciLexerJSON::Number);
        json->setColor(c.keyword, QsciLexerJSON::Keyword);
        json->setColor(c.operators, QsciLexerJSON::Operator);
        json->setColor(c.escape, QsciLexerJSON::EscapeSequence);
        json->setColor(c.error, QsciLexerJSON::Error);
        json->setPaper(c.errorPaper, QsciLexerJSON::Error);
    }
}

void CodeEditor::setUpView()
{
    const QFont font = editorFont();
    setFont(font);
    setMarginsFont(font);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("0000"));
    setCaretLineVisible(true);
    setIndentationsUseTabs(false);
    setTabWidth(2);
    setAutoIndent(true);
    setEolMode(QsciScintilla::EolUnix);
    setWrapMode(m_kind == Kind::Plain ? QsciScintilla::WrapWord : QsciScintilla::WrapNone);
    // The horizontal scroll bar follows the longest line instead of a fixed 2000 pixels.
    SendScintilla(SCI_SETSCROLLWIDTH, 1UL);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1UL);
    SendScintilla(SCI_SETMOUSEDWELLTIME, 400UL); // for the fix tooltips of the reply pane
}

void CodeEditor::setUpJsonLexer()
{
    auto* lexer = new QsciLexerJSON(this);
    lexer->setDefaultFont(editorFont());
    lexer->setFont(editorFont());
    lexer->setFoldCompact(false);
    setLexer(lexer);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setIndentationGuides(true);
    setMarginsFont(editorFont());
}

void CodeEditor::setUpMarks()
{
    indicatorDefine(SquiggleIndicator, IssueMark);
    indicatorDefine(StraightBoxIndicator, FocusMark);
    setIndicatorDrawUnder(true, FocusMark);
    indicatorDefine(FullBoxIndicator, FixMark);
    setIndicatorDrawUnder(true, FixMark);
}

std::string CodeEditor::utf8Text() const
{
    // Scintilla keeps the document as UTF-8 already: one copy of its bytes, rather than
    // text()'s round trip through UTF-16 (which panes pay on every keystroke of a 16 MB file).
    const auto length = std::size_t(SendScintilla(SCI_GETLENGTH));
    const auto* bytes = reinterpret_cast<const char*>(SendScintilla(SCI_GETCHARACTERPOINTER));
    return bytes ? std::string(bytes, length) : std::string();
}

void CodeEditor::fill(Mark mark, Span span)
{
    const Span visible = visibleSpan(std::size_t(length()), span);
    SendScintilla(SCI_SETINDICATORCURRENT, int(mark));
    SendScintilla(SCI_INDICATORFILLRANGE, visible.offset, long(visible.length));
}

void CodeEditor::setMarks(Mark mark, const std::vector<Span>& spans)
{
    clearMarks(mark);
    for (const Span& span : spans)
        fill(mark, span);
}

void CodeEditor::clearMarks(Mark mark)
{
    SendScintilla(SCI_SETINDICATORCURRENT, int(mark));
    SendScintilla(SCI_INDICATORCLEARRANGE, 0UL, long(length()));
}

bool CodeEditor::hasMark(Mark mark, std::size_t position) const
{
    const long bits = SendScintilla(SCI_INDICATORALLONFOR, position);
    return (bits >> int(mark)) & 1;
}

void CodeEditor::revealSpan(Span span)
{
    const Span visible = visibleSpan(std::size_t(length()), span);
    const long line = SendScintilla(SCI_LINEFROMPOSITION, visible.offset);
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, line);
    SendScintilla(SCI_SETSEL, visible.offset, long(visible.end()));
    SendScintilla(SCI_SCROLLRANGE, visible.end(), long(visible.offset));
    setMarks(FocusMark, {visible});
}

Span CodeEditor::selectedSpan() const
{
    const auto start = std::size_t(SendScintilla(SCI_GETSELECTIONSTART));
    const auto end = std::size_t(SendScintilla(SCI_GETSELECTIONEND));
    return Span{start, end - start};
}

void CodeEditor::discardEdits()
{
    setModified(false);
    m_discarded = true;
}

void CodeEditor::replaceText(const QByteArray& utf8)
{
    abandonLoading();
    // The bytes go to Scintilla as they are: setText() would convert them to UTF-16 and back.
    fitToSize(utf8.size());
    const bool readOnly = isReadOnly();
    setReadOnly(false);
    // Edits the user chose to discard are replaced as one undoable step, so Undo brings them
    // back (a demo opened over an edited schema, then Discard); a plain load starts a fresh
    // history, and a big text never keeps one (it would double the memory).
    const bool undoable = std::exchange(m_discarded, false) && utf8.size() <= kUndoableReplaceBytes
                          && SendScintilla(SCI_GETLENGTH) <= kUndoableReplaceBytes;
    m_replacing = true;
    if (undoable)
        SendScintilla(SCI_BEGINUNDOACTION);
    setAllBytes(utf8);
    if (undoable)
        SendScintilla(SCI_ENDUNDOACTION);
    else
        SendScintilla(SCI_EMPTYUNDOBUFFER);
    m_replacing = false;
    setReadOnly(readOnly);
    setModified(false);
}

namespace {

// One step's bytes: a few milliseconds of Scintilla's work, ended on a character boundary.
constexpr qsizetype kPourStepBytes = 1024 * 1024;

qsizetype stepEnd(const QByteArray& utf8, qsizetype from)
{
    qsizetype end = std::min(utf8.size(), from + kPourStepBytes);
    while (end < utf8.size() && end > from && (static_cast<unsigned char>(utf8[end]) & 0xC0) == 0x80)
        --end; // never split a UTF-8 sequence between steps
    return end;
}

} // namespace

quint64 CodeEditor::startLoading()
{
    abandonLoading();
    m_loading = true;
    m_readOnlyBeforeLoading = isReadOnly();
    setReadOnly(true);
    return m_load;
}

void CodeEditor::showResult(QByteArray utf8)
{
    if (utf8.size() <= kReadOnWorkerBytes)
        return replaceText(utf8);
    pour(std::move(utf8), startLoading());
}

void CodeEditor::pour(QByteArray utf8, quint64 load)
{
    if (!isLoadCurrent(load))
        return;
    // Quiet while pouring: panes re-check on textChanged, once the whole text is in. And
    // no modification notices at all: QScintilla's handling of one costs time in
    // proportion to where the text goes (100 ms at the end of 20 MB), which would make
    // pouring quadratic.
    blockSignals(true);
    SendScintilla(SCI_SETMODEVENTMASK, 0UL);
    setReadOnly(false);
    SendScintilla(SCI_SETUNDOCOLLECTION, 0UL);
    SendScintilla(SCI_CLEARALL);
    setReadOnly(true);
    fitToSize(utf8.size()); // before the first step: no wrapping of a text on its way in
    pourStep(std::make_shared<const QByteArray>(std::move(utf8)), 0, load);
}

void CodeEditor::pourStep(std::shared_ptr<const QByteArray> utf8, qsizetype from, quint64 load)
{
    if (!isLoadCurrent(load))
        return;
    const qsizetype end = stepEnd(*utf8, from);
    setReadOnly(false);
    SendScintilla(SCI_APPENDTEXT, static_cast<unsigned long>(end - from), utf8->constData() + from);
    setReadOnly(true);
    if (end < utf8->size()) {
        QTimer::singleShot(0, this, [this, utf8 = std::move(utf8), end, load]() mutable {
            pourStep(std::move(utf8), end, load);
        });
        return;
    }
    finishLoading(load);
}

void CodeEditor::finishLoading(quint64 load)
{
    SendScintilla(SCI_SETMODEVENTMASK, static_cast<unsigned long>(m_fullModEventMask));
    SendScintilla(SCI_SETUNDOCOLLECTION, 1UL);
    SendScintilla(SCI_EMPTYUNDOBUFFER);
    SendScintilla(SCI_GOTOPOS, 0UL);
    setReadOnly(m_readOnlyBeforeLoading);
    m_loading = false;
    blockSignals(false);
    setModified(false);
    emit textChanged();
    emit poured(load);
}

void CodeEditor::abandonLoading()
{
    ++m_load;
    if (!m_loading)
        return;
    m_loading = false;
    SendScintilla(SCI_SETMODEVENTMASK, static_cast<unsigned long>(m_fullModEventMask));
    SendScintilla(SCI_SETUNDOCOLLECTION, 1UL);
    setReadOnly(m_readOnlyBeforeLoading);
    blockSignals(false);
}

} // namespace conform::gui
