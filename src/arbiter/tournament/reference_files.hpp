// The tournaments of ../shared/testdata/tournaments/dutch (spec/tournaments.md, "Test
// data"), for the tests that run over all of them.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter::tournament::testing {

inline const std::filesystem::path& reference_dir() {
  static const std::filesystem::path dir =
      std::filesystem::path(ARB_TESTDATA_DIR) / "tournaments" / "dutch";
  return dir;
}

// The file names without `.trf`, sorted.
inline std::vector<std::string> reference_files() {
  std::vector<std::string> names;
  if (!std::filesystem::exists(reference_dir())) return names;
  for (const auto& entry : std::filesystem::directory_iterator(reference_dir())) {
    if (entry.path().extension() == ".trf") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace arbiter::tournament::testing
