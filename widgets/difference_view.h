// Compare's difference view: where the two releases shown side by side part for the selected
// group partition (release_difference.h), in words, with a link that moves the time cursor to the
// first moment they differ. Shown only while a release is compared.
#pragma once

#include <QTextBrowser>

#include <optional>
#include <string>
#include <vector>

namespace driftscope::widgets {

class DifferenceView : public QTextBrowser {
    Q_OBJECT

public:
    explicit DifferenceView(QWidget* parent = nullptr);

    // `lines`: differenceLines (and the truths' lines for a simulation), the first the headline;
    // `firstMs`: their first difference; `problem`: why the compared release has no answer.
    void display(const std::vector<std::string>& lines, std::optional<int64_t> firstMs,
                 const std::string& problem);

Q_SIGNALS:
    void momentChosen(int64_t atMs);

private:
    std::optional<int64_t> m_firstMs;
};

} // namespace driftscope::widgets
