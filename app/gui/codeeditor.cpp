#include "codeeditor.h"

#include "textfile.h"
#include "textspans.h"
#include "themecolours.h"

#include <Qsci/qscilexerjson.h>

#include <QEvent>
#include <QFile>
#include <QFontDatabase>
#include <QSaveFile>

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

bool CodeEditor::loadFile(const QString& path, QString* error)
{
    TextFile file = readTextFile(path);
    if (!file.ok) {
        *error = file.error;
        return false;
    }
    setText(file.text);
    setModified(false);
    m_filePath = path;
    emit filePathChanged(path);
    return true;
}

void CodeEditor::showUntitled(const QString& text)
{
    setText(text);
    setModified(false);
    if (!m_filePath.isEmpty()) {
        m_filePath.clear();
        emit filePathChanged(m_filePath);
    }
}

bool CodeEditor::saveFile(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text().toUtf8()) < 0 || !file.commit()) {
        *error = file.errorString();
        return false;
    }
    setModified(false);
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(path);
    }
    return true;
}

} // namespace conform::gui
