// The source of the tests' precompiled header target (cmake/ArbiterHelpers.cmake).
