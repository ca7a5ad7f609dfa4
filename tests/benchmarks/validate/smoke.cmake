# bench_validate on 200 generated lines per schema, both engines: it runs, reads every line and
# about a third of them are refused. (Whether the verdicts are right is run.sh's job: it
# compares every verdict with ajv's.)
execute_process(COMMAND ${NODE} ${SOURCE_DIR}/tests/benchmarks/validate/generate.mjs --out ${WORK_DIR} --count 200
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "generate.mjs failed: ${status}")
endif()
foreach(schema review-structure analysis-report question-generator)
  execute_process(COMMAND ${BENCH} --schema ${SOURCE_DIR}/schemas/${schema}/schema.json
                          --lines ${WORK_DIR}/${schema}.jsonl --repeat 1 --verdicts ${WORK_DIR}/${schema}
                  RESULT_VARIABLE status OUTPUT_VARIABLE output)
  message("${output}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "bench_validate failed on ${schema}: ${status}")
  endif()
  string(REGEX MATCHALL "\"docs\":200," docs "${output}")
  list(LENGTH docs engines)
  if(NOT engines EQUAL 2)
    message(FATAL_ERROR "expected both engines to read 200 lines of ${schema}")
  endif()
  file(READ ${WORK_DIR}/${schema}.conform conform_verdicts)
  string(REGEX MATCHALL "0" invalid "${conform_verdicts}")
  list(LENGTH invalid invalid_count)
  if(invalid_count LESS 20 OR invalid_count GREATER 120)
    message(FATAL_ERROR "${schema}: ${invalid_count} of 200 invalid; the generator should break about a third")
  endif()
endforeach()
