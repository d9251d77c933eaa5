# Windows installer: NSIS through CPack, Qt runtime gathered by windeployqt at install time.
# Not built on the project's Linux machines; kept small on purpose.
find_program(HPX_WINDEPLOYQT windeployqt HINTS "${Qt6_DIR}/../../../bin")
install(CODE "execute_process(COMMAND \"${HPX_WINDEPLOYQT}\" --no-compiler-runtime --release
  \"\${CMAKE_INSTALL_PREFIX}/bin/hpx-studio.exe\" \"\${CMAKE_INSTALL_PREFIX}/bin/hpx.exe\")")
set(CPACK_GENERATOR NSIS)
set(CPACK_NSIS_DISPLAY_NAME "hpx Studio")
set(CPACK_NSIS_PACKAGE_NAME "hpx Studio")
set(CPACK_NSIS_MUI_ICON "${PROJECT_SOURCE_DIR}/packaging/windows/hpx-studio.ico")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\hpx-studio.exe")
set(CPACK_NSIS_MODIFY_PATH ON)
set(CPACK_PACKAGE_EXECUTABLES "hpx-studio" "hpx Studio")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
