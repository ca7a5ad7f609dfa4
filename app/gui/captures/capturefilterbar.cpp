#include "captures/capturefilterbar.h"

#include "run/outcomewords.h"
#include "widgets/themecolours.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLineEdit>
#include <QSettings>
#include <QTimer>

namespace conform::gui {

namespace {

// Each choice shows the word and filters by the wire name (what --outcome and --flag take).
void fillOutcomes(QComboBox* combo, const QString& any)
{
    combo->addItem(any, QString());
    for (engine::Outcome outcome : {engine::Outcome::Valid, engine::Outcome::Repaired, engine::Outcome::Fallback, engine::Outcome::Failed})
        combo->addItem(OutcomeWords::outcome(outcome), QString::fromLatin1(engine::outcomeName(outcome)));
}

void fillFlags(QComboBox* combo, const QString& any)
{
    combo->addItem(any, QString());
    for (std::string_view name : engine::kRunFlagNames)
        combo->addItem(OutcomeWords::flagNamed(name), QString::fromLatin1(name));
}

} // namespace

CaptureFilterBar::CaptureFilterBar(const QString& settingsGroup, QWidget* parent)
    : QWidget(parent), m_group(settingsGroup), m_outcome(new QComboBox(this)), m_flag(new QComboBox(this)), m_debounce(new QTimer(this))
{
    fillOutcomes(m_outcome, tr("any outcome"));
    fillFlags(m_flag, tr("any flag"));
    m_outcome->setToolTip(tr("Outcome (--outcome)"));
    m_flag->setToolTip(tr("Flag (--flag)"));
    // Two rows of five, so every field keeps its width in the smallest window (1024 px).
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_outcome, 0, 0);
    layout->addWidget(m_flag, 0, 1);
    layout->addWidget(addEdit(QStringLiteral("provider"), tr("provider"), 80), 0, 2);
    layout->addWidget(addEdit(QStringLiteral("model"), tr("model"), 110), 0, 3);
    layout->addWidget(addEdit(QStringLiteral("mode"), tr("mode"), 60), 0, 4);
    layout->addWidget(addEdit(QStringLiteral("schema-hash"), tr("schema version"), 100), 1, 0);
    layout->addWidget(addEdit(QStringLiteral("prompt-hash"), tr("prompt version"), 100), 1, 1);
    layout->addWidget(addEdit(QStringLiteral("since"), tr("since (ISO 8601)"), 110), 1, 2);
    layout->addWidget(addEdit(QStringLiteral("until"), tr("until"), 90), 1, 3);
    layout->addWidget(addEdit(QStringLiteral("text"), tr("text in the reply"), 120), 1, 4);
    for (int column = 0; column < 5; ++column)
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
    connect(m_outcome, &QComboBox::currentIndexChanged, this, &CaptureFilterBar::edited);
    connect(m_flag, &QComboBox::currentIndexChanged, this, &CaptureFilterBar::edited);
}

CaptureFilterBar::~CaptureFilterBar()
{
    save();
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
    if (const QString outcome = m_outcome->currentData().toString(); !outcome.isEmpty())
        out.emplace_back("outcome", outcome.toStdString());
    if (const QString flag = m_flag->currentData().toString(); !flag.isEmpty())
        out.emplace_back("flag", flag.toStdString());
    for (const auto& [name, edit] : m_edits)
        if (const QString value = edit->text().trimmed(); !value.isEmpty())
            out.emplace_back(name.toStdString(), value.toStdString());
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
    if (name == QLatin1String("outcome"))
        return m_outcome->setCurrentIndex(std::max(0, m_outcome->findData(value)));
    if (name == QLatin1String("flag"))
        return m_flag->setCurrentIndex(std::max(0, m_flag->findData(value)));
    for (const auto& [field, edit] : m_edits)
        if (field == name)
            edit->setText(value);
}

void CaptureFilterBar::clear()
{
    m_outcome->setCurrentIndex(0);
    m_flag->setCurrentIndex(0);
    for (const auto& entry : m_edits)
        entry.second->clear();
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
}

void CaptureFilterBar::save() const
{
    QSettings settings;
    settings.beginGroup(m_group);
    settings.setValue(QStringLiteral("outcome"), m_outcome->currentData());
    settings.setValue(QStringLiteral("flag"), m_flag->currentData());
    for (const auto& [name, edit] : m_edits)
        settings.setValue(name, edit->text());
}

void CaptureFilterBar::restore()
{
    QSettings settings;
    settings.beginGroup(m_group);
    for (const QString& key : settings.childKeys())
        setField(key, settings.value(key).toString());
}

} // namespace conform::gui
