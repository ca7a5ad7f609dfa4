#include "store/labels.h"

#include <algorithm>
#include <array>

namespace conform::store {

Status checkLabelKey(std::string_view key)
{
    if (key.empty())
        return Error{"a label needs a key", {}};
    static constexpr std::array<std::string_view, 4> fixed{"suite", "case", "target", "source"};
    if (std::find(fixed.begin(), fixed.end(), key) != fixed.end())
        return Error{"the label '" + std::string(key) + "' is set by the run that made a capture and cannot be changed: "
                         + (key == "source" ? std::string("it is the capture's source") : std::string("it names the case pass^k counts")),
                     {}};
    return Done{};
}

} // namespace conform::store
