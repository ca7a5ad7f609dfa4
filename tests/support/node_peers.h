#pragma once
// node and the npm packages a test's folder declares (package.json and its lock), installed
// with `npm ci` on first use (node_modules is git-ignored). Callers hand `problem` to
// REQUIRE_DEPENDENCY, so a missing node or a failed install fails the test, naming what is missing.
#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <algorithm>

struct NodePeers
{
    QString node;
    QString problem; // empty when node is there and every package is installed
    bool ok() const { return problem.isEmpty(); }
};

// `packages`: names under node_modules whose presence means the install is done.
inline NodePeers nodePeers(const QString& folder, const QStringList& packages)
{
    NodePeers peers;
    peers.node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
    if (peers.node.isEmpty() || npm.isEmpty()) {
        peers.problem = QStringLiteral("node and npm are not installed: this check needs them");
        return peers;
    }
    const bool installed = std::all_of(packages.begin(), packages.end(),
                                       [&](const QString& p) { return QDir(folder + QStringLiteral("/node_modules/") + p).exists(); });
    if (installed)
        return peers;
    QProcess install;
    install.setWorkingDirectory(folder);
    install.setProcessChannelMode(QProcess::MergedChannels);
    install.start(npm, {QStringLiteral("ci"), QStringLiteral("--no-audit"), QStringLiteral("--no-fund"), QStringLiteral("--loglevel=error")});
    if (!install.waitForFinished(300'000) || install.exitCode() != 0)
        peers.problem = QStringLiteral("npm ci failed in %1: %2").arg(folder, QString::fromUtf8(install.readAll().right(400)));
    return peers;
}
