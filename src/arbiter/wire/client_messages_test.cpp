// The client's codecs against the server's: what a client writes, the server parses as
// meant; what the server writes, the client reads back.
#include "arbiter/wire/client_messages.hpp"

#include <gtest/gtest.h>

namespace arbiter::wire {
namespace {

TEST(ClientMessages, TheServerParsesWhatTheClientWrites) {
  auto hello = parse_client_message(write_hello("ab12", 7));
  ASSERT_TRUE(hello);
  const auto& h = std::get<HelloMsg>(*hello);
  EXPECT_EQ(h.v, 1);
  EXPECT_EQ(h.token, "ab12");
  EXPECT_EQ(h.last_seq, 7);
  auto spectator = parse_client_message(write_hello(std::nullopt, 0));
  ASSERT_TRUE(spectator);
  EXPECT_FALSE(std::get<HelloMsg>(*spectator).token);

  auto move = parse_client_message(write_move(12, "e7e8q", 3));
  ASSERT_TRUE(move);
  const auto& m = std::get<MoveMsg>(*move);
  EXPECT_EQ(m.id, 12);
  EXPECT_EQ(m.uci, "e7e8q");
  EXPECT_EQ(m.ply, 3);

  auto ack = parse_client_message(write_event_ack(9));
  ASSERT_TRUE(ack);
  EXPECT_EQ(std::get<AckMsg>(*ack).seq, 9);
  auto pong = parse_client_message(write_pong(41));
  ASSERT_TRUE(pong);
  EXPECT_EQ(std::get<PongMsg>(*pong).n, 41);
}

TEST(ClientMessages, CreateAndJoinRequestsRoundTrip) {
  CreateGameRequest c;
  c.time_control = "180+2";
  c.color = Color::White;
  c.name = "Load 1";
  auto parsed = parse_create_request(write_create_request(c));
  ASSERT_TRUE(parsed) << parsed.error().describe();
  EXPECT_EQ(parsed->time_control, "180+2");
  EXPECT_EQ(parsed->color, Color::White);
  EXPECT_FALSE(parsed->computer);
  EXPECT_EQ(parsed->name, "Load 1");

  auto join = parse_join_request(write_join_request(JoinGameRequest{"B", std::nullopt, "9c1e"}));
  ASSERT_TRUE(join);
  EXPECT_EQ(join->invite, "9c1e");
  EXPECT_FALSE(join->token);
}

TEST(ClientMessages, ReadsTheSeatOfACreationAndOfAJoin) {
  GameState state;
  state.id = "h7Kq2xPa";
  auto created =
      read_seat_grant(write_create_response("h7Kq2xPa", Color::White, "aa", "9c1e", state));
  ASSERT_TRUE(created) << created.error().describe();
  EXPECT_EQ(created->id, "h7Kq2xPa");
  EXPECT_EQ(created->seat, Color::White);
  EXPECT_EQ(created->token, "aa");
  EXPECT_EQ(created->invite, "9c1e");

  auto joined = read_seat_grant(write_join_response(Color::Black, "bb", state));
  ASSERT_TRUE(joined) << joined.error().describe();
  EXPECT_EQ(joined->id, "h7Kq2xPa");
  EXPECT_EQ(joined->seat, Color::Black);
  EXPECT_TRUE(joined->invite.empty());

  auto bad = read_seat_grant(R"({"seat":"white"})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().where.field, "token");
  EXPECT_FALSE(read_seat_grant("not json"));
}

TEST(ClientMessages, ReadsTheServersMessages) {
  MoveEventData e;
  e.ply = 3;
  e.uci = "g1f3";
  e.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
  e.dests = {{"b8", {"a6", "c6"}}, {"g8", {"f6"}}};
  auto move = read_server_message(write_event(8, e));
  ASSERT_TRUE(move) << move.error().describe();
  EXPECT_EQ(move->t, "move");
  EXPECT_EQ(move->seq, 8);
  EXPECT_EQ(move->ply, 3);
  EXPECT_EQ(move->uci, "g1f3");
  EXPECT_EQ(move->fen, e.fen);
  EXPECT_EQ(move->dests, e.dests);
  EXPECT_FALSE(move->over);

  e.dests.clear();  // mate: no legal move, the game is over
  EXPECT_TRUE(read_server_message(write_event(9, e))->over);

  GameState s;
  s.status = "ongoing";
  s.moves = {MoveView{"e2e4", "e4", "f1", 0, 0}, MoveView{"e7e5", "e5", "f2", 0, 0}};
  s.fen = "f2";
  s.dests = {{"g1", {"f3", "h3"}}};
  auto state = read_server_message(write_state_message(s));
  ASSERT_TRUE(state) << state.error().describe();
  EXPECT_EQ(state->t, "state");
  EXPECT_EQ(state->ply, 2);
  EXPECT_EQ(state->uci, "e7e5");
  EXPECT_TRUE(state->has_position);
  EXPECT_EQ(state->dests, s.dests);
  EXPECT_FALSE(state->over);

  auto ack = read_server_message(write_ack(12));
  ASSERT_TRUE(ack);
  EXPECT_EQ(ack->id, 12);
  EXPECT_FALSE(ack->seq);
  auto error = read_server_message(write_error(5, "illegal-move", "no", false));
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "illegal-move");
  EXPECT_EQ(error->id, 5);
  EXPECT_FALSE(error->fatal);
  EXPECT_EQ(read_server_message(write_ping(41))->n, 41);
  EXPECT_EQ(read_server_message(write_welcome("black", 7, 1))->role, "black");
  EXPECT_FALSE(read_server_message("[1]"));
  EXPECT_FALSE(read_server_message(R"({"seq":1})"));
}

TEST(ClientMessages, TheHeadOfAServerMessage) {
  MoveEventData m;
  m.ply = 7;
  m.uci = "g1f3";
  m.dests = {{"b8", {"a6", "c6"}}};
  auto head = read_server_head(write_event(12, m));
  ASSERT_TRUE(head) << head.error().describe();
  EXPECT_EQ(head->t, "move");
  EXPECT_EQ(head->seq, 12);
  EXPECT_EQ(head->ply, 7);
  // In any order of the keys, and whatever comes first inside "d".
  head = read_server_head(R"({"d":{"x":[1,{"ply":99}],"ply":3},"seq":4,"t":"move"})");
  ASSERT_TRUE(head) << head.error().describe();
  EXPECT_EQ(head->seq, 4);
  EXPECT_EQ(head->ply, 3);
  head = read_server_head(write_event(2, DrawEventData{"offer", Color::Black, 0}));
  ASSERT_TRUE(head);
  EXPECT_EQ(head->t, "draw");
  EXPECT_EQ(head->seq, 2);
  EXPECT_FALSE(head->ply);
  head = read_server_head(write_ack(12));
  ASSERT_TRUE(head);
  EXPECT_EQ(head->t, "ack");
  EXPECT_FALSE(head->seq);
  // Stopping early never hides what comes before the stop: not an object, no "t", or
  // broken before the head is complete.
  EXPECT_FALSE(read_server_head("[1]"));
  EXPECT_FALSE(read_server_head("7"));
  EXPECT_FALSE(read_server_head(R"({"seq":1})"));
  EXPECT_FALSE(read_server_head(R"({"t":"move","seq":1,"d":{"pl)"));
  EXPECT_FALSE(read_server_head(""));
}

}  // namespace
}  // namespace arbiter::wire
