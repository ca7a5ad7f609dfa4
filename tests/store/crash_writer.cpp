// A child for the crash test: writes captures to the store named on the command line in a
// loop, five per transaction, and prints each id once its transaction has committed. The test
// kills it with SIGKILL at random points and then checks the store.
#include "capture_fixture.h"

#include "store/writer.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: store_crash_writer STORE\n");
        return 2;
    }
    using namespace conform::store;
    CaptureWriter writer(StoreLocation::parse(QString::fromLocal8Bit(argv[1])).value());
    if (auto opened = writer.waitUntilOpen(); !opened) {
        std::fprintf(stderr, "%s\n", opened.error().toString().c_str());
        return 2;
    }
    const std::vector<conform::Json> documents = fixtureDocuments();
    for (std::size_t round = 0;; ++round) {
        std::vector<std::string> ids;
        for (std::size_t i = 0; i < 5; ++i) {
            conform::Json document = documents[(round * 5 + i) % documents.size()];
            document.erase("id");
            ids.push_back(writer.submit(captureFromDocument(document).value()));
        }
        if (auto flushed = writer.flush(); !flushed) {
            std::fprintf(stderr, "%s\n", flushed.error().toString().c_str());
            return 1;
        }
        for (const std::string& id : ids)
            std::printf("%s\n", id.c_str());
        std::fflush(stdout);
    }
}
