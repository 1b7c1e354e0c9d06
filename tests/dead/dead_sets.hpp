// Test-only loader for the labelled dead-position sets in ../shared/testdata/dead/
// (CHA / D3-Chess data; see its README for the formats).
#pragma once

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/position.hpp"
#include "arbiter/game/dead.hpp"

namespace arbiter::testing {

struct LabelledPosition {
  std::string fen;
  // Expected answers; nullopt when the set does not say (the D3 set labels one side).
  std::optional<bool> white_can_mate;
  std::optional<bool> black_can_mate;
};

enum class SetFormat { LabelThenFen, FenThenGameId };

inline std::vector<LabelledPosition> load_dead_set(const std::string& path, SetFormat format) {
  std::vector<LabelledPosition> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    LabelledPosition p;
    if (format == SetFormat::LabelThenFen) {
      if (line.size() < 4 || line[2] != ' ') continue;
      p.white_can_mate = line[0] == 'W';
      p.black_can_mate = line[1] == 'B';
      p.fen = line.substr(3);
    } else {
      // "FEN(6 fields) gameid": the side NOT to move cannot checkmate.
      const auto cut = line.find_last_of(' ');
      p.fen = line.substr(0, cut);
      const bool white_to_move = p.fen.find(" w ") != std::string::npos;
      if (white_to_move)
        p.black_can_mate = false;
      else
        p.white_can_mate = false;
    }
    out.push_back(std::move(p));
  }
  return out;
}

// The sets hold composed positions with more promoted men than a game can produce (CHA
// decides them all the same): read with FenOptions::any_material.
inline Result<core::Position> set_position(const std::string& fen) {
  core::FenOptions options;
  options.any_material = true;
  return core::Position::from_fen(fen, options);
}

inline std::string dead_set_path(const std::string& name) {
  return std::string(ARB_TESTDATA_DIR) + "/dead/" + name;
}

}  // namespace arbiter::testing
