#pragma once

#include <QList>
#include <QString>

class QCoreApplication;

namespace fd::ui {

/// A language the console is translated into: its code ("de") and its name in itself ("Deutsch").
struct LanguageOption {
    QString code;
    QString nativeName;
};

/// English and German, the catalogues compiled into the program (translations/filingdesk_*.ts).
QList<LanguageOption> availableLanguages();

/// Installs FilingDesk's catalogue and Qt's own (standard buttons and dialogs) for `language` on `app`,
/// replacing those an earlier call installed. `language` empty: the user's system locale, falling back to
/// English. A chosen language also becomes the default QLocale, with the system's territory where it speaks
/// that language, so that dates and amounts read the way the interface does; with the system locale, dates
/// and amounts follow the system. Returns the code of the catalogue in use ("en" when none matched).
/// GUI (main) thread, before widgets are created.
QString applyLanguage(QCoreApplication &app, const QString &language);

} // namespace fd::ui
