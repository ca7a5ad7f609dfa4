#pragma once
// Internal to the store: an Order as SQL over `captures c`. Each sort key is one column (or,
// for tokens, one expression) that an index of migration 3 holds together with created_at
// and seq, so a page is an index range scan, not a sort of every matching row.
#include "store/filter.h"
#include "store/order.h"

#include <QString>

namespace conform::store::detail {

// The key's expression over `captures c` ("c.latency_ms"); c.created_at for SortKey::Time.
QString sortExpression(SortKey key);
// " ORDER BY key DESC, c.created_at DESC, c.seq DESC" (the time key alone once).
QString orderByClause(const Order& order);
// The rows after `cursor` in that order, as a row-value comparison both databases read
// from the index: "(key, c.created_at, c.seq) < (?, ?, ?)".
SqlCondition afterCursor(const Order& order, const Cursor& cursor);

} // namespace conform::store::detail
