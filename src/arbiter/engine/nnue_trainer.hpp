// The NNUE trainer (docs/engine.md, "NNUE training"): the float network of nnue_network.hpp
// (768 -> H, perspective pair, SCReLU, output buckets) trained on the blended target
// λ·sigmoid(score/400) + (1 − λ)·result with the squared error of sigmoid(output), AdamW,
// weights clipped to ±1.98, minibatches split over threads with per-thread gradients; then
// quantised to the engine's integer format.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <vector>

#include "arbiter/core/position.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/engine/nnue_train_data.hpp"

namespace arbiter::engine::nnue {

struct TrainOptions {
  int hidden = 256;
  int buckets = 1;
  int epochs = 10;
  int batch = 16384;
  float learning_rate = 0.001f;
  float lr_drop_at = 0.67f;    // the learning rate is multiplied by 0.1 after this part of the run
  float lambda = 0.7f;         // weight of the search score in the target (1 − WDL weight)
  float weight_decay = 0.01f;  // AdamW's decoupled decay (times the learning rate)
  int threads = 2;
  std::uint64_t seed = 1;
};

// Float weights, laid out as Network's.
struct FloatNetwork {
  int hidden = 0;
  int buckets = 1;
  std::vector<float> feature_weights;  // [kInputs][hidden]
  std::vector<float> feature_bias;     // [hidden]
  std::vector<float> output_weights;   // [buckets][2·hidden]
  std::vector<float> output_bias;      // [buckets]
};

[[nodiscard]] FloatNetwork init_network(int hidden, int buckets, std::uint64_t seed);

// The network's output (in units of 400 cp) for the side to move of `s`.
[[nodiscard]] float forward(const FloatNetwork& net, const TrainSample& s);
// Centipawns for the side to move, as the engine's evaluation would give without rounding.
[[nodiscard]] float evaluate_cp(const FloatNetwork& net, const core::Position& pos);

// Mean squared error of sigmoid(output) against the blended target.
[[nodiscard]] double loss(const FloatNetwork& net, const std::vector<TrainSample>& data,
                          float lambda, int threads);

// The gradient of the summed loss over `data` (same layout as the network), for tests.
[[nodiscard]] FloatNetwork gradient(const FloatNetwork& net, const std::vector<TrainSample>& data,
                                    float lambda);

struct EpochReport {
  int epoch = 0;
  double train_loss = 0;
  double validation_loss = 0;
  double positions_per_second = 0;
};

using EpochCallback = std::function<void(const FloatNetwork&, const EpochReport&)>;

// Trains `net` in place; `data` is shuffled (seeded) every epoch. `log` gets one line per
// epoch and `on_epoch` (if set) the network after each. Returns the reports.
std::vector<EpochReport> train(FloatNetwork& net, std::vector<TrainSample>& data,
                               const std::vector<TrainSample>& validation,
                               const TrainOptions& options, std::ostream* log,
                               const EpochCallback& on_epoch = {});

[[nodiscard]] Network quantise(const FloatNetwork& net);
// The float network the integers stand for (weights divided by their scales).
[[nodiscard]] FloatNetwork dequantise(const Network& net);

}  // namespace arbiter::engine::nnue
