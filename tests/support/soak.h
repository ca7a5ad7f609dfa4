#pragma once
// Soak size: `make test` runs a short version of each load test, `make test-long` sets
// CONFORM_LONG=1 and runs it at full size (a million captures, thousands of runs). The short
// version checks the same things on less data, so a change that breaks them fails at once;
// the long one is for what only shows at scale.
//   const int runs = soakSize(200, 1000);
#include <QtGlobal>

inline bool soakRun()
{
    return qEnvironmentVariableIntValue("CONFORM_LONG") == 1;
}

template <typename T>
T soakSize(T shortSize, T longSize)
{
    return soakRun() ? longSize : shortSize;
}
