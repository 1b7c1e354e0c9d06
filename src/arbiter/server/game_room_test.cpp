// GameRoom with fake connections, a hand-driven clock and a real SQLite store in a
// temporary directory: whole games, the seats' authority, offers, claims, flags, aborts,
// rematches, the moves' views, restarts and the computer (the sockets' side:
// game_room_sockets_test.cpp).
#include "arbiter/server/game_room.hpp"

#include "arbiter/server/computer.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

TEST_F(RoomTest, FoolsMateEndsTheGameAndIsStored) {
  auto [f, w, b] = seated();
  EXPECT_EQ(at(w->of("welcome").at(0), "/role"), "white");
  EXPECT_EQ(at(b->of("welcome").at(0), "/role"), "black");
  EXPECT_EQ(at(w->of("state").at(0), "/d/status"), "created");
  move(*f.room, w, "f2f3", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  move(*f.room, w, "g2g4", 3, 2);
  move(*f.room, b, "d8h4", 4, 2);
  auto moves = w->of("move");
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_EQ(at(moves[3], "/d/san"), "Qh4#");
  EXPECT_EQ(at(moves[3], "/d/check"), "true");
  EXPECT_EQ(at(moves[3], "/d/dests"), "{}");
  EXPECT_EQ(at(moves[0], "/d/announce/de"), "Bauer Felix zwei Felix drei");
  EXPECT_EQ(at(moves[0], "/d/announce/en"), "Pawn f2 to f3");
  const std::string end = w->last("end");
  EXPECT_EQ(at(end, "/d/result"), "0-1");
  EXPECT_EQ(at(end, "/d/termination"), "checkmate");
  EXPECT_EQ(at(end, "/d/article"), "5.1.1");
  EXPECT_EQ(at(end, "/d/winner"), "black");
  EXPECT_EQ(at(end, "/d/text"), "Black wins by checkmate");
  EXPECT_EQ(at(end, "/d/clock/running"), "null");
  // Both sockets saw the same events with consecutive seqs.
  EXPECT_EQ(b->of("move").size(), 4u);
  EXPECT_EQ(at(end, "/seq"), "6");  // 1 is Black's join
  auto stored = store_->load_game(f.room->id());
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->header.status, store::GameStatus::Ended);
  EXPECT_EQ(stored->header.result, "0-1");
  EXPECT_EQ(stored->header.reason, "checkmate");
  ASSERT_EQ(stored->moves.size(), 4u);
  EXPECT_EQ(stored->moves[3].san, "Qh4#");
  EXPECT_EQ(stored->events.size(), 6u);  // the join, 4 moves, the end
  EXPECT_NE(f.room->pgn().find("Qh4#"), std::string::npos);
}

TEST_F(RoomTest, OnlyTheSeatsTokenActsForIt) {
  auto [f, w, b] = seated();
  auto spectator = connect(*f.room, "");
  EXPECT_EQ(at(spectator->of("welcome").at(0), "/role"), "spectator");
  // White's socket cannot move for Black, Black cannot move on White's turn.
  say(*f.room, b, R"({"t":"move","id":7,"d":{"uci":"e2e4","ply":1}})");
  EXPECT_EQ(at(b->last("error"), "/d/code"), "not-your-turn");
  EXPECT_EQ(at(b->last("error"), "/id"), "7");
  say(*f.room, spectator, R"({"t":"move","id":1,"d":{"uci":"e2e4","ply":1}})");
  EXPECT_EQ(at(spectator->last("error"), "/d/code"), "not-a-player");
  say(*f.room, spectator, R"({"t":"resign","id":2})");
  EXPECT_EQ(at(spectator->last("error"), "/d/code"), "not-a-player");
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, w, R"({"t":"move","id":2,"d":{"uci":"e7e5","ply":2}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "not-your-turn");
  // A token of no seat is fatal: error, then close 4003.
  auto forger = connect(*f.room, "0123456789abcdef0123456789abcdef");
  EXPECT_EQ(at(forger->last("error"), "/d/code"), "bad-token");
  EXPECT_EQ(at(forger->last("error"), "/d/fatal"), "true");
  EXPECT_EQ(forger->closed(), 4003);
  EXPECT_TRUE(forger->of("welcome").empty());
  // Nothing of it reached the game.
  EXPECT_EQ(f.room->state().moves.size(), 1u);
}

TEST_F(RoomTest, BadInputGetsClearErrors) {
  auto f = friends();
  auto w = connect(*f.room, f.white);
  say(*f.room, w, "not json");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "bad-json");
  say(*f.room, w, R"({"t":"castle","id":3})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "unknown-type");
  EXPECT_EQ(at(w->last("error"), "/id"), "3");
  say(*f.room, w, R"({"t":"move","id":4,"d":{"uci":"e2e5","ply":1}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "illegal-move");
  say(*f.room, w, R"({"t":"move","id":5,"d":{"uci":42,"ply":1}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "bad-json");
  EXPECT_EQ(w->closed(), 0);
  // A wrong version is fatal (close 4000); so is anything before hello.
  auto c = std::make_shared<FakeConnection>();
  f.room->on_open(c);
  say(*f.room, c, R"({"t":"hello","v":2})");
  EXPECT_EQ(at(c->last("error"), "/d/code"), "version");
  EXPECT_EQ(c->closed(), 4000);
  auto d = std::make_shared<FakeConnection>();
  f.room->on_open(d);
  say(*f.room, d, R"({"t":"resign","id":1})");
  EXPECT_EQ(d->closed(), 1008);
}

TEST_F(RoomTest, DrawOfferAcceptedAfterBothMoved) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, w, R"({"t":"draw","id":2,"d":{"action":"offer"}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "too-early");  // 5.2.3
  move(*f.room, b, "e7e5", 2, 1);
  say(*f.room, b, R"({"t":"draw","id":2,"d":{"action":"accept"}})");
  EXPECT_EQ(at(b->last("error"), "/d/code"), "no-offer");
  say(*f.room, w, R"({"t":"draw","id":3,"d":{"action":"offer"}})");
  EXPECT_EQ(at(b->last("draw"), "/d/action"), "offer");
  EXPECT_EQ(at(b->last("draw"), "/d/side"), "white");
  EXPECT_EQ(f.room->state().draw_offer, core::Color::White);
  say(*f.room, b, R"({"t":"draw","id":3,"d":{"action":"accept"}})");
  EXPECT_EQ(at(b->sent().back(), "/t"), "ack");
  const std::string end = w->last("end");
  EXPECT_EQ(at(end, "/d/result"), "1/2-1/2");
  EXPECT_EQ(at(end, "/d/termination"), "agreement");
  EXPECT_EQ(at(end, "/d/article"), "5.2.3");
  EXPECT_EQ(at(end, "/d/by"), "black");
}

TEST_F(RoomTest, OfferWithMoveLapsesWhenTheReceiverMoves) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, b, R"({"t":"move","id":1,"d":{"uci":"e7e5","ply":2,"offer_draw":true}})");
  EXPECT_EQ(at(w->last("draw"), "/d/action"), "offer");
  move(*f.room, w, "g1f3", 3, 2);  // 9.1.2.1: White moved instead of accepting
  EXPECT_EQ(at(w->last("draw"), "/d/action"), "lapse");
  EXPECT_EQ(at(w->last("draw"), "/d/side"), "black");
  EXPECT_FALSE(f.room->state().draw_offer);
}

// Issue #14, Art. 11.5: after a decline, the same side offers again only once the
// opponent has moved, also with a move and also after a restart.
TEST_F(RoomTest, ADeclinedSideOffersAgainOnlyAfterTheOpponentMoved) {
  auto f = friends();
  const std::string id = f.room->id();
  {
    auto w = connect(*f.room, f.white);
    auto b = connect(*f.room, f.black);
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    say(*f.room, w, R"({"t":"draw","id":2,"d":{"action":"offer"}})");
    say(*f.room, b, R"({"t":"draw","id":2,"d":{"action":"decline"}})");
    EXPECT_EQ(at(w->last("draw"), "/d/action"), "decline");
    const auto draws = b->of("draw").size();
    say(*f.room, w, R"({"t":"draw","id":3,"d":{"action":"offer"}})");
    EXPECT_EQ(at(w->last("error"), "/d/code"), "draw-offer-limit");
    EXPECT_EQ(at(w->last("error"), "/id"), "3");
    // With a move: the move is played, the offer is not made.
    say(*f.room, w, R"({"t":"move","id":4,"d":{"uci":"g1f3","ply":3,"offer_draw":true}})");
    EXPECT_EQ(f.room->state().moves.size(), 3u);
    EXPECT_EQ(at(w->last("error"), "/d/code"), "draw-offer-limit");
    EXPECT_EQ(b->of("draw").size(), draws);
    EXPECT_FALSE(f.room->state().draw_offer);
    // Black, whose own offers were never declined, may offer; White declines it.
    say(*f.room, b, R"({"t":"draw","id":3,"d":{"action":"offer"}})");
    EXPECT_EQ(at(w->last("draw"), "/d/action"), "offer");
    say(*f.room, w, R"({"t":"draw","id":5,"d":{"action":"decline"}})");
  }
  f.room.reset();
  open();  // a restart keeps both declines
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  auto w = connect(*room, f.white, 0);
  auto b = connect(*room, f.black, 0);
  say(*room, b, R"({"t":"draw","id":4,"d":{"action":"offer"}})");
  EXPECT_EQ(at(b->last("error"), "/d/code"), "draw-offer-limit");
  say(*room, w, R"({"t":"draw","id":6,"d":{"action":"offer"}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "draw-offer-limit");
  move(*room, b, "b8c6", 4, 5);  // Black moved: White may offer again, Black not yet
  say(*room, w, R"({"t":"draw","id":7,"d":{"action":"offer"}})");
  EXPECT_EQ(at(b->last("draw"), "/d/action"), "offer");
  EXPECT_EQ(room->state().draw_offer, core::Color::White);
}

TEST_F(RoomTest, ThreefoldClaimUpheld) {
  auto [f, w, b] = seated();
  const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
  for (int i = 0; i < 7; ++i) move(*f.room, i % 2 ? b : w, moves[i], i + 1, i + 1);
  // Black may claim with the intended move f6g8 (9.2.1.1): the start position a third time.
  auto last = b->last("move");
  EXPECT_EQ(at(last, "/d/claims/threefold"), "false");
  EXPECT_EQ(at(last, "/d/claims/threefold_moves"), R"(["f6g8"])");
  say(*f.room, b, R"({"t":"claim","id":20,"d":{"kind":"threefold","move":"f6g8"}})");
  EXPECT_EQ(at(b->sent().back(), "/t"), "ack");
  const std::string claim = w->last("claim");
  EXPECT_EQ(at(claim, "/d/upheld"), "true");
  EXPECT_EQ(at(claim, "/d/article"), "9.2");
  EXPECT_EQ(at(claim, "/d/penalty"), "null");
  const std::string end = w->last("end");
  EXPECT_EQ(at(end, "/d/termination"), "threefold_claim");
  EXPECT_EQ(at(end, "/d/article"), "9.2");
  EXPECT_EQ(at(end, "/d/result"), "1/2-1/2");
  // §3.2: the intended move is shown and stored first (the referee does not play it).
  const std::string intended = w->last("move");
  EXPECT_EQ(at(intended, "/d/ply"), "8");
  EXPECT_EQ(at(intended, "/d/san"), "Ng8");
  EXPECT_EQ(at(intended, "/d/intended"), "true");
  EXPECT_LT(std::stoi(at(intended, "/seq")), std::stoi(at(claim, "/seq")));
  const std::string id = f.room->id();
  EXPECT_EQ(f.room->state().fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
  // A reload shows the same game.
  f.room.reset();
  w.reset();
  b.reset();
  open();
  auto again = registry_->find(id);
  ASSERT_TRUE(again);
  auto s = again->state();
  EXPECT_EQ(s.moves.size(), 8u);
  EXPECT_EQ(s.termination, std::optional<std::string>("threefold_claim"));
  EXPECT_EQ(s.turn, core::Color::White);
  EXPECT_EQ(store_->load_game(id)->moves.size(), 8u);
}

TEST_F(RoomTest, WrongClaimIsPenalisedAndTheIntendedMoveMade) {
  auto [f, w, b] = after_e4_e5();  // blitz: one minute (B.2)
  const auto black_before = f.room->state().clock->black;
  say(*f.room, w, R"({"t":"claim","id":2,"d":{"kind":"threefold","move":"g1f3"}})");
  EXPECT_EQ(at(w->sent().back(), "/t"), "ack");
  const std::string claim = b->last("claim");
  EXPECT_EQ(at(claim, "/d/upheld"), "false");
  EXPECT_EQ(at(claim, "/d/penalty/side"), "black");
  EXPECT_EQ(at(claim, "/d/penalty/ms"), "60000");
  EXPECT_EQ(at(claim, "/d/penalty/article"), "9.5.3");
  // 9.5.3: the intended move is made; 9.1.2.3: the claim stands as a draw offer.
  EXPECT_EQ(at(b->last("move"), "/d/uci"), "g1f3");
  EXPECT_EQ(at(b->last("move"), "/d/ply"), "3");
  EXPECT_EQ(at(b->last("draw"), "/d/action"), "offer");
  auto s = f.room->state();
  EXPECT_EQ(s.moves.size(), 3u);
  EXPECT_EQ(s.clock->black, black_before + 60000);
  EXPECT_EQ(s.status, "ongoing");
  // The opponent may accept the claim as an offer.
  say(*f.room, b, R"({"t":"draw","id":3,"d":{"action":"accept"}})");
  EXPECT_EQ(at(w->last("end"), "/d/termination"), "agreement");
  auto stored = store_->load_game(f.room->id());
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->moves.size(), 3u);
}

TEST_F(RoomTest, FlagFallsAtZero) {
  auto [f, w, b] = after_e4_e5("60");
  say(*f.room, w, R"({"t":"ack","seq":3})");  // unacknowledged events would close the sockets
  say(*f.room, b, R"({"t":"ack","seq":3})");
  clock_.advance(59'999ms);
  f.room->tick();
  EXPECT_TRUE(w->of("end").empty());
  EXPECT_EQ(f.room->state().clock->white, 1);
  say(*f.room, w, R"({"t":"ack","seq":3})");  // alive: not closed as idle at 60 s
  clock_.advance(1ms);
  f.room->tick();
  const std::string end = b->last("end");
  EXPECT_EQ(at(end, "/d/termination"), "time_forfeit");
  EXPECT_EQ(at(end, "/d/article"), "6.9");
  EXPECT_EQ(at(end, "/d/result"), "0-1");
  EXPECT_EQ(at(end, "/d/clock/white"), "0");
  EXPECT_EQ(at(end, "/d/t"), "60000");
  // One table of endings (competition::ending_sentence): the event and the state say it
  // alike, before and after the game is loaded again.
  EXPECT_EQ(at(end, "/d/text"), "Black wins on time");
  EXPECT_EQ(f.room->state().text, std::optional<std::string>("Black wins on time"));
  say(*f.room, w, R"({"t":"move","id":5,"d":{"uci":"g1f3","ply":3}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "game-over");
  const std::string id = f.room->id();
  open();  // a restart: the game is loaded from the store
  auto again = registry_->find(id);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->state().text, std::optional<std::string>("Black wins on time"));
}

TEST_F(RoomTest, AMoveWithinTheLagGraceBeatsTheFlag) {
  timings_.ping_interval = 2000ms;  // the arithmetic below pings at 2 s
  open();
  auto [f, w, b] = after_e4_e5("60");
  // White's round trip is 400 ms: the flag waits 200 ms of grace, a move 150 ms after
  // zero is timed 200 ms earlier and stands (web-protocol.md §3.3).
  clock_.advance(2000ms);
  f.room->tick();
  const std::string ping = w->last("ping");
  clock_.advance(400ms);
  say(*f.room, w, R"({"t":"pong","n":)" + at(ping, "/n") + "}");
  say(*f.room, w, R"({"t":"ack","seq":3})");
  say(*f.room, b, R"({"t":"ack","seq":3})");
  clock_.advance(57'750ms);  // 60.15 s since White's clock started
  f.room->tick();
  EXPECT_TRUE(w->of("end").empty());
  move(*f.room, w, "g1f3", 3, 2);
  EXPECT_EQ(at(w->last("move"), "/d/lag_ms"), "200");
  EXPECT_TRUE(w->of("end").empty());
  EXPECT_EQ(f.room->state().moves.size(), 3u);
}

TEST_F(RoomTest, DelayIsUsedBeforeTheMainTime) {
  auto [f, w, b] = after_e4_e5("900d5");  // Art. 6.3.2
  clock_.advance(3000ms);
  auto c = *f.room->state().clock;
  EXPECT_EQ(c.white, 900000);
  EXPECT_EQ(c.delay_ms, 5000);
  EXPECT_EQ(c.delay_left_ms, 2000);
  clock_.advance(4000ms);
  c = *f.room->state().clock;
  EXPECT_EQ(c.white, 898000);
  EXPECT_EQ(c.delay_left_ms, 0);
  move(*f.room, w, "g1f3", 3, 2);
  EXPECT_EQ(f.room->state().clock->white, 898000);
}

// A game from a stored header (a custom start position).
std::shared_ptr<GameRoom> stored_game(store::Store& store, GameRegistry& registry,
                                      const std::string& fen, const std::string& tc) {
  store::GameHeader h;
  h.id = "fenGame1";
  h.white_token = std::string(32, 'a');
  h.black_token = std::string(32, 'b');
  h.white = "W";
  h.black = "B";
  h.time_control = tc;
  h.variant = "standard";
  h.start_fen = fen;
  wire::GameExtra extra;
  extra.rematch_of = std::string("x");
  h.extra = wire::write_extra(extra);
  EXPECT_TRUE(store.create_game(h));
  return registry.find(h.id);
}

TEST_F(RoomTest, FlagAgainstALoneKingIsADraw) {
  // White flags, but Black has only his king: he cannot checkmate (Art. 6.9).
  auto room = stored_game(*store_, *registry_, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "60");
  ASSERT_TRUE(room);
  auto w = connect(*room, std::string(32, 'a'));
  auto b = connect(*room, std::string(32, 'b'));
  move(*room, w, "a1a2", 1, 1);
  move(*room, b, "e8e7", 2, 1);
  clock_.advance(61s);
  room->tick();
  const std::string end = b->last("end");
  EXPECT_EQ(at(end, "/d/termination"), "timeout_vs_insufficient");
  EXPECT_EQ(at(end, "/d/result"), "1/2-1/2");
  EXPECT_EQ(at(end, "/d/article"), "6.9");
}

TEST_F(RoomTest, AbortBeforeBothMovedAndAutomaticAbort) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, b, R"({"t":"abort","id":1})");
  EXPECT_EQ(at(b->sent().back(), "/t"), "ack");
  EXPECT_EQ(at(w->last("end"), "/d/termination"), "aborted");
  EXPECT_EQ(at(w->last("end"), "/d/result"), "*");
  EXPECT_EQ(at(w->last("end"), "/d/article"), "null");
  EXPECT_EQ(store_->load_game(f.room->id())->header.status, store::GameStatus::Aborted);

  auto [g, w2, b2] = after_e4_e5();
  say(*g.room, w2, R"({"t":"abort","id":2})");
  EXPECT_EQ(at(w2->last("error"), "/d/code"), "cannot-abort");

  // Nobody moves: aborted after 30 s (§3.3).
  auto h = friends();
  auto w3 = connect(*h.room, h.white);
  clock_.advance(29'999ms);
  h.room->tick();
  EXPECT_TRUE(w3->of("end").empty());
  clock_.advance(1ms);
  h.room->tick();
  EXPECT_EQ(at(w3->last("end"), "/d/termination"), "aborted");
}

TEST_F(RoomTest, RematchGivesEachSeatItsNewSeat) {
  auto [f, w, b] = seated();
  auto spectator = connect(*f.room, "");
  say(*f.room, w, R"({"t":"rematch","id":1,"d":{"action":"offer"}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "too-early");
  say(*f.room, w, R"({"t":"resign","id":2})");
  EXPECT_EQ(at(b->last("end"), "/d/termination"), "resignation");
  EXPECT_EQ(at(b->last("end"), "/d/article"), "5.1.2");
  say(*f.room, w, R"({"t":"rematch","id":3,"d":{"action":"offer"}})");
  EXPECT_EQ(at(b->last("rematch"), "/d/action"), "offer");
  say(*f.room, b, R"({"t":"rematch","id":4,"d":{"action":"accept"}})");
  const std::string accepted = spectator->last("rematch");
  EXPECT_EQ(at(accepted, "/d/action"), "accept");
  const std::string next_id = at(accepted, "/d/game_id");
  EXPECT_TRUE(spectator->of("seat").empty());  // tokens are never broadcast
  const std::string ws = w->last("seat");
  const std::string bs = b->last("seat");
  EXPECT_EQ(at(ws, "/d/seat"), "black");
  EXPECT_EQ(at(bs, "/d/seat"), "white");
  EXPECT_EQ(at(ws, "/d/game_id"), next_id);
  auto next = registry_->find(next_id);
  ASSERT_TRUE(next);
  auto nb = connect(*next, at(ws, "/d/token"));
  auto nw = connect(*next, at(bs, "/d/token"));
  EXPECT_EQ(at(nb->of("welcome").at(0), "/role"), "black");
  EXPECT_EQ(at(nw->of("welcome").at(0), "/role"), "white");
  auto s = next->state();
  EXPECT_EQ(s.white.name, "Boris");
  EXPECT_EQ(s.black.name, "Anna");
  EXPECT_FALSE(s.open_seat);
  move(*next, nw, "d2d4", 1, 1);
}

TEST_F(RoomTest, DestsIncludeCastlingOntoTheRook) {
  auto room = stored_game(*store_, *registry_, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "-");
  ASSERT_TRUE(room);
  auto s = room->state();
  EXPECT_FALSE(s.clock);  // no clock
  std::vector<std::string> king;
  for (const auto& [from, tos] : s.dests) {
    if (from == "e1") king = tos;
  }
  for (const char* sq : {"g1", "h1", "c1", "a1", "f1", "d1"}) {
    EXPECT_NE(std::find(king.begin(), king.end(), sq), king.end()) << sq;
  }
}

TEST_F(RoomTest, RestartResumesMovesAndChargesTheClockByWallTime) {
  auto f = friends();
  const std::string id = f.room->id();
  {
    auto w = connect(*f.room, f.white);
    auto b = connect(*f.room, f.black);
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    clock_.advance(3s);
    move(*f.room, w, "g1f3", 3, 2);  // 184 - 3 + 2 = 183 s
    clock_.advance(4s);              // Black thinks 4 s, then the server dies
  }
  f.room.reset();
  clock_.restart(10s);  // down for 10 s; the monotonic clock starts again
  open();               // a new registry on the same file, without any clean shutdown
  auto resumed = registry_->resume_all();
  ASSERT_TRUE(resumed);
  EXPECT_EQ(*resumed, 1);
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  auto s = room->state();
  ASSERT_EQ(s.moves.size(), 3u);
  EXPECT_EQ(s.moves[2].san, "Nf3");
  EXPECT_EQ(s.status, "ongoing");
  EXPECT_EQ(s.clock->white, 183000);
  // Black's clock ran from White's move: 4 s before the crash, 10 s while down.
  EXPECT_EQ(s.clock->black, 184000 - 14000);
  EXPECT_EQ(s.clock->running, core::Color::Black);
  auto b = connect(*room, f.black, 0);
  move(*room, b, "b8c6", 4, 9);
  EXPECT_EQ(room->state().moves.size(), 4u);
  EXPECT_EQ(store_->load_game(id)->moves.size(), 4u);
}

TEST_F(RoomTest, FlagFallsWhileTheServerIsDown) {
  auto [f, w, b] = after_e4_e5("60");
  const std::string id = f.room->id();
  clock_.advance(5s);
  f.room.reset();
  w.reset();
  b.reset();
  clock_.restart(120s);
  open();
  ASSERT_TRUE(registry_->resume_all());
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->state().status, "ended");
  EXPECT_EQ(room->state().termination, std::optional<std::string>("time_forfeit"));
  auto stored = store_->load_game(id);
  EXPECT_EQ(stored->header.status, store::GameStatus::Ended);
  EXPECT_EQ(stored->header.result, "0-1");
  // The flag fell 55 s into the downtime: that is the instant stored with the ending.
  EXPECT_EQ(stored->header.updated_ms, stored->moves[1].wall_ms + 60000);
  EXPECT_EQ(at(stored->events.back().json, "/d/t"), "60000");
  EXPECT_EQ(at(stored->events.back().json, "/d/clock/white"), "0");
}

TEST_F(RoomTest, ComputerAnswersThroughTheExecutor) {
  auto g = create(
      R"({"time_control":"300+3","color":"white","opponent":{"type":"computer","level":3}})");
  EXPECT_TRUE(g.invite.empty());
  auto s = g.room->state();
  EXPECT_TRUE(s.black.computer);
  EXPECT_EQ(s.black.level, 3);
  EXPECT_EQ(s.black.name, "Computer level 3");
  EXPECT_FALSE(s.open_seat);
  auto w = connect(*g.room, g.token);
  EXPECT_EQ(at(w->last("crowd"), "/d/black"), "true");
  move(*g.room, w, "e2e4", 1, 1);
  EXPECT_EQ(executor_.run_all(), 1);
  auto moves = w->of("move");
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(at(moves[1], "/d/side"), "black");
  move(*g.room, w, "d2d4", 3, 2);
  EXPECT_EQ(executor_.run_all(), 1);
  EXPECT_EQ(w->of("move").size(), 4u);
  // Resigning stops the computer; a rematch offer is accepted by it at once.
  say(*g.room, w, R"({"t":"resign","id":3})");
  EXPECT_GE(computer_stops_.load(), 1);
  say(*g.room, w, R"({"t":"rematch","id":4,"d":{"action":"offer"}})");
  const std::string seat = w->last("seat");
  EXPECT_EQ(at(seat, "/d/seat"), "black");
  auto next = registry_->find(at(seat, "/d/game_id"));
  ASSERT_TRUE(next);
  EXPECT_TRUE(next->state().white.computer);
  // The computer is White now and opens the game by itself.
  EXPECT_EQ(executor_.run_all(), 1);
  EXPECT_EQ(next->state().moves.size(), 1u);
}

TEST(Computer, LevelsAndTimes) {
  EXPECT_EQ(computer_elo(1), 800);
  EXPECT_EQ(computer_elo(8), 2600);
  EXPECT_LT(computer_elo(4), computer_elo(5));
  EXPECT_EQ(computer_move_time(2, -1, 0), 800);
  EXPECT_EQ(computer_move_time(8, 60'000, 0), 1500);
  EXPECT_EQ(computer_move_time(8, 8000, 0), 200);  // a fortieth of the clock
  EXPECT_EQ(computer_move_time(8, 0, 0), 20);
}

}  // namespace
}  // namespace arbiter::server::testing
