#pragma once
// Grows the SQLite store at `path` to `target` captures by copying its capture rows (and, with
// `replies`, their final replies) with new ids, each copy an hour earlier: SQL, so 1,000,000
// take seconds, where writing real captures would take minutes. Bodies are not copied: the
// browser cannot open a copy, but metrics, re-validation and the lists read only these tables.
// The store must hold at least one capture. test_gui_memory's huge store and
// test_store_in_use's 100,000-capture Suites store are grown with it. A copy keeps its
// capture's failure cluster, so test_gui_triage's store grows its clusters too.
#include <QString>

bool growStore(const QString& path, qint64 target, bool replies = false);
