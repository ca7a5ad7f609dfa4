// The Conform side of the extraction benchmark: conform::json::extract over the generated
// replies, timed (best of --repeat runs), and checked against each reply's expected value.
// Prints one JSON line like jsonrepair.mjs. Usage: bench_extract FILE [--repeat N] [--no-source-map] [--text]
// --text: repair into compact JSON text instead of a value (what `conform-cli extract --jsonl`
// does); the text is parsed only to check it, outside the timed loop.
#include "json/extract.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using conform::Json;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: bench_extract FILE [--repeat N] [--no-source-map] [--text]\n";
        return 2;
    }
    int repeat = 3;
    conform::json::ExtractOptions options;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--no-source-map"))
            options.sourceMap = false;
        else if (!std::strcmp(argv[i], "--text"))
            options.value = false, options.text = true;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::cerr << "bench_extract: error: cannot read " << argv[1] << '\n';
        return 2;
    }
    std::vector<std::string> raws;
    std::vector<Json> expected;
    std::size_t bytes = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty())
            continue;
        Json row = Json::parse(line);
        raws.push_back(row["raw"].get<std::string>());
        expected.push_back(std::move(row["expected"]));
        bytes += raws.back().size();
    }
    double best = 1e300;
    std::size_t correct = 0;
    for (int r = 0; r < repeat + 1; ++r) { // the first run warms up
        std::vector<Json> values(raws.size());
        std::vector<std::string> texts(raws.size());
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < raws.size(); ++i) {
            conform::json::Extraction x = conform::json::extract(raws[i], options);
            if (x.ok && options.text)
                texts[i] = std::move(x.json);
            else if (x.ok)
                values[i] = std::move(x.value);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (r > 0 && seconds < best) {
            best = seconds;
            correct = 0;
            for (std::size_t i = 0; i < raws.size(); ++i)
                correct += (options.text ? (texts[i].empty() ? Json() : Json::parse(texts[i])) : values[i]) == expected[i] ? 1 : 0;
        }
    }
    const std::string engine = std::string("conform::json::extract") + (options.sourceMap ? "" : " (no source map)")
        + (options.text ? " (text)" : "");
    const Json report{{"engine", engine},
                      {"replies", raws.size()},
                      {"bytes", bytes},
                      {"seconds", best},
                      {"mb_per_s", bytes / 1e6 / best},
                      {"replies_per_s", raws.size() / best},
                      {"correct", correct}};
    std::cout << report.dump() << '\n';
    return 0;
}
