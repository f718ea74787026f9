// The driftscope main window. It wires panels to the model; it computes nothing itself.
#pragma once

#include <QMainWindow>

namespace driftscope::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

private:
    void createMenus();
};

} // namespace driftscope::gui
