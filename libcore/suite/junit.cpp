#include "suite/junit.h"

#include <QSysInfo>
#include <QXmlStreamWriter>

namespace conform::suite {

namespace {

QString text(const Json& value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : conform::dump(value));
}

QString seconds(const Json& milliseconds)
{
    return QString::number(double(milliseconds.get<std::int64_t>()) / 1000.0, 'f', 3);
}

void writeCell(QXmlStreamWriter& xml, const Json& report, const Json& cell)
{
    xml.writeStartElement(QStringLiteral("testcase"));
    xml.writeAttribute(QStringLiteral("name"), text(cell["target"]));
    xml.writeAttribute(QStringLiteral("classname"), text(report["suite"]) + QLatin1Char('.') + text(cell["case"]));
    xml.writeAttribute(QStringLiteral("time"), seconds(cell["latency_ms_total"]));
    if (cell["runs"].get<std::int64_t>() == 0) {
        xml.writeEmptyElement(QStringLiteral("skipped"));
        xml.writeAttribute(QStringLiteral("message"), QStringLiteral("not run (stopped by %1)").arg(text(report["stopped_by"])));
    } else if (!cell["passed"].get<bool>()) {
        const Json failure = cell.value("first_failure", Json::object());
        xml.writeStartElement(QStringLiteral("failure"));
        xml.writeAttribute(QStringLiteral("message"), failure.contains("message") ? text(failure["message"])
                                                                                  : QStringLiteral("a threshold is not met"));
        xml.writeAttribute(QStringLiteral("type"), QStringLiteral("conform.suite"));
        QString details = QStringLiteral("%1 of %2 runs succeeded; mean repairs %3.")
                              .arg(text(cell["succeeded"]), text(cell["runs"]), QString::number(cell["mean_repairs"].get<double>()));
        if (failure.contains("capture_id") && !failure["capture_id"].get<std::string>().empty())
            details += QStringLiteral("\nFirst failure (repeat %1): conform-cli captures show %2")
                           .arg(text(failure["repeat"]), text(failure["capture_id"]));
        xml.writeCharacters(details);
        xml.writeEndElement();
    }
    xml.writeEndElement();
}

} // namespace

std::string junitXml(const Json& report, const std::string& timestampIso)
{
    std::int64_t failures = 0, skipped = 0, latency = 0;
    for (const Json& cell : report["cells"]) {
        const bool ran = cell["runs"].get<std::int64_t>() > 0;
        skipped += ran ? 0 : 1;
        failures += ran && !cell["passed"].get<bool>() ? 1 : 0;
        latency += cell["latency_ms_total"].get<std::int64_t>();
    }
    const QString tests = QString::number(report["cells"].size());
    QString out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), text(report["suite"]));
    xml.writeAttribute(QStringLiteral("tests"), tests);
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("time"), seconds(Json(latency)));

    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), text(report["suite"]));
    xml.writeAttribute(QStringLiteral("tests"), tests);
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("skipped"), QString::number(skipped));
    xml.writeAttribute(QStringLiteral("time"), seconds(Json(latency)));
    xml.writeAttribute(QStringLiteral("timestamp"), QString::fromStdString(timestampIso));
    xml.writeAttribute(QStringLiteral("hostname"), QSysInfo::machineHostName().isEmpty() ? QStringLiteral("localhost") : QSysInfo::machineHostName());
    xml.writeStartElement(QStringLiteral("properties"));
    for (const char* key : {"file", "run_id"}) {
        xml.writeEmptyElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), QString::fromLatin1(key));
        xml.writeAttribute(QStringLiteral("value"), text(report[key]));
    }
    xml.writeEndElement();
    for (const Json& cell : report["cells"])
        writeCell(xml, report, cell);
    xml.writeTextElement(QStringLiteral("system-out"), QString());
    xml.writeTextElement(QStringLiteral("system-err"), QString());
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out.toStdString();
}

} // namespace conform::suite
