#include "runtargetform.h"

#include "appsettings.h"

#include "providers/scenario.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace conform::gui {

namespace {

const char* const kProviders[] = {"scenario", "anthropic", "openai", "ollama"};
const char* const kModes[] = {"auto", "strict", "tool", "json-object", "text"};
constexpr int kOpenFileRole = Qt::UserRole + 1; // marks the "Open scenario file…" item

} // namespace

RunTargetForm::RunTargetForm(QWidget* parent)
    : QWidget(parent), m_provider(new QComboBox(this)), m_model(new QLineEdit(this)), m_baseUrl(new QLineEdit(this)),
      m_mode(new QComboBox(this)), m_scenario(new QComboBox(this)), m_repairs(new QSpinBox(this)),
      m_retries(new QSpinBox(this)), m_stream(new QCheckBox(tr("Stream"), this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(buildTarget(), 3);
    layout->addWidget(buildPolicy(), 1);
    fillScenarios();
    connect(m_provider, &QComboBox::currentIndexChanged, this, &RunTargetForm::onProviderChanged);
    connect(m_scenario, &QComboBox::activated, this, &RunTargetForm::onScenarioChosen);
    onProviderChanged();
}

QWidget* RunTargetForm::buildTarget()
{
    for (const char* name : kProviders)
        m_provider->addItem(QString::fromLatin1(name));
    for (const char* name : kModes)
        m_mode->addItem(QString::fromLatin1(name));
    m_baseUrl->setPlaceholderText(tr("from the environment, else the provider's public URL"));
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
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    auto* first = new QHBoxLayout;
    first->addWidget(m_repairs);
    first->addWidget(m_stream);
    form->addRow(tr("Repairs"), first);
    form->addRow(tr("Retries"), m_retries);
    return box;
}

void RunTargetForm::fillScenarios()
{
    for (const QString& path : providers::builtinScenarioPaths())
        m_scenario->addItem(QFileInfo(path).completeBaseName(), path);
    m_scenario->addItem(tr("Open scenario file…"));
    m_scenario->setItemData(m_scenario->count() - 1, true, kOpenFileRole);
    m_scenario->setCurrentIndex(0);
}

void RunTargetForm::onProviderChanged()
{
    const QString provider = m_provider->currentText();
    const bool scenario = provider == QLatin1String("scenario");
    m_scenario->setVisible(scenario);
    m_model->setVisible(!scenario);
    m_baseUrl->setEnabled(!scenario);
    // The settings dialog's default model and base URL for this provider.
    const auto kind = *providers::parseProviderKind(provider.toStdString());
    const AppSettings settings = AppSettings::load();
    m_model->setText(settings.defaultModel(kind));
    m_baseUrl->setText(settings.provider(kind).baseUrl);
}

void RunTargetForm::onScenarioChosen(int index)
{
    if (!m_scenario->itemData(index, kOpenFileRole).toBool()) {
        m_lastScenario = index;
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
    const int at = m_scenario->count() - 1; // before "Open scenario file…"
    m_scenario->insertItem(at, QFileInfo(path).fileName(), path);
    m_scenario->setCurrentIndex(at);
    m_lastScenario = at;
}

bool RunTargetForm::selectScenario(const QString& name)
{
    const int index = m_scenario->findText(name);
    if (index < 0 || m_scenario->itemData(index, kOpenFileRole).toBool())
        return false;
    m_provider->setCurrentText(QStringLiteral("scenario"));
    m_scenario->setCurrentIndex(index);
    m_lastScenario = index;
    return true;
}

Result<engine::Target> RunTargetForm::target() const
{
    engine::Target target;
    target.provider = *providers::parseProviderKind(m_provider->currentText().toStdString());
    target.mode = *engine::parseModeChoice(m_mode->currentText().toStdString());
    target.baseUrl = m_baseUrl->text().trimmed().toStdString();
    target.model = m_model->text().trimmed().toStdString();
    if (target.provider != providers::ProviderKind::Scenario)
        return target;
    const QString path = m_scenario->currentData().toString();
    auto loaded = providers::loadScenario(path);
    if (!loaded)
        return Error{loaded.error().message, loaded.error().where};
    target.model = loaded->name;
    target.baseUrl.clear();
    target.scenario = std::make_shared<const providers::Scenario>(std::move(loaded.value()));
    return target;
}

engine::Policy RunTargetForm::policy() const
{
    engine::Policy policy;
    policy.maxRepairs = m_repairs->value();
    policy.maxTransportRetries = m_retries->value();
    policy.stream = m_stream->isChecked();
    return policy;
}

} // namespace conform::gui
