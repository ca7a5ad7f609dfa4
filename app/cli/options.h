#pragma once
// A command's options, declared once. An Option is the QCommandLineOption the parser takes,
// plus what `--help`, the man page and the shell completions say of it: its unit, its default
// in words when the default is not a value the parser fills in, the values it takes, whether
// it names a file, and whether it is an old spelling kept for scripts. Each command returns
// its table from Command::options(); the parser, the help (help.h), `conform-cli manpage` and
// `conform-cli completion` (manual.h) all read that table and nothing else.
//
//   struct Options {
//       Option schema = Option("schema", "The JSON Schema.", "FILE").file();
//       Option timeout = Option("timeout", "How long one try may take.", "S", "120").unit("seconds");
//       OptionTable table() const { return {schema, timeout}; }
//   };
//   parser.isSet(o.timeout), parser.value(o.timeout)   // an Option is a QCommandLineOption
//
// The help line of an option is its text, then "(default: 120 seconds)" made from the table:
// option texts never state their own default.
#include <QCommandLineOption>
#include <QStringList>

#include <vector>

namespace conform::cli {

class Option : public QCommandLineOption
{
public:
    // A flag when `valueName` is empty; `defaultValue` is what the parser returns when unset.
    Option(const QString& name, const QString& help, const QString& valueName = {}, const QString& defaultValue = {});
    Option(const QStringList& names, const QString& help, const QString& valueName = {}, const QString& defaultValue = {});

    Option& unit(const QString& unit);           // "seconds", "ms", "bytes": said with the default
    Option& defaultText(const QString& words);   // a default that is no single value: "$CONFORM_STORE, else ..."
    Option& choices(const QStringList& values);  // the values it takes, offered by the completions
    Option& file();                              // its value is a path: completions offer files
    Option& repeatable();                        // may be given more than once
    Option& deprecatedFor(const QString& replacement); // an old spelling: still works, says so on stderr

    QString longName() const { return names().constLast(); }
    bool takesValue() const { return !valueName().isEmpty(); }
    const QString& unitName() const { return m_unit; }
    const QStringList& valueChoices() const { return m_choices; }
    bool isFile() const { return m_file; }
    bool isRepeatable() const { return m_repeatable; }
    bool isDeprecated() const { return !m_replacement.isEmpty(); }
    const QString& replacement() const { return m_replacement; }

    // "120 seconds", "the file's, else 4", or "" when nothing is said.
    QString defaultInWords() const;
    // The option's text with its unit, default and deprecation said: what --help prints.
    QString helpText() const;
    // "-o, --output FILE": how the help and the man page name it.
    QString spelling() const;

private:
    QString m_unit;
    QString m_defaultText;
    QStringList m_choices;
    QString m_replacement;
    bool m_file = false;
    bool m_repeatable = false;
};

using OptionTable = std::vector<Option>;

// `first` then `more`, in order (shared tables appended to a command's own).
OptionTable operator+(OptionTable first, const OptionTable& more);

// -h, --help: every command's last option.
Option helpOption();

} // namespace conform::cli
