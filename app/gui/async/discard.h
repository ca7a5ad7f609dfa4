#pragma once
// Freeing a 16 MB document's tree, its source map and 200,000 issues takes longer than
// building the screen that replaces them (glibc consolidates as it frees). Results that
// big are let go on a pool thread instead of the GUI thread or a check's critical path.
#include <QThreadPool>

#include <memory>
#include <utility>

namespace conform::gui {

template <typename T>
void discardInBackground(T&& value)
{
    auto holder = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    QThreadPool::globalInstance()->start([holder = std::move(holder)]() mutable { holder.reset(); });
}

} // namespace conform::gui
