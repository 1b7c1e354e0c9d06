#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/bench.hpp"
#include "arbiter/engine/nnue_accumulator.hpp"
#include "arbiter/engine/nnue_kernels.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/engine/strength.hpp"

namespace arbiter::embedded {
extern const unsigned char test_network[];
extern const std::size_t test_network_size;
}  // namespace arbiter::embedded

namespace arbiter::engine::nnue {
namespace {

using core::Position;

const Network& test_net() {
  static const Network net = random_network(64, 4, 20261126);
  return net;
}

// Start positions rich in castling, en passant and promotions.
const char* const kStarts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Chess960-style castling with the king beside its rook.
    "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w KQkq - 0 1"};

struct Coverage {
  int captures = 0;
  int en_passant = 0;
  int castling = 0;
  int promotions = 0;
};

// Plays seeded random games; `visit` sees every position reached with its incrementally
// updated accumulator.
template <typename Visit>
Coverage random_games(const Kernels& k, int games, int plies, Visit visit) {
  Coverage cov;
  Rng rng(7);
  std::vector<Accumulator> stack(static_cast<std::size_t>(plies) + 1);
  for (int g = 0; g < games; ++g) {
    auto start = Position::from_fen(kStarts[g % std::size(kStarts)]);
    EXPECT_TRUE(start.has_value()) << kStarts[g % std::size(kStarts)];
    if (!start) continue;
    Position pos = *start;
    refresh(test_net(), k, pos, stack[0]);
    for (int ply = 0; ply < plies; ++ply) {
      const core::MoveList moves = core::legal_moves(pos);
      if (moves.empty()) break;
      // Special moves are favoured so that every kind shows up often.
      core::Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
      for (core::Move c : moves)
        if ((c.is_castling() || c.is_en_passant() || c.is_promotion()) && rng.below(2)) m = c;
      cov.captures += pos.is_capture(m);
      cov.en_passant += m.is_en_passant();
      cov.castling += m.is_castling();
      cov.promotions += m.is_promotion();
      const MoveDelta delta = touched_squares(pos, m);
      core::Undo undo;
      pos.do_move(m, undo);
      const auto u = static_cast<std::size_t>(ply);
      update(test_net(), k, delta, pos, stack[u], stack[u + 1]);
      visit(pos, stack[u + 1]);
    }
  }
  return cov;
}

// Compares the used part of the accumulators.
void expect_same(const Accumulator& a, const Accumulator& b, const Position& pos) {
  for (std::size_t v = 0; v < 2; ++v)
    for (std::size_t i = 0; i < static_cast<std::size_t>(test_net().hidden); ++i)
      ASSERT_EQ(a.values[v][i], b.values[v][i]) << pos.fen() << " view " << v << " neuron " << i;
  EXPECT_TRUE(same_accumulator(test_net(), a, b));
}

void check_incremental(const Kernels& k) {
  int positions = 0;
  const Coverage cov = random_games(k, 140, 80, [&](const Position& pos, const Accumulator& acc) {
    auto fresh = std::make_unique<Accumulator>();
    refresh(test_net(), k, pos, *fresh);
    expect_same(acc, *fresh, pos);
    ++positions;
  });
  EXPECT_GT(positions, 5000);
  EXPECT_GT(cov.captures, 500);
  EXPECT_GT(cov.en_passant, 10);
  EXPECT_GT(cov.castling, 50);
  EXPECT_GT(cov.promotions, 50);
}

TEST(Nnue, IncrementalUpdatesEqualARefreshScalar) { check_incremental(scalar_kernels()); }

TEST(Nnue, IncrementalUpdatesEqualARefreshAvx2) {
  const Kernels* avx2 = avx2_kernels();
  if (!avx2) GTEST_SKIP() << "no AVX2 on this CPU";
  check_incremental(*avx2);
}

// The evaluation written out from the definition, in 64-bit integers and without kernels.
Value reference_eval(const Network& net, const Position& pos) {
  std::vector<std::int64_t> acc[2];
  for (int v = 0; v < 2; ++v) {
    acc[v].assign(net.feature_bias.begin(), net.feature_bias.end());
    for (int s = 0; s < 64; ++s) {
      const core::Piece pc = pos.piece_on(core::square_at(s));
      if (pc == core::Piece::None) continue;
      const int f = feature_index(static_cast<core::Color>(v), pc, core::square_at(s));
      for (int i = 0; i < net.hidden; ++i) acc[v][static_cast<std::size_t>(i)] += net.feature(f)[i];
    }
  }
  const int us = core::index(pos.side_to_move());
  const int bucket = output_bucket(core::popcount(pos.pieces()), net.buckets);
  std::int64_t sum = 0;
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < net.hidden; ++i) {
      const std::int64_t a = acc[half == 0 ? us : us ^ 1][static_cast<std::size_t>(i)];
      const std::int64_t c = std::clamp<std::int64_t>(a, 0, kQa);
      sum += c * c *
             net.output_weights[static_cast<std::size_t>(bucket * 2 * net.hidden +
                                                         half * net.hidden + i)];
    }
  const std::int64_t out = sum / kQa + net.output_bias[static_cast<std::size_t>(bucket)];
  return static_cast<Value>(
      std::clamp<std::int64_t>(out * kScale / (kQa * kQb), -kMateBound + 1, kMateBound - 1));
}

TEST(Nnue, EvaluationMatchesTheScalarReferenceAndAvx2) {
  const Kernels* avx2 = avx2_kernels();
  int positions = 0;
  int nonzero = 0;
  random_games(scalar_kernels(), 40, 80, [&](const Position& pos, const Accumulator& acc) {
    const Value v = evaluate(test_net(), scalar_kernels(), acc, pos);
    ASSERT_EQ(v, reference_eval(test_net(), pos)) << pos.fen();
    if (avx2) {
      auto a = std::make_unique<Accumulator>();
      refresh(test_net(), *avx2, pos, *a);
      expect_same(*a, acc, pos);
      ASSERT_EQ(evaluate(test_net(), *avx2, *a, pos), v) << pos.fen();
    }
    ++positions;
    nonzero += v != 0;
  });
  EXPECT_GT(positions, 2000);
  EXPECT_GT(nonzero, positions / 2);
}

TEST(Nnue, SameAccumulatorComparesTheUsedNeuronsOnly) {
  auto a = std::make_unique<Accumulator>();
  refresh(test_net(), scalar_kernels(), Position::startpos(), *a);
  auto b = std::make_unique<Accumulator>(*a);
  b->values[1][kMaxHidden - 1] ^= 1;  // beyond the 64 neurons used
  EXPECT_TRUE(same_accumulator(test_net(), *a, *b));
  b->values[1][63] ^= 1;
  EXPECT_FALSE(same_accumulator(test_net(), *a, *b));
}

TEST(Nnue, BestKernelsAreAvx2WhenTheCpuHasIt) {
  EXPECT_STREQ(best_kernels().name, __builtin_cpu_supports("avx2") ? "avx2" : "scalar");
}

TEST(Nnue, FeatureIndexFlipsColourAndRank) {
  using core::Color;
  using core::Piece;
  using core::Square;
  EXPECT_EQ(feature_index(Color::White, Piece::WPawn, Square::A1), 0);
  EXPECT_EQ(feature_index(Color::White, Piece::BKing, Square::H8), 767);
  EXPECT_EQ(feature_index(Color::Black, Piece::BKing, Square::E8), 5 * 64 + 4);
  EXPECT_EQ(feature_index(Color::Black, Piece::WPawn, Square::E2), 384 + 52);
  EXPECT_EQ(output_bucket(32, 8), 7);
  EXPECT_EQ(output_bucket(2, 8), 0);
  EXPECT_EQ(output_bucket(17, 1), 0);
}

// A position and its colour-mirrored twin evaluate the same for the side to move.
TEST(Nnue, MirroredPositionsEvaluateTheSame) {
  const Kernels& k = scalar_kernels();
  const auto a =
      Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  const auto b =
      Position::from_fen("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
  ASSERT_TRUE(a && b);
  auto acc_a = std::make_unique<Accumulator>();
  auto acc_b = std::make_unique<Accumulator>();
  refresh(test_net(), k, *a, *acc_a);
  refresh(test_net(), k, *b, *acc_b);
  EXPECT_EQ(evaluate(test_net(), k, *acc_a, *a), evaluate(test_net(), k, *acc_b, *b));
}

TEST(Nnue, BenchWithANetworkIsDeterministicAndDiffers) {
  const std::vector<std::string> fens = {kStarts[0], kStarts[1], kStarts[3]};
  const auto net = std::make_shared<const Network>(random_network(32, 1, 8));
  const BenchResult a = run_bench(fens, 6, nullptr, net);
  const BenchResult b = run_bench(fens, 6, nullptr, net);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.positions, 3);
  EXPECT_NE(a.nodes, run_bench(fens, 6, nullptr).nodes);
}

TEST(NnueFile, RoundTripsAndHashesTheBytes) {
  const std::vector<std::uint8_t> bytes = serialize(test_net());
  EXPECT_EQ(bytes.size(), 8u + 7 * 4 + 768 * 64 * 2 + 64 * 2 + 4 * 128 * 2 + 4 * 4);
  auto parsed = parse_network(bytes, "t.nnue");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  EXPECT_EQ(parsed->feature_weights, test_net().feature_weights);
  EXPECT_EQ(parsed->output_weights, test_net().output_weights);
  EXPECT_EQ(parsed->output_bias, test_net().output_bias);
  EXPECT_EQ(parsed->hash, fnv1a64(bytes));
  EXPECT_EQ(parsed->hash, test_net().hash);
  EXPECT_EQ(fnv1a64({}), 0xcbf29ce484222325ULL);
}

// testdata/test-h16.nnue is random_network(16, 1, 16), built into engine_test by the same
// CMake step that embeds the engine's network.
TEST(NnueFile, EmbeddedBytesAreTheFile) {
  const std::span<const std::uint8_t> bytes(embedded::test_network, embedded::test_network_size);
  EXPECT_EQ(bytes.size(), 24712u);
  const std::vector<std::uint8_t> expected = serialize(random_network(16, 1, 16));
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), expected.begin(), expected.end()));
  auto parsed = parse_network(bytes, "embedded");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  EXPECT_EQ(parsed->hidden, 16);
}

TEST(NnueFile, EvalFileOptionValues) {
  auto hce = network_for_option("");
  ASSERT_TRUE(hce.has_value());
  EXPECT_EQ(*hce, nullptr);
  auto empty = network_for_option("<empty>");
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(*empty, nullptr);
  auto missing = network_for_option("/nonexistent/net.nnue");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("/nonexistent/net.nnue"), std::string::npos);
  const std::string path = ::testing::TempDir() + "arbiter_evalfile.nnue";
  ASSERT_TRUE(save_network(test_net(), path).has_value());
  auto loaded = network_for_option(path);
  ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
  EXPECT_EQ((*loaded)->hash, test_net().hash);
  auto embedded = network_for_option(kEmbeddedName);
  EXPECT_EQ(embedded.has_value(), !embedded_network().empty());
}

struct BadFile {
  const char* name;
  std::size_t offset;  // byte changed, or the length cut to
  int value;           // new byte value; -1: truncate at offset; -2: append a byte
  const char* field;
};

void PrintTo(const BadFile& b, std::ostream* out) {
  *out << "byte " << b.offset
       << (b.value == -1   ? " cut"
           : b.value == -2 ? " appended"
                           : " changed");
}

class NnueBadFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(NnueBadFile, IsRejectedNamingTheField) {
  std::vector<std::uint8_t> bytes = serialize(test_net());
  const BadFile& b = GetParam();
  if (b.value == -1)
    bytes.resize(b.offset);
  else if (b.value == -2)
    bytes.push_back(0);
  else
    bytes[b.offset] = static_cast<std::uint8_t>(b.value);
  auto parsed = parse_network(bytes, "bad.nnue");
  ASSERT_FALSE(parsed.has_value());
  EXPECT_EQ(parsed.error().where.field, b.field);
  EXPECT_EQ(parsed.error().message.rfind(std::string("bad.nnue: ") + b.field, 0), 0u)
      << parsed.error().message;
}

constexpr std::size_t kOutputWeights = 36 + 768 * 64 * 2 + 64 * 2;

INSTANTIATE_TEST_SUITE_P(
    Files, NnueBadFile,
    ::testing::Values(BadFile{"Magic", 0, 'X', "magic"}, BadFile{"Version", 8, 2, "version"},
                      BadFile{"FeatureSet", 12, 1, "feature set"},
                      BadFile{"HiddenNotMultipleOf16", 16, 65, "hidden size"},
                      BadFile{"Buckets", 20, 9, "output buckets"},
                      BadFile{"Quantisation", 24, 254, "quantisation"},
                      BadFile{"Truncated", 1000, -1, "feature weights"},
                      BadFile{"OutputWeightTooLarge", kOutputWeights + 1, 0x7f, "output weights"},
                      BadFile{"TrailingBytes", 0, -2, "end"}),
    [](const ::testing::TestParamInfo<BadFile>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace arbiter::engine::nnue
