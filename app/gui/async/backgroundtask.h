#pragma once
// Work off the GUI thread with the answer back on it (KeePassXC's runThenCallback):
//
//   runInBackground(this, [location] { return loadCapture(location, id); },
//                   [this](Result<Capture> c) { show(std::move(c)); });
//
// `work` runs on Qt's thread pool and must not touch `context` or any widget; `then` runs on
// the thread of `context`, and never after `context` is gone (the result is dropped then).
#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <type_traits>
#include <utility>

namespace conform::gui {

template <typename Work, typename Then>
void runInBackground(QObject* context, Work work, Then then)
{
    using Result = std::invoke_result_t<Work>;
    // Through a shared_ptr so the answer is moved, not copied, out of the future.
    auto* watcher = new QFutureWatcher<std::shared_ptr<Result>>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, then = std::move(then)]() mutable {
        then(std::move(*watcher->result()));
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([work = std::move(work)]() mutable { return std::make_shared<Result>(work()); }));
}

} // namespace conform::gui
