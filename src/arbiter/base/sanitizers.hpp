// ARB_ASAN: 1 in a build under AddressSanitizer, with GCC (__SANITIZE_ADDRESS__) or clang
// (__has_feature(address_sanitizer); clang 14, the asan-ubsan preset's compiler, does not
// define GCC's macro). Tests that measure memory or time, or need every descriptor, ask it.
// Not installed: a build setting of this tree, not of the library.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define ARB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARB_ASAN 1
#endif
#endif
#ifndef ARB_ASAN
#define ARB_ASAN 0
#endif
