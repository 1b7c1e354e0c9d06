// Who meets whom in the lobby (issue #17 item 3, lobby_rules.hpp): who may take a seek,
// who sees it, and the quick-pairing pools' widening rating window.
#include "arbiter/server/lobby_rules.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter::server {
namespace {

store::SeekRecord seek(std::int64_t owner, int rating = 1500) {
  store::SeekRecord s;
  s.id = "s" + std::to_string(owner);
  s.owner_user_id = owner;
  s.owner_rating = rating;
  s.time_control = "180+2";
  s.variant = "standard";
  s.speed = "blitz";
  s.rated = owner != 0;
  s.created_ms = 1000;
  return s;
}

store::SeekRecord pooled(std::int64_t owner, int rating, store::WallMs at, std::string id) {
  store::SeekRecord s = seek(owner, rating);
  s.pool = "blitz";
  s.created_ms = at;
  s.id = std::move(id);
  return s;
}

TEST(SeekRefusal, AnyoneMayTakeAnOpenCasualSeek) {
  store::SeekRecord s = seek(1);
  s.rated = false;
  EXPECT_EQ(refusal(s, SeekTaker{}), std::nullopt);
  EXPECT_EQ(refusal(s, SeekTaker{2, 1200}), std::nullopt);
}

TEST(SeekRefusal, TheOwnerNeverTakesTheirOwn) {
  EXPECT_EQ(refusal(seek(1), SeekTaker{1, 1500}), SeekRefusal::OwnSeek);
}

TEST(SeekRefusal, ARatedSeekNeedsAnAccount) {
  EXPECT_EQ(refusal(seek(1), SeekTaker{}), SeekRefusal::NeedsAccount);
  EXPECT_EQ(refusal(seek(1), SeekTaker{2, 1500}), std::nullopt);
}

TEST(SeekRefusal, AChallengeIsForThePlayerChallengedOnly) {
  store::SeekRecord s = seek(1);
  s.target_user_id = 3;
  EXPECT_EQ(refusal(s, SeekTaker{2, 1500}), SeekRefusal::NotYours);
  EXPECT_EQ(refusal(s, SeekTaker{}), SeekRefusal::NotYours);
  EXPECT_EQ(refusal(s, SeekTaker{3, 1500}), std::nullopt);
}

TEST(SeekRefusal, TheRangeIncludesItsEnds) {
  store::SeekRecord s = seek(1);
  s.rated = false;
  s.rating_min = 1400;
  s.rating_max = 1600;
  EXPECT_EQ(refusal(s, SeekTaker{2, 1400}), std::nullopt);
  EXPECT_EQ(refusal(s, SeekTaker{2, 1600}), std::nullopt);
  EXPECT_EQ(refusal(s, SeekTaker{2, 1399}), SeekRefusal::OutOfRange);
  EXPECT_EQ(refusal(s, SeekTaker{2, 1601}), SeekRefusal::OutOfRange);
  EXPECT_EQ(refusal(s, SeekTaker{}), SeekRefusal::NeedsAccount);
}

TEST(SeekListing, ChallengesAreSeenByTheirTwoPlayersAndPoolsByNoOne) {
  store::SeekRecord open = seek(1);
  EXPECT_TRUE(listed_for(open, 0));
  EXPECT_TRUE(listed_for(open, 7));
  store::SeekRecord challenge = seek(1);
  challenge.target_user_id = 2;
  EXPECT_TRUE(listed_for(challenge, 1));
  EXPECT_TRUE(listed_for(challenge, 2));
  EXPECT_FALSE(listed_for(challenge, 3));
  EXPECT_FALSE(listed_for(challenge, 0));
  store::SeekRecord pool = pooled(1, 1500, 0, "p");
  EXPECT_FALSE(listed_for(pool, 1));
}

TEST(PoolGap, WidensTenPointsASecondFrom150To500) {
  EXPECT_EQ(pool_gap(0), 150);
  EXPECT_EQ(pool_gap(999), 150);
  EXPECT_EQ(pool_gap(1000), 160);
  EXPECT_EQ(pool_gap(20'000), 350);
  EXPECT_EQ(pool_gap(35'000), 500);
  EXPECT_EQ(pool_gap(3'600'000), 500);
  EXPECT_EQ(pool_gap(-5), 150);  // a clock stepping back widens nothing
}

TEST(PoolPartner, TheClosestRatingWithinTheWindowThenTheEarliest) {
  const std::vector<store::SeekRecord> open{pooled(1, 1800, 0, "a"), pooled(2, 1620, 100, "b"),
                                            pooled(3, 1580, 50, "c"), pooled(4, 1420, 10, "d")};
  const store::SeekRecord me = pooled(9, 1500, 1000, "me");
  // 1580 and 1420 are both 80 away: the earlier (d at 10 ms) wins; 1800 is outside 150+10.
  EXPECT_EQ(pool_partner(open, me, 1000), std::size_t{3});
}

TEST(PoolPartner, TheWindowWidensWithTheEarlierPlayersWait) {
  const std::vector<store::SeekRecord> open{pooled(1, 1800, 0, "a")};
  const store::SeekRecord me = pooled(9, 1500, 1000, "me");
  EXPECT_EQ(pool_partner(open, me, 1000), std::nullopt);      // 300 apart, window 160
  EXPECT_EQ(pool_partner(open, me, 15'000), std::size_t{0});  // window 300 after 15 s
}

TEST(PoolPartner, OnlyEarlierSeeksOfTheSamePoolAndKind) {
  store::SeekRecord other_pool = pooled(1, 1500, 0, "a");
  other_pool.pool = "rapid";
  store::SeekRecord casual = pooled(0, 0, 0, "b");
  store::SeekRecord later = pooled(2, 1500, 5000, "c");
  store::SeekRecord mine = pooled(9, 1500, 0, "d");
  const std::vector<store::SeekRecord> open{other_pool, casual, later, mine};
  EXPECT_EQ(pool_partner(open, pooled(9, 1500, 1000, "me"), 1000), std::nullopt);
}

TEST(PoolPartner, AnonymousPlayersPairInArrivalOrder) {
  const std::vector<store::SeekRecord> open{pooled(0, 0, 20, "late"), pooled(0, 0, 10, "early")};
  EXPECT_EQ(pool_partner(open, pooled(0, 0, 30, "me"), 30), std::size_t{1});
}

}  // namespace
}  // namespace arbiter::server
