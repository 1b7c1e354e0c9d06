// The driver of the fuzz targets when libFuzzer is not linked (GCC, CI): runs every file
// of the given corpus directories through the target, then, with --mutations N, N
// deterministic mutations of each (byte flips, insertions, deletions, duplicated ranges,
// truncation, splices with another input) from a fixed seed, so a CI failure reproduces
// exactly. With clang and -DARBITER_FUZZ=ON the same targets link libFuzzer instead.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz.hpp"

namespace {

namespace fs = std::filesystem;

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed ? seed : 0x9e3779b97f4a7c15ULL) {}
  std::uint64_t next() {
    s_ ^= s_ << 13;
    s_ ^= s_ >> 7;
    s_ ^= s_ << 17;
    return s_;
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t s_;
};

std::uint64_t hash_text(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// Bytes that matter to the parsers under test; a mutation inserts them more often than
// random bytes so that it reaches past the first syntax check.
constexpr std::string_view kInteresting = " /\n\r\t\"{}[]()-+:.=#x0123456789KQRBNPkqrbnpabcdefgh";

void mutate(std::string& s, const std::vector<std::string>& corpus, Rng& rng) {
  const std::size_t ops = 1 + rng.below(4);
  for (std::size_t k = 0; k < ops; ++k) {
    switch (rng.below(7)) {
      case 0:  // flip bits of one byte
        if (!s.empty()) s[rng.below(s.size())] ^= static_cast<char>(1u << rng.below(8));
        break;
      case 1:  // insert an interesting byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(rng.below(s.size() + 1)),
                 kInteresting[rng.below(kInteresting.size())]);
        break;
      case 2:  // insert any byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(rng.below(s.size() + 1)),
                 static_cast<char>(rng.below(256)));
        break;
      case 3:  // delete a range
        if (!s.empty()) {
          const std::size_t at = rng.below(s.size());
          s.erase(at, 1 + rng.below(std::min<std::size_t>(16, s.size() - at)));
        }
        break;
      case 4:  // duplicate a range
        if (!s.empty() && s.size() < 1 << 16) {
          const std::size_t at = rng.below(s.size());
          const std::size_t len = 1 + rng.below(std::min<std::size_t>(32, s.size() - at));
          const std::string piece = s.substr(at, len);
          s.insert(rng.below(s.size() + 1), piece);
        }
        break;
      case 5:  // truncate
        s.resize(rng.below(s.size() + 1));
        break;
      default: {  // splice with another input
        const std::string& other = corpus[rng.below(corpus.size())];
        if (!other.empty()) {
          const std::size_t from = rng.below(other.size());
          s = s.substr(0, rng.below(s.size() + 1)) + other.substr(from);
        }
        break;
      }
    }
  }
}

bool read_file(const fs::path& path, std::string& out) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return false;
  std::ifstream in(path, std::ios::binary);
  out.resize(static_cast<std::size_t>(size));
  return static_cast<bool>(in.read(out.data(), static_cast<std::streamsize>(out.size())));
}

// The input being run, written out by the signal handler when a target aborts or
// crashes, so that the finding can be replayed: `fuzz_X crash-input`.
const std::string* g_current = nullptr;

extern "C" void save_current_input(int sig) {
  if (g_current != nullptr) {
    const int fd = ::open("crash-input", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      const ssize_t written = ::write(fd, g_current->data(), g_current->size());
      (void)written;
      ::close(fd);
    }
    constexpr char kNote[] = "fuzz: the failing input was written to ./crash-input\n";
    const ssize_t noted = ::write(2, kNote, sizeof kNote - 1);
    (void)noted;
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void run(const std::string& input) {
  g_current = &input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  g_current = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  for (int sig : {SIGABRT, SIGSEGV, SIGFPE, SIGBUS, SIGILL}) std::signal(sig, save_current_input);
  long mutations = 0;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--mutations" && i + 1 < argc) {
      mutations = std::strtol(argv[++i], nullptr, 10);
      continue;
    }
    const fs::path path{arg};
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(path)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else if (fs::is_regular_file(path, ec)) {
      files.push_back(path);
    } else {
      std::fprintf(stderr, "%s: no such file or directory\n", arg.c_str());
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "usage: %s [--mutations N] CORPUS_DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  std::vector<std::string> corpus;
  for (const auto& path : files) {
    std::string text;
    if (!read_file(path, text)) {
      std::fprintf(stderr, "%s: cannot read\n", path.c_str());
      return 2;
    }
    corpus.push_back(std::move(text));
  }
  long runs = 0;
  for (std::size_t f = 0; f < corpus.size(); ++f) {
    run(corpus[f]);
    ++runs;
    Rng rng{hash_text(files[f].filename().string())};
    for (long m = 0; m < mutations; ++m) {
      std::string input = corpus[f];
      mutate(input, corpus, rng);
      run(input);
      ++runs;
    }
  }
  std::printf("%s: %zu corpus inputs, %ld runs, no finding\n", argv[0], corpus.size(), runs);
  return 0;
}
