# perturb_layer(NAME DEPENDS deps...) defines the library perturb_NAME from the
# sources in NAME/ and its subfolders. Sources are globbed so that parallel
# work on one layer never has to touch this file; CONFIGURE_DEPENDS re-globs
# on every build.
function(perturb_layer name)
  cmake_parse_arguments(ARG "" "" "DEPENDS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${name}/*.cpp)
  if(sources)
    set(scope PUBLIC)
    add_library(perturb_${name} STATIC ${sources})
  else()
    set(scope INTERFACE)
    add_library(perturb_${name} INTERFACE)
  endif()
  target_link_libraries(perturb_${name} ${scope} ${ARG_DEPENDS})
  target_include_directories(perturb_${name} ${scope} $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
  add_library(perturb::${name} ALIAS perturb_${name})
endfunction()

# perturb_test_folder(NAME DEPENDS deps...) builds one Catch2 executable from
# tests/NAME/ and its subfolders (which mirror the layer's) and registers each
# of its test cases with ctest. Catch2's main, which takes about 40
# CPU-seconds to compile, comes compiled once from perturb_catch2_main
# (tests/CMakeLists.txt).
function(perturb_test_folder name)
  cmake_parse_arguments(ARG "" "" "DEPENDS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/${name}/*.cpp)
  if(NOT sources)
    return()
  endif()
  add_executable(test_${name} ${sources})
  target_link_libraries(test_${name} PRIVATE ${ARG_DEPENDS} perturb_catch2_main)
  target_include_directories(test_${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  catch_discover_tests(test_${name} TEST_PREFIX "${name}: "
    PROPERTIES ENVIRONMENT "PERTURB_BIN=$<TARGET_FILE:perturb>")
endfunction()
