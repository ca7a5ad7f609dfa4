#include "checks/fixwords.h"

#include "base/path.h"
#include "json/parse.h"

#include <QCoreApplication>

#include <algorithm>

namespace conform::gui {

namespace {

// The words for each kind (translated in the "FixWords" context). A switch without a
// default: a kind added to json/fix_kind.h without words here is a compiler warning, and
// test_gui's fixWordsForEveryKind fails.
const char* fixWordsSource(json::FixKind kind)
{
    using K = json::FixKind;
    switch (kind) {
    // Fixes that only remove something, said as "removed …".
    case K::TrailingComma: return QT_TRANSLATE_NOOP("FixWords", "removed trailing comma");
    case K::ExtraComma: return QT_TRANSLATE_NOOP("FixWords", "removed extra comma");
    case K::Comment: return QT_TRANSLATE_NOOP("FixWords", "removed comment");
    case K::Bom: return QT_TRANSLATE_NOOP("FixWords", "removed byte-order mark");
    case K::StrayBracket: return QT_TRANSLATE_NOOP("FixWords", "removed stray bracket");
    case K::StrayCharacter: return QT_TRANSLATE_NOOP("FixWords", "removed stray character");
    case K::DanglingKey: return QT_TRANSLATE_NOOP("FixWords", "removed key without a value");
    case K::ControlCharacter: return QT_TRANSLATE_NOOP("FixWords", "removed control character");
    // Fixes that only insert something, said as "added …".
    case K::MissingComma: return QT_TRANSLATE_NOOP("FixWords", "added missing comma");
    case K::MissingColon: return QT_TRANSLATE_NOOP("FixWords", "added missing colon");
    case K::MissingBracket: return QT_TRANSLATE_NOOP("FixWords", "closed unclosed bracket");
    case K::MissingQuote: return QT_TRANSLATE_NOOP("FixWords", "added missing quote");
    case K::MissingValue: return QT_TRANSLATE_NOOP("FixWords", "added missing value");
    case K::TruncatedString: return QT_TRANSLATE_NOOP("FixWords", "closed cut-off string");
    // Fixes that replace one spelling by another.
    case K::SingleQuotes: return QT_TRANSLATE_NOOP("FixWords", "single quotes → double quotes");
    case K::TypographicQuotes: return QT_TRANSLATE_NOOP("FixWords", "typographic quotes → straight quotes");
    case K::OddQuotes: return QT_TRANSLATE_NOOP("FixWords", "backtick or accent quotes → double quotes");
    case K::UnquotedKey: return QT_TRANSLATE_NOOP("FixWords", "quoted a bare key");
    case K::UnquotedString: return QT_TRANSLATE_NOOP("FixWords", "quoted a bare string");
    case K::PythonLiteral: return QT_TRANSLATE_NOOP("FixWords", "Python literal → JSON literal");
    case K::InvalidLiteral: return QT_TRANSLATE_NOOP("FixWords", "invalid literal → JSON literal");
    case K::TruncatedLiteral: return QT_TRANSLATE_NOOP("FixWords", "completed cut-off literal");
    case K::TruncatedNumber: return QT_TRANSLATE_NOOP("FixWords", "completed cut-off number");
    case K::InvalidNumber: return QT_TRANSLATE_NOOP("FixWords", "invalid number → JSON number");
    case K::InvalidEscape: return QT_TRANSLATE_NOOP("FixWords", "invalid escape → valid escape");
    case K::InvalidUtf8: return QT_TRANSLATE_NOOP("FixWords", "invalid UTF-8 byte → replacement character");
    case K::UnescapedQuote: return QT_TRANSLATE_NOOP("FixWords", "escaped a quote inside a string");
    case K::EscapedQuotes: return QT_TRANSLATE_NOOP("FixWords", "unescaped an escaped top-level string");
    case K::ConcatenatedString: return QT_TRANSLATE_NOOP("FixWords", "joined \"a\" + \"b\" into one string");
    case K::MongoWrapper: return QT_TRANSLATE_NOOP("FixWords", "unwrapped a Mongo-style wrapper");
    case K::UnicodeWhitespace: return QT_TRANSLATE_NOOP("FixWords", "Unicode space → plain space");
    case K::Placeholder: return QT_TRANSLATE_NOOP("FixWords", "placeholder \"...\" → null");
    case K::Crlf: return QT_TRANSLATE_NOOP("FixWords", "line ending inside a string escaped");
    case K::DoubleEncoded: return QT_TRANSLATE_NOOP("FixWords", "decoded JSON sent as a string");
    case K::Ambiguous: return QT_TRANSLATE_NOOP("FixWords", "ambiguous: an item may be lost here");
    case K::GuessedMissingQuote: return QT_TRANSLATE_NOOP("FixWords", "guess: closed a string where the next item seems to start");
    case K::NumberOutOfRange: return QT_TRANSLATE_NOOP("FixWords", "number too large for a double → null");
    case K::RepeatedKey: return QT_TRANSLATE_NOOP("FixWords", "repeated key: the last value is kept, as JSON.parse keeps it");
    }
    return nullptr;
}

} // namespace

QString quotedText(const std::string& text)
{
    // The characters themselves between typographic quotes (a JSON dump showed a quote as \"),
    // with only what cannot be seen spelled out.
    QString shown;
    for (const QChar c : QString::fromUtf8(text.data(), qsizetype(text.size()))) {
        if (c == QLatin1Char('\n'))
            shown += QStringLiteral("\\n");
        else if (c == QLatin1Char('\r'))
            shown += QStringLiteral("\\r");
        else if (c == QLatin1Char('\t'))
            shown += QStringLiteral("\\t");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            shown += c;
    }
    return QStringLiteral("“%1”").arg(shown);
}

QString fixWords(json::FixKind kind)
{
    return QCoreApplication::translate("FixWords", fixWordsSource(kind));
}

QString describeFix(const std::string& kind, const std::string& before, const std::string& after)
{
    if (const std::optional<json::FixKind> known = json::parseFixKind(kind))
        return fixWords(*known);
    return QString::fromStdString(kind).replace(QLatin1Char('_'), QLatin1Char(' '));
}

namespace {

QString dumped(const Json& value)
{
    return QString::fromStdString(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

} // namespace

QString coercionPath(const Json& coercion)
{
    return QString::fromStdString(jsonPathText(coercion.is_object() && coercion.contains("path") ? coercion["path"] : Json()));
}

QString coercionChange(const Json& coercion)
{
    return QCoreApplication::translate("FixWords", "%1 → %2").arg(dumped(coercion.value("before", Json())), dumped(coercion.value("after", Json())));
}

QString describeCoercion(const Json& coercion)
{
    return QCoreApplication::translate("FixWords", "%1 at %2").arg(coercionChange(coercion), coercionPath(coercion));
}

// The kinds schema/coerce.cpp records.
QString coercionWords(const std::string& kind)
{
    if (kind == "enum_case")
        return QCoreApplication::translate("FixWords", "coerced: matched the enum's letter case");
    if (kind == "boolean_word")
        return QCoreApplication::translate("FixWords", "coerced: read a yes/no word as a boolean");
    if (kind == "numeric_string")
        return QCoreApplication::translate("FixWords", "coerced: read a numeric string as a number");
    if (kind == "wrap_in_array")
        return QCoreApplication::translate("FixWords", "coerced: wrapped a single value in an array");
    return QCoreApplication::translate("FixWords", "coerced: %1").arg(QString::fromStdString(kind).replace(QLatin1Char('_'), QLatin1Char(' ')));
}

namespace {

// The 1-based line `offset` is on.
int lineAt(const std::string& raw, std::size_t offset)
{
    return int(json::lineColumnAt(raw, offset).line);
}

// The line `offset` is on, without its line break.
std::string lineOf(const std::string& raw, std::size_t offset)
{
    const std::size_t begin = raw.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t from = begin == std::string::npos ? 0 : begin + 1;
    const std::size_t end = raw.find('\n', from);
    return raw.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

} // namespace

QString describeCandidate(const engine::AttemptRecord::Candidate& candidate, const std::string& raw)
{
    const std::size_t begin = std::min(candidate.offset, raw.size());
    const std::size_t end = std::min(raw.size(), begin + candidate.length);
    const bool aroundIt = raw.find_first_not_of(" \t\r\n", 0) < begin || raw.find_first_not_of(" \t\r\n", end) != std::string::npos;
    const QString dropped = aroundIt ? QCoreApplication::translate("FixWords", "; the text around it dropped") : QString();
    const std::string& kind = candidate.kind;
    if (kind == "fenced") {
        // The fence opens on the line before the value: "```json".
        const std::size_t fence = raw.rfind("```", begin);
        const std::string opener = fence == std::string::npos ? std::string("```") : lineOf(raw, fence + 3);
        const int line = fence == std::string::npos ? lineAt(raw, begin) : lineAt(raw, fence);
        return QCoreApplication::translate("FixWords", "took the %1 fence at line %2%3").arg(QString::fromStdString(opener).trimmed(), QString::number(line), dropped);
    }
    if (kind == "xml") {
        const std::size_t open = raw.rfind('<', begin);
        const std::size_t close = open == std::string::npos ? std::string::npos : raw.find('>', open);
        const QString tag = close == std::string::npos ? QStringLiteral("<…>") : QString::fromStdString(raw.substr(open, close - open + 1));
        return QCoreApplication::translate("FixWords", "took the %1 element at line %2%3").arg(tag, QString::number(lineAt(raw, begin)), dropped);
    }
    if (kind == "function_calls")
        return QCoreApplication::translate("FixWords", "unwrapped the <function_calls> call at line %1%2").arg(QString::number(lineAt(raw, begin)), dropped);
    if (kind == "embedded")
        return QCoreApplication::translate("FixWords", "took the JSON at line %1 out of the prose around it").arg(lineAt(raw, begin));
    if (kind == "double_encoded")
        return QCoreApplication::translate("FixWords", "decoded the JSON written inside a string%1").arg(dropped);
    return {}; // "whole": the reply is the JSON
}

} // namespace conform::gui
