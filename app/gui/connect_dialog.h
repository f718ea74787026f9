// The connect dialog: a live pair of clusters by bootstrap servers and librdkafka settings, or by
// an MM2 configuration file (mm2.properties or a Strimzi resource) and flow, with client settings
// over it; profiles are saved and loaded without their secrets, which are
// asked for when connecting.
#pragma once

#include "app/gui/connection_profile.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPlainTextEdit;
class QSettings;
class QStackedWidget;

namespace driftscope::gui {

class ConnectDialog : public QDialog {
    Q_OBJECT

public:
    ConnectDialog(QSettings& settings, QWidget* parent = nullptr);

    void setProfile(const ConnectionProfile& profile);
    ConnectionProfile profile() const; // as filled in, secrets included

    void accept() override; // validates, asks for missing secrets, then closes

private:
    QLayout* profileRow();
    QWidget* bootstrapPage();
    QWidget* mm2FilePage();
    void loadSelected();
    void saveCurrent();

    QSettings& m_settings;
    QComboBox* m_profiles;
    QComboBox* m_mode;
    QStackedWidget* m_pages;
    QLineEdit *m_sourceAlias, *m_targetAlias, *m_sourceBootstrap, *m_targetBootstrap;
    QPlainTextEdit* m_clientSettings;
    QLineEdit *m_mm2File, *m_flow;
    QLineEdit* m_groups;
    QComboBox* m_release;
    QLabel* m_error;
};

} // namespace driftscope::gui
