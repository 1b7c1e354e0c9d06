#include "arbiter/engine/nnue_trainer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <unistd.h>

#include "arbiter/engine/nnue_accumulator.hpp"
#include "arbiter/engine/nnue_datagen.hpp"
#include "arbiter/engine/training_data.hpp"

namespace arbiter::engine::nnue {
namespace {

namespace fs = std::filesystem;

// ctest runs each test in its own process, two at a time: a path shared between
// processes lets one truncate the file another is reading.
fs::path own_temp_path(const std::string& name) {
  return fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}

// A few self-play games at tiny node counts, as datagen writes them.
const std::string& tiny_data_text() {
  static const std::string text = [] {
    NnueDatagenOptions o;
    o.games_per_chunk = 6;
    o.soft_nodes = 200;
    o.hard_nodes = 1000;
    o.opening_nodes = 300;
    o.max_plies = 80;
    o.hash_mb = 1;
    std::ostringstream out;
    generate_nnue_chunk(o, {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 0, out);
    return out.str();
  }();
  return text;
}

std::vector<TrainSample> tiny_samples() {
  const fs::path file = own_temp_path("arbiter_nnue_tiny.txt");
  std::ofstream(file) << tiny_data_text();
  auto data = load_train_data({file.string()}, 10000, 0);
  EXPECT_TRUE(data.has_value()) << data.error().message;
  return data ? data->samples : std::vector<TrainSample>{};
}

TEST(NnueTrainer, GradientMatchesFiniteDifferences) {
  FloatNetwork net = init_network(16, 2, 3);
  for (float& b : net.feature_bias) b = 0.3f;  // most neurons inside SCReLU's slope
  std::vector<TrainSample> data = tiny_samples();
  data.resize(8);
  const FloatNetwork g = gradient(net, data, 0.7f);
  const auto sum_loss = [&](const FloatNetwork& n) {
    return loss(n, data, 0.7f, 1) * static_cast<double>(data.size());
  };
  int checked = 0;
  const auto check = [&](std::vector<float> FloatNetwork::*member, std::size_t i,
                         const std::vector<float>& grad) {
    FloatNetwork plus = net;
    FloatNetwork minus = net;
    const float eps = 1e-2f;
    (plus.*member)[i] += eps;
    (minus.*member)[i] -= eps;
    const double numeric = (sum_loss(plus) - sum_loss(minus)) / (2.0 * eps);
    EXPECT_NEAR(grad[i], numeric, 1e-3 + 0.05 * std::abs(numeric)) << "index " << i;
    ++checked;
  };
  for (std::size_t i = 0; i < 32; ++i) check(&FloatNetwork::output_weights, i, g.output_weights);
  for (std::size_t i = 0; i < 2; ++i) check(&FloatNetwork::output_bias, i, g.output_bias);
  for (std::size_t i = 0; i < 16; ++i) check(&FloatNetwork::feature_bias, i, g.feature_bias);
  // Rows of inputs present in the data: the first position's pieces, both views.
  for (int k = 0; k < 4; ++k)
    for (std::uint16_t f : {data[0].features[static_cast<std::size_t>(k)],
                            black_view_of(data[0].features[static_cast<std::size_t>(k)])})
      for (std::size_t i = 0; i < 16; i += 5)
        check(&FloatNetwork::feature_weights, std::size_t{f} * 16 + i, g.feature_weights);
  EXPECT_GT(checked, 70);
}

TrainOptions tiny_options() {
  TrainOptions o;
  o.hidden = 32;
  o.epochs = 40;
  o.batch = 64;
  o.learning_rate = 0.01f;
  o.threads = 2;
  return o;
}

TEST(NnueTrainer, LossFallsOnTinyData) {
  std::vector<TrainSample> data = tiny_samples();
  ASSERT_GT(data.size(), 200u);
  FloatNetwork net = init_network(32, 1, 1);
  const double before = loss(net, data, 0.7f, 2);
  int calls = 0;
  const auto reports =
      train(net, data, {}, tiny_options(), nullptr,
            [&](const FloatNetwork&, const EpochReport& r) { EXPECT_EQ(r.epoch, ++calls); });
  ASSERT_EQ(reports.size(), 40u);
  EXPECT_EQ(calls, 40);
  EXPECT_LT(reports.back().train_loss, reports.front().train_loss * 0.6);
  EXPECT_LT(loss(net, data, 0.7f, 2), before * 0.5);
  for (float w : net.feature_weights) ASSERT_LE(std::abs(w), 1.98f);
}

// AdamW's decay pulls the weights towards zero: with a strong one they end up smaller.
TEST(NnueTrainer, WeightDecayShrinksTheWeights) {
  const auto norm = [](float decay) {
    std::vector<TrainSample> data = tiny_samples();
    FloatNetwork net = init_network(32, 1, 1);
    TrainOptions o = tiny_options();
    o.epochs = 10;
    o.weight_decay = decay;
    train(net, data, {}, o, nullptr);
    double sum = 0;
    for (float w : net.feature_weights) sum += static_cast<double>(w) * w;
    return sum;
  };
  EXPECT_LT(norm(5.0f), 0.5 * norm(0.0f));
}

// The quantised network in the engine gives the trainer's forward pass of the same integer
// weights to within the engine's integer truncations, and the trained float network's to
// within quantisation error.
TEST(NnueTrainer, EngineEvaluationEqualsTheTrainers) {
  std::vector<TrainSample> data = tiny_samples();
  FloatNetwork net = init_network(32, 2, 1);
  train(net, data, {}, tiny_options(), nullptr);
  const Network q = quantise(net);
  auto parsed = parse_network(serialize(q), "trained");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  const FloatNetwork same = dequantise(*parsed);
  std::istringstream in(tiny_data_text());
  std::string line;
  int n = 0;
  double worst_same = 0;
  double diff_float = 0;
  double spread = 0;
  while (std::getline(in, line)) {
    auto l = parse_training_line(line, "tiny");
    ASSERT_TRUE(l.has_value());
    auto acc = std::make_unique<Accumulator>();
    refresh(*parsed, best_kernels(), l->pos, *acc);
    const double engine = evaluate(*parsed, best_kernels(), *acc, l->pos);
    worst_same = std::max(worst_same, std::abs(engine - evaluate_cp(same, l->pos)));
    diff_float += std::abs(engine - evaluate_cp(net, l->pos));
    spread += std::abs(evaluate_cp(net, l->pos));
    ++n;
  }
  EXPECT_GT(spread / n, 50.0);  // a trained net, not all zeros
  EXPECT_LE(worst_same, 1.5) << "of " << n << " positions";
  EXPECT_LE(diff_float / n, 5.0) << "of " << n << " positions";
}

TEST(NnueTrainData, DirectoriesReadChunkFilesInOrderAndNameBadLines) {
  const fs::path dir = own_temp_path("arbiter_nnue_train_dir");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "s1-c000001.txt") << "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 | 500 | 1.0\n";
  std::ofstream(dir / "s1-c000000.txt") << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 20000 | "
                                           "1.0\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 510 | 0.5\n";
  std::ofstream(dir / "s1-settings.txt") << "format=nnue\n";
  std::ofstream(dir / "s1-c000002.txt.tmp") << "partial";
  auto data = load_train_data({dir.string()}, 10000, 0);
  ASSERT_TRUE(data.has_value()) << data.error().message;
  ASSERT_EQ(data->samples.size(), 2u);
  EXPECT_EQ(data->skipped, 1u);
  EXPECT_EQ(data->samples[0].score, 510.0f);  // White to move
  EXPECT_EQ(data->samples[0].result, 0.5f);
  EXPECT_EQ(data->samples[1].score, -500.0f);  // Black to move: its own view
  EXPECT_EQ(data->samples[1].result, 0.0f);
  EXPECT_EQ(data->samples[1].count, 3);
  std::ofstream(dir / "s1-c000003.txt") << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 1 | 1.0\nbad line\n";
  auto bad = load_train_data({dir.string()}, 10000, 0);
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("s1-c000003.txt:2: line field"), std::string::npos)
      << bad.error().message;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter::engine::nnue
