#include "options.h"

namespace conform::cli {

Option::Option(const QString& name, const QString& help, const QString& valueName, const QString& defaultValue)
    : Option(QStringList{name}, help, valueName, defaultValue)
{
}

Option::Option(const QStringList& names, const QString& help, const QString& valueName, const QString& defaultValue)
    : QCommandLineOption(names, help, valueName, defaultValue)
{
}

Option& Option::unit(const QString& unit)
{
    m_unit = unit;
    return *this;
}

Option& Option::defaultText(const QString& words)
{
    m_defaultText = words;
    return *this;
}

Option& Option::choices(const QStringList& values)
{
    m_choices = values;
    return *this;
}

Option& Option::file()
{
    m_file = true;
    return *this;
}

Option& Option::repeatable()
{
    m_repeatable = true;
    return *this;
}

Option& Option::deprecatedFor(const QString& replacement)
{
    m_replacement = replacement;
    return *this;
}

QString Option::defaultInWords() const
{
    if (!m_defaultText.isEmpty())
        return m_defaultText;
    const QStringList values = defaultValues();
    if (values.isEmpty())
        return {};
    return values.join(QStringLiteral(", ")) + (m_unit.isEmpty() ? QString() : QLatin1Char(' ') + m_unit);
}

QString Option::helpText() const
{
    QString text = description();
    QStringList notes;
    if (const QString value = defaultInWords(); !value.isEmpty())
        notes << QStringLiteral("default: ") + value;
    else if (!m_unit.isEmpty())
        notes << QStringLiteral("in ") + m_unit;
    if (m_repeatable)
        notes << QStringLiteral("repeatable");
    if (!notes.isEmpty()) { // "Base URL (default: ...)." : the notes inside the sentence
        const bool stop = text.endsWith(QLatin1Char('.'));
        if (stop)
            text.chop(1);
        text += QStringLiteral(" (") + notes.join(QStringLiteral("; ")) + QLatin1Char(')') + (stop ? QStringLiteral(".") : QString());
    }
    if (isDeprecated())
        text += QStringLiteral(" Deprecated: use ") + m_replacement + QLatin1Char('.');
    return text;
}

QString Option::spelling() const
{
    QStringList spelled;
    for (const QString& name : names())
        spelled << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return spelled.join(QStringLiteral(", ")) + (takesValue() ? QLatin1Char(' ') + valueName() : QString());
}

OptionTable operator+(OptionTable first, const OptionTable& more)
{
    first.insert(first.end(), more.begin(), more.end());
    return first;
}

Option helpOption()
{
    return Option(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
}

} // namespace conform::cli
