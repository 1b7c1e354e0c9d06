// Fuzz target: request targets → resolve_static (docs/security.md, "Static files").
// Property: whatever the target, a file that is served lies inside the canonical web root
// and outside its data directory, and is never the secret file beside the root, whichever
// links, escapes or segments the target uses. The root is a small tree made once per
// process, with links that point out of it.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "arbiter/server/static_files.hpp"
#include "fuzz.hpp"

namespace {

namespace fs = std::filesystem;

struct Tree {
  fs::path base;
  fs::path root;
  fs::path data;
  fs::path secret;
};

void remove_tree();

const Tree& tree() {
  static const Tree t = [] {
    Tree made;
    made.base = fs::temp_directory_path() / ("arbiter-fuzz-static-" + std::to_string(::getpid()));
    made.root = made.base / "site";
    made.data = made.root / "data";
    fs::create_directories(made.root / "css");
    fs::create_directories(made.data);
    std::ofstream{made.root / "index.html"} << "index";
    std::ofstream{made.root / "app.js"} << "js";
    std::ofstream{made.root / "css" / "app.css"} << "css";
    std::ofstream{made.data / "arbiter.db"} << "tokens";
    std::ofstream{made.base / "secret.txt"} << "secret";
    fs::create_symlink("../secret.txt", made.root / "out");
    fs::create_symlink("..", made.root / "up");
    fs::create_symlink("data", made.root / "d");
    fs::create_symlink("app.js", made.root / "in");
    made.root = fs::canonical(made.root);
    made.data = fs::canonical(made.data);
    made.secret = fs::canonical(made.base / "secret.txt");
    std::atexit(remove_tree);
    return made;
  }();
  return t;
}

void remove_tree() {
  std::error_code ignored;
  fs::remove_all(tree().base, ignored);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  const Tree& t = tree();
  const auto target = fuzz::as_text(data, size);
  auto file = server::resolve_static(t.root, target, {t.data});
  if (!file) {
    FUZZ_CHECK(file.error().code == ErrorCode::kInvalidArgument ||
               file.error().code == ErrorCode::kIo);
    return 0;
  }
  std::error_code ec;
  const fs::path real = fs::canonical(*file, ec);
  FUZZ_CHECK(!ec);
  FUZZ_CHECK(server::path_within(real, t.root));
  FUZZ_CHECK(!server::path_within(real, t.data));
  FUZZ_CHECK(real != t.secret);
  FUZZ_CHECK(fs::is_regular_file(real));
  return 0;
}
