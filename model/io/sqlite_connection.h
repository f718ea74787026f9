// The SQL side of capture files (internal to model/io): Qt's SQLite connections, named per use,
// and a runner of statements on one of them that keeps the first error.
#pragma once

#include "model/records/wire_codec.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <initializer_list>
#include <optional>
#include <string>

namespace driftscope::sqlite {

// A name no other connection of the process has (Qt's connections are named, process-wide).
std::string connectionName();

inline QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

inline std::string s(const QVariant& value)
{
    return value.toString().toStdString();
}

// A SQL NULL (for null record keys and values) or the bytes, even when there are none.
QVariant blobOrNull(const std::optional<Bytes>& bytes);
std::optional<Bytes> bytesOrNull(const QVariant& value);

// Runs statements on one connection and keeps the first error.
class Sql {
public:
    explicit Sql(const std::string& connection);

    bool exec(const char* statement);
    // Prepares `statement`, binds `values` in order and runs it.
    bool run(const char* statement, std::initializer_list<QVariant> values);
    QSqlQuery select(const char* statement);
    bool fail(const QSqlQuery& query);
    QSqlDatabase& db() { return m_db; }
    const std::string& error() const { return m_error; }

private:
    QSqlDatabase m_db;
    std::string m_error;
};

} // namespace driftscope::sqlite
