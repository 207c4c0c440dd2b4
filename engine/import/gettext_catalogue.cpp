#include "engine/import/gettext_catalogue.h"

#include <QFile>
#include <QtEndian>

namespace fd {

QHash<QByteArray, QString> readGettextCatalogue(const QString &path) {
    QHash<QByteArray, QString> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    const QByteArray data = file.readAll();
    if (data.size() < 20)
        return out;
    // A magic number, the count and the offsets of two tables of (length, offset) pairs, in the byte order of
    // the machine that wrote it.
    const auto *bytes = reinterpret_cast<const uchar *>(data.constData());
    const bool little = qFromLittleEndian<quint32>(bytes) == 0x950412deU;
    if (!little && qFromBigEndian<quint32>(bytes) != 0x950412deU)
        return out;
    auto word = [&](qsizetype at) -> quint32 {
        if (at < 0 || at + 4 > data.size())
            return 0;
        return little ? qFromLittleEndian<quint32>(bytes + at) : qFromBigEndian<quint32>(bytes + at);
    };
    const quint32 count = word(8);
    const quint32 originals = word(12);
    const quint32 translations = word(16);
    out.reserve(count);
    for (quint32 i = 0; i < count; ++i) {
        const quint32 keyLength = word(originals + 8 * i);
        const quint32 keyAt = word(originals + 8 * i + 4);
        const quint32 valueLength = word(translations + 8 * i);
        const quint32 valueAt = word(translations + 8 * i + 4);
        if (qsizetype(keyAt) + keyLength > data.size() || qsizetype(valueAt) + valueLength > data.size())
            return {};
        if (keyLength == 0)
            continue; // the header entry
        out.insert(data.mid(keyAt, keyLength), QString::fromUtf8(data.constData() + valueAt, valueLength));
    }
    return out;
}

} // namespace fd
