// Training positions for the NNUE trainer, compact in memory: the active inputs from White's
// view (Black's view is derived: colours swapped, rank flipped), the side to move, the output
// bucket and the blended target. Read from "FEN | score | result" text (training_data.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::engine::nnue {

struct TrainSample {
  std::array<std::uint16_t, 32> features;  // White's view
  std::uint8_t count = 0;
  std::uint8_t black_to_move = 0;
  std::uint8_t pieces = 0;
  float score = 0;   // centipawns, side to move's view
  float result = 0;  // 1 win, 0.5 draw, 0 loss for the side to move
};

// The same input seen from Black's side.
[[nodiscard]] constexpr std::uint16_t black_view_of(std::uint16_t white_feature) noexcept {
  const int f = white_feature;
  return static_cast<std::uint16_t>((f < 384 ? f + 384 : f - 384) ^ 56);
}

[[nodiscard]] TrainSample make_sample(const core::Position& pos, int white_score,
                                      float white_result);

struct TrainData {
  std::vector<TrainSample> samples;
  std::uint64_t skipped = 0;  // lines filtered out (|score| above the cap)
};

// Reads the files in order (a directory stands for its *.txt files sorted by name) and
// keeps positions with |score| ≤ max_score, at most `limit` (0: all). A malformed line is an
// error naming its file and line.
[[nodiscard]] Result<TrainData> load_train_data(const std::vector<std::string>& paths,
                                                int max_score, std::uint64_t limit);

}  // namespace arbiter::engine::nnue
