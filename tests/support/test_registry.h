#pragma once
// Several Qt Test classes in one executable: each file registers its class here and multi_test_main.cpp
// runs them all (QTest::qExec per class), failing if any fails.
#include <QObject>

#include <functional>
#include <memory>
#include <vector>

using TestFactory = std::function<std::unique_ptr<QObject>()>;
std::vector<TestFactory>& testFactories();

#define CONFORM_TEST_CLASS(Type)                                                                                       \
    static const bool registered_##Type = (testFactories().push_back([] { return std::make_unique<Type>(); }), true)
