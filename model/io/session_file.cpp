#include "model/io/session_file.h"

#include "model/io/capture_file.h"
#include "model/io/record_file.h"
#include "model/session/session_json.h"

namespace driftscope {
namespace {

constexpr size_t kMaxListedLineErrors = 10;

std::optional<std::string> readLines(const std::string& path, SessionLineReader& reader)
{
    auto file = readTextFile(path);
    if (!file)
        return file.error();
    const std::string& text = *file;
    std::string message;
    size_t bad = 0, lineNumber = 0;
    std::string_view rest = text;
    while (!rest.empty()) {
        const size_t nl = rest.find('\n');
        const std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        ++lineNumber;
        if (auto problem = reader.read(line)) {
            if (++bad <= kMaxListedLineErrors)
                message +=
                    (message.empty() ? "" : "\n") + path + ":" + std::to_string(lineNumber) + ": " + *problem;
        }
    }
    if (bad > kMaxListedLineErrors)
        message += "\n... and " + std::to_string(bad - kMaxListedLineErrors) + " more bad lines";
    if (bad > 0)
        return message;
    return std::nullopt;
}

} // namespace

Result<SessionFile> readSessionFile(const std::string& path)
{
    if (isSqliteFile(path)) {
        auto capture = readCapture(path);
        if (!capture)
            return Error{capture.error()};
        return SessionFile{std::move(capture->observations), true};
    }
    auto session = readSessionTexts({path});
    if (!session)
        return Error{session.error()};
    return SessionFile{std::move(*session), false};
}

Result<Session> readSessionTexts(const std::vector<std::string>& paths)
{
    Session session;
    session.info.origin = "import";
    SessionLineReader reader(session);
    for (const std::string& path : paths) {
        if (auto failure = readLines(path, reader))
            return Error{*failure};
    }
    return session;
}

} // namespace driftscope
