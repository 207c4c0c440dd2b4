#include "ui/settings/languages.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace fd::ui {

namespace {

QTranslator *g_appTranslator = nullptr;
QTranslator *g_qtTranslator = nullptr;

void drop(QTranslator *&translator) {
    if (translator) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
        translator = nullptr;
    }
}

} // namespace

QList<LanguageOption> availableLanguages() {
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

QString applyLanguage(QCoreApplication &app, const QString &language) {
    drop(g_appTranslator);
    drop(g_qtTranslator);

    QLocale locale = QLocale::system();
    if (!language.isEmpty()) {
        const QLocale chosen(language);
        // Keep the user's territory when it speaks the chosen language (de_AT, de_CH), else the language's
        // own.
        const QLocale withTerritory(chosen.language(), QLocale::system().territory());
        locale = withTerritory.language() == chosen.language() ? withTerritory : chosen;
        QLocale::setDefault(locale);
    }

    QString used = QStringLiteral("en");
    auto *translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("filingdesk"), QStringLiteral("_"),
                         QStringLiteral(":/filingdesk/i18n"))) {
        QCoreApplication::installTranslator(translator);
        g_appTranslator = translator;
        used = translator->language().section(QLatin1Char('_'), 0, 0);
        if (used.isEmpty())
            used = QLocale(translator->language()).name().section(QLatin1Char('_'), 0, 0);
    } else if (translator->load(QStringLiteral("filingdesk_en"), QStringLiteral(":/filingdesk/i18n"))) {
        // No catalogue for this language: English, whose catalogue carries the plural forms.
        QCoreApplication::installTranslator(translator);
        g_appTranslator = translator;
    } else {
        delete translator;
    }
    // Qt's own strings (Cancel, Yes, No ...): Debian's qt6-translations-l10n, windeployqt and macdeployqt
    // ship them beside Qt.
    auto *qtTranslator = new QTranslator(&app);
    if (used != QLatin1String("en") &&
        qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtTranslator);
        g_qtTranslator = qtTranslator;
    } else {
        delete qtTranslator;
    }
    return used;
}

} // namespace fd::ui
