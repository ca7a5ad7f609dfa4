#include "keyring_session.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QThread>
#include <QProcessEnvironment>
#include <QStandardPaths>

KeyringSession::~KeyringSession()
{
    for (QProcess* process : {&m_keyring, &m_bus}) {
        if (process->state() == QProcess::NotRunning)
            continue;
        process->terminate();
        if (!process->waitForFinished(3000))
            process->kill();
        process->waitForFinished(1000);
    }
    if (!m_pointed)
        return;
    if (m_previousAddress)
        qputenv("DBUS_SESSION_BUS_ADDRESS", *m_previousAddress);
    else
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
}

bool KeyringSession::fail(const QString& why)
{
    m_error = why;
    return false;
}

bool KeyringSession::start()
{
    const QString busProgram = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    const QString keyringProgram = QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon"));
    if (busProgram.isEmpty() || keyringProgram.isEmpty())
        return fail(QStringLiteral("no keychain daemon: dbus-daemon and gnome-keyring-daemon are needed "
                                   "(packages dbus, gnome-keyring; packaging/install-deps.sh installs them)"));
    if (!m_home.isValid())
        return fail(QStringLiteral("cannot create a temporary folder"));

    m_bus.start(busProgram, {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
    if (!m_bus.waitForReadyRead(5000))
        return fail(QStringLiteral("dbus-daemon did not start: %1").arg(QString::fromLocal8Bit(m_bus.readAllStandardError())));
    const QByteArray address = m_bus.readLine().trimmed();

    QDir(m_home.path()).mkpath(QStringLiteral("data"));
    QDir(m_home.path()).mkpath(QStringLiteral("run"));
    QFile::setPermissions(m_home.filePath(QStringLiteral("run")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_home.path());
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.filePath(QStringLiteral("run")));
    environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromUtf8(address));
    m_keyring.setProcessEnvironment(environment);
    // --unlock reads the keyring's password from stdin and creates the login keyring with it.
    m_keyring.start(keyringProgram, {QStringLiteral("--foreground"), QStringLiteral("--unlock"),
                                     QStringLiteral("--components=secrets")});
    if (!m_keyring.waitForStarted(5000))
        return fail(QStringLiteral("gnome-keyring-daemon did not start"));
    m_keyring.write("conform-test");
    m_keyring.waitForBytesWritten(5000); // no event loop runs here to flush it
    m_keyring.closeWriteChannel();
    // The login keyring exists once the daemon has unlocked (created) it. libsecret remembers
    // the collections it saw first, so nothing may ask the daemon before then.
    const QString loginKeyring = m_home.filePath(QStringLiteral("data/keyrings/login.keyring"));
    QDeadlineTimer deadline(30000); // a bound on the wait, generous for a loaded machine
    while (!QFileInfo::exists(loginKeyring) && !deadline.hasExpired() && m_keyring.state() == QProcess::Running)
        QThread::msleep(50);
    if (!QFileInfo::exists(loginKeyring))
        return fail(QStringLiteral("gnome-keyring-daemon did not create its login keyring: %1")
                        .arg(QString::fromLocal8Bit(m_keyring.readAllStandardError())));

    if (qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS"))
        m_previousAddress = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    qputenv("DBUS_SESSION_BUS_ADDRESS", address);
    m_pointed = true;
    return true;
}
