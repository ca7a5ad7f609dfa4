#pragma once
// Internal to the store: values bound to and read from its SQL, the same way everywhere.
#include "store/filter.h"

#include <QString>
#include <QVariant>

#include <cstdint>
#include <string>

namespace conform::store::detail {

inline QVariant integer(std::int64_t value)
{
    return QVariant::fromValue<qlonglong>(value);
}

inline std::string stringOf(const QVariant& value)
{
    return value.toString().toStdString();
}

// `where` with one more condition.
inline QString andWhere(const SqlCondition& where, const QString& condition)
{
    return where.sql + (where.sql.isEmpty() ? QStringLiteral(" WHERE ") : QStringLiteral(" AND ")) + condition;
}

} // namespace conform::store::detail
