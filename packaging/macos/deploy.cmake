# macOS disk image: an app bundle made self-contained with macdeployqt, packed by CPack's DragNDrop.
# Not built on the project's Linux machines; kept small on purpose.
set_target_properties(hpx-studio PROPERTIES MACOSX_BUNDLE ON
  MACOSX_BUNDLE_BUNDLE_NAME "hpx Studio"
  MACOSX_BUNDLE_GUI_IDENTIFIER org.hpxstudio.HpxStudio
  MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION})
install(TARGETS hpx-studio BUNDLE DESTINATION .)
find_program(HPX_MACDEPLOYQT macdeployqt HINTS "${Qt6_DIR}/../../../bin")
install(CODE "execute_process(COMMAND \"${HPX_MACDEPLOYQT}\" \"\${CMAKE_INSTALL_PREFIX}/hpx-studio.app\"
  -executable=\"\${CMAKE_INSTALL_PREFIX}/hpx-studio.app/Contents/MacOS/hpx-studio\")")
set(CPACK_GENERATOR DragNDrop)
set(CPACK_DMG_VOLUME_NAME "hpx Studio")
