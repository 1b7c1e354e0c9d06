// Every record of every perft suite in ../shared/testdata/perft (issue #2). The default
// run checks each record at every depth whose node count is within ARB_PERFT_BUDGET;
// the `slow` build (ARB_PERFT_ALL) checks every listed depth. No record is skipped:
// every record has at least its depth-1 count checked by default.
#include <gtest/gtest.h>

#include <cstdint>

#include "arbiter/core/perft.hpp"
#include "arbiter/core/position.hpp"
#include "perft_records.hpp"

#ifndef ARB_PERFT_BUDGET
#define ARB_PERFT_BUDGET 10000000ULL
#endif

namespace arbiter {
namespace {

using testing::PerftRecord;

struct SuiteShard {
  std::string file;
  int shard;
  int shards;
};

std::string shard_name(const ::testing::TestParamInfo<SuiteShard>& info) {
  std::string n = info.param.file + "_" + std::to_string(info.param.shard);
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

// What ctest lists beside each test (instead of the parameter's bytes).
void PrintTo(const SuiteShard& s, std::ostream* os) {
  *os << s.file << " shard " << s.shard + 1 << " of " << s.shards;
}

class PerftSuite : public ::testing::TestWithParam<SuiteShard> {};

TEST_P(PerftSuite, NodeCountsMatchReference) {
  const SuiteShard& s = GetParam();
  const auto records = testing::read_perft_file(ARB_TESTDATA_DIR "/perft", s.file);
  ASSERT_FALSE(records.empty()) << s.file;
  std::uint64_t checked_pairs = 0;
  std::uint64_t nodes_total = 0;
  int record_index = -1;
  for (const PerftRecord& r : records) {
    if (++record_index % s.shards != s.shard) continue;
    auto pos = core::Position::from_fen(r.fen, core::FenOptions{r.chess960, false});
    ASSERT_TRUE(pos.has_value()) << s.file << ":" << r.line << ": " << pos.error().describe();
    ASSERT_FALSE(r.depths.empty()) << s.file << ":" << r.line;
    for (const auto& [depth, expected] : r.depths) {
#ifndef ARB_PERFT_ALL
      // Always check the shallowest listed depth; deeper ones within the budget.
      if (expected > ARB_PERFT_BUDGET && depth != r.depths.front().first) continue;
#endif
      const std::uint64_t got = core::perft(*pos, depth);
      EXPECT_EQ(got, expected) << s.file << ":" << r.line << " " << r.id << " depth " << depth
                               << " fen " << r.fen;
      ++checked_pairs;
      nodes_total += got;
    }
  }
  EXPECT_GT(checked_pairs, 0u);
  std::printf("%s shard %d/%d: %llu (record, depth) pairs, %llu nodes\n", s.file.c_str(), s.shard,
              s.shards, static_cast<unsigned long long>(checked_pairs),
              static_cast<unsigned long long>(nodes_total));
}

std::vector<SuiteShard> all_shards() {
  std::vector<SuiteShard> out;
  for (const std::string& f : testing::perft_file_names()) {
    // The big files are split so ctest can run the shards in parallel.
    const int shards = f == "random.perft" ? 8 : f == "fischer.epd" ? 4 : 1;
    for (int i = 0; i < shards; ++i) out.push_back({f, i, shards});
  }
  return out;
}

// The two builds of this file (the default budget and every depth) are two executables
// whose tests must not share names in ctest, or one set would hide the other.
#ifdef ARB_PERFT_ALL
INSTANTIATE_TEST_SUITE_P(EveryDepth, PerftSuite, ::testing::ValuesIn(all_shards()), shard_name);
#else
INSTANTIATE_TEST_SUITE_P(Files, PerftSuite, ::testing::ValuesIn(all_shards()), shard_name);
#endif

}  // namespace
}  // namespace arbiter
