#include "app/gui/connect_dialog.h"

#include "model/io/kafka/settings_check.h"
#include "widgets/health_colors.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace driftscope::gui {

ConnectDialog::ConnectDialog(QSettings& settings, QWidget* parent)
    : QDialog(parent), m_settings(settings), m_profiles(new QComboBox), m_mode(new QComboBox),
      m_pages(new QStackedWidget), m_sourceAlias(new QLineEdit), m_targetAlias(new QLineEdit),
      m_sourceBootstrap(new QLineEdit), m_targetBootstrap(new QLineEdit),
      m_clientSettings(new QPlainTextEdit), m_mm2File(new QLineEdit), m_flow(new QLineEdit),
      m_groups(new QLineEdit), m_release(new QComboBox), m_error(new QLabel)
{
    setWindowTitle("Connect to a pair of clusters");
    QLayout* profiles = profileRow();
    m_mode->addItems({"Bootstrap servers and client settings", "MM2 configuration file"});
    m_pages->addWidget(bootstrapPage());
    m_pages->addWidget(mm2FilePage());
    m_clientSettings->setPlaceholderText(
        "source.security.protocol=SASL_SSL\nsource.sasl.mechanism=SCRAM-SHA-512\n"
        "source.sasl.username=reader\nsource.sasl.password=…\n"
        "target.ssl.ca.location=/etc/ssl/ca.pem");
    m_clientSettings->setToolTip("librdkafka settings, one source.KEY=VALUE or target.KEY=VALUE per line");
    for (const Release& r : knownReleases())
        m_release->addItem(QString::fromStdString(toString(r)));
    // Editable: a release newer than driftscope knows (4.4.1) can be typed, and gets the rules of
    // the newest known one of its line, with a note in the window.
    m_release->setEditable(true);
    m_release->setCurrentText(QString::fromStdString(toString(kDefaultRelease)));
    m_groups->setPlaceholderText("groups to sample, comma-separated (others are discovered)");
    m_error->setWordWrap(true);
    m_error->setStyleSheet("color: " + widgets::errorColor(widgets::paletteShade()).name());

    auto* form = new QFormLayout;
    form->addRow("Profile", profiles);
    form->addRow("Connect by", m_mode);
    auto* bottom = new QFormLayout;
    bottom->addRow("Client settings", m_clientSettings);
    bottom->addRow("Groups", m_groups);
    bottom->addRow("MM2 release", m_release);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText("Connect");
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_pages);
    layout->addLayout(bottom);
    layout->addWidget(m_error);
    layout->addWidget(
        new QLabel("driftscope only reads: it never joins a group, commits, produces or creates a topic."));
    layout->addWidget(buttons);
    resize(620, 520);

    connect(m_mode, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectDialog::reject);
}

// The saved profiles, and Load and Save.
QLayout* ConnectDialog::profileRow()
{
    m_profiles->setEditable(true);
    m_profiles->addItems(profileNames(m_settings));
    m_profiles->setCurrentText(QString());
    m_profiles->lineEdit()->setPlaceholderText("profile name");
    auto* load = new QPushButton("Load");
    auto* save = new QPushButton("Save");
    save->setToolTip("Saves the profile without passwords or other secrets");
    auto* profileRow = new QHBoxLayout;
    profileRow->addWidget(m_profiles, 1);
    profileRow->addWidget(load);
    profileRow->addWidget(save);
    connect(load, &QPushButton::clicked, this, &ConnectDialog::loadSelected);
    connect(save, &QPushButton::clicked, this, &ConnectDialog::saveCurrent);
    return profileRow;
}

// Connect by bootstrap servers: each cluster's alias and servers.
QWidget* ConnectDialog::bootstrapPage()
{
    auto* parts = new QWidget;
    auto* partsForm = new QFormLayout(parts);
    m_sourceAlias->setText("A");
    m_targetAlias->setText("B");
    m_sourceBootstrap->setPlaceholderText("host:9092,host2:9092");
    m_targetBootstrap->setPlaceholderText("host:9092");
    partsForm->addRow("Source alias", m_sourceAlias);
    partsForm->addRow("Source bootstrap", m_sourceBootstrap);
    partsForm->addRow("Target alias", m_targetAlias);
    partsForm->addRow("Target bootstrap", m_targetBootstrap);
    return parts;
}

// Connect by an MM2 configuration: the file and the flow.
QWidget* ConnectDialog::mm2FilePage()
{
    auto* mm2 = new QWidget;
    auto* mm2Form = new QFormLayout(mm2);
    auto* browse = new QPushButton("Browse…");
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_mm2File, 1);
    fileRow->addWidget(browse);
    m_flow->setPlaceholderText("A->B (default: the file's only enabled flow)");
    mm2Form->addRow("MM2 configuration", fileRow);
    mm2Form->addRow("Flow", m_flow);
    auto* fileHelp =
        new QLabel("mm2.properties or a Strimzi KafkaMirrorMaker2 resource (YAML). Aliases, topic "
                   "location, replication policy, intervals and each cluster's security settings "
                   "come from the file; client settings below override it, and the Kubernetes "
                   "Secrets a resource names are asked for at connect and never saved.");
    fileHelp->setWordWrap(true);
    mm2Form->addRow(fileHelp);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, "MM2 configuration", QString(),
                                         "MM2 configurations (*.properties *.yaml *.yml);;All files (*)");
        if (!path.isEmpty())
            m_mm2File->setText(path);
    });
    return mm2;
}

void ConnectDialog::setProfile(const ConnectionProfile& p)
{
    m_profiles->setCurrentText(p.name);
    m_mode->setCurrentIndex(p.useMm2File ? 1 : 0);
    m_mm2File->setText(p.mm2File);
    m_flow->setText(p.flow);
    m_sourceAlias->setText(p.sourceAlias);
    m_targetAlias->setText(p.targetAlias);
    m_sourceBootstrap->setText(p.sourceBootstrap);
    m_targetBootstrap->setText(p.targetBootstrap);
    m_clientSettings->setPlainText(p.clientSettings.join('\n'));
    m_groups->setText(p.groups.join(", "));
    m_release->setCurrentText(p.release);
}

ConnectionProfile ConnectDialog::profile() const
{
    ConnectionProfile p;
    p.name = m_profiles->currentText().trimmed();
    p.useMm2File = m_mode->currentIndex() == 1;
    p.mm2File = m_mm2File->text().trimmed();
    p.flow = m_flow->text().trimmed();
    p.sourceAlias = m_sourceAlias->text().trimmed();
    p.targetAlias = m_targetAlias->text().trimmed();
    p.sourceBootstrap = m_sourceBootstrap->text().trimmed();
    p.targetBootstrap = m_targetBootstrap->text().trimmed();
    for (const QString& line : m_clientSettings->toPlainText().split('\n', Qt::SkipEmptyParts))
        if (!line.trimmed().isEmpty())
            p.clientSettings << line.trimmed();
    for (const QString& g : m_groups->text().split(',', Qt::SkipEmptyParts))
        if (!g.trimmed().isEmpty())
            p.groups << g.trimmed();
    p.release = m_release->currentText();
    return p;
}

void ConnectDialog::loadSelected()
{
    const QString name = m_profiles->currentText().trimmed();
    if (profileNames(m_settings).contains(name))
        setProfile(loadProfile(m_settings, name));
}

void ConnectDialog::saveCurrent()
{
    ConnectionProfile p = profile();
    if (p.name.isEmpty()) {
        m_error->setText("Name the profile first.");
        return;
    }
    saveProfile(m_settings, p);
    if (m_profiles->findText(p.name) < 0)
        m_profiles->addItem(p.name);
    const QStringList secrets = p.secretSettingNames();
    m_error->setText(secrets.isEmpty() ? QString()
                                       : "Saved without the values of " + secrets.join(", ") +
                                             ": you will be asked for them when connecting.");
}

void ConnectDialog::accept()
{
    ConnectionProfile p = profile();
    // A Strimzi resource's Secrets are asked for too (a CA file's path shown as typed).
    QStringList asked = p.missingSecrets();
    for (const QString& name : settingsTheFileNeeds(p))
        if (!asked.contains(name))
            asked << name;
    for (const QString& name : asked) {
        bool ok = false;
        const QString value =
            QInputDialog::getText(this, "Setting the connection needs", name + ":",
                                  secretName(name) ? QLineEdit::Password : QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return;
        p.setSetting(name, value);
        m_clientSettings->setPlainText(p.clientSettings.join('\n'));
    }
    const auto flows = connectionsOf(p);
    if (!flows) {
        m_error->setText(QString::fromStdString(flows.error()));
        return;
    }
    // Settings librdkafka refuses are told here, before anything connects (as the CLI does).
    for (const ConnectionSettings& flow : *flows)
        if (const auto refused = kafka::validateClientSettings(flow)) {
            m_error->setText(QString::fromStdString(*refused));
            return;
        }
    QDialog::accept();
}

} // namespace driftscope::gui
