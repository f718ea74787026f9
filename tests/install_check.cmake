# Runs `cmake --install` into a scratch prefix and checks that both programs, the desktop file, its
# AppStream metainfo and the icon are where a desktop expects them. With APPSTREAMCLI set, the
# installed metainfo is also validated (offline).
# cmake -DBUILD_DIR=... -DPREFIX=... -P install_check.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
foreach(f bin/driftscope bin/driftscope-cli share/applications/driftscope.desktop
          share/icons/hicolor/scalable/apps/driftscope.svg share/metainfo/driftscope.metainfo.xml)
  if(NOT EXISTS "${PREFIX}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(READ "${PREFIX}/share/applications/driftscope.desktop" desktop)
if(NOT desktop MATCHES "Exec=driftscope" OR NOT desktop MATCHES "Icon=driftscope")
  message(FATAL_ERROR "the desktop file does not start driftscope with its icon")
endif()
file(READ "${PREFIX}/share/metainfo/driftscope.metainfo.xml" metainfo)
if(NOT metainfo MATCHES "<launchable type=\"desktop-id\">driftscope.desktop</launchable>")
  message(FATAL_ERROR "the metainfo does not name the installed desktop file")
endif()
if(APPSTREAMCLI)
  execute_process(COMMAND "${APPSTREAMCLI}" validate --no-net "${PREFIX}/share/metainfo/driftscope.metainfo.xml"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "appstreamcli validate rejects the metainfo: ${rc}")
  endif()
endif()
message(STATUS "installed: driftscope, driftscope-cli, desktop file, metainfo, icon")
