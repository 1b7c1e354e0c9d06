# The installed package (docs/library.md, "Installing"): the module libraries with their
# public headers, exported for find_package(Arbiter) as Arbiter::<module>; arbiter.pc for
# pkg-config; the arbiter and arbiter-engine programs (their own CMakeLists install them);
# and a Debian package of all of it (cpack -G DEB).
include(CMakePackageConfigHelpers)

# The modules of the library, each after the modules it depends on.
set(ARBITER_PACKAGE_MODULES
  base core notation pgn game clock competition rating tournament engine analysis wire)
set(ARBITER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Arbiter)

set(package_targets)
set(link_order)
foreach(module IN LISTS ARBITER_PACKAGE_MODULES)
  list(APPEND package_targets arbiter_${module})
  list(PREPEND link_order -larbiter_${module})
endforeach()

# Components: headers alone serve `make docs` (Doxygen reads the installed headers).
install(TARGETS ${package_targets} EXPORT ArbiterTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT library
  FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT headers
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT ArbiterTargets NAMESPACE Arbiter:: DESTINATION ${ARBITER_CMAKE_DIR}
  COMPONENT library)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ArbiterConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ArbiterConfig.cmake INSTALL_DESTINATION ${ARBITER_CMAKE_DIR})
# Before 1.0 a minor version may change the API: 0.1.x accepts a request for 0.1 only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ArbiterConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ArbiterConfig.cmake
  ${PROJECT_BINARY_DIR}/ArbiterConfigVersion.cmake
  DESTINATION ${ARBITER_CMAKE_DIR} COMPONENT library)

# arbiter.pc names the install prefix, known only when installing (cmake --install
# --prefix, cpack's /usr): the file is configured here but for the prefix, which the
# install step fills in.
list(JOIN link_order " " ARBITER_PC_LIBS)
set(ARBITER_PC_CFLAGS)
if(ARBITER_BMI2)
  list(JOIN ARBITER_ISA_OPTIONS " " isa_options)
  set(ARBITER_PC_CFLAGS " ${isa_options} -D${ARBITER_ISA_DEFINITIONS}")
endif()
set(ARBITER_PC_PREFIX "@CMAKE_INSTALL_PREFIX@")
configure_file(${PROJECT_SOURCE_DIR}/cmake/arbiter.pc.in ${PROJECT_BINARY_DIR}/arbiter.pc.in @ONLY)
install(CODE "configure_file(\"${PROJECT_BINARY_DIR}/arbiter.pc.in\"
                             \"${PROJECT_BINARY_DIR}/arbiter.pc\" @ONLY)"
  COMPONENT library)
install(FILES ${PROJECT_BINARY_DIR}/arbiter.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  COMPONENT library)

install(FILES README.md CHANGELOG.md LICENSE docs/library.md DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT library)

# cpack -G DEB: one package, arbiter, with the libraries, headers, CMake and pkg-config
# files, and the two programs. Its Depends: what compiling against the headers and
# linking the static libraries needs, plus the shared libraries the programs use
# (computed by dpkg-shlibdeps when dpkg-dev is there).
set(ARBITER_PACKAGE_MAINTAINER "Arbiter maintainers <maintainers@arbiter.invalid>"
  CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_PACKAGE_NAME arbiter)
set(CPACK_PACKAGE_VENDOR Arbiter)
set(CPACK_PACKAGE_CONTACT ${ARBITER_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "chess by the FIDE Laws: C++ library, arbiter command line and UCI engine")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}
 Arbiter applies the FIDE Laws of Chess exactly: legal moves, FEN, SAN and the
 other notations of Appendix C in several languages, PGN, games and their endings
 (checkmate, stalemate, dead positions, repetition, 50 and 75 moves), clocks, the
 competition rules, and tournaments (TRF, Dutch and Berger pairings, tie-breaks).
 .
 This package holds the C++20 static libraries with their headers, CMake package
 (find_package(Arbiter)) and pkg-config file (arbiter), the arbiter command line
 and the arbiter-engine UCI engine.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libexpected-dev, libfmt-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, pkg-config")
find_program(ARBITER_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(ARBITER_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
    ", libc6, libstdc++6, libgcc-s1, libfmt9, libsqlite3-0")
endif()
set(CPACK_GENERATOR DEB)
include(CPack)
