# test_schema_fast_verdict over the validation benchmark's corpora as well: 3,000 generated
# lines per benchmark schema (generate.mjs, deterministic), every one compared.
execute_process(COMMAND ${NODE} ${SOURCE_DIR}/tests/benchmarks/validate/generate.mjs --out ${WORK_DIR} --count 3000
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "generate.mjs failed: ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env CONFORM_FAST_VERDICT_CORPUS=${WORK_DIR} QT_QPA_PLATFORM=offscreen
                        ${TEST} agrees
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "test_schema_fast_verdict on the corpora failed (${status}):\n${output}")
endif()
string(REGEX MATCH "Totals: [^\n]*" totals "${output}")
message("${totals}")
