// Model text as Qt text: the one conversion the widgets and the window use.
#pragma once

#include "model/analysis/translation_text.h"

#include <QString>

#include <cstdint>
#include <string>

namespace driftscope::widgets {

// UTF-8 model text as a QString.
inline QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

// UTF-8 model text escaped for Qt's rich text and HTML.
inline QString qHtml(const std::string& text)
{
    return q(text).toHtmlEscaped();
}

// A count with thousands separators ("10,500"), as the CLI prints it.
inline QString thousands(int64_t n)
{
    return q(withThousands(n));
}

} // namespace driftscope::widgets
