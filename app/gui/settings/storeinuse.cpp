#include "settings/storeinuse.h"

namespace conform::gui {

QString StoreInUse::why(store::StoreOrigin origin)
{
    switch (origin) {
    case store::StoreOrigin::Environment:
        return tr("In use because CONFORM_STORE is set; it wins over Settings ▸ Store.");
    case store::StoreOrigin::Setting:
        return tr("In use because Settings ▸ Store names it.");
    case store::StoreOrigin::Default:
        break;
    }
    return tr("In use by default: neither CONFORM_STORE nor Settings ▸ Store names a store.");
}

bool StoreInUse::environmentOverrides()
{
    return !qEnvironmentVariable("CONFORM_STORE").isEmpty();
}

QString StoreInUse::overriddenNote()
{
    return tr("CONFORM_STORE is set: the store chosen below is not in use");
}

QString StoreInUse::failure(const QString& error)
{
    return tr("The capture store cannot be used: %1. Choose another in Settings ▸ Store.").arg(error);
}

} // namespace conform::gui
