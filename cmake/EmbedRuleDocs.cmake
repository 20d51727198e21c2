# Turns docs/rules/<id>.md into RuleDocs.inc: one CUDA_LINT_RULE(id, severity, summary, text)
# entry per page. The page starts with a front matter block:
#   ---
#   id: cuda-...
#   severity: error|warning|performance|portability
#   summary: one line
#   ---
file(GLOB docs ${DOCS_DIR}/*.md)
list(SORT docs)
set(content "// Generated from docs/rules/*.md by cmake/EmbedRuleDocs.cmake. Do not edit.\n")
foreach(doc ${docs})
  file(READ ${doc} text)
  string(REGEX MATCH "\nid: ([^\n]*)" _ "${text}")
  set(id "${CMAKE_MATCH_1}")
  string(REGEX MATCH "\nseverity: ([^\n]*)" _ "${text}")
  set(sev "${CMAKE_MATCH_1}")
  string(REGEX MATCH "\nsummary: ([^\n]*)" _ "${text}")
  set(summary "${CMAKE_MATCH_1}")
  if(id STREQUAL "" OR sev STREQUAL "" OR summary STREQUAL "")
    message(FATAL_ERROR "${doc}: front matter needs id, severity and summary lines")
  endif()
  string(REPLACE "\\" "\\\\" summary "${summary}")
  string(REPLACE "\"" "\\\"" summary "${summary}")
  string(APPEND content "CUDA_LINT_RULE(\"${id}\", \"${sev}\", \"${summary}\", R\"cudalintdoc(${text})cudalintdoc\")\n")
endforeach()
file(WRITE ${OUT}.tmp "${content}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.tmp ${OUT})
