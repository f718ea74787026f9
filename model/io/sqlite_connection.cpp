#include "model/io/sqlite_connection.h"

#include <QAtomicInteger>
#include <QByteArray>
#include <QSqlError>

namespace driftscope::sqlite {

std::string connectionName()
{
    static QAtomicInteger<int> next = 0;
    return "driftscope-capture-" + std::to_string(next.fetchAndAddRelaxed(1));
}

QVariant blobOrNull(const std::optional<Bytes>& bytes)
{
    if (!bytes)
        return QVariant(QMetaType::fromType<QByteArray>());
    static const char kEmpty = 0;
    const char* data = bytes->empty() ? &kEmpty : reinterpret_cast<const char*>(bytes->data());
    return QByteArray(data, static_cast<qsizetype>(bytes->size()));
}

std::optional<Bytes> bytesOrNull(const QVariant& value)
{
    if (value.isNull())
        return std::nullopt;
    const QByteArray b = value.toByteArray();
    return Bytes(b.begin(), b.end());
}

Sql::Sql(const std::string& connection) : m_db(QSqlDatabase::database(q(connection), false))
{
}

bool Sql::exec(const char* statement)
{
    QSqlQuery query(m_db);
    if (!query.exec(QString::fromUtf8(statement)))
        return fail(query);
    return true;
}

bool Sql::run(const char* statement, std::initializer_list<QVariant> values)
{
    QSqlQuery query(m_db);
    if (!query.prepare(QString::fromUtf8(statement)))
        return fail(query);
    int i = 0;
    for (const QVariant& v : values)
        query.bindValue(i++, v);
    if (!query.exec())
        return fail(query);
    return true;
}

QSqlQuery Sql::select(const char* statement)
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.exec(QString::fromUtf8(statement)))
        fail(query);
    return query;
}

bool Sql::fail(const QSqlQuery& query)
{
    if (m_error.empty())
        m_error = query.lastError().text().toStdString();
    return false;
}

} // namespace driftscope::sqlite
