// Shared fixtures of the store tests: a temporary directory removed afterwards, and
// sample records.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "arbiter/store/store.hpp"

namespace arbiter::store::testing {

class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("arbiter-store-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

inline GameHeader sample_header(const std::string& id, WallMs created = 1'700'000'000'000) {
  GameHeader h;
  h.id = id;
  h.white_token = "w-" + id + "-secret";
  h.black_token = "b-" + id + "-secret";
  h.white = "Anna";
  h.black = "Boris";
  h.time_control = "180+2";
  h.variant = "standard";
  h.start_fen = kStartFen;
  h.extra = R"({"opponent":"friend"})";
  h.created_ms = created;
  h.updated_ms = created;
  return h;
}

// Ply n of a made-up game: the text need not be legal chess, the store does not replay.
inline MoveRecord sample_move(int ply, WallMs wall = 1'700'000'000'000) {
  MoveRecord m;
  m.ply = ply;
  m.uci = ply % 2 == 1 ? "g1f3" : "g8f6";
  m.san = ply % 2 == 1 ? "Nf3" : "Nf6";
  m.white_ms = 182'000 - 1000 * ply;
  m.black_ms = 182'000 - 500 * ply;
  m.wall_ms = wall + 1000 * ply;
  return m;
}

inline EventRecord sample_event(std::int64_t seq, WallMs wall = 1'700'000'000'000) {
  return {seq, R"({"type":"move","seq":)" + std::to_string(seq) + "}", wall + seq};
}

// Line n of a referee log (spec/game-events.md): the start line, then the moves of
// sample_move (Nf3 Nf6 Ng1 Ng8 ...) a second apart.
inline LogLine sample_line(std::int64_t n) {
  if (n == 1) {
    return {1, R"({"type":"start","white":"Anna","black":"Boris","time_control":"180+2"})"};
  }
  const std::int64_t ply = n - 1;
  const char* moves[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  return {n, R"({"t":)" + std::to_string(1000 * ply) + R"(,"type":"move","side":")" +
                 (ply % 2 == 1 ? "white" : "black") + R"(","move":")" + moves[(ply - 1) % 4] +
                 "\"}"};
}

}  // namespace arbiter::store::testing
