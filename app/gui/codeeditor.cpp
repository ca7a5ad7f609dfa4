#include "codeeditor.h"

#include "textfile.h"
#include "textspans.h"

#include <Qsci/qscilexerjson.h>

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

// A calm light palette: keys stand out, values are readable, punctuation recedes.
void colourJson(QsciLexerJSON* lexer)
{
    lexer->setColor(QColor(0x24, 0x29, 0x2e), QsciLexerJSON::Default);
    lexer->setColor(QColor(0x00, 0x5c, 0xc5), QsciLexerJSON::Property);
    lexer->setColor(QColor(0x03, 0x2f, 0x62), QsciLexerJSON::String);
    lexer->setColor(QColor(0xb3, 0x1d, 0x28), QsciLexerJSON::UnclosedString);
    lexer->setColor(QColor(0x00, 0x80, 0x50), QsciLexerJSON::Number);
    lexer->setColor(QColor(0x6f, 0x42, 0xc1), QsciLexerJSON::Keyword);
    lexer->setColor(QColor(0x6a, 0x73, 0x7d), QsciLexerJSON::Operator);
    lexer->setColor(QColor(0xe3, 0x62, 0x09), QsciLexerJSON::EscapeSequence);
    lexer->setColor(QColor(0xb3, 0x1d, 0x28), QsciLexerJSON::Error);
    lexer->setPaper(QColor(0xff, 0xeb, 0xe9), QsciLexerJSON::Error);
}

} // namespace

CodeEditor::CodeEditor(Kind kind, QWidget* parent) : QsciScintilla(parent), m_kind(kind)
{
    setUtf8(true);
    setUpView();
    if (m_kind == Kind::Json)
        setUpJsonLexer();
    setUpMarks();
}

void CodeEditor::setUpView()
{
    const QFont font = editorFont();
    setFont(font);
    setMarginsFont(font);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("0000"));
    setMarginsForegroundColor(QColor(0x8c, 0x95, 0x9f));
    setMarginsBackgroundColor(QColor(0xf6, 0xf8, 0xfa));
    setCaretLineVisible(true);
    setCaretLineBackgroundColor(QColor(0xf3, 0xf6, 0xfb));
    setSelectionBackgroundColor(QColor(0xc8, 0xe1, 0xff));
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
    colourJson(lexer);
    lexer->setFoldCompact(false);
    setLexer(lexer);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setFoldMarginColors(QColor(0xf6, 0xf8, 0xfa), QColor(0xf6, 0xf8, 0xfa));
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setMatchedBraceBackgroundColor(QColor(0xdd, 0xf4, 0xff));
    setIndentationGuides(true);
    setMarginsFont(editorFont());
}

void CodeEditor::setUpMarks()
{
    indicatorDefine(SquiggleIndicator, IssueMark);
    setIndicatorForegroundColor(QColor(0xd7, 0x3a, 0x49), IssueMark);
    indicatorDefine(StraightBoxIndicator, FocusMark);
    setIndicatorForegroundColor(QColor(0xff, 0xc1, 0x07, 110), FocusMark);
    setIndicatorOutlineColor(QColor(0xe0, 0x9a, 0x00), FocusMark);
    setIndicatorDrawUnder(true, FocusMark);
    indicatorDefine(FullBoxIndicator, FixMark);
    setIndicatorForegroundColor(QColor(0x2e, 0xa0, 0x43, 70), FixMark);
    setIndicatorHoverForegroundColor(QColor(0x2e, 0xa0, 0x43, 140), FixMark);
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
