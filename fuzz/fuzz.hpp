// Shared by the fuzz targets: the libFuzzer entry point and a property check that stops
// the run (abort: libFuzzer and the replay driver both report it as a finding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace arbiter::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void property_failed(const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: property violated: %s\n", file, line, what);
  std::abort();
}

}  // namespace arbiter::fuzz

#define FUZZ_CHECK(cond) \
  ((cond) ? void(0) : ::arbiter::fuzz::property_failed(#cond, __FILE__, __LINE__))
