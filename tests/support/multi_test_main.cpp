#include "test_registry.h"

#include <QCoreApplication>
#include <QTest>

std::vector<TestFactory>& testFactories()
{
    static std::vector<TestFactory> all;
    return all;
}

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    int failed = 0;
    for (const TestFactory& make : testFactories()) {
        auto test = make();
        failed += QTest::qExec(test.get(), argc, argv) != 0 ? 1 : 0;
    }
    return failed;
}
