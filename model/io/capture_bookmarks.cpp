// replaceCaptureBookmarks: a reviewer's bookmarks written into the capture they were set on.
#include "model/io/capture_file.h"

#include "model/io/capture_schema.h"
#include "model/io/sqlite_connection.h"

#include <QSqlError>

namespace driftscope {

using sqlite::q;
using sqlite::s;
using sqlite::Sql;

namespace {

std::optional<std::string> replaceIn(Sql& sql, const std::vector<Bookmark>& bookmarks)
{
    std::map<std::string, std::string> meta;
    QSqlQuery rows = sql.select("SELECT key, value FROM capture_meta");
    while (rows.next())
        meta[s(rows.value(0))] = s(rows.value(1));
    if (!sql.error().empty())
        return "is not a driftscope capture: " + sql.error();
    const auto schema = captureSchemaOf(meta);
    if (!schema)
        return schema.error();
    if (!sql.db().transaction())
        return "cannot start a transaction: " + sql.db().lastError().text().toStdString();
    if (*schema < 3) {
        addBookmarksTable(sql);
        sql.run("UPDATE capture_meta SET value = ? WHERE key = 'schema_version'", {QString::number(3)});
    }
    replaceBookmarkRows(sql, bookmarks);
    if (!sql.error().empty()) {
        sql.db().rollback();
        return "cannot write the bookmarks (the file keeps its old ones): " + sql.error();
    }
    if (!sql.db().commit())
        return "cannot write the bookmarks (the file keeps its old ones): " +
               sql.db().lastError().text().toStdString();
    return std::nullopt;
}

} // namespace

std::optional<std::string> replaceCaptureBookmarks(const std::string& path,
                                                   const std::vector<Bookmark>& bookmarks)
{
    if (auto problem = checkBookmarks(bookmarks))
        return *problem;
    if (auto refused = notACaptureFile(path))
        return refused;
    const std::string connection = sqlite::connectionName();
    std::optional<std::string> failure;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", q(connection));
        db.setDatabaseName(q(path));
        if (!db.isValid())
            failure = "the Qt SQLite driver (package libqt6sql6-sqlite) is not available";
        else if (!db.open())
            failure = path + ": cannot open: " + db.lastError().text().toStdString();
        else {
            Sql sql(connection);
            if (auto f = replaceIn(sql, bookmarks))
                failure = path + ": " + *f;
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(q(connection));
    return failure;
}

} // namespace driftscope
