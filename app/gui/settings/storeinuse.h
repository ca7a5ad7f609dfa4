#pragma once
// The words for the store in use and why it is that one, as the status bar's live-store label
// and Settings ▸ Store both say them (store/location.h chooseStore() decides; this only says).
//
//   label->setToolTip(StoreInUse::why(store->origin()));
//   if (StoreInUse::environmentOverrides()) note->setText(StoreInUse::overriddenNote());
#include "store/location.h"

#include <QCoreApplication>
#include <QString>

namespace conform::gui {

class StoreInUse
{
    Q_DECLARE_TR_FUNCTIONS(conform::gui::StoreInUse)
public:
    // One sentence: which rule chose the store.
    static QString why(store::StoreOrigin origin);
    // True while $CONFORM_STORE is set: Settings ▸ Store's choice is then not in use.
    static bool environmentOverrides();
    // "CONFORM_STORE is set: the store chosen below is not in use".
    static QString overriddenNote();
    // A store that cannot be used: what, where, what next, on one line.
    static QString failure(const QString& error);
};

} // namespace conform::gui
