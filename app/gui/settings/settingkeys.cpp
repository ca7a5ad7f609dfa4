#include "settings/settingkeys.h"

#include <QCryptographicHash>

namespace conform::gui::settingkeys {

Setting<QString> workspaceDraft(const QString& folder)
{
    // Under a key made from the folder: a path may hold characters QSettings keys cannot.
    const QByteArray hash = QCryptographicHash::hash(folder.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return Setting<QString>{QStringLiteral("workspaces/") + QString::fromLatin1(hash) + QStringLiteral("/draft")};
}

namespace {

Setting<QString> providerField(providers::ProviderKind kind, const char* field)
{
    return Setting<QString>{QStringLiteral("providers/%1/%2").arg(QString::fromStdString(std::string(providers::providerName(kind))),
                                                                  QLatin1String(field))};
}

} // namespace

Setting<QString> providerBaseUrl(providers::ProviderKind kind)
{
    return providerField(kind, "baseUrl");
}

Setting<QString> providerModel(providers::ProviderKind kind)
{
    return providerField(kind, "model");
}

} // namespace conform::gui::settingkeys
