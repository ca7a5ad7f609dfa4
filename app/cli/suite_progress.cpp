#include "suite_progress.h"

#include <QEventLoop>

#include <memory>
#include <ostream>

namespace conform::cli {

suite::SuiteResults runSuiteToEnd(const suite::Suite& suite, store::CaptureWriter* writer, Io& io, bool replay)
{
    suite::SuiteRunner runner(suite, writer);
    if (replay)
        runner.replayFromCassettes();
    auto done = std::make_shared<std::size_t>(0);
    QObject::connect(&runner, &suite::SuiteRunner::runFinished, [&, done](const suite::RunResult& run) {
        io.err << "conform-cli: [" << ++*done << "/" << runner.results().planned << "] " << suite.cases[run.job.caseIndex].name
               << " x " << suite.targets[run.job.targetIndex].name << " #" << run.job.repeat << ": "
               << engine::outcomeName(run.outcome) << (run.succeeded ? "" : " - " + run.firstProblem) << '\n';
    });
    QEventLoop loop;
    QObject::connect(&runner, &suite::SuiteRunner::finished, &loop, &QEventLoop::quit);
    runner.start();
    loop.exec();
    return runner.results();
}

} // namespace conform::cli
