#include "settings/appsettings.h"

#include "settings/settingkeys.h"
#include "settings/settingsnotifier.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <pwd.h>
#include <unistd.h>

namespace conform::gui {

namespace {

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x94));
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc2));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x7a, 0x7d, 0x82));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x7a, 0x7d, 0x82));
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x7a, 0x7d, 0x82));
    return palette;
}

// Tells SettingsNotifier every key whose value differs between `before` and `after`.
void announceChanges(const AppSettings& before, const AppSettings& after)
{
    SettingsNotifier* notifier = SettingsNotifier::instance();
    for (providers::ProviderKind kind : configurableProviders()) {
        if (before.provider(kind).baseUrl != after.provider(kind).baseUrl)
            notifier->announce(settingkeys::providerBaseUrl(kind).name());
        if (before.provider(kind).defaultModel != after.provider(kind).defaultModel)
            notifier->announce(settingkeys::providerModel(kind).name());
    }
    if (before.store != after.store)
        notifier->announce(settingkeys::storeLocation.name());
    if (before.theme != after.theme)
        notifier->announce(settingkeys::theme.name());
}

} // namespace

std::vector<providers::ProviderKind> configurableProviders()
{
    return {providers::ProviderKind::Anthropic, providers::ProviderKind::OpenAI, providers::ProviderKind::Ollama};
}

QString builtInDefaultModel(providers::ProviderKind kind)
{
    switch (kind) {
    case providers::ProviderKind::Anthropic:
        return QStringLiteral("claude-sonnet-4-5");
    case providers::ProviderKind::OpenAI:
    case providers::ProviderKind::OpenAIResponses:
        return QStringLiteral("gpt-4o-mini");
    case providers::ProviderKind::Ollama:
        return QStringLiteral("llama3.1");
    case providers::ProviderKind::Scenario:
        break;
    }
    return {};
}

AppSettings AppSettings::load(const QSettings& settings)
{
    AppSettings loaded;
    for (providers::ProviderKind kind : configurableProviders())
        loaded.providers[kind] = {settingkeys::providerBaseUrl(kind).read(settings), settingkeys::providerModel(kind).read(settings)};
    loaded.store = settingkeys::storeLocation.read(settings);
    loaded.theme = Theme(std::clamp(settingkeys::theme.read(settings), 0, 2));
    loaded.reviewerName = settingkeys::reviewerName.read(settings);
    return loaded;
}

AppSettings AppSettings::load()
{
    return load(QSettings());
}

void AppSettings::save(QSettings& settings) const
{
    const AppSettings before = load(settings);
    for (const auto& [kind, provider] : providers) {
        settingkeys::providerBaseUrl(kind).write(settings, provider.baseUrl);
        settingkeys::providerModel(kind).write(settings, provider.defaultModel);
    }
    // A URL with a password is never written (the dialog refuses it; this is the last guard).
    if (storeSettingProblem(store).isEmpty())
        settingkeys::storeLocation.write(settings, store);
    settingkeys::theme.write(settings, int(theme));
    settingkeys::reviewerName.write(settings, reviewerName.trimmed());
    announceChanges(before, load(settings));
}

void AppSettings::save() const
{
    QSettings settings;
    save(settings);
}

ProviderSettings AppSettings::provider(providers::ProviderKind kind) const
{
    const auto it = providers.find(kind);
    return it == providers.end() ? ProviderSettings{} : it->second;
}

QString AppSettings::defaultModel(providers::ProviderKind kind) const
{
    const QString chosen = provider(kind).defaultModel.trimmed();
    return chosen.isEmpty() ? builtInDefaultModel(kind) : chosen;
}

store::StoreChoice AppSettings::storeLocation() const
{
    return store::chooseStore(store);
}

QString AppSettings::reviewer() const
{
    if (!reviewerName.trimmed().isEmpty())
        return reviewerName.trimmed();
    for (const char* variable : {"USER", "USERNAME", "LOGNAME"})
        if (const QString name = qEnvironmentVariable(variable).trimmed(); !name.isEmpty())
            return name;
    if (const passwd* account = getpwuid(getuid()); account && account->pw_name && *account->pw_name)
        return QString::fromLocal8Bit(account->pw_name);
    return QStringLiteral("unknown");
}

QString storeSettingProblem(const QString& text)
{
    if (text.trimmed().isEmpty())
        return {};
    const auto location = store::StoreLocation::parse(text.trimmed());
    if (!location)
        return QString::fromStdString(location.error().toString());
    if (!location->password.isEmpty())
        return QCoreApplication::translate("conform::gui::AppSettings",
                                           "Leave the password out of the URL: PostgreSQL reads it from ~/.pgpass or "
                                           "PGPASSWORD, and Conform keeps no passwords in its settings.");
    return {};
}

void applyTheme(Theme theme)
{
    // The style and palette the platform chose, remembered before the first change.
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    if (theme == Theme::System) {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

QString userPricesPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("prices.json"));
}

stats::PriceTable pricesInUse(QString* problem)
{
    const QString path = userPricesPath();
    if (!QFileInfo::exists(path))
        return stats::PriceTable::builtIn();
    auto mine = stats::PriceTable::load(path);
    if (!mine) {
        if (problem)
            *problem = QString::fromStdString(mine.error().toString());
        return stats::PriceTable::builtIn();
    }
    const stats::PriceTable& builtIn = stats::PriceTable::builtIn();
    return stats::PriceTable::of(mine->taken(), mine->entries(), builtIn.freeProviders());
}

} // namespace conform::gui
