// Counting what a PGN stream holds, in two modes (used by `arbiter pgn stats`):
//  - skim: tags plus the raw movetext of each game (no move is looked at);
//  - full: every move parsed with notation::parse_move and played on a board.
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <string_view>

#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/visitor.hpp"

namespace arbiter::pgn {

enum class ReadMode : std::uint8_t { Skim, Full };

struct Stats {
  std::uint64_t games = 0;
  std::uint64_t plies = 0;           // full mode: every move played, variations included
  std::uint64_t movetext_bytes = 0;  // skim mode: raw movetext handed over
  // By termination marker: 1-0, 0-1, 1/2-1/2, *, missing.
  std::array<std::uint64_t, 5> results{};
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::uint64_t bytes = 0;
  double seconds = 0;      // wall-clock time
  double cpu_seconds = 0;  // processor time of this process (std::clock)
};

// Index into Stats::results for a marker ("" → 4).
[[nodiscard]] int result_index(std::string_view marker) noexcept;

// The fast visitor: keeps nothing, hands the movetext over raw.
class SkimVisitor : public Visitor {
 public:
  Movetext end_tags(std::optional<Error>& error) override;
  void raw_movetext(std::string_view text) override { stats_.movetext_bytes += text.size(); }
  void result(std::string_view marker) override { ++stats_.results[result_index(marker)]; }
  void end_game() override { ++stats_.games; }
  [[nodiscard]] const Stats& stats() const noexcept { return stats_; }

 private:
  Stats stats_;
};

// Reads the whole stream and times it.
[[nodiscard]] Stats collect_stats(std::istream& in, ReadMode mode, ReaderOptions options = {});

}  // namespace arbiter::pgn
