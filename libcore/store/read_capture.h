#pragma once
// One capture by id, read through a connection of its own: what a view does off the GUI
// thread when it opens a capture, a version from history or a baseline. The store is opened
// for reading only (never waiting for a writer).
//
//   runInBackground(this, [location, id] { return store::readCapture(location, id); }, ...);
#include "base/result.h"
#include "store/capture.h"
#include "store/location.h"

#include <string>

namespace conform::store {

// The capture, or an Error: the store cannot be opened, or holds no capture `id`
// ("no capture ID in STORE").
Result<Capture> readCapture(const StoreLocation& location, const std::string& id);

} // namespace conform::store
