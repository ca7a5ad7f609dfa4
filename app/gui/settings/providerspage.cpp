#include "settings/providerspage.h"

#include "run/modellistfetcher.h"

#include "keys/key_ring.h"
#include "providers/endpoint.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace conform::gui {

using providers::ProviderKind;

namespace {

QString title(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::Anthropic:
        return QStringLiteral("Anthropic");
    case ProviderKind::OpenAI:
        return QStringLiteral("OpenAI");
    case ProviderKind::Ollama:
        return QStringLiteral("Ollama");
    case ProviderKind::OpenAIResponses:
        return QStringLiteral("OpenAI · Responses API");
    case ProviderKind::Scenario:
        break;
    }
    return {};
}

bool takesKey(ProviderKind kind)
{
    return !providers::apiKeyVariable(kind).empty();
}

} // namespace

QString keyStateText(const keys::KeyRing& ring, ProviderKind kind)
{
    const QString variable = QString::fromStdString(keys::KeyRing::variable(kind));
    switch (ring.source(kind)) {
    case keys::KeySource::Environment:
        return ProvidersPage::tr("Set, from the environment (%1)").arg(variable);
    case keys::KeySource::Keychain:
        return ProvidersPage::tr("Set, in the system keychain");
    case keys::KeySource::None:
        break;
    }
    if (!ring.isLoaded())
        return ProvidersPage::tr("Checking the system keychain…");
    return ProvidersPage::tr("Not set: set %1 or store a key in the system keychain").arg(variable);
}

ProvidersPage::ProvidersPage(keys::KeyRing* ring, const AppSettings& settings, QWidget* parent)
    : QWidget(parent), m_ring(ring), m_fetcher(new ModelListFetcher(this)), m_unavailable(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    m_unavailable->setObjectName(QStringLiteral("keychainUnavailable"));
    m_unavailable->setWordWrap(true);
    m_unavailable->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_unavailable);
    for (ProviderKind kind : configurableProviders())
        layout->addWidget(buildProvider(kind, settings.provider(kind)));
    layout->addStretch(1);
    connect(m_ring, &keys::KeyRing::changed, this, &ProvidersPage::updateKeys);
    connect(m_ring, &keys::KeyRing::failed, this, [this](const QString& message) {
        QMessageBox::warning(this, tr("System keychain"), message);
        updateKeys();
    });
    connect(m_fetcher, &ModelListFetcher::finished, this, &ProvidersPage::showModels);
    connect(m_fetcher, &ModelListFetcher::failed, this, [this](ProviderKind kind, const QString& message) {
        showModelStatus(kind, tr("No model list: %1").arg(message));
    });
    updateKeys();
}

QWidget* ProvidersPage::buildProvider(ProviderKind kind, const ProviderSettings& settings)
{
    Row& row = m_rows[kind];
    auto* box = new QGroupBox(title(kind), this);
    auto* form = new QFormLayout(box);
    row.baseUrl = new QLineEdit(settings.baseUrl, box);
    const auto fallback = providers::resolveEndpoint(kind, {}, m_ring->environment());
    row.baseUrl->setPlaceholderText(tr("%1 (from the environment or the default)").arg(QString::fromStdString(fallback.baseUrl)));
    form->addRow(tr("Base URL"), row.baseUrl);

    row.model = new QComboBox(box);
    row.model->setEditable(true);
    row.model->setCurrentText(settings.defaultModel.isEmpty() ? builtInDefaultModel(kind) : settings.defaultModel);
    row.model->setMinimumContentsLength(24);
    auto* fetch = new QPushButton(tr("Fetch models"), box);
    fetch->setToolTip(tr("Ask the provider's models endpoint which models it offers"));
    connect(fetch, &QPushButton::clicked, this, [this, kind] { fetchModels(kind); });
    auto* modelLine = new QHBoxLayout;
    modelLine->addWidget(row.model, 1);
    modelLine->addWidget(fetch);
    form->addRow(tr("Default model"), modelLine);
    row.modelStatus = new QLabel(box);
    row.modelStatus->setWordWrap(true);
    row.modelStatus->hide(); // until there is something to say
    form->addRow(QString(), row.modelStatus);
    if (takesKey(kind))
        form->addRow(tr("API key"), buildKeyRow(kind, row));
    return box;
}

QWidget* ProvidersPage::buildKeyRow(ProviderKind kind, Row& row)
{
    auto* line = new QWidget(this);
    auto* layout = new QHBoxLayout(line);
    layout->setContentsMargins(0, 0, 0, 0);
    row.key = new QLabel(line);
    row.key->setWordWrap(true);
    row.store = new QPushButton(tr("Store key…"), line);
    row.forget = new QPushButton(tr("Forget key"), line);
    connect(row.store, &QPushButton::clicked, this, [this, kind] { askForKey(kind); });
    connect(row.forget, &QPushButton::clicked, this, [this, kind] { forgetKey(kind); });
    layout->addWidget(row.key, 1);
    layout->addWidget(row.store);
    layout->addWidget(row.forget);
    return line;
}

void ProvidersPage::writeTo(AppSettings& settings) const
{
    for (const auto& [kind, row] : m_rows)
        settings.providers[kind] = {row.baseUrl->text().trimmed(), row.model->currentText().trimmed()};
}

void ProvidersPage::fetchModels(ProviderKind kind)
{
    const Row& row = m_rows.at(kind);
    const auto endpoint = providers::resolveEndpoint(kind, row.baseUrl->text().trimmed().toStdString(), m_ring->environment());
    showModelStatus(kind, tr("Asking %1 for its models…").arg(QString::fromStdString(providers::redactUrl(endpoint.baseUrl))));
    m_fetcher->fetch(kind, endpoint);
}

void ProvidersPage::showModels(ProviderKind kind, const QStringList& models)
{
    const Row& row = m_rows.at(kind);
    const QString chosen = row.model->currentText();
    row.model->clear();
    row.model->addItems(models);
    row.model->setCurrentText(chosen);
    showModelStatus(kind, tr("%n model(s) offered", nullptr, int(models.size())));
}

void ProvidersPage::showModelStatus(ProviderKind kind, const QString& text)
{
    m_rows.at(kind).modelStatus->setText(text);
    m_rows.at(kind).modelStatus->show();
}

void ProvidersPage::askForKey(ProviderKind kind)
{
    bool ok = false;
    const QString key = QInputDialog::getText(this, tr("Store %1 key").arg(title(kind)),
                                              tr("API key (kept in the system keychain only):"), QLineEdit::Password,
                                              QString(), &ok);
    if (ok && !key.trimmed().isEmpty())
        storeKey(kind, key.trimmed());
}

void ProvidersPage::storeKey(ProviderKind kind, const QString& key)
{
    m_rows.at(kind).key->setText(tr("Storing…"));
    m_ring->store(kind, key.toStdString());
}

void ProvidersPage::forgetKey(ProviderKind kind)
{
    m_ring->forget(kind);
}

void ProvidersPage::updateKeys()
{
    m_unavailable->setText(m_ring->unavailable().isEmpty()
                               ? QString()
                               : tr("The system keychain cannot be read (%1): API keys come from the environment.").arg(m_ring->unavailable()));
    m_unavailable->setVisible(!m_ring->unavailable().isEmpty());
    for (const auto& [kind, row] : m_rows) {
        if (!row.key)
            continue;
        row.key->setText(keyStateText(*m_ring, kind));
        row.forget->setEnabled(m_ring->inKeychain(kind));
    }
}

} // namespace conform::gui
