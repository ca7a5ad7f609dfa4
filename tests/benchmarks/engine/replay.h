#pragma once
// The provider side of bench_engine: scenario files with a known delay per turn, served by a
// `conform-cli serve --listen 127.0.0.1:0` child process (one per measured configuration, so every
// configuration starts with fresh turn counters).
//
// Scenarios, chosen by the request's "model":
//   "valid"      one turn, a reply that validates (the last turn repeats, so it always answers)
//   "repair-K"   for slot K of the repair case: invalid, valid, invalid, valid, ... one pair per
//                run that slot makes. The server counts turns per scenario, so each concurrent
//                slot needs its own scenario to see its pairs in order.
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <string>
#include <vector>

namespace conform::bench {

inline constexpr const char* kValidReply = R"({"verdict": "guilty", "confidence": 0.9})";
inline constexpr const char* kInvalidReply = R"({"verdict": "maybe", "confidence": 0.9})"; // enum miss

class ReplayProcess
{
public:
    // Writes the scenarios (repairRunsPerSlot[k] pairs for slot K) and starts the server.
    ReplayProcess(const QString& cliPath, int delayMs, const std::vector<int>& repairRunsPerSlot);
    ~ReplayProcess();
    ReplayProcess(const ReplayProcess&) = delete;
    ReplayProcess& operator=(const ReplayProcess&) = delete;

    bool ok() const { return !m_baseUrl.isEmpty(); }
    QString error() const { return m_error; }
    QString baseUrl() const { return m_baseUrl; } // "http://127.0.0.1:PORT"

private:
    bool writeScenario(const QString& name, const std::vector<std::string>& replies, int delayMs, QStringList& files);
    void start(const QString& cliPath, const QStringList& files);

    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_baseUrl;
    QString m_error;
};

} // namespace conform::bench
