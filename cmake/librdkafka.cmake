# The librdkafka driftscope links, as the target driftscope::rdkafka.
#
#   DRIFTSCOPE_LIBRDKAFKA=system   the system's, through pkg-config (Debian's librdkafka-dev)
#   DRIFTSCOPE_LIBRDKAFKA=local    the one .ci/librdkafka builds from Debian 13's source into
#                                  ${DRIFTSCOPE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/driftscope}/librdkafka
#   DRIFTSCOPE_LIBRDKAFKA=/prefix  an installation of librdkafka under /prefix (lib/librdkafka.a)
#
# A local or prefix librdkafka is linked statically: an installed driftscope then never loads
# the system's older librdkafka.so.1 in its place (both have that soname). .ci/bootstrap picks
# local when the system's is older than 2.6.1, whose SCRAM Kafka 4.x refuses (docs/connect.md).
set(DRIFTSCOPE_LIBRDKAFKA "system" CACHE STRING
    "librdkafka to link: system, local (built by .ci/librdkafka) or an installation prefix")

if(DRIFTSCOPE_LIBRDKAFKA STREQUAL "system")
  pkg_check_modules(RDKAFKA REQUIRED IMPORTED_TARGET rdkafka>=2.0)
  add_library(driftscope_rdkafka INTERFACE)
  target_link_libraries(driftscope_rdkafka INTERFACE PkgConfig::RDKAFKA)
  set(DRIFTSCOPE_RDKAFKA_ORIGIN "the system's")
  set(DRIFTSCOPE_RDKAFKA_DESCRIPTION "the system's, linked dynamically")
else()
  if(DRIFTSCOPE_LIBRDKAFKA STREQUAL "local")
    # As .ci/librdkafka's ${VAR:-default}: an empty variable counts as unset.
    if(NOT "$ENV{DRIFTSCOPE_CACHE}" STREQUAL "")
      set(cache "$ENV{DRIFTSCOPE_CACHE}")
    elseif(NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
      set(cache "$ENV{XDG_CACHE_HOME}/driftscope")
    else()
      set(cache "$ENV{HOME}/.cache/driftscope")
    endif()
    set(prefix "${cache}/librdkafka/prefix")
  else()
    set(prefix "${DRIFTSCOPE_LIBRDKAFKA}")
  endif()
  set(archive "${prefix}/lib/librdkafka.a")
  set(header "${prefix}/include/librdkafka/rdkafka.h")
  if(NOT EXISTS "${archive}" OR NOT EXISTS "${header}")
    message(FATAL_ERROR "DRIFTSCOPE_LIBRDKAFKA=${DRIFTSCOPE_LIBRDKAFKA}: no ${archive} and ${header} "
                        "(bash .ci/librdkafka builds it there)")
  endif()
  # Its dependencies as Debian 13's build configures them (librdkafka's rdkafka-static.pc).
  pkg_check_modules(RDKAFKA_DEPS REQUIRED IMPORTED_TARGET zlib libcrypto libssl libsasl2 libzstd
                    libcurl liblz4)
  add_library(driftscope_rdkafka STATIC IMPORTED GLOBAL)
  set_target_properties(driftscope_rdkafka PROPERTIES
    IMPORTED_LOCATION "${archive}"
    INTERFACE_INCLUDE_DIRECTORIES "${prefix}/include"
    INTERFACE_LINK_LIBRARIES "PkgConfig::RDKAFKA_DEPS;m;dl;Threads::Threads;rt")
  set(DRIFTSCOPE_RDKAFKA_ORIGIN "${prefix}")
  if(DRIFTSCOPE_LIBRDKAFKA STREQUAL "local")
    set(DRIFTSCOPE_RDKAFKA_DESCRIPTION "Debian 13's source, built by .ci/librdkafka, linked statically")
  else()
    set(DRIFTSCOPE_RDKAFKA_DESCRIPTION "from ${prefix}, linked statically")
  endif()
endif()
add_library(driftscope::rdkafka ALIAS driftscope_rdkafka)
message(STATUS "librdkafka: ${DRIFTSCOPE_RDKAFKA_ORIGIN}")
