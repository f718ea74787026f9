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

Result<BookmarkRows> changeIn(Sql& sql, const std::string& path, const BookmarkChange& change)
{
    // What is wrong with the file names it; what the change refuses is said as it is.
    std::map<std::string, std::string> meta;
    QSqlQuery metaRows = sql.select("SELECT key, value FROM capture_meta");
    while (metaRows.next())
        meta[s(metaRows.value(0))] = s(metaRows.value(1));
    if (!sql.error().empty())
        return Error{path + ": is not a driftscope capture: " + sql.error()};
    const auto schema = captureSchemaOf(meta);
    if (!schema)
        return Error{path + ": " + schema.error()};
    if (!sql.db().transaction())
        return Error{path + ": cannot start a transaction: " + sql.db().lastError().text().toStdString()};
    // Read inside the transaction: a change another process made since this one read the file
    // (the CLI while the window shows it) is kept, not overwritten by an older list.
    BookmarkRows rows = readBookmarkRows(sql, *schema);
    std::optional<std::string> refused = sql.error().empty() ? change(rows) : std::nullopt;
    if (!refused && sql.error().empty())
        refused = checkBookmarks(rows.kept);
    if (refused) {
        sql.db().rollback();
        return Error{*refused};
    }
    if (*schema < 3) {
        addBookmarksTable(sql);
        sql.run("UPDATE capture_meta SET value = ? WHERE key = 'schema_version'", {QString::number(3)});
    }
    replaceBookmarkRows(sql, rows);
    if (!sql.error().empty()) {
        sql.db().rollback();
        return Error{path + ": cannot write the bookmarks (the file keeps its old ones): " + sql.error()};
    }
    if (!sql.db().commit())
        return Error{path + ": cannot write the bookmarks (the file keeps its old ones): " +
                     sql.db().lastError().text().toStdString()};
    return rows;
}

} // namespace

Result<BookmarkRows> changeCaptureBookmarks(const std::string& path, const BookmarkChange& change)
{
    if (auto refused = notACaptureFile(path))
        return Error{*refused};
    const std::string connection = sqlite::connectionName();
    Result<BookmarkRows> result = Error{""};
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", q(connection));
        db.setDatabaseName(q(path));
        if (!db.isValid()) {
            result = Error{"the Qt SQLite driver (package libqt6sql6-sqlite) is not available"};
        } else if (!db.open()) {
            result = Error{path + ": cannot open: " + db.lastError().text().toStdString()};
        } else {
            Sql sql(connection);
            result = changeIn(sql, path, change);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(q(connection));
    return result;
}

std::optional<std::string> replaceCaptureBookmarks(const std::string& path,
                                                   const std::vector<Bookmark>& bookmarks)
{
    if (auto problem = checkBookmarks(bookmarks))
        return *problem;
    auto changed = changeCaptureBookmarks(path, [&bookmarks](BookmarkRows& rows) {
        rows.kept = bookmarks;
        return std::optional<std::string>();
    });
    return changed ? std::nullopt : std::optional<std::string>(changed.error());
}

} // namespace driftscope
