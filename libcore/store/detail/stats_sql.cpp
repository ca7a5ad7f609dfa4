#include "store/detail/stats_sql.h"

namespace conform::store::detail {

namespace {

// A value as an SQL string literal. Written into the statement rather than bound: a bound
// QString reaches SQLite as UTF-16, and comparing it with the stored UTF-8 on every row
// doubled the time of the whole query. Quotes are doubled, which both databases read as
// standard SQL; values holding NUL never get here (groupable() refuses them).
QString sqlLiteral(const std::string& value)
{
    QString text = QString::fromStdString(value);
    text.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

} // namespace

bool PackedGrouping::groupable() const
{
    for (const auto& fieldValues : values)
        for (const std::string& value : fieldValues)
            if (value.find('\0') != std::string::npos)
                return false;
    return true;
}

QString PackedGrouping::groupSql() const
{
    QString sql = QStringLiteral("CAST(0 AS BIGINT)");
    for (std::size_t i = 0; i < expressions.size(); ++i) {
        QString mapping = QStringLiteral("CASE ") + QString::fromStdString(expressions[i]);
        for (std::size_t v = 0; v < values[i].size(); ++v)
            mapping += QStringLiteral(" WHEN ") + sqlLiteral(values[i][v]) + QStringLiteral(" THEN %1").arg(v);
        // A value written after the dictionary was read gets the slot past the end.
        mapping += QStringLiteral(" ELSE %1 END").arg(values[i].size());
        sql = QStringLiteral("(%1) * %2 + %3").arg(sql).arg(values[i].size() + 1).arg(mapping);
    }
    return sql;
}

std::int64_t PackedGrouping::groupCount() const
{
    std::int64_t count = 1;
    for (const auto& fieldValues : values) {
        count *= static_cast<std::int64_t>(fieldValues.size()) + 1;
        if (count > kMaxGroups)
            return count;
    }
    return count;
}

std::vector<std::string> PackedGrouping::decode(std::int64_t group) const
{
    std::vector<std::string> key(values.size());
    for (std::size_t i = values.size(); i-- > 0;) {
        const auto n = static_cast<std::int64_t>(values[i].size()) + 1;
        const auto index = static_cast<std::size_t>(group % n);
        key[i] = index < values[i].size() ? values[i][index] : std::string("(other)");
        group /= n;
    }
    return key;
}

QString packedKeySql(const PackedGrouping& grouping, std::int64_t bucketMs)
{
    const QString bucket = bucketMs > 0 ? QStringLiteral("(c.created_at / %1)").arg(bucketMs) : QStringLiteral("0");
    return QStringLiteral("(((%1) * %2 + %3) * %4 + c.latency_bin) * %5 + c.outcome * 64 + (c.flags & 32) + (c.flags & 7) * 4"
                          " + c.parse_ok_first * 2 + c.first_try_valid")
        .arg(grouping.groupSql())
        .arg(std::int64_t(1) << kBucketBits)
        .arg(bucket)
        .arg(std::int64_t(1) << kBinBits)
        .arg(1 << kFactBits);
}

UnpackedKey unpackKey(std::int64_t key)
{
    UnpackedKey out;
    out.validFirst = key & 1;
    out.parsedFirst = key & 2;
    out.flags = static_cast<int>((key >> 2) & 7) | ((key >> 5) & 1 ? 32 : 0);
    out.outcome = static_cast<int>((key >> 6) & 7);
    key >>= kFactBits;
    out.bin = static_cast<int>(key & ((std::int64_t(1) << kBinBits) - 1));
    key >>= kBinBits;
    out.bucket = key & ((std::int64_t(1) << kBucketBits) - 1);
    out.group = key >> kBucketBits;
    return out;
}

} // namespace conform::store::detail
