# Runs PROGRAM with ARGS (one string, split like a shell would) and fails unless it exits with
# EXIT and its stderr matches STDERR_MATCH: CTest alone cannot check an exit code other than 0
# together with the output.
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit code ${rc}, expected ${EXIT}; stderr: ${err}")
endif()
if(NOT err MATCHES "${STDERR_MATCH}")
  message(FATAL_ERROR "stderr does not match '${STDERR_MATCH}': ${err}")
endif()
