// FEN round trip for every position of the perft suites (issue #2): parse, print, parse
// again gives the same position, printing is stable, and a six-field FEN is printed back
// as it was written (the castling letters compared as a set: the files list them in
// several orders, e.g. "EGeg" and "HFhf").
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "arbiter/core/position.hpp"
#include "perft_records.hpp"

namespace arbiter {
namespace {

std::vector<std::string> fields(const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

TEST(FenRoundTrip, EveryPerftSuitePosition) {
  int count = 0;
  for (const std::string& file : testing::perft_file_names()) {
    for (const auto& r : testing::read_perft_file(ARB_TESTDATA_DIR "/perft", file)) {
      auto pos = core::Position::from_fen(r.fen, core::FenOptions{r.chess960, false});
      ASSERT_TRUE(pos.has_value()) << file << ":" << r.line << ": " << pos.error().describe();
      const std::string printed = pos->fen();
      auto again = core::Position::from_fen(printed, core::FenOptions{r.chess960, false});
      ASSERT_TRUE(again.has_value()) << printed;
      EXPECT_TRUE(*again == *pos) << file << ":" << r.line << " " << r.fen << " -> " << printed;
      EXPECT_EQ(again->key(), pos->key());
      EXPECT_EQ(again->fen(), printed);

      auto in = fields(r.fen);
      auto out = fields(printed);
      ASSERT_EQ(out.size(), 6u);
      for (std::size_t i = 0; i < in.size(); ++i) {
        if (i == 2) {
          std::sort(in[i].begin(), in[i].end());
          std::sort(out[i].begin(), out[i].end());
        }
        EXPECT_EQ(out[i], in[i]) << file << ":" << r.line << " field " << i << " of " << r.fen;
      }
      ++count;
    }
  }
  EXPECT_GT(count, 7000);
}

}  // namespace
}  // namespace arbiter
