#pragma once
// The two batch import targets (fuzz_import_*_batch.cpp): the input is the batch's input
// file (its requests, so their schemas are known), a line "---", then its results file; with
// no such line, all of it is results. Each line is read as importBatch() reads it: requests
// added, results made calls and judged into captures.
#include "fuzz_lines.h"

#include "ingest/batch_files.h"
#include "json/parse.h"

namespace conform::fuzz {

inline void importBatch(ingest::BatchFormat format, std::string_view bytes)
{
    std::string_view requestsFile, resultsFile = bytes;
    if (const std::size_t cut = bytes.find("\n---\n"); cut != std::string_view::npos) {
        requestsFile = bytes.substr(0, cut);
        resultsFile = bytes.substr(cut + 5);
    }
    ingest::BatchRequests requests;
    eachLine(requestsFile, [&](std::string_view line) {
        if (auto parsed = json::parseStrictFast(line))
            (void)ingest::addBatchRequest(format, parsed.value(), requests);
    });
    ingest::Judge judge;
    eachLine(resultsFile, [&](std::string_view line) {
        auto parsed = json::parseStrictFast(line);
        if (!parsed)
            return;
        auto call = ingest::callOfBatchLine(format, parsed.value(), requests, "batch_fuzz.jsonl", 1'790'000'000'000);
        if (call)
            (void)judge.capture(call.value());
    });
}

} // namespace conform::fuzz
