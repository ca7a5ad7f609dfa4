#include "captures/capturefilterbar.h"

#include "run/outcomewords.h"
#include "widgets/themecolours.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLineEdit>
#include <QSettings>
#include <QTimer>

#include <utility>

namespace conform::gui {

namespace {

// Each choice shows the word and filters by the wire name (what --outcome, --flag and --source take).
std::vector<std::pair<QString, QString>> outcomeWords()
{
    std::vector<std::pair<QString, QString>> words;
    for (engine::Outcome outcome : {engine::Outcome::Valid, engine::Outcome::Repaired, engine::Outcome::Fallback, engine::Outcome::Failed, engine::Outcome::Unchecked})
        words.emplace_back(OutcomeWords::outcome(outcome), QString::fromLatin1(engine::outcomeName(outcome)));
    return words;
}

std::vector<std::pair<QString, QString>> flagWords()
{
    std::vector<std::pair<QString, QString>> words;
    for (std::string_view name : engine::kRunFlagNames)
        words.emplace_back(OutcomeWords::flagNamed(name), QString::fromLatin1(name));
    return words;
}

} // namespace

CaptureFilterBar::CaptureFilterBar(const QString& settingsGroup, QWidget* parent)
    : QWidget(parent), m_group(settingsGroup), m_debounce(new QTimer(this))
{
    const std::vector<std::pair<QString, QString>> sources{
        {tr("runs"), QStringLiteral("run")},           {tr("suites"), QStringLiteral("suite")},
        {tr("proxy"), QStringLiteral("proxy")},        {tr("OpenTelemetry"), QStringLiteral("otlp")},
        {tr("batch files"), QStringLiteral("import")},
    };
    // Two rows of six columns, so every field keeps its width in
    // the smallest window (1024 px).
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(addChoice(QStringLiteral("outcome"), tr("any outcome"), tr("Outcome (--outcome)"), outcomeWords()), 0, 0);
    layout->addWidget(addChoice(QStringLiteral("flag"), tr("any flag"), tr("Flag (--flag)"), flagWords()), 0, 1);
    layout->addWidget(addChoice(QStringLiteral("source"), tr("any source"), tr("Where the capture came from (--source)"), sources), 0, 2);
    layout->addWidget(addEdit(QStringLiteral("provider"), tr("provider"), 80), 0, 3);
    layout->addWidget(addEdit(QStringLiteral("model"), tr("model"), 110), 0, 4);
    layout->addWidget(addEdit(QStringLiteral("mode"), tr("mode"), 60), 0, 5);
    layout->addWidget(addEdit(QStringLiteral("schema-hash"), tr("schema version"), 100), 1, 0);
    layout->addWidget(addEdit(QStringLiteral("prompt-hash"), tr("prompt version"), 100), 1, 1);
    layout->addWidget(addEdit(QStringLiteral("since"), tr("since (ISO 8601)"), 110), 1, 2);
    layout->addWidget(addEdit(QStringLiteral("until"), tr("until"), 90), 1, 3);
    layout->addWidget(addEdit(QStringLiteral("text"), tr("text in the reply"), 110), 1, 4);
    layout->addWidget(addEdit(QStringLiteral("label"), tr("labels (key=value …)"), 110), 1, 5);
    // The failure cluster: set from Triage ("Show its captures"), shown only while set.
    QLineEdit* cluster = addEdit(QStringLiteral("cluster"), tr("failure cluster"), 120);
    cluster->setVisible(false);
    connect(cluster, &QLineEdit::textChanged, cluster, [cluster](const QString& text) { cluster->setVisible(!text.isEmpty()); });
    layout->addWidget(cluster, 0, 6);
    for (int column = 0; column < 6; ++column)
        layout->setColumnStretch(column, 1);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        if (filter())
            emit filterChanged();
    });
    // Every outcome by default: the browser lists failures first by its sort, and the
    // dashboard, which shares these filters, charts the whole mix.
    restore();
    for (const auto& choice : m_choices)
        connect(choice.second, &QComboBox::currentIndexChanged, this, &CaptureFilterBar::edited);
}

CaptureFilterBar::~CaptureFilterBar()
{
    save();
}

QComboBox* CaptureFilterBar::addChoice(const QString& name, const QString& any, const QString& toolTip,
                                       const std::vector<std::pair<QString, QString>>& words)
{
    auto* combo = new QComboBox(this);
    combo->addItem(any, QString());
    for (const auto& [word, value] : words)
        combo->addItem(word, value);
    combo->setToolTip(toolTip);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    m_choices.emplace_back(name, combo);
    return combo;
}

QLineEdit* CaptureFilterBar::addEdit(const QString& name, const QString& placeholder, int width)
{
    auto* edit = new QLineEdit(this);
    edit->setPlaceholderText(placeholder);
    edit->setToolTip(QStringLiteral("--") + name);
    edit->setClearButtonEnabled(true);
    edit->setMinimumWidth(width);
    connect(edit, &QLineEdit::textChanged, this, &CaptureFilterBar::edited);
    m_edits.emplace_back(name, edit);
    return edit;
}

std::vector<std::pair<std::string, std::string>> CaptureFilterBar::arguments() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, combo] : m_choices)
        if (const QString value = combo->currentData().toString(); !value.isEmpty())
            out.emplace_back(name.toStdString(), value.toStdString());
    for (const auto& [name, edit] : m_edits) {
        const QString value = edit->text().trimmed();
        if (value.isEmpty())
            continue;
        // Labels: each key=value must hold, as --label given once for each.
        const QStringList values = name == QLatin1String("label") ? value.split(QLatin1Char(' '), Qt::SkipEmptyParts) : QStringList{value};
        for (const QString& one : values)
            out.emplace_back(name.toStdString(), one.toStdString());
    }
    return out;
}

Result<store::Filter> CaptureFilterBar::filter() const
{
    store::Filter filter;
    for (const auto& [name, value] : arguments())
        if (auto set = filter.set(name, value); !set)
            return set.error();
    return filter;
}

void CaptureFilterBar::setField(const QString& name, const QString& value)
{
    for (const auto& [field, combo] : m_choices)
        if (field == name)
            return combo->setCurrentIndex(std::max(0, combo->findData(value)));
    for (const auto& [field, edit] : m_edits)
        if (field == name)
            edit->setText(value);
}

QString CaptureFilterBar::field(const QString& name) const
{
    for (const auto& [field, combo] : m_choices)
        if (field == name)
            return combo->currentData().toString();
    for (const auto& [field, edit] : m_edits)
        if (field == name)
            return edit->text().trimmed();
    return {};
}

QStringList CaptureFilterBar::fieldNames() const
{
    QStringList names;
    for (const auto& choice : m_choices)
        names << choice.first;
    for (const auto& entry : m_edits)
        names << entry.first;
    return names;
}

QString CaptureFilterBar::fieldTitle(const QString& name) const
{
    if (name == QLatin1String("outcome")) return tr("outcome");
    if (name == QLatin1String("flag")) return tr("flag");
    if (name == QLatin1String("source")) return tr("source");
    for (const auto& [field, edit] : m_edits)
        if (field == name)
            return edit->placeholderText();
    return name;
}

QString CaptureFilterBar::fieldText(const QString& name) const
{
    for (const auto& [field, combo] : m_choices)
        if (field == name)
            return combo->currentIndex() > 0 ? combo->currentText() : QString();
    return field(name);
}

std::vector<std::pair<QString, QString>> CaptureFilterBar::values() const
{
    std::vector<std::pair<QString, QString>> out;
    for (const QString& name : fieldNames())
        out.emplace_back(name, field(name));
    return out;
}

void CaptureFilterBar::clear()
{
    for (const auto& choice : m_choices)
        choice.second->setCurrentIndex(0);
    for (const auto& entry : m_edits)
        entry.second->clear();
}

void CaptureFilterBar::showTemporarily(const std::vector<std::pair<QString, QString>>& fields, const QString& reason)
{
    if (!isTemporary())
        m_previous = values();
    m_temporaryReason = reason; // set first: the edits below announce a temporary filter
    clear();
    for (const auto& [name, value] : fields)
        setField(name, value);
    emit fieldsChanged();
}

void CaptureFilterBar::restorePrevious()
{
    if (!isTemporary())
        return;
    m_temporaryReason.clear();
    clear();
    for (const auto& [name, value] : std::exchange(m_previous, {}))
        setField(name, value);
    emit fieldsChanged();
}

void CaptureFilterBar::edited()
{
    // A field that does not parse is marked, and the views keep the last good filter.
    const auto parsed = filter();
    for (const auto& [name, edit] : m_edits) {
        const bool bad = !parsed && parsed.error().message.rfind("--" + name.toStdString() + " ", 0) == 0;
        edit->setStyleSheet(bad ? QStringLiteral("border: 1px solid %1;").arg(toneColour(Tone::Failure).name()) : QString());
        if (bad)
            edit->setToolTip(QString::fromStdString(parsed.error().message));
    }
    m_debounce->start();
    emit fieldsChanged();
}

void CaptureFilterBar::save() const
{
    // A temporary filter is never remembered: a restart comes back to the user's own.
    QSettings settings;
    settings.beginGroup(m_group);
    for (const auto& [name, value] : isTemporary() ? m_previous : values())
        settings.setValue(name, value);
}

void CaptureFilterBar::restore()
{
    QSettings settings;
    settings.beginGroup(m_group);
    for (const QString& key : settings.childKeys())
        setField(key, settings.value(key).toString());
}

} // namespace conform::gui
