#include "fixwords.h"

#include "base/path.h"

#include <QCoreApplication>

namespace conform::gui {

namespace {

struct Phrase
{
    const char* kind;
    const char* words; // translated in the "FixWords" context
};

// Fixes that only remove something, said as "removed …".
constexpr Phrase kRemovals[] = {
    {"trailing_comma", QT_TRANSLATE_NOOP("FixWords", "removed trailing comma")},
    {"extra_comma", QT_TRANSLATE_NOOP("FixWords", "removed extra comma")},
    {"comment", QT_TRANSLATE_NOOP("FixWords", "removed comment")},
    {"bom", QT_TRANSLATE_NOOP("FixWords", "removed byte-order mark")},
    {"stray_bracket", QT_TRANSLATE_NOOP("FixWords", "removed stray bracket")},
    {"stray_character", QT_TRANSLATE_NOOP("FixWords", "removed stray character")},
    {"dangling_key", QT_TRANSLATE_NOOP("FixWords", "removed key without a value")},
    {"control_character", QT_TRANSLATE_NOOP("FixWords", "removed control character")},
};

// Fixes that only insert something, said as "added …".
constexpr Phrase kInsertions[] = {
    {"missing_comma", QT_TRANSLATE_NOOP("FixWords", "added missing comma")},
    {"missing_colon", QT_TRANSLATE_NOOP("FixWords", "added missing colon")},
    {"missing_bracket", QT_TRANSLATE_NOOP("FixWords", "closed unclosed bracket")},
    {"missing_quote", QT_TRANSLATE_NOOP("FixWords", "added missing quote")},
    {"missing_value", QT_TRANSLATE_NOOP("FixWords", "added missing value")},
    {"truncated_string", QT_TRANSLATE_NOOP("FixWords", "closed cut-off string")},
    {"guessed_missing_quote", QT_TRANSLATE_NOOP("FixWords", "guess: closed a string where the next item seems to start")},
};

// Fixes that replace one spelling by another.
constexpr Phrase kReplacements[] = {
    {"single_quotes", QT_TRANSLATE_NOOP("FixWords", "single quotes → double quotes")},
    {"typographic_quotes", QT_TRANSLATE_NOOP("FixWords", "typographic quotes → straight quotes")},
    {"odd_quotes", QT_TRANSLATE_NOOP("FixWords", "backtick or accent quotes → double quotes")},
    {"unquoted_key", QT_TRANSLATE_NOOP("FixWords", "quoted a bare key")},
    {"unquoted_string", QT_TRANSLATE_NOOP("FixWords", "quoted a bare string")},
    {"python_literal", QT_TRANSLATE_NOOP("FixWords", "Python literal → JSON literal")},
    {"invalid_literal", QT_TRANSLATE_NOOP("FixWords", "invalid literal → JSON literal")},
    {"truncated_literal", QT_TRANSLATE_NOOP("FixWords", "completed cut-off literal")},
    {"truncated_number", QT_TRANSLATE_NOOP("FixWords", "completed cut-off number")},
    {"invalid_number", QT_TRANSLATE_NOOP("FixWords", "invalid number → JSON number")},
    {"invalid_escape", QT_TRANSLATE_NOOP("FixWords", "invalid escape → valid escape")},
    {"unescaped_quote", QT_TRANSLATE_NOOP("FixWords", "escaped a quote inside a string")},
    {"escaped_quotes", QT_TRANSLATE_NOOP("FixWords", "unescaped an escaped top-level string")},
    {"concatenated_string", QT_TRANSLATE_NOOP("FixWords", "joined \"a\" + \"b\" into one string")},
    {"mongo_wrapper", QT_TRANSLATE_NOOP("FixWords", "unwrapped a Mongo-style wrapper")},
    {"unicode_whitespace", QT_TRANSLATE_NOOP("FixWords", "Unicode space → plain space")},
    {"placeholder", QT_TRANSLATE_NOOP("FixWords", "placeholder \"...\" → null")},
    {"crlf", QT_TRANSLATE_NOOP("FixWords", "line ending inside a string escaped")},
    {"double_encoded", QT_TRANSLATE_NOOP("FixWords", "decoded JSON sent as a string")},
    {"ambiguous", QT_TRANSLATE_NOOP("FixWords", "ambiguous: an item may be lost here")},
    {"invalid_utf8", QT_TRANSLATE_NOOP("FixWords", "invalid UTF-8 → replacement character")},
};

template <std::size_t N>
QString phrase(const Phrase (&phrases)[N], const std::string& kind)
{
    for (const Phrase& p : phrases)
        if (kind == p.kind)
            return QCoreApplication::translate("FixWords", p.words);
    return {};
}

} // namespace

QString quotedText(const std::string& text)
{
    return QString::fromStdString(Json(text).dump(-1, ' ', false, Json::error_handler_t::replace));
}

QString describeFix(const std::string& kind, const std::string& before, const std::string& after)
{
    QString words = after.empty() ? phrase(kRemovals, kind) : QString();
    if (words.isEmpty() && before.empty())
        words = phrase(kInsertions, kind);
    if (words.isEmpty())
        words = phrase(kReplacements, kind);
    if (words.isEmpty())
        words = QString::fromStdString(kind).replace(QLatin1Char('_'), QLatin1Char(' '));
    return words;
}

QString describeCoercion(const Json& coercion)
{
    const auto dumped = [](const Json& value) {
        return QString::fromStdString(value.dump(-1, ' ', false, Json::error_handler_t::replace));
    };
    QString at = QStringLiteral("/");
    if (coercion.contains("path") && coercion["path"].is_array() && !coercion["path"].empty()) {
        at.clear();
        for (const Json& part : coercion["path"])
            at += QLatin1Char('/') + (part.is_string() ? QString::fromStdString(part.get<std::string>()) : dumped(part));
    }
    return QCoreApplication::translate("FixWords", "%1 → %2 at %3").arg(dumped(coercion.value("before", Json())), dumped(coercion.value("after", Json())), at);
}

} // namespace conform::gui
