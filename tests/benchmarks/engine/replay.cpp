#include "replay.h"

#include "base/json.h"

#include <QFile>

namespace conform::bench {

ReplayProcess::ReplayProcess(const QString& cliPath, int delayMs, const std::vector<int>& repairRunsPerSlot)
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("cannot create a temporary directory");
        return;
    }
    QStringList files;
    if (!writeScenario(QStringLiteral("valid"), {kValidReply}, delayMs, files))
        return;
    for (std::size_t slot = 0; slot < repairRunsPerSlot.size(); ++slot) {
        std::vector<std::string> replies;
        for (int run = 0; run < repairRunsPerSlot[slot]; ++run) {
            replies.emplace_back(kInvalidReply);
            replies.emplace_back(kValidReply);
        }
        if (!replies.empty() && !writeScenario(QStringLiteral("repair-%1").arg(slot), replies, delayMs, files))
            return;
    }
    start(cliPath, files);
}

ReplayProcess::~ReplayProcess()
{
    // The server never exits by itself; it holds no state worth a graceful stop.
    m_process.kill();
    m_process.waitForFinished(5000);
}

bool ReplayProcess::writeScenario(const QString& name, const std::vector<std::string>& replies, int delayMs,
                                  QStringList& files)
{
    Json turns = Json::array();
    for (const std::string& reply : replies) {
        Json turn{{"text", reply}, {"usage", {{"input_tokens", 40}, {"output_tokens", 12}}}};
        if (delayMs > 0)
            turn["delay_ms"] = delayMs;
        turns.push_back(std::move(turn));
    }
    const Json scenario{{"name", name.toStdString()}, {"description", "bench_engine"}, {"turns", std::move(turns)}};
    const QString path = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(path);
    const std::string text = scenario.dump();
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        m_error = QStringLiteral("cannot write ") + path;
        return false;
    }
    files << path;
    return true;
}

void ReplayProcess::start(const QString& cliPath, const QStringList& files)
{
    QStringList arguments{QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")};
    for (const QString& file : files)
        arguments << QStringLiteral("--scenario") << file;
    // The server logs one line per request on stderr; nobody reads it here, so drop it rather
    // than let the pipe fill up and stall the server.
    m_process.setStandardErrorFile(QProcess::nullDevice());
    m_process.start(cliPath, arguments);
    if (!m_process.waitForStarted(10000)) {
        m_error = QStringLiteral("serve did not start: ") + m_process.errorString();
        return;
    }
    QByteArray line;
    while (!line.contains('\n') && m_process.waitForReadyRead(10000))
        line += m_process.readAllStandardOutput();
    const QString first = QString::fromUtf8(line).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (!first.startsWith(QLatin1String("listening on "))) {
        m_error = QStringLiteral("serve did not say where it listens: '") + first + QLatin1Char('\'');
        return;
    }
    m_baseUrl = first.mid(13);
}

} // namespace conform::bench
