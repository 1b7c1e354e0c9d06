// The tournaments of ../shared/testdata/tournaments/dutch (spec/tournaments.md, "Test
// data"): every file reads without error, writes back to the same bytes, and its points
// columns are what the results give; cut back to k rounds, the recomputed points are the
// sums of the file's own results.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/tournament/reference_files.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

using testing::reference_dir;
using testing::reference_files;
using testing::slurp;

TEST(ReferenceTournaments, AllTheFilesAreThere) {
  // index.tsv lists 195 generated tournaments; the directory holds at least those.
  EXPECT_GE(reference_files().size(), 195u);
}

class ReferenceFile : public ::testing::TestWithParam<std::string> {
 protected:
  std::string text() const { return slurp(reference_dir() / (GetParam() + ".trf")); }
};

TEST_P(ReferenceFile, ReadsWithoutError) {
  auto t = read_trf(text());
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_FALSE(t->players.empty());
  EXPECT_GT(rounds_played(*t), 0);
}

TEST_P(ReferenceFile, WritesBackTheSameBytes) {
  const std::string original = text();
  auto t = read_trf(original);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_EQ(write_trf(*t), original);
}

TEST_P(ReferenceFile, CutBackPointsAreTheSumsOfTheFileResults) {
  auto t = read_trf(text());
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  const int played = rounds_played(*t);
  for (int k = 0; k <= played; ++k) {
    auto cut = cut_to_rounds(*t, k);
    ASSERT_TRUE(cut.has_value()) << cut.error().describe();
    ASSERT_EQ(cut->settings.rounds, t->settings.rounds.value_or(played));
    for (const Player& p : cut->players) {
      // Default point system (the files have no BB?/XXS line): 1 for 1 + U F, ½ for = H.
      Points expected = 0;
      const Player& full = *t->find(p.id);
      for (int r = 0; r < k; ++r) {
        const char code = static_cast<char>(full.rounds[static_cast<std::size_t>(r)].result);
        if (std::string_view("1+UFW").find(code) != std::string_view::npos) expected += 10;
        if (std::string_view("=HD").find(code) != std::string_view::npos) expected += 5;
      }
      ASSERT_EQ(p.points, expected) << "player " << p.id << " after round " << k;
      if (k == played) {
        EXPECT_EQ(p.points, full.points) << "player " << p.id;
      }
      // The next round's requested byes stay (a PAB `U` is the pairing's, not a request).
      const bool next_is_request =
          static_cast<int>(full.rounds.size()) > k &&
          full.rounds[static_cast<std::size_t>(k)].opponent == 0 &&
          std::string_view("HFZ").find(static_cast<char>(
              full.rounds[static_cast<std::size_t>(k)].result)) != std::string_view::npos;
      ASSERT_EQ(p.rounds.size(), static_cast<std::size_t>(k) + (next_is_request ? 1 : 0))
          << "player " << p.id << " cut to " << k;
      if (next_is_request) {
        EXPECT_EQ(p.rounds.back(), full.rounds[static_cast<std::size_t>(k)]);
      }
    }
    // What is cut writes out and reads back to the same model.
    auto again = read_trf(write_trf(*cut));
    ASSERT_TRUE(again.has_value()) << "k=" << k << ": " << again.error().describe();
    EXPECT_EQ(again->players, cut->players);
    EXPECT_EQ(again->settings, cut->settings);
  }
}

INSTANTIATE_TEST_SUITE_P(Dutch, ReferenceFile, ::testing::ValuesIn(reference_files()),
                         [](const auto& file) { return file.param; });

}  // namespace
}  // namespace arbiter::tournament
