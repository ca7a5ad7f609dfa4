#include "settings/keychainbackend.h"

#include <qt6keychain/keychain.h>

namespace conform::gui {

namespace {

Error jobError(const QKeychain::Job* job, const std::string& account)
{
    return Error{job->errorString().toStdString(), account};
}

// Starts `job` with the settings every call shares; `finished` runs once, in `context`.
template <typename JobType, typename Finished>
void start(JobType* job, const std::string& account, QObject* context, Finished finished)
{
    job->setKey(QString::fromStdString(account));
    job->setInsecureFallback(false);
    job->setAutoDelete(true);
    QObject::connect(job, &QKeychain::Job::finished, context, [job, finished](QKeychain::Job*) { finished(job); });
    job->start();
}

} // namespace

void KeychainBackend::read(const std::string& account, QObject* context, keys::ReadDone done)
{
    start(new QKeychain::ReadPasswordJob(m_service), account, context, [account, done](QKeychain::ReadPasswordJob* job) {
        if (job->error() == QKeychain::EntryNotFound)
            return done(std::optional<std::string>());
        if (job->error() != QKeychain::NoError)
            return done(jobError(job, account));
        done(std::optional<std::string>(job->textData().toStdString()));
    });
}

void KeychainBackend::write(const std::string& account, const std::string& secret, QObject* context, keys::WriteDone done)
{
    auto* job = new QKeychain::WritePasswordJob(m_service);
    job->setTextData(QString::fromStdString(secret));
    start(job, account, context, [account, done](QKeychain::WritePasswordJob* finished) {
        done(finished->error() == QKeychain::NoError ? Status(Done{}) : Status(jobError(finished, account)));
    });
}

void KeychainBackend::remove(const std::string& account, QObject* context, keys::WriteDone done)
{
    start(new QKeychain::DeletePasswordJob(m_service), account, context, [account, done](QKeychain::DeletePasswordJob* job) {
        const bool gone = job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound;
        done(gone ? Status(Done{}) : Status(jobError(job, account)));
    });
}

} // namespace conform::gui
