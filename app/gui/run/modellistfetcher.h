#pragma once
// Fetches a provider's model list (providers/model_list.h) without blocking: fetch() returns
// at once and finished() or failed() follows, once per fetch. A newer fetch for the same
// provider makes the older one's answer stale, and a stale answer is dropped. The key goes
// in the request's credential header only; error messages never carry it.
#include "providers/provider.h"

#include <QObject>
#include <QStringList>

#include <map>

class QNetworkAccessManager;

namespace conform::gui {

class ModelListFetcher : public QObject
{
    Q_OBJECT

public:
    explicit ModelListFetcher(QObject* parent = nullptr);

    void fetch(providers::ProviderKind kind, const providers::Endpoint& endpoint);
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

signals:
    void finished(conform::providers::ProviderKind kind, const QStringList& models);
    void failed(conform::providers::ProviderKind kind, const QString& message);

private:
    QNetworkAccessManager* m_network;
    std::map<providers::ProviderKind, quint64> m_generation;
    int m_timeoutMs = 15000;
};

} // namespace conform::gui
