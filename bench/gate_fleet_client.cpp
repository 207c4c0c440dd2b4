// A fleet member with nothing but the gate: files distinct Delaware filings against a Registry API v1 server,
// each one only while it holds a permit of the fleet gate (RedisPermitGate, the engine's own), keeping
// `--cap` requests waiting or in flight. bench/fleet_throughput.sh runs three of these beside three
// `filingdesk run` processes to separate the gate's cost from the engine's.
//
//   gate_fleet_client --redis URL --registry URL --cap N --count N --prefix TEXT
// Prints one JSON object: {"filed", "errors", "wall_s"}.
#include "engine/gate/redis_connection.h"
#include "engine/gate/redis_permit_gate.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions(
        {{QStringLiteral("redis"), QStringLiteral("Redis URL"), QStringLiteral("URL")},
         {QStringLiteral("registry"), QStringLiteral("Registry base URL"), QStringLiteral("URL")},
         {QStringLiteral("cap"), QStringLiteral("Fleet cap of US-DE"), QStringLiteral("N")},
         {QStringLiteral("count"), QStringLiteral("Filings to send"), QStringLiteral("N")},
         {QStringLiteral("prefix"), QStringLiteral("Entity id prefix"), QStringLiteral("TEXT")}});
    parser.process(app);
    fd::RedisEndpoint endpoint;
    QString error;
    if (!fd::RedisEndpoint::parse(parser.value(QStringLiteral("redis")), &endpoint, &error)) {
        std::fprintf(stderr, "gate_fleet_client: --redis: %s\n", qPrintable(error));
        return 2;
    }
    const QUrl url(parser.value(QStringLiteral("registry")) + QStringLiteral("/v1/filings"));
    const int cap = parser.value(QStringLiteral("cap")).toInt();
    const int count = parser.value(QStringLiteral("count")).toInt();
    const QString prefix = parser.value(QStringLiteral("prefix"));
    if (cap <= 0 || count <= 0 || !url.isValid()) {
        std::fprintf(stderr, "gate_fleet_client: --cap, --count and --registry are required\n");
        return 2;
    }
    const QString delaware = QStringLiteral("US-DE");
    fd::RedisPermitGate gate(endpoint, QStringLiteral("sos"), 15000);
    QNetworkAccessManager http;
    int issued = 0;
    int filed = 0;
    int errors = 0;
    QElapsedTimer clock;
    auto issue = [&] {
        if (issued >= count)
            return;
        ++issued;
        fd::PermitHolder holder;
        holder.process = QStringLiteral("gate_fleet_client/%1").arg(QCoreApplication::applicationPid());
        holder.entityId = QStringLiteral("%1-%2").arg(prefix).arg(issued, 6, 10, QLatin1Char('0'));
        holder.idempotencyKey = QString::fromLatin1(
            QCryptographicHash::hash(holder.entityId.toUtf8(), QCryptographicHash::Sha256).toHex());
        gate.requestPermit(quint64(issued), delaware, cap, holder);
    };
    QObject::connect(&gate, &fd::PermitGate::permitGranted, &app, [&](quint64 id, const QString &token) {
        const QString entity = QStringLiteral("%1-%2").arg(prefix).arg(id, 6, 10, QLatin1Char('0'));
        const QByteArray key = QCryptographicHash::hash(entity.toUtf8(), QCryptographicHash::Sha256).toHex();
        const QJsonObject body{{QStringLiteral("idempotency_key"), QString::fromLatin1(key)},
                               {QStringLiteral("entity_id"), entity},
                               {QStringLiteral("entity_name"), entity + QStringLiteral(" Inc.")},
                               {QStringLiteral("jurisdiction"), delaware},
                               {QStringLiteral("filing_type"), QStringLiteral("ANNUAL_FRANCHISE_TAX_REPORT")},
                               {QStringLiteral("filing_year"), 2027},
                               {QStringLiteral("fee_cents"), 17500},
                               {QStringLiteral("payload"), QJsonObject()}};
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        request.setRawHeader("Idempotency-Key", key);
        QNetworkReply *reply = http.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
        QObject::connect(reply, &QNetworkReply::finished, &app, [&, reply, token] {
            gate.releasePermit(delaware, token);
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 201)
                ++filed;
            else
                ++errors;
            reply->deleteLater();
            if (filed + errors == count) {
                const double wall = clock.elapsed() / 1000.0;
                gate.close(2000, [&, wall] {
                    QTextStream(stdout) << QJsonDocument(QJsonObject{{QStringLiteral("filed"), filed},
                                                                     {QStringLiteral("errors"), errors},
                                                                     {QStringLiteral("wall_s"), wall}})
                                               .toJson(QJsonDocument::Compact)
                                        << '\n';
                    QCoreApplication::exit(errors == 0 ? 0 : 1);
                });
                return;
            }
            issue();
        });
    });
    QObject::connect(&gate, &fd::PermitGate::blindChanged, &app, [&](bool blind, const QString &) {
        if (blind || clock.isValid())
            return;
        clock.start();
        for (int i = 0; i < cap; ++i)
            issue();
    });
    gate.start();
    return QCoreApplication::exec();
}
