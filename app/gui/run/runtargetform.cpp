#include "run/runtargetform.h"

#include "workbench/demos.h"
#include "settings/appsettings.h"
#include "widgets/tonelabel.h"

#include "engine/template.h"
#include "providers/scenario.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

const char* const kProviders[] = {"scenario", "anthropic", "openai", "ollama"};
constexpr int kOpenFileRole = Qt::UserRole + 1; // marks the "Open scenario file…" item
constexpr int kSchemaIdRole = Qt::UserRole + 2; // the $id of the schema a scenario answers for
constexpr int kDescriptionRole = Qt::UserRole + 3; // what the scenario shows

} // namespace

RunTargetForm::RunTargetForm(QWidget* parent)
    : QWidget(parent), m_provider(new QComboBox(this)), m_model(new QLineEdit(this)), m_baseUrl(new QLineEdit(this)),
      m_mode(new QComboBox(this)), m_scenario(new QComboBox(this)), m_repairs(new QSpinBox(this)),
      m_retries(new QSpinBox(this)), m_stream(new QCheckBox(tr("Stream"), this)), m_moreButton(new QToolButton(this)),
      m_more(nullptr), m_maxTokens(new QSpinBox(this)), m_temperature(new QDoubleSpinBox(this)),
      m_maxCalls(new QSpinBox(this)), m_truncation(new QComboBox(this)), m_coerce(new QCheckBox(tr("Coerce"), this)),
      m_strictRepairs(new QCheckBox(tr("Strict repairs"), this)), m_pace(new QSpinBox(this)), m_description(new ToneLabel(this))
{
    auto* top = new QHBoxLayout;
    top->addWidget(buildTarget(), 3);
    top->addWidget(buildPolicy(), 1);
    m_more = buildMorePolicy();
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addLayout(top);
    layout->addWidget(m_more);
    layout->addWidget(m_description);
    fillScenarios();
    connect(m_provider, &QComboBox::currentIndexChanged, this, &RunTargetForm::onProviderChanged);
    connect(m_scenario, &QComboBox::activated, this, &RunTargetForm::onScenarioChosen);
    connect(m_scenario, &QComboBox::currentIndexChanged, this, &RunTargetForm::describeScenario);
    connect(m_coerce, &QCheckBox::toggled, this, [this](bool coerce) {
        if (m_showing == 0)
            emit coerceChanged(coerce);
    });
    onProviderChanged();
    const auto changes = [this] { emitChanged(); };
    for (QComboBox* combo : {m_provider, m_mode, m_scenario, m_truncation}) {
        connect(combo, &QComboBox::currentIndexChanged, this, changes);
        // Sized by a few characters, not by the longest item: the demos offered change with
        // the schema, and one long name would widen the whole Run activity past 1024 pixels.
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(combo == m_scenario ? 18 : 10);
    }
    for (QLineEdit* line : {m_model, m_baseUrl})
        connect(line, &QLineEdit::textChanged, this, changes);
    for (QSpinBox* spin : {m_repairs, m_retries, m_maxTokens, m_maxCalls, m_pace})
        connect(spin, &QSpinBox::valueChanged, this, changes);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, changes);
    for (QCheckBox* check : {m_stream, m_strictRepairs})
        connect(check, &QCheckBox::toggled, this, changes);
}

void RunTargetForm::emitChanged()
{
    if (m_showing == 0)
        emit changed(m_quiet == 0);
}

void RunTargetForm::setCoerce(bool coerce)
{
    ++m_showing;
    m_coerce->setChecked(coerce);
    --m_showing;
}

void RunTargetForm::setRepairTemplate(const QString& text)
{
    if (text == m_repairTemplate)
        return;
    m_repairTemplate = text;
    emitChanged();
}

void RunTargetForm::showChoice(const TargetChoice& choice)
{
    ++m_showing;
    m_provider->setCurrentIndex(m_provider->findData(QString::fromLatin1(providers::providerName(choice.target.provider))));
    if (m_model->text().trimmed().toStdString() != choice.target.model)
        m_model->setText(QString::fromStdString(choice.target.model));
    if (m_baseUrl->text().trimmed().toStdString() != choice.target.baseUrl)
        m_baseUrl->setText(QString::fromStdString(choice.target.baseUrl));
    m_mode->setCurrentText(QString::fromLatin1(engine::modeChoiceName(choice.target.mode)));
    if (!choice.scenarioPath.isEmpty()) {
        int row = m_scenario->findData(choice.scenarioPath);
        if (row < 0) {
            row = m_scenario->count() - 1; // before "Open scenario file…"
            insertScenario(row, QFileInfo(choice.scenarioPath).fileName(), choice.scenarioPath);
        }
        m_scenario->setCurrentIndex(row);
        m_lastScenario = row;
        m_pace->setValue(choice.paceMs);
    }
    --m_showing;
}

void RunTargetForm::showPolicy(const engine::Policy& policy)
{
    ++m_showing;
    m_shownPolicy = policy;
    m_repairs->setValue(policy.maxRepairs);
    m_retries->setValue(policy.maxTransportRetries);
    m_stream->setChecked(policy.stream);
    m_maxTokens->setValue(policy.maxTokens);
    m_temperature->setValue(policy.temperature ? *policy.temperature : m_temperature->minimum());
    m_maxCalls->setValue(policy.maxCalls);
    m_truncation->setCurrentText(QString::fromLatin1(engine::truncationPolicyName(policy.onTruncation)));
    m_coerce->setChecked(policy.coerce);
    m_strictRepairs->setChecked(policy.strictRepairs);
    m_repairTemplate = QString::fromStdString(policy.repairTemplate);
    --m_showing;
}

QWidget* RunTargetForm::buildTarget()
{
    // Each item's data is the provider's name; the text is that name too, except for the
    // Responses API, which reads as a second OpenAI entry.
    for (const char* name : kProviders)
        m_provider->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
    m_provider->insertItem(m_provider->findData(QStringLiteral("openai")) + 1, tr("OpenAI · Responses API"),
                           QString::fromLatin1(providers::providerName(providers::ProviderKind::OpenAIResponses)));
    for (int mode = 0; mode <= int(engine::ModeChoice::Text); ++mode) // the engine's names, in its order
        m_mode->addItem(QString::fromLatin1(engine::modeChoiceName(engine::ModeChoice(mode))));
    m_baseUrl->setPlaceholderText(tr("from the environment, else the provider's public URL"));
    m_provider->setToolTip(tr("Who answers: a built-in demo scenario (offline) or a provider"));
    m_scenario->setToolTip(tr("The demo scenario that answers; its description is shown below"));
    m_model->setToolTip(tr("The model name, as the provider spells it"));
    m_baseUrl->setToolTip(tr("The provider's API address; empty: ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST, else the public one"));
    m_mode->setToolTip(tr("How the schema is enforced: auto picks the strongest mode the provider accepts and falls back"));
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    auto* first = new QHBoxLayout;
    first->addWidget(m_provider);
    first->addWidget(m_scenario, 1);
    first->addWidget(m_model, 1);
    form->addRow(tr("Target"), first);
    auto* second = new QHBoxLayout;
    second->addWidget(m_baseUrl, 1);
    second->addWidget(m_mode);
    form->addRow(tr("Base URL / mode"), second);
    return box;
}

QWidget* RunTargetForm::buildPolicy()
{
    m_repairs->setRange(0, 10);
    m_repairs->setValue(2);
    m_retries->setRange(0, 10);
    m_retries->setValue(2);
    m_repairs->setToolTip(tr("Repair turns after an invalid answer, per mode"));
    m_retries->setToolTip(tr("Transport retries per request (429, 5xx, timeouts), counted apart from repairs"));
    m_stream->setToolTip(tr("Stream the reply and show it as it arrives"));
    m_moreButton->setText(tr("Policy"));
    m_moreButton->setCheckable(true);
    m_moreButton->setArrowType(Qt::RightArrow);
    m_moreButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_moreButton->setAutoRaise(true);
    m_moreButton->setToolTip(tr("Max tokens, temperature, call budget, truncation, coercion, strict repairs and the repair template"));
    connect(m_moreButton, &QToolButton::toggled, this, [this](bool open) {
        m_more->setVisible(open);
        m_moreButton->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    auto* first = new QHBoxLayout;
    first->addWidget(m_repairs);
    first->addWidget(m_stream);
    form->addRow(tr("Repairs"), first);
    auto* second = new QHBoxLayout;
    second->addWidget(m_retries);
    second->addWidget(m_moreButton);
    form->addRow(tr("Retries"), second);
    return box;
}

QWidget* RunTargetForm::buildMorePolicy()
{
    const engine::Policy defaults;
    m_maxTokens->setRange(16, 200000);
    m_maxTokens->setValue(defaults.maxTokens);
    m_maxTokens->setToolTip(tr("The reply's token limit; a reply cut there is continued or asked again, never repaired"));
    m_temperature->setRange(-0.1, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(1);
    m_temperature->setValue(-0.1);
    m_temperature->setSpecialValueText(tr("provider default"));
    m_temperature->setToolTip(tr("Sampling temperature; the lowest step leaves it to the provider"));
    m_maxCalls->setRange(1, 50);
    m_maxCalls->setValue(defaults.maxCalls);
    m_maxCalls->setToolTip(tr("Model calls a run may make in all: repairs, continuations, re-asks, fallbacks"));
    for (const char* name : {"continue", "raise", "fail"})
        m_truncation->addItem(QString::fromLatin1(name));
    m_truncation->setToolTip(tr("A reply cut at max tokens: continue it, ask again with more tokens, or fail"));
    m_coerce->setToolTip(tr("Fix values that are almost right (\"Amber\" → \"amber\", \"5\" → 5); the same toggle as the toolbar's"));
    m_strictRepairs->setToolTip(tr("Refuse extraction fixes that change values (a completed string, a dropped key)"));
    m_pace->setRange(0, 2000);
    m_pace->setSingleStep(50);
    m_pace->setSuffix(tr(" ms"));
    m_pace->setToolTip(tr("Demo scenarios: pause between streamed pieces, so an audience can follow (0: full speed)"));
    // Demos play at a pace an audience can follow unless the user says otherwise; Run ×N,
    // suites and the CLI never pace (they do not read this control).
    m_pace->setValue(kDemoPaceMs);
    auto* templateButton = new QPushButton(tr("Repair template…"), this);
    templateButton->setToolTip(tr("The message sent after an invalid answer, with its placeholders"));
    connect(templateButton, &QPushButton::clicked, this, &RunTargetForm::editRepairTemplate);
    // Two rows, so the smallest window (1024 px) gives every field its width.
    auto* box = new QWidget(this);
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    int column = 0;
    const auto add = [&](int row, const QString& label, QWidget* field) {
        auto* caption = new QLabel(label, box);
        caption->setBuddy(field);
        grid->addWidget(caption, row, column++);
        grid->addWidget(field, row, column++);
    };
    add(0, tr("Max tokens"), m_maxTokens);
    add(0, tr("Temperature"), m_temperature);
    add(0, tr("Calls"), m_maxCalls);
    column = 0;
    add(1, tr("On truncation"), m_truncation);
    grid->addWidget(m_coerce, 1, column++);
    grid->addWidget(m_strictRepairs, 1, column++);
    grid->addWidget(templateButton, 1, column++);
    grid->setColumnStretch(column, 1);
    box->setVisible(false);
    return box;
}

void RunTargetForm::editRepairTemplate()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Repair Template"));
    auto* help = new QLabel(tr("Sent after an invalid answer. Placeholders: {{issues}} (the problems), {{hints}}, "
                               "{{example}} (what the failing parts could look like), {{original}} (the failed reply), "
                               "{{schema}}, {{attempt}}, {{max_attempts}}."), &dialog);
    help->setWordWrap(true);
    auto* editor = new QPlainTextEdit(&dialog);
    editor->setPlainText(m_repairTemplate.isEmpty() ? QString::fromStdString(engine::defaultRepairTemplate()) : m_repairTemplate);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, editor,
            [editor] { editor->setPlainText(QString::fromStdString(engine::defaultRepairTemplate())); });
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(help);
    layout->addWidget(editor, 1);
    layout->addWidget(buttons);
    dialog.resize(640, 480);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString text = editor->toPlainText();
    setRepairTemplate(text == QString::fromStdString(engine::defaultRepairTemplate()) ? QString() : text);
}

void RunTargetForm::describeScenario()
{
    const bool scenario = m_provider->currentData().toString() == QLatin1String("scenario");
    const QString description = scenario ? m_scenario->currentData(kDescriptionRole).toString() : QString();
    m_description->setText(description);
    m_description->setVisible(!description.isEmpty());
}

void RunTargetForm::fillScenarios()
{
    for (const QString& path : providers::builtinScenarioPaths())
        insertScenario(m_scenario->count(), QFileInfo(path).completeBaseName(), path);
    m_scenario->addItem(tr("Open scenario file…"));
    m_scenario->setItemData(m_scenario->count() - 1, true, kOpenFileRole);
    m_scenario->setCurrentIndex(0);
}

// Reads the scenario once, for what the list shows of it: the schema it answers for and its
// description (the file itself is read again only when a run starts).
void RunTargetForm::insertScenario(int row, const QString& name, const QString& path)
{
    m_scenario->insertItem(row, name, path);
    if (auto loaded = providers::loadScenario(path)) {
        m_scenario->setItemData(row, demoDescription(loaded->description, path), kDescriptionRole);
        if (loaded->schema)
            m_scenario->setItemData(row, QString::fromStdString(schema::idOf(*loaded->schema)), kSchemaIdRole);
    }
}

void RunTargetForm::onProviderChanged()
{
    const QString provider = m_provider->currentData().toString();
    const bool scenario = provider == QLatin1String("scenario");
    m_scenario->setVisible(scenario);
    m_model->setVisible(!scenario);
    m_baseUrl->setEnabled(!scenario);
    m_pace->setEnabled(scenario);
    describeScenario();
    if (m_showing > 0)
        return; // the draft says the model and base URL
    // The settings dialog's default model and base URL for this provider: one change with the
    // provider's (said once, when the provider's own change is).
    const auto kind = providers::keyProvider(*providers::parseProviderKind(provider.toStdString())); // Responses: OpenAI's settings
    const AppSettings settings = AppSettings::load();
    ++m_showing;
    m_model->setText(settings.defaultModel(kind));
    m_baseUrl->setText(settings.provider(kind).baseUrl);
    --m_showing;
}

void RunTargetForm::onScenarioChosen(int index)
{
    if (!m_scenario->itemData(index, kOpenFileRole).toBool()) {
        m_lastScenario = index;
        m_scenarioChosen = true;
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), {}, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        m_scenario->setCurrentIndex(m_lastScenario);
    else
        addScenarioFile(path);
}

void RunTargetForm::addScenarioFile(const QString& path)
{
    const QScopedValueRollback quiet(m_quiet, m_quiet + 1);
    m_provider->setCurrentText(QStringLiteral("scenario"));
    const int at = m_scenario->count() - 1; // before "Open scenario file…"
    insertScenario(at, QFileInfo(path).fileName(), path);
    m_scenario->setCurrentIndex(at);
    m_lastScenario = at;
    m_scenarioChosen = true;
}

void RunTargetForm::offerScenariosFor(const QString& schemaId)
{
    // Those written for the open schema first, in bold, with a tooltip saying so; the others
    // stay below (they run with their own schema, and the Run tab says so).
    const QScopedValueRollback quiet(m_quiet, m_quiet + 1);
    const QString current = m_scenario->currentText();
    int front = 0;
    for (int row = 0; row < m_scenario->count(); ++row) {
        const bool matches = !schemaId.isEmpty() && m_scenario->itemData(row, kSchemaIdRole).toString() == schemaId;
        QFont font = m_scenario->font();
        font.setBold(matches);
        m_scenario->setItemData(row, matches ? QVariant(font) : QVariant(), Qt::FontRole);
        m_scenario->setItemData(row, matches ? tr("Written for the open schema") : QVariant(), Qt::ToolTipRole);
        if (!matches)
            continue;
        if (row != front) {
            const QString text = m_scenario->itemText(row);
            QVariantList roles;
            for (int role : {int(Qt::UserRole), kSchemaIdRole, kDescriptionRole})
                roles << m_scenario->itemData(row, role);
            m_scenario->removeItem(row);
            m_scenario->insertItem(front, text);
            int at = 0;
            for (int role : {int(Qt::UserRole), kSchemaIdRole, kDescriptionRole})
                m_scenario->setItemData(front, roles[at++], role);
            m_scenario->setItemData(front, font, Qt::FontRole);
            m_scenario->setItemData(front, tr("Written for the open schema"), Qt::ToolTipRole);
        }
        ++front;
    }
    // The user's own choice stands; the default gives way to a demo written for this schema.
    const int keep = std::max(m_scenario->findText(current), 0);
    m_scenario->setCurrentIndex(!m_scenarioChosen && front > 0 && keep >= front ? 0 : keep);
    m_lastScenario = m_scenario->currentIndex();
    describeScenario(); // the rows moved under the current index: say what it holds now
}

bool RunTargetForm::selectScenario(const QString& name)
{
    const int index = m_scenario->findText(name);
    if (index < 0 || m_scenario->itemData(index, kOpenFileRole).toBool())
        return false;
    const QScopedValueRollback quiet(m_quiet, m_quiet + 1);
    m_provider->setCurrentText(QStringLiteral("scenario"));
    m_scenario->setCurrentIndex(index);
    m_lastScenario = index;
    m_scenarioChosen = true;
    return true;
}

TargetChoice RunTargetForm::choice() const
{
    TargetChoice choice;
    engine::Target& target = choice.target;
    target.provider = *providers::parseProviderKind(m_provider->currentData().toString().toStdString());
    target.mode = *engine::parseModeChoice(m_mode->currentText().toStdString());
    target.baseUrl = m_baseUrl->text().trimmed().toStdString();
    target.model = m_model->text().trimmed().toStdString();
    if (target.provider == providers::ProviderKind::Scenario) {
        choice.scenarioPath = m_scenario->currentData().toString();
        choice.paceMs = m_pace->value();
    }
    return choice;
}

engine::Policy RunTargetForm::policy() const
{
    engine::Policy policy = m_shownPolicy;
    policy.maxRepairs = m_repairs->value();
    policy.maxTransportRetries = m_retries->value();
    policy.stream = m_stream->isChecked();
    policy.maxTokens = m_maxTokens->value();
    policy.temperature.reset();
    if (m_temperature->value() >= 0.0)
        policy.temperature = m_temperature->value();
    policy.maxCalls = m_maxCalls->value();
    policy.onTruncation = *engine::parseTruncationPolicy(m_truncation->currentText().toStdString());
    policy.coerce = m_coerce->isChecked();
    policy.strictRepairs = m_strictRepairs->isChecked();
    policy.repairTemplate = m_repairTemplate.toStdString();
    return policy;
}

} // namespace conform::gui
