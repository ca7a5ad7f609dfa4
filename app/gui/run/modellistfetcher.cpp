#include "run/modellistfetcher.h"

#include "providers/http.h"
#include "providers/model_list.h"
#include "providers/redirect.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

namespace conform::gui {

namespace {

QNetworkRequest networkRequest(const providers::HttpRequest& request, int timeoutMs)
{
    QNetworkRequest out(QUrl(QString::fromStdString(request.url)));
    out.setTransferTimeout(timeoutMs);
    for (const auto& list : {request.headers, request.credentials})
        for (const auto& [name, value] : list)
            out.setRawHeader(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    providers::verifyRedirects(out); // the key goes to its own origin only
    return out;
}

providers::HttpResponse responseOf(QNetworkReply* reply)
{
    providers::HttpResponse response;
    response.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    response.body = reply->readAll().toStdString();
    return response;
}

} // namespace

ModelListFetcher::ModelListFetcher(QObject* parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {}

void ModelListFetcher::fetch(providers::ProviderKind kind, const providers::Endpoint& endpoint)
{
    const quint64 generation = ++m_generation[kind];
    const providers::HttpRequest request = providers::modelListRequest(kind, endpoint);
    const std::string shownUrl = providers::redactUrl(request.url);
    QNetworkReply* reply = m_network->get(networkRequest(request, m_timeoutMs));
    providers::guardRedirects(reply);
    connect(reply, &QNetworkReply::finished, this, [this, reply, kind, generation, shownUrl] {
        reply->deleteLater();
        if (generation != m_generation[kind])
            return;
        const providers::HttpResponse response = responseOf(reply);
        if (response.status == 0) {
            const std::string refused = providers::refusedRedirect(reply);
            emit failed(kind, tr("%1: %2").arg(QString::fromStdString(shownUrl),
                                               refused.empty() ? reply->errorString() : QString::fromStdString(refused)));
            return;
        }
        auto models = providers::parseModelList(kind, response);
        if (!models) {
            emit failed(kind, tr("%1: %2").arg(QString::fromStdString(shownUrl),
                                               QString::fromStdString(models.error().toString())));
            return;
        }
        QStringList names;
        for (const std::string& id : models.value())
            names << QString::fromStdString(id);
        emit finished(kind, names);
    });
}

} // namespace conform::gui
