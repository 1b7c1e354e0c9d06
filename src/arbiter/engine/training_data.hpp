// NNUE training data as text: one position per line, "FEN | score | result", the score in
// centipawns and the result (1.0, 0.5, 0.0) both from White's point of view (the text format
// bullet and marlinflow read). `arbiter-engine datagen format=nnue` writes it and the
// trainer reads it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

struct TrainingLine {
  core::Position pos;
  Value score = 0;     // centipawns, White's view
  float result = 0.5;  // 1.0 White won, 0.5 draw, 0.0 Black won
};

// "FEN | score | result" without a newline.
[[nodiscard]] std::string format_training_line(const core::Position& pos, Value white_score,
                                               float white_result);

// Parses one line; `where` names the file and line in the error message
// ("data.txt:12: score field: ...").
[[nodiscard]] Result<TrainingLine> parse_training_line(std::string_view line,
                                                       std::string_view where);

}  // namespace arbiter::engine
