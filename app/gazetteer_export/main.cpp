// filingdesk-gazetteer-export FILE: reads the gazetteer from the system (Debian's libgeonames0 and
// libgeonames-common) and writes it to FILE in the layout Gazetteer::loadFile() reads. Exit 1 when the system
// data is missing or FILE cannot be written.
#include "engine/import/gazetteer.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QTextStream>

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2) {
        err << "usage: filingdesk-gazetteer-export FILE\n";
        return 2;
    }
    fd::Gazetteer gazetteer;
    QString error;
    if (!gazetteer.loadSystem(&error)) {
        err << "filingdesk-gazetteer-export: " << error << '\n';
        return 1;
    }
    QSaveFile out(args.at(1));
    if (!out.open(QIODevice::WriteOnly) || !gazetteer.writeTo(&out, &error) || !out.commit()) {
        err << "filingdesk-gazetteer-export: " << args.at(1) << ": "
            << (error.isEmpty() ? out.errorString() : error) << '\n';
        return 1;
    }
    err << gazetteer.cityCount() << " cities, " << gazetteer.nameCount() << " names written to " << args.at(1)
        << '\n';
    return 0;
}
