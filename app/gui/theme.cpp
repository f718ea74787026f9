#include "app/gui/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace driftscope::gui {

widgets::PlotTheme applyTheme(Theme theme)
{
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    if (theme == Theme::Light) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return widgets::PlotTheme::light();
    }
    QPalette p;
    const QColor window(45, 47, 51), base(32, 34, 37), text(220, 220, 220), disabled(128, 128, 128);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(60, 62, 66));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(114, 159, 207));
    p.setColor(QPalette::Highlight, QColor(52, 101, 164));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    QApplication::setPalette(p);
    return widgets::PlotTheme::darkTheme();
}

QString themeName(Theme theme)
{
    return theme == Theme::Dark ? "dark" : "light";
}

Theme themeFromName(const QString& name)
{
    return name == "dark" ? Theme::Dark : Theme::Light;
}

} // namespace driftscope::gui
