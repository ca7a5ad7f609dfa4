#include "fixwords.h"

#include "base/path.h"

#include <QCoreApplication>

namespace conform::gui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("FixWords", text);
}

// Fixes that only remove something, said as "removed …".
QString removal(const std::string& kind)
{
    if (kind == "trailing_comma") return tr("removed trailing comma");
    if (kind == "extra_comma") return tr("removed extra comma");
    if (kind == "comment") return tr("removed comment");
    if (kind == "bom") return tr("removed byte-order mark");
    if (kind == "stray_bracket") return tr("removed stray bracket");
    if (kind == "stray_character") return tr("removed stray character");
    if (kind == "dangling_key") return tr("removed key without a value");
    if (kind == "control_character") return tr("removed control character");
    return {};
}

// Fixes that only insert something, said as "added …".
QString insertion(const std::string& kind)
{
    if (kind == "missing_comma") return tr("added missing comma");
    if (kind == "missing_colon") return tr("added missing colon");
    if (kind == "missing_bracket") return tr("closed unclosed bracket");
    if (kind == "missing_quote") return tr("added missing quote");
    if (kind == "missing_value") return tr("added missing value");
    if (kind == "truncated_string") return tr("closed cut-off string");
    return {};
}

// Fixes that replace one spelling by another, said as "what: before → after".
QString replacement(const std::string& kind)
{
    if (kind == "single_quotes") return tr("single quotes → double quotes");
    if (kind == "typographic_quotes") return tr("typographic quotes → straight quotes");
    if (kind == "odd_quotes") return tr("backtick or accent quotes → double quotes");
    if (kind == "unquoted_key") return tr("quoted a bare key");
    if (kind == "unquoted_string") return tr("quoted a bare string");
    if (kind == "python_literal") return tr("Python literal → JSON literal");
    if (kind == "invalid_literal") return tr("invalid literal → JSON literal");
    if (kind == "truncated_literal") return tr("completed cut-off literal");
    if (kind == "truncated_number") return tr("completed cut-off number");
    if (kind == "invalid_number") return tr("invalid number → JSON number");
    if (kind == "invalid_escape") return tr("invalid escape → valid escape");
    if (kind == "unescaped_quote") return tr("escaped a quote inside a string");
    if (kind == "escaped_quotes") return tr("unescaped an escaped top-level string");
    if (kind == "concatenated_string") return tr("joined \"a\" + \"b\" into one string");
    if (kind == "mongo_wrapper") return tr("unwrapped a Mongo-style wrapper");
    if (kind == "unicode_whitespace") return tr("Unicode space → plain space");
    if (kind == "placeholder") return tr("placeholder \"...\" → null");
    if (kind == "crlf") return tr("line ending inside a string escaped");
    if (kind == "double_encoded") return tr("decoded JSON sent as a string");
    if (kind == "ambiguous") return tr("ambiguous: an item may be lost here");
    return {};
}

} // namespace

QString quotedText(const std::string& text)
{
    return QString::fromStdString(Json(text).dump(-1, ' ', false, Json::error_handler_t::replace));
}

QString describeFix(const std::string& kind, const std::string& before, const std::string& after)
{
    QString words = after.empty() ? removal(kind) : QString();
    if (words.isEmpty() && before.empty())
        words = insertion(kind);
    if (words.isEmpty())
        words = replacement(kind);
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
    return tr("%1 → %2 at %3").arg(dumped(coercion.value("before", Json())), dumped(coercion.value("after", Json())), at);
}

} // namespace conform::gui
