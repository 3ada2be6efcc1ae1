# The generated part of the documentation. docs/laws.md is the output of
# `perturb list laws --markdown`, checked in so that it reads on GitHub;
# tests/app/docs_test.cpp fails when it differs from the current catalogue.
#
#   cmake --build --preset ci --target docs-laws      # regenerate docs/laws.md
#
# Included from CMakeLists.txt it defines the target; run with `cmake -P` it
# is the target's command (a script, because a custom command cannot redirect
# output portably): PERTURB = the executable, OUTPUT = the file to write.
if(CMAKE_SCRIPT_MODE_FILE)
  execute_process(COMMAND "${PERTURB}" list laws --markdown
                  OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "perturb list laws --markdown failed: ${status}")
  endif()
  return()
endif()

add_custom_target(docs-laws
  COMMAND ${CMAKE_COMMAND} -DPERTURB=$<TARGET_FILE:perturb>
          -DOUTPUT=${PROJECT_SOURCE_DIR}/docs/laws.md -P ${CMAKE_CURRENT_LIST_FILE}
  DEPENDS perturb
  COMMENT "Regenerating docs/laws.md from perturb list laws --markdown"
  VERBATIM)
