#include "postgres_cluster.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>

#include <pwd.h>
#include <unistd.h>

namespace {

QString findBinaries()
{
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (auto it = versions.crbegin(); it != versions.crend(); ++it)
        if (QFile::exists(root.filePath(*it + QStringLiteral("/bin/initdb"))))
            return root.filePath(*it + QStringLiteral("/bin"));
    return {};
}

int freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

} // namespace

PostgresCluster& PostgresCluster::shared()
{
    static PostgresCluster* cluster = [] {
        auto* created = new PostgresCluster;
        // Stopped while Qt is still up (a static's destructor would run after it is gone).
        qAddPostRoutine([] { delete &PostgresCluster::shared(); });
        return created;
    }();
    return *cluster;
}

bool PostgresCluster::run(const QString& program, const QStringList& arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (geteuid() == 0) // PostgreSQL will not run as root
        process.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), program} + arguments);
    else
        process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        m_error = QFileInfo(program).fileName() + QStringLiteral(" failed: ") +
                  QString::fromUtf8(process.readAll()).trimmed().replace(QLatin1Char('\n'), QLatin1String(" | ")) + process.errorString();
        return false;
    }
    return true;
}

PostgresCluster::PostgresCluster()
{
    m_binaries = findBinaries();
    if (m_binaries.isEmpty()) {
        m_error = QStringLiteral("no initdb under /usr/lib/postgresql (Debian package postgresql-15)");
        return;
    }
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        m_error = QStringLiteral("Qt's QPSQL driver is missing (Debian package libqt6sql6-psql)");
        return;
    }
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/conform-pg-XXXXXX"));
    if (geteuid() == 0) {
        const passwd* user = getpwnam("postgres");
        if (!user || chown(QFile::encodeName(m_dir->path()).constData(), user->pw_uid, user->pw_gid) != 0) {
            m_error = QStringLiteral("no postgres user to run the cluster as");
            return;
        }
    }
    const QString data = m_dir->path() + QStringLiteral("/data");
    if (!run(m_binaries + QStringLiteral("/initdb"), {QStringLiteral("-D"), data, QStringLiteral("-A"), QStringLiteral("trust"), QStringLiteral("-U"),
                                                       QStringLiteral("conform"), QStringLiteral("-E"), QStringLiteral("UTF8"), QStringLiteral("--no-sync")}))
        return;
    for (int tries = 0; tries < 3 && !m_started; ++tries) {
        m_port = freePort();
        m_error.clear();
        m_started = run(m_binaries + QStringLiteral("/pg_ctl"),
                        {QStringLiteral("-D"), data, QStringLiteral("-l"), m_dir->path() + QStringLiteral("/server.log"), QStringLiteral("-w"),
                         QStringLiteral("-o"),
                         // TCP on loopback only, no Unix socket: a socket path must fit in 107
                         // bytes, and the temporary folder may be anywhere, however deep.
                         QStringLiteral("-p %1 -c unix_socket_directories='' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off").arg(m_port),
                         QStringLiteral("start")});
    }
}

PostgresCluster::~PostgresCluster()
{
    if (m_started)
        run(m_binaries + QStringLiteral("/pg_ctl"), {QStringLiteral("-D"), m_dir->path() + QStringLiteral("/data"), QStringLiteral("-m"),
                                                     QStringLiteral("immediate"), QStringLiteral("stop")});
}

QString PostgresCluster::createDatabase(const QString& name)
{
    if (!ok())
        return {};
    QString url;
    {
        QSqlDatabase admin = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("cluster-admin"));
        admin.setHostName(QStringLiteral("127.0.0.1"));
        admin.setPort(m_port);
        admin.setUserName(QStringLiteral("conform"));
        admin.setDatabaseName(QStringLiteral("postgres"));
        if (!admin.open()) {
            m_error = admin.lastError().text();
        } else {
            QSqlQuery query(admin);
            if (query.exec(QStringLiteral("DROP DATABASE IF EXISTS ") + name) && query.exec(QStringLiteral("CREATE DATABASE ") + name))
                url = QStringLiteral("postgresql://conform@127.0.0.1:%1/%2").arg(m_port).arg(name);
            else
                m_error = query.lastError().text();
            admin.close();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("cluster-admin"));
    return url;
}
