#include "store/read_capture.h"

#include "store/store.h"

namespace conform::store {

Result<Capture> readCapture(const StoreLocation& location, const std::string& id)
{
    auto opened = Store::open(location, OpenOptions{false});
    if (!opened)
        return opened.error();
    auto capture = opened.value()->capture(id);
    if (!capture)
        return capture.error();
    if (!capture->has_value())
        return Error{"no capture " + id + " in " + location.display(), {}};
    return std::move(*capture.value());
}

} // namespace conform::store
