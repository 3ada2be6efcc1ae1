# The installed package: headers under include/ with the paths they include
# each other by ("calculus/term.h"), the layer libraries, the perturb command
# and a CMake package, so that an unrelated project can write
#   find_package(perturb CONFIG REQUIRED)
#   target_link_libraries(mine PRIVATE perturb::perturb)
# perturb::plugin is the same without the libraries: a run-time plugin gets
# them from the perturb executable that loads it (proofs/plugin_api.h).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(perturb_layers calculus semantics models proofs)
foreach(layer IN LISTS perturb_layers)
  target_include_directories(perturb_${layer} INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_target_properties(perturb_${layer} PROPERTIES EXPORT_NAME ${layer})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${layer}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${layer}
          FILES_MATCHING PATTERN "*.h")
endforeach()

add_library(perturb_all INTERFACE)
set_target_properties(perturb_all PROPERTIES EXPORT_NAME perturb)
target_link_libraries(perturb_all INTERFACE perturb_proofs Boost::headers)

add_library(perturb_plugin_interface INTERFACE)
add_library(perturb::plugin ALIAS perturb_plugin_interface)
set_target_properties(perturb_plugin_interface PROPERTIES EXPORT_NAME plugin)
target_include_directories(perturb_plugin_interface INTERFACE
                           $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                           $<BUILD_INTERFACE:${perturb_interface_include_dir}>
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
add_dependencies(perturb_plugin_interface perturb_plugin_interface_hash)
target_link_libraries(perturb_plugin_interface INTERFACE Eigen3::Eigen fmt::fmt
                      nlohmann_json::nlohmann_json Boost::headers)
target_compile_features(perturb_plugin_interface INTERFACE cxx_std_20)
target_compile_features(perturb_all INTERFACE cxx_std_20)

install(FILES ${perturb_interface_include_dir}/proofs/plugin_interface_hash.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/proofs)

install(TARGETS perturb_calculus perturb_semantics perturb_models perturb_proofs perturb_all
                perturb_plugin_interface
        EXPORT perturbTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT perturbTargets NAMESPACE perturb:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/perturb)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/perturbConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/perturbConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/perturb
                              PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/perturbConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/perturbConfig.cmake
              ${PROJECT_BINARY_DIR}/perturbConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/perturb)
