# Sanitizer and fuzzing builds (tests/fuzz/README.md). Both change how every one of driftscope's
# own targets is compiled and linked, so they are directory-wide options set before any target;
# Qt, QCustomPlot and librdkafka come from the system and stay uninstrumented.

option(DRIFTSCOPE_SANITIZE "Build driftscope's own targets with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(DRIFTSCOPE_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only; implies the sanitizers)" OFF)

# -fno-sanitize-recover makes undefined behaviour fail the test or the fuzz run instead of
# printing a line nobody reads; the frame pointers give whole stacks in reports.
set(DRIFTSCOPE_SANITIZER_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)

if(DRIFTSCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "DRIFTSCOPE_FUZZ needs clang (libFuzzer): configure with CC=clang CXX=clang++")
  endif()
  # The libraries under test get coverage instrumentation without libFuzzer's main(); only the
  # fuzz executables link the fuzzer runtime (tests/fuzz/CMakeLists.txt).
  add_compile_options(${DRIFTSCOPE_SANITIZER_FLAGS} -fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=address,undefined)
  # Debug keeps assert() on (Result::value() asserts success); -O1 keeps executions fast.
  if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE Debug CACHE STRING "Build type" FORCE)
  endif()
  add_compile_options($<$<CONFIG:Debug>:-O1>)
elseif(DRIFTSCOPE_SANITIZE)
  add_compile_options(${DRIFTSCOPE_SANITIZER_FLAGS})
  add_link_options(-fsanitize=address,undefined)
  # gcc's manual warns that sanitizers cause false -Wmaybe-uninitialized reports (gcc 12 gives
  # them inside <regex>); off here, so that -Werror stays on for everything else.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
endif()
