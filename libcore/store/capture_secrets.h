#pragma once
// A capture with no key in it: the store masks every key this process holds
// (base/secrets.h) before anything is written, so no table, body or WAL page ever holds one,
// and exports mask again what older stores may hold.
#include "store/capture.h"

namespace conform::store {

// Whether any text of `capture` (schema, prompt, spec, run, reply, labels) holds a key.
bool holdsSecret(const Capture& capture);

// Masks every key in `capture`'s texts, its signature's words among them (its cluster id,
// made from paths and codes, stays); its bodies, if packed already, are dropped so that the
// store packs the masked ones.
void maskSecrets(Capture& capture);

} // namespace conform::store
