// Group commit (issue #16): the writes of many games in one commit, each all or nothing.
// The same cases run through SqliteStore's and PgStore's one-transaction commits and through
// the interface's default (one call per part), which a backend without its own inherits.
#include <gtest/gtest.h>

#include "arbiter/store/delegating_store.hpp"
#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_line;
using testing::sample_move;
using testing::TempDir;

// Forwards every call but commit(), so Store::commit's default runs.
class SingleCallStore final : public DelegatingStore {
 public:
  explicit SingleCallStore(std::unique_ptr<Store> inner)
      : DelegatingStore(*inner), owned_(std::move(inner)) {}
  std::vector<Result<void>> commit(std::span<const GameWrite> writes) override {
    return Store::commit(writes);
  }

 private:
  std::unique_ptr<Store> owned_;
};

enum class Backend { SqliteOneTransaction, PostgresOneTransaction, DefaultOneCallPerPart };

class GroupCommit : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() == Backend::PostgresOneTransaction) {
      auto server = testing::PgTestServer::shared();
      ASSERT_TRUE(server) << server.error().describe();
      auto url = (*server)->fresh_schema();
      ASSERT_TRUE(url) << url.error().describe();
      auto pg = open_store(*url);
      ASSERT_TRUE(pg) << pg.error().describe();
      store_ = std::move(*pg);
      for (const char* id : {"g1", "g2"}) ASSERT_TRUE(store_->create_game(sample_header(id)));
      return;
    }
    auto sqlite = SqliteStore::open(dir_.file("games.db"));
    ASSERT_TRUE(sqlite) << sqlite.error().describe();
    if (GetParam() == Backend::SqliteOneTransaction) {
      store_ = std::move(*sqlite);
    } else {
      store_ = std::make_unique<SingleCallStore>(std::move(*sqlite));
    }
    for (const char* id : {"g1", "g2"}) ASSERT_TRUE(store_->create_game(sample_header(id)));
  }
  static GameWrite move_write(const std::string& id, int ply, std::int64_t seq) {
    GameWrite w;
    w.game_id = id;
    w.move = sample_move(ply);
    w.events = {sample_event(seq)};
    return w;
  }
  TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_P(GroupCommit, WritesOfManyGamesInOneCommit) {
  const std::vector<GameWrite> writes{move_write("g1", 1, 1), move_write("g2", 1, 1),
                                      move_write("g1", 2, 2)};
  const auto results = store_->commit(writes);
  ASSERT_EQ(results.size(), 3u);
  for (const auto& r : results) EXPECT_TRUE(r) << r.error().describe();
  auto g1 = store_->load_game("g1");
  auto g2 = store_->load_game("g2");
  ASSERT_TRUE(g1 && g2);
  EXPECT_EQ(g1->moves.size(), 2u);
  EXPECT_EQ(g1->last_seq(), 2);
  EXPECT_EQ(g2->moves.size(), 1u);
  EXPECT_EQ(g2->header.status, GameStatus::Ongoing);
}

TEST_P(GroupCommit, ABadWriteFailsAloneAndLeavesNoTrace) {
  GameWrite ending;
  ending.game_id = "g1";
  ending.events = {sample_event(2)};
  ending.ending = Ending{GameStatus::Ended, "1-0", "resignation", 1'700'000'100'000};
  ending.ending_events = {sample_event(3)};
  // g2's write names ply 3 where ply 1 is next: refused, and its event is not kept.
  const std::vector<GameWrite> writes{move_write("g1", 1, 1), move_write("g2", 3, 1), ending};
  const auto results = store_->commit(writes);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_TRUE(results[0]);
  ASSERT_FALSE(results[1]);
  EXPECT_EQ(results[1].error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(results[1].error().where.field, "ply");
  EXPECT_TRUE(results[2]) << results[2].error().describe();
  auto g1 = store_->load_game("g1");
  auto g2 = store_->load_game("g2");
  ASSERT_TRUE(g1 && g2);
  EXPECT_EQ(g1->header.status, GameStatus::Ended);
  EXPECT_EQ(g1->header.reason, "resignation");
  EXPECT_EQ(g1->last_seq(), 3);
  EXPECT_TRUE(g2->moves.empty());
  EXPECT_TRUE(g2->events.empty());
  EXPECT_EQ(g2->header.status, GameStatus::Created);
}

TEST_P(GroupCommit, EndingEventsNeedAnEnding) {
  GameWrite w;
  w.game_id = "g1";
  w.ending_events = {sample_event(1)};
  const auto results = store_->commit(std::span{&w, 1});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_FALSE(results[0]);
  EXPECT_EQ(results[0].error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(results[0].error().where.field, "ending_events");
  EXPECT_TRUE(store_->load_game("g1")->events.empty());
}

TEST_P(GroupCommit, LogLinesAreWrittenWithTheirMoveOrNotAtAll) {
  GameWrite first = move_write("g1", 1, 1);
  first.log = {sample_line(1), sample_line(2)};
  GameWrite refused = move_write("g2", 3, 1);  // ply 3 where 1 is next
  refused.log = {sample_line(1), sample_line(2)};
  GameWrite second = move_write("g1", 2, 2);
  second.log = {sample_line(3)};
  const auto results = store_->commit(std::vector<GameWrite>{first, refused, second});
  ASSERT_EQ(results.size(), 3u);
  EXPECT_TRUE(results[0]) << results[0].error().describe();
  EXPECT_FALSE(results[1]);
  EXPECT_TRUE(results[2]) << results[2].error().describe();
  auto g1 = store_->load_game("g1");
  auto g2 = store_->load_game("g2");
  ASSERT_TRUE(g1 && g2);
  EXPECT_EQ(g1->log, (std::vector<LogLine>{sample_line(1), sample_line(2), sample_line(3)}));
  if (GetParam() == Backend::DefaultOneCallPerPart) {
    // The default commits part by part (store.hpp): the lines stood before the move failed.
    EXPECT_EQ(g2->log.size(), 2u);
    return;
  }
  EXPECT_TRUE(g2->log.empty());  // the refused write's lines went with its move
  auto without = store_->games_without_log(10);
  ASSERT_TRUE(without);
  EXPECT_EQ(*without, std::vector<std::string>{"g2"});
}

TEST_P(GroupCommit, ALineOutOfOrderFailsItsWrite) {
  GameWrite w = move_write("g1", 1, 1);
  w.log = {sample_line(2)};  // line 1 (the start) is missing
  const auto results = store_->commit(std::span{&w, 1});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_FALSE(results[0]);
  EXPECT_EQ(results[0].error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(results[0].error().where.field, "n");
  auto g1 = store_->load_game("g1");
  ASSERT_TRUE(g1);
  EXPECT_TRUE(g1->moves.empty());
}

// The server creates its games through the group commit (issue #16): the new game's row
// with its first lines; an id already taken fails that write alone.
TEST_P(GroupCommit, CreatesGamesWithTheOtherWrites) {
  GameWrite created;
  created.game_id = "g3";
  created.create = sample_header("g3");
  created.log = {sample_line(1)};
  GameWrite taken;
  taken.game_id = "g1";
  taken.create = sample_header("g1");
  taken.create->white = "Someone else";
  GameWrite mismatched;
  mismatched.game_id = "g4";
  mismatched.create = sample_header("g5");
  const auto results =
      store_->commit(std::vector<GameWrite>{created, move_write("g1", 1, 1), taken, mismatched});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0]) << results[0].error().describe();
  EXPECT_TRUE(results[1]) << results[1].error().describe();
  ASSERT_FALSE(results[2]);
  EXPECT_EQ(results[2].error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(results[2].error().where.field, "id");
  ASSERT_FALSE(results[3]);
  EXPECT_EQ(results[3].error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(results[3].error().where.field, "id");
  auto g3 = store_->load_game("g3");
  ASSERT_TRUE(g3) << g3.error().describe();
  EXPECT_EQ(g3->header, sample_header("g3"));
  EXPECT_EQ(g3->log, std::vector<LogLine>{sample_line(1)});
  EXPECT_EQ(store_->load_game("g1")->header.white, sample_header("g1").white);
  EXPECT_EQ(store_->load_game("g1")->moves.size(), 1u);
  EXPECT_FALSE(store_->load_game("g4"));
  EXPECT_FALSE(store_->load_game("g5"));
}

// Issue #17: the invitee's account takes its seat in the write of the join. The default
// commit has no call that changes a stored game's seats: it seats an account only in the
// header of a game the same write creates.
TEST_P(GroupCommit, AnAccountTakesASeatWithTheOtherWrites) {
  auto anna = store_->create_user({0, "Anna", "anna", "$argon2id$h", 1, 0});
  ASSERT_TRUE(anna) << anna.error().describe();
  GameWrite join = move_write("g1", 1, 1);
  join.seat_user = GameWrite::SeatUser{false, anna->id};
  GameWrite created;
  created.game_id = "g3";
  created.create = sample_header("g3");
  created.seat_user = GameWrite::SeatUser{true, anna->id};
  const auto results = store_->commit(std::vector<GameWrite>{join, created});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_TRUE(results[1]) << results[1].error().describe();
  EXPECT_EQ(store_->load_game("g3")->header.white_user, anna->id);
  auto g1 = store_->load_game("g1");
  ASSERT_TRUE(g1);
  if (GetParam() == Backend::DefaultOneCallPerPart) {
    ASSERT_FALSE(results[0]);
    EXPECT_EQ(results[0].error().code, ErrorCode::kUnsupported);
    EXPECT_EQ(results[0].error().where.field, "seat_user");
    EXPECT_TRUE(g1->moves.empty());  // nothing of the write was applied
    EXPECT_EQ(g1->header.black_user, 0);
    return;
  }
  EXPECT_TRUE(results[0]) << results[0].error().describe();
  EXPECT_EQ(g1->header.black_user, anna->id);
  EXPECT_EQ(g1->moves.size(), 1u);
}

TEST_P(GroupCommit, ASeatIsNamedWithTheOtherWrites) {
  GameWrite join = move_write("g1", 1, 1);
  join.seat_name = GameWrite::SeatName{false, "Boris"};
  GameWrite unknown = move_write("nosuch", 1, 1);
  unknown.move.reset();
  unknown.events.clear();
  unknown.seat_name = GameWrite::SeatName{true, "Nobody"};
  GameWrite control = move_write("g2", 1, 1);
  control.seat_name = GameWrite::SeatName{true, "Bad\nname"};
  const auto results = store_->commit(std::vector<GameWrite>{join, unknown, control});
  ASSERT_EQ(results.size(), 3u);
  EXPECT_FALSE(results[2]);
  EXPECT_EQ(results[2].error().where.field, "seat_name");
  if (GetParam() == Backend::DefaultOneCallPerPart) {
    ASSERT_FALSE(results[0]);
    EXPECT_EQ(results[0].error().where.field, "seat_name");
    return;
  }
  EXPECT_TRUE(results[0]) << results[0].error().describe();
  EXPECT_FALSE(results[1]);
  EXPECT_EQ(store_->load_game("g1")->header.black, "Boris");
  EXPECT_EQ(store_->load_game("g1")->moves.size(), 1u);
  EXPECT_EQ(store_->load_game("g2")->moves.size(), 0u);  // the refused write left nothing
}

TEST_P(GroupCommit, AnEmptyBatchCommitsNothing) { EXPECT_TRUE(store_->commit({}).empty()); }

INSTANTIATE_TEST_SUITE_P(Backends, GroupCommit,
                         ::testing::Values(Backend::SqliteOneTransaction,
                                           Backend::PostgresOneTransaction,
                                           Backend::DefaultOneCallPerPart),
                         [](const ::testing::TestParamInfo<Backend>& backend) {
                           switch (backend.param) {
                             case Backend::SqliteOneTransaction: return "SqliteOneTransaction";
                             case Backend::PostgresOneTransaction: return "PostgresOneTransaction";
                             case Backend::DefaultOneCallPerPart: break;
                           }
                           return "DefaultOneCallPerPart";
                         });

}  // namespace
}  // namespace arbiter::store
