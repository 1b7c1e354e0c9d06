// Texel tuning of the evaluation weights: positions labelled with game results (datagen.hpp
// writes them), the evaluation as a linear function of the weights (eval_trace.hpp), a
// fitted scaling constant K and Adam gradient descent on the mean squared error between the
// result and the predicted score 1 / (1 + 10^(−K·eval/400)).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/eval_params.hpp"

namespace arbiter::engine {

// A weight vector for tuning: element 2i is the midgame and 2i + 1 the endgame part of
// weight i (param::...).
using Weights = std::vector<double>;
[[nodiscard]] Weights to_weights(const EvalParams& p);
[[nodiscard]] EvalParams to_params(const Weights& w);  // rounded to the nearest integers

struct TexelEntry {
  std::uint16_t index;  // weight index
  std::int16_t mg;      // White − Black count in the midgame sum
  std::int16_t eg;
};

struct TexelPosition {
  std::uint32_t first = 0;  // entries [first, first + count) of TexelData::entries
  std::uint16_t count = 0;
  std::uint8_t phase = 0;
  std::uint8_t scale = 64;
  float constant_mg = 0;  // the part of the sums that no weight explains
  float constant_eg = 0;
  float result = 0.5F;  // White's score
  bool white_to_move = true;
};

struct TexelData {
  std::vector<TexelPosition> positions;
  std::vector<TexelEntry> entries;
  std::vector<std::string> fens;  // kept only when asked (tests)
  int rejected = 0;               // malformed lines and positions with no linear model
};

// Adds one position with White's score `result`, traced at the weights in use.
bool add_position(TexelData& data, const core::Position& pos, float result);
// Reads "FEN | result" lines (result 1.0, 0.5, 0.0, or 1-0, 1/2-1/2, 0-1).
[[nodiscard]] Result<TexelData> load_texel_data(const std::string& path, bool keep_fens = false);
// Splits off every position from index `from` on.
[[nodiscard]] TexelData split_tail(TexelData& data, std::size_t from);

// White's evaluation of position `p` under weights `w`, in centipawns.
[[nodiscard]] double linear_eval(const TexelData& data, const TexelPosition& p, const Weights& w);
[[nodiscard]] double texel_error(const TexelData& data, const Weights& w, double k);
// The same error with the engine's own evaluation (weights in use), integer arithmetic and
// all, over positions given as FENs (data.fens must be kept).
[[nodiscard]] double engine_error(const TexelData& data, double k);
// K minimising texel_error for fixed weights.
[[nodiscard]] double fit_k(const TexelData& data, const Weights& w);

struct TuneOptions {
  int epochs = 400;
  double learning_rate = 1.0;  // Adam step, centipawns
  double l2 = 0.0;             // pull towards the starting weights: l2/2·Σ(w − w0)²
  std::vector<bool> frozen;    // by weight index (param::...); empty: none
};

// Weight groups for freezing: material, pst, mobility, pawns, passed, pieces, king. Sets
// options.frozen for the named groups (comma-separated); false on an unknown name.
[[nodiscard]] bool freeze_groups(const std::string& names, TuneOptions& options);

// Minimises texel_error + the L2 term from `w` by full-batch Adam; `validation` (may be empty)
// is only measured. Logs progress every 50 epochs.
void tune_weights(const TexelData& train, const TexelData& validation, Weights& w, double k,
                  const TuneOptions& options, std::ostream* log);

// C++ source defining default_eval_params() with these weights (eval_weights.cpp).
[[nodiscard]] std::string weights_source(const EvalParams& p, const std::string& header_comment);

}  // namespace arbiter::engine
