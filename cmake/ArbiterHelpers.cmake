# Shared build settings for every Arbiter target: warnings, sanitizers, ISA.
add_library(arbiter_options INTERFACE)
target_compile_options(arbiter_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
  -Wnull-dereference -Wimplicit-fallthrough
  # GCC 12 reports -Wrestrict falsely on std::string concatenation (GCC bug 105329);
  # clang (the libFuzzer build) has no such warning.
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
if(ARBITER_WERROR)
  target_compile_options(arbiter_options INTERFACE -Werror)
endif()
if(ARBITER_SANITIZE)
  # The sanitizers' instrumentation makes GCC 12 report -Wmaybe-uninitialized inside
  # library code (std::function in <regex>, boost::optional in Beast's parser) that the
  # uninstrumented build compiles cleanly. The warning stays an error in the release
  # stage of CI; here it is turned off so that only real findings stop the build. (The
  # asan-ubsan preset compiles with clang, which has no such warning.)
  target_compile_options(arbiter_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
  target_link_options(arbiter_options INTERFACE -fsanitize=address,undefined)
  target_compile_definitions(arbiter_options INTERFACE ARB_ENABLE_ASSERTS=1)
endif()
if(ARBITER_FUZZ)
  # Every library is instrumented for libFuzzer's coverage; only fuzz/ links its main.
  target_compile_options(arbiter_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(arbiter_options INTERFACE -fsanitize=address,undefined)
endif()
# BMI2 changes what core/attacks.hpp compiles to (its inline slider lookup uses _pext_u64),
# so code built against an installed library needs the same settings: arbiter_library()
# gives them to the installed targets too.
set(ARBITER_ISA_OPTIONS -mbmi -mbmi2 -mpopcnt)
set(ARBITER_ISA_DEFINITIONS ARB_USE_PEXT=1)
if(ARBITER_BMI2)
  target_compile_options(arbiter_options INTERFACE ${ARBITER_ISA_OPTIONS})
  target_compile_definitions(arbiter_options INTERFACE ${ARBITER_ISA_DEFINITIONS})
endif()
if(ARBITER_NATIVE)
  target_compile_options(arbiter_options INTERFACE -march=native)
endif()
target_include_directories(arbiter_options INTERFACE ${CMAKE_SOURCE_DIR}/src)

# arbiter_library(NAME SOURCES... [HEADERS...] [DEPS...] [PRIVATE_DEPS...]): a module
# library arbiter_<NAME>, also known as Arbiter::<NAME> (its name in the installed package).
# HEADERS: the public headers, installed to include/arbiter/<NAME>/ when the module is part
# of the package (cmake/ArbiterPackage.cmake); test helpers and internal headers that no
# public header includes stay out. DEPS are usage requirements (a public header includes
# them); PRIVATE_DEPS are needed by the sources only.
function(arbiter_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;HEADERS;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(arbiter_${name} STATIC ${ARG_SOURCES})
  add_library(Arbiter::${name} ALIAS arbiter_${name})
  set_target_properties(arbiter_${name} PROPERTIES EXPORT_NAME ${name})
  # Warnings, -Werror and the sanitizers are this build's settings, not the library's:
  # every target of the tree still gets them, an installed library's user does not.
  target_link_libraries(arbiter_${name}
    PUBLIC $<BUILD_INTERFACE:arbiter_options> ${ARG_DEPS}
    PRIVATE ${ARG_PRIVATE_DEPS})
  target_compile_features(arbiter_${name} PUBLIC cxx_std_20)
  if(ARG_HEADERS)
    target_sources(arbiter_${name} PUBLIC
      FILE_SET HEADERS BASE_DIRS ${PROJECT_SOURCE_DIR}/src FILES ${ARG_HEADERS})
  endif()
  if(ARBITER_BMI2)
    target_compile_options(arbiter_${name} INTERFACE
      "$<INSTALL_INTERFACE:${ARBITER_ISA_OPTIONS}>")
    target_compile_definitions(arbiter_${name} INTERFACE
      "$<INSTALL_INTERFACE:${ARBITER_ISA_DEFINITIONS}>")
  endif()
endfunction()

# One precompiled header for every test executable: GoogleTest and the standard headers
# most tests use are parsed once per build instead of once per test source (about a
# quarter of CI's compile time). Its compile options and definitions are the tests' own,
# so GCC accepts it in each of them (-Winvalid-pch would say otherwise).
function(arbiter_test_pch)
  if(TARGET arbiter_test_pch)
    return()
  endif()
  add_library(arbiter_test_pch OBJECT ${CMAKE_SOURCE_DIR}/cmake/test_pch.cpp)
  target_link_libraries(arbiter_test_pch PRIVATE arbiter_options GTest::gtest)
  target_compile_definitions(arbiter_test_pch PRIVATE
    ARB_TESTDATA_DIR="${CMAKE_SOURCE_DIR}/../shared/testdata"
    ARB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_precompile_headers(arbiter_test_pch PRIVATE
    <gtest/gtest.h> <algorithm> <cstdint> <map> <memory> <optional> <sstream> <string>
    <string_view> <vector>)
endfunction()

# arbiter_test(NAME [SERIAL] [ONE_PROCESS] SOURCES... DEPS ... [LABELS ...]): one gtest
# executable.
function(arbiter_test name)
  # SERIAL: the tests run alone (RUN_SERIAL), for those that measure latency.
  # ONE_PROCESS: ctest runs the executable once for all its tests instead of once per test,
  # for tests that share an expensive fixture (store_test: one PostgreSQL server).
  cmake_parse_arguments(ARG "SERIAL;ONE_PROCESS" "" "SOURCES;DEPS;LABELS" ${ARGN})
  if(NOT ARBITER_BUILD_TESTS)
    return()
  endif()
  arbiter_test_pch()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE arbiter_options ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE
    ARB_TESTDATA_DIR="${CMAKE_SOURCE_DIR}/../shared/testdata"
    ARB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_precompile_headers(${name} REUSE_FROM arbiter_test_pch)
  # -Winvalid-pch: a header the compiler would not take is an error, not a silent slowdown.
  # GCC 12 reports -Wstringop-overflow and -Warray-bounds falsely on std::string operator+
  # once the standard headers come precompiled (GCC bugs 105651, 106199; the release build of
  # the libraries keeps the warnings, and the sanitizers check the tests' memory accesses).
  target_compile_options(${name} PRIVATE -Winvalid-pch
    $<$<CXX_COMPILER_ID:GNU>:-Wno-stringop-overflow -Wno-array-bounds>)
  set(labels unit)
  if(ARG_LABELS)
    set(labels ${ARG_LABELS})
  endif()
  set(serial FALSE)
  if(ARG_SERIAL)
    set(serial TRUE)
  endif()
  if(ARG_ONE_PROCESS)
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES LABELS "${labels}" RUN_SERIAL ${serial})
  else()
    gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60
      PROPERTIES LABELS "${labels}" RUN_SERIAL ${serial})
  endif()
endfunction()
