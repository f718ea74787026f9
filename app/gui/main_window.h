// The driftscope main window. It wires panels to the model; it computes nothing itself.
#pragma once

#include <QMainWindow>

class QStackedWidget;

namespace driftscope::widgets {
class StoreExplorer;
}

namespace driftscope::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Loads offset-sync records (formatter text or JSON Lines). Returns false, after telling the
    // user why, when the file cannot be read at all; bad lines are reported and skipped.
    bool openOffsetSyncs(const QString& path);

    widgets::StoreExplorer* explorer() const { return m_explorer; }

private:
    void createMenus();
    void chooseFile();

    QStackedWidget* m_pages;
    widgets::StoreExplorer* m_explorer;
};

} // namespace driftscope::gui
