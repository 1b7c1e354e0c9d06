// The protocol codecs of docs/web-protocol.md: strict parsing of client messages and
// golden JSON for server messages, GameState and REST bodies.
#include "arbiter/wire/protocol.hpp"

#include <gtest/gtest.h>

namespace arbiter::wire {
namespace {

template <class T>
T parsed_as(std::string_view text) {
  auto m = parse_client_message(text);
  EXPECT_TRUE(m) << text << ": " << (m ? "" : m.error().message);
  EXPECT_TRUE(m && std::holds_alternative<T>(*m)) << text;
  return m && std::holds_alternative<T>(*m) ? std::get<T>(*m) : T{};
}

ProtocolError refused(std::string_view text) {
  auto m = parse_client_message(text);
  EXPECT_FALSE(m) << text;
  return m ? ProtocolError{} : m.error();
}

TEST(ProtocolParse, EveryClientMessage) {
  auto hello = parsed_as<HelloMsg>(R"({"t":"hello","v":1,"token":"4f6c","last_seq":7})");
  EXPECT_EQ(hello.v, 1);
  EXPECT_EQ(hello.token, std::optional<std::string>("4f6c"));
  EXPECT_EQ(hello.last_seq, 7);
  EXPECT_FALSE(parsed_as<HelloMsg>(R"({"t":"hello","v":1,"token":null})").token);
  auto move =
      parsed_as<MoveMsg>(R"({"t":"move","id":12,"d":{"uci":"g1f3","ply":3,"offer_draw":true}})");
  EXPECT_EQ(move.id, 12);
  EXPECT_EQ(move.uci, "g1f3");
  EXPECT_EQ(move.ply, 3);
  EXPECT_TRUE(move.offer_draw);
  EXPECT_EQ(parsed_as<DrawMsg>(R"({"t":"draw","id":13,"d":{"action":"decline"}})").action,
            OfferAction::Decline);
  auto claim = parsed_as<ClaimMsg>(R"({"t":"claim","id":14,"d":{"kind":"fifty","move":"g1f3"}})");
  EXPECT_FALSE(claim.threefold);
  EXPECT_EQ(claim.move, std::optional<std::string>("g1f3"));
  EXPECT_FALSE(
      parsed_as<ClaimMsg>(R"({"t":"claim","id":1,"d":{"kind":"threefold","move":null}})").move);
  EXPECT_EQ(parsed_as<ResignMsg>(R"({"t":"resign","id":15})").id, 15);
  EXPECT_EQ(parsed_as<AbortMsg>(R"({"t":"abort","id":16})").id, 16);
  EXPECT_EQ(parsed_as<RematchMsg>(R"({"t":"rematch","id":17,"d":{"action":"accept"}})").action,
            OfferAction::Accept);
  EXPECT_EQ(parsed_as<FlagMsg>(R"({"t":"flag","id":18})").id, 18);
  EXPECT_EQ(parsed_as<AckMsg>(R"({"t":"ack","seq":9})").seq, 9);
  EXPECT_EQ(parsed_as<PongMsg>(R"({"t":"pong","n":41})").n, 41);
  EXPECT_EQ(parsed_as<ResyncMsg>(R"({"t":"resync","last_seq":9})").last_seq, 9);
  // Unknown fields are ignored.
  EXPECT_EQ(parsed_as<AckMsg>(R"({"t":"ack","seq":1,"extra":[1,2]})").seq, 1);
}

TEST(ProtocolParse, StrictAboutTypesAndValues) {
  EXPECT_EQ(refused("").code, "bad-json");
  EXPECT_EQ(refused("{").code, "bad-json");
  EXPECT_EQ(refused("[1]").code, "bad-json");
  EXPECT_EQ(refused(R"({"v":1})").code, "bad-json");
  auto unknown = refused(R"({"t":"castle","id":3})");
  EXPECT_EQ(unknown.code, "unknown-type");
  EXPECT_EQ(unknown.id, std::optional<std::int64_t>(3));
  auto wrong = refused(R"({"t":"move","id":4,"d":{"uci":42,"ply":1}})");
  EXPECT_EQ(wrong.code, "bad-json");
  EXPECT_EQ(wrong.id, std::optional<std::int64_t>(4));
  EXPECT_NE(wrong.message.find("uci"), std::string::npos);
  EXPECT_EQ(refused(R"({"t":"move","id":4,"d":{"uci":"e2e4","ply":0}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"move","id":4,"d":{"uci":"e2e4","ply":"1"}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"move","id":4,"d":{"uci":"e2e4e2e4e2","ply":1}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"move","id":4,"d":{"uci":"e2e4","ply":1,"offer_draw":1}})").code,
            "bad-json");
  EXPECT_EQ(refused(R"({"t":"move","id":-1,"d":{"uci":"e2e4","ply":1}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"move","d":{"uci":"e2e4","ply":1}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"draw","id":1,"d":{"action":"maybe"}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"claim","id":1,"d":{"kind":"illegal"}})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"hello","v":1.5})").code, "bad-json");
  EXPECT_EQ(refused(R"({"t":"ack","seq":99999999999999999999})").code, "bad-json");
  // Deep nesting is refused before it is built.
  EXPECT_EQ(refused(std::string(5000, '[') + std::string(5000, ']')).code, "bad-json");
  EXPECT_EQ(
      refused(R"({"t":"ack","seq":1,"x":)" + std::string(100, '[') + std::string(100, ']') + "}")
          .code,
      "bad-json");
}

TEST(ProtocolWrite, DirectMessagesGolden) {
  EXPECT_EQ(write_welcome("white", 7, 1732170000123),
            R"({"t":"welcome","v":1,"role":"white","seq":7,"server_ms":1732170000123})");
  EXPECT_EQ(write_ack(12), R"({"t":"ack","id":12})");
  EXPECT_EQ(
      write_error(12, "illegal-move", "e2e5: no", false),
      R"({"t":"error","id":12,"d":{"code":"illegal-move","message":"e2e5: no","fatal":false}})");
  EXPECT_EQ(write_error(std::nullopt, "bad-token", "no", true),
            R"({"t":"error","id":null,"d":{"code":"bad-token","message":"no","fatal":true}})");
  EXPECT_EQ(write_ping(41), R"({"t":"ping","n":41})");
  EXPECT_EQ(write_crowd(true, false, 3),
            R"({"t":"crowd","d":{"white":true,"black":false,"spectators":3}})");
  EXPECT_EQ(write_seat("Zr81tQab", Color::Black, "aa"),
            R"({"t":"seat","d":{"game_id":"Zr81tQab","seat":"black","token":"aa"}})");
  ClockView c{181000, 176500, Color::Black, 5000, 4000, {37, 38}};
  EXPECT_EQ(write_clock(c),
            R"({"t":"clock","d":{"white":181000,"black":176500,"running":"black","delay_ms":5000,)"
            R"("delay_left_ms":4000,"to_control":{"white":37,"black":38}}})");
  EXPECT_EQ(write_clock(std::nullopt), R"({"t":"clock","d":null})");
}

TEST(ProtocolWrite, EventsGoldenAndReadBack) {
  MoveEventData m;
  m.ply = 3;
  m.uci = "g1f3";
  m.san = "Nf3";
  m.side = Color::White;
  m.fen = "F";
  m.announce_de = "Springer g1 f3";
  m.announce_en = "Knight g1 to f3";
  m.clock = ClockView{181000, 182000, Color::Black, 0, 0, {}};
  m.lag_ms = 38;
  m.dests = {{"b8", {"a6", "c6"}}};
  m.claims.threefold_moves = {"g1f3"};
  m.t = 3000;
  const std::string move = write_event(8, m);
  EXPECT_EQ(
      move,
      R"({"t":"move","seq":8,"d":{"ply":3,"uci":"g1f3","san":"Nf3","side":"white","fen":"F",)"
      R"("capture":false,"check":false,"announce":{"de":"Springer g1 f3","en":"Knight g1 to f3"},)"
      R"("clock":{"white":181000,"black":182000,"running":"black","delay_ms":0,"delay_left_ms":0,)"
      R"("to_control":null},"lag_ms":38,"dests":{"b8":["a6","c6"]},"claims":{"threefold":false,)"
      R"("fifty":false,"threefold_moves":["g1f3"],"fifty_moves":[]},"draw_offer":null,)"
      R"("can_abort":false,"t":3000}})");
  auto back = read_stored_event(move);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->type, "move");
  EXPECT_EQ(back->seq, 8);
  EXPECT_EQ(back->ply, 3);
  EXPECT_EQ(back->uci, "g1f3");
  EXPECT_EQ(back->t, 3000);
  EXPECT_EQ(back->side, Color::White);

  ClaimEventData cl{Color::White, true,  std::nullopt,
                    false,        "9.2", PenaltyView{Color::Black, 120000, "9.5.3"},
                    5000};
  EXPECT_EQ(
      write_event(9, cl),
      R"({"t":"claim","seq":9,"d":{"side":"white","kind":"threefold","move":null,"upheld":false,)"
      R"("article":"9.2","penalty":{"side":"black","ms":120000,"article":"9.5.3"},"t":5000}})");
  EndEventData end{"1-0",        "checkmate",  "5.1.1", Color::White, "White wins by checkmate",
                   std::nullopt, std::nullopt, 7000};
  EXPECT_EQ(
      write_event(10, end),
      R"({"t":"end","seq":10,"d":{"result":"1-0","termination":"checkmate","article":"5.1.1",)"
      R"("winner":"white","text":"White wins by checkmate","clock":null,"by":null,"t":7000}})");
  EXPECT_EQ(write_event(2, DrawEventData{"offer", Color::Black, 0}),
            R"({"t":"draw","seq":2,"d":{"action":"offer","side":"black","t":0}})");
  EXPECT_EQ(write_event(1, JoinEventData{Color::Black, "Boris"}),
            R"({"t":"join","seq":1,"d":{"side":"black","name":"Boris"}})");
  EXPECT_EQ(
      write_event(11, RematchEventData{"accept", Color::Black, "Zr81tQab"}),
      R"({"t":"rematch","seq":11,"d":{"action":"accept","side":"black","game_id":"Zr81tQab"}})");
  auto r = read_stored_event(write_event(11, RematchEventData{"accept", Color::Black, "Zr81tQab"}));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->game_id, std::optional<std::string>("Zr81tQab"));
  EXPECT_FALSE(read_stored_event("{\"t\":\"move\"}"));
  EXPECT_FALSE(read_stored_event("nope"));
}

TEST(ProtocolWrite, PenaltyGoldenAndNamesEscaped) {
  PenaltyEventData p{PenaltyView{Color::Black, 120000, "9.5.3"},
                     ClockView{60000, 30000, Color::White, 0, 0, {std::nullopt, 40}}, 4000};
  EXPECT_EQ(write_event(5, p),
            R"({"t":"penalty","seq":5,"d":{"side":"black","ms":120000,"article":"9.5.3",)"
            R"("clock":{"white":60000,"black":30000,"running":"white","delay_ms":0,)"
            R"("delay_left_ms":0,"to_control":{"white":null,"black":40}},"t":4000}})");
  // A name is the one free text in an event: quotes and backslashes escaped, a byte that
  // is not UTF-8 replaced (U+FFFD), UTF-8 kept as it is.
  EXPECT_EQ(write_event(1, JoinEventData{Color::White, "B\"o\\r\xC3\xA9s\xFF"}),
            "{\"t\":\"join\",\"seq\":1,\"d\":{\"side\":\"white\","
            "\"name\":\"B\\\"o\\\\r\xC3\xA9s\xEF\xBF\xBD\"}}");
}

TEST(ProtocolWrite, GameStateGolden) {
  GameState s;
  s.id = "h7Kq2xPa";
  s.white = {"Anna", false, 0};
  s.black = {"Computer level 3", true, 3};
  s.time_control = "180+2";
  s.category = "blitz";
  s.variant = "standard";
  s.start_fen = "S";
  s.status = "ongoing";
  s.moves = {{"e2e4", "e4", "F1", 181000, 182000}};
  s.fen = "F1";
  s.turn = Color::Black;
  s.claims = {};
  s.seq = 7;
  EXPECT_EQ(
      write_game_state(s),
      R"({"id":"h7Kq2xPa","white":{"name":"Anna","kind":"human"},)"
      R"("black":{"name":"Computer level 3","kind":"computer","level":3},)"
      R"("time_control":"180+2","category":"blitz","variant":"standard","chess960":null,)"
      R"("start_fen":"S","status":"ongoing","open_seat":null,)"
      R"("moves":[{"uci":"e2e4","san":"e4","fen":"F1","clock":{"white":181000,"black":182000}}],)"
      R"("fen":"F1","turn":"black","clock":null,"dests":{},"claims":{"threefold":false,)"
      R"("fifty":false,"threefold_moves":[],"fifty_moves":[]},"draw_offer":null,)"
      R"("can_abort":false,"result":"*","termination":null,"article":null,"text":null,"rated":false,"opening":null,"tournament":null,"seq":7})");
}

TEST(ProtocolRest, CreateRequest) {
  auto r = parse_create_request(
      R"({"time_control":"180+2","variant":"chess960","chess960":518,"color":"black",)"
      R"("opponent":{"type":"computer","level":3},"name":"  Anna  "})");
  ASSERT_TRUE(r) << r.error().describe();
  EXPECT_EQ(r->time_control, "180+2");
  EXPECT_TRUE(r->chess960);
  EXPECT_EQ(r->chess960_number, std::optional<int>(518));
  EXPECT_EQ(r->color, std::optional<Color>(Color::Black));
  EXPECT_TRUE(r->computer);
  EXPECT_EQ(r->level, 3);
  EXPECT_EQ(r->name, "Anna");
  auto d = parse_create_request("");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->time_control, "blitz");
  EXPECT_EQ(d->name, "Anonymous");
  EXPECT_FALSE(d->color);
  auto field = [](std::string_view body) {
    auto e = parse_create_request(body);
    EXPECT_FALSE(e) << body;
    return e ? std::string{} : e.error().where.field;
  };
  EXPECT_EQ(field(R"({"variant":"crazyhouse"})"), "variant");
  EXPECT_EQ(field(R"({"chess960":960,"variant":"chess960"})"), "chess960");
  EXPECT_EQ(field(R"({"color":"green"})"), "color");
  EXPECT_EQ(field(R"({"opponent":{"type":"computer","level":9}})"), "level");
  EXPECT_EQ(field(R"({"opponent":{"type":"robot"}})"), "opponent");
  EXPECT_EQ(field(R"({"name":")" + std::string(41, 'x') + R"("})"), "name");
  EXPECT_EQ(field(R"({"name":"a\u0001b"})"), "name");
  EXPECT_EQ(field(R"({"time_control":5})"), "time_control");
  EXPECT_EQ(parse_create_request("[]").error().code, ErrorCode::kProtocolSyntax);
  EXPECT_EQ(parse_create_request("{").error().code, ErrorCode::kProtocolSyntax);
  // 40 characters of UTF-8 are 40, not 80 bytes' worth.
  std::string umlauts;
  for (int i = 0; i < 40; ++i) umlauts += "\u00e4";
  EXPECT_TRUE(parse_create_request(R"({"name":")" + umlauts + R"("})"));
}

TEST(ProtocolRest, JoinAndResponses) {
  auto j = parse_join_request(R"({"name":"Boris","token":"abc"})");
  ASSERT_TRUE(j);
  EXPECT_EQ(j->name, "Boris");
  EXPECT_EQ(j->token, std::optional<std::string>("abc"));
  EXPECT_FALSE(parse_join_request(R"({"token":5})"));
  EXPECT_EQ(write_error_body("time-control-syntax", "unexpected 'x'", "time_control", 4),
            R"({"error":{"code":"time-control-syntax","message":"unexpected 'x'",)"
            R"("field":"time_control","column":4}})");
  EXPECT_EQ(write_error_body("not-found", "no game"),
            R"({"error":{"code":"not-found","message":"no game"}})");
  EXPECT_EQ(
      write_presets({{"bullet", "Bullet 1+0", "60", "blitz"}}),
      R"({"presets":[{"id":"bullet","name":"Bullet 1+0","time_control":"60","category":"blitz"}]})");
  GameListItem g{"id1", "A", "B", "60", "standard", "ended", "1-0", "checkmate", 23, 99};
  EXPECT_EQ(
      write_game_list({g}),
      R"({"games":[{"id":"id1","white":"A","black":"B","time_control":"60","variant":"standard",)"
      R"("status":"ended","result":"1-0","termination":"checkmate","plies":23,"updated_ms":99}]})");
}

TEST(ProtocolRest, ExtraRoundTrip) {
  GameExtra e{Color::Black,          Color::White,       5,    518, std::string("prev"),
              std::string("c0ffee"), std::string("ev1"), 45000};
  auto back = read_extra(write_extra(e));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->tournament, std::optional<std::string>("ev1"));
  EXPECT_EQ(back->waiting_ms, 45000);
  EXPECT_FALSE(read_extra(R"({"tournament":"x","waiting_ms":-1})"));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->creator, Color::Black);
  EXPECT_EQ(back->computer, std::optional<Color>(Color::White));
  EXPECT_EQ(back->level, 5);
  EXPECT_EQ(back->chess960, std::optional<int>(518));
  EXPECT_EQ(back->rematch_of, std::optional<std::string>("prev"));
  EXPECT_EQ(back->invite, std::optional<std::string>("c0ffee"));
  EXPECT_FALSE(read_extra(write_extra(GameExtra{})).value().invite);
  EXPECT_FALSE(read_extra("[]"));
  EXPECT_EQ(json_at(R"({"d":{"san":"Nf3","n":[1]}})", "/d/san"), std::optional<std::string>("Nf3"));
  EXPECT_EQ(json_at(R"({"d":{"n":[1]}})", "/d/n"), std::optional<std::string>("[1]"));
  EXPECT_FALSE(json_at("{}", "/x"));
}

}  // namespace
}  // namespace arbiter::wire

namespace arbiter::wire {
namespace {

TEST(ProtocolAccount, CredentialsAreTwoRequiredStringsKeptAsSent) {
  auto c = parse_credentials(R"({"name":"Anna","password":"  spaced pass  "})");
  ASSERT_TRUE(c) << c.error().describe();
  EXPECT_EQ(c->name, "Anna");
  EXPECT_EQ(c->password, "  spaced pass  ");  // a password is never trimmed
  auto missing = parse_credentials(R"({"name":"Anna"})");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().where.field, "password");
  auto number = parse_credentials(R"({"name":5,"password":"x"})");
  ASSERT_FALSE(number);
  EXPECT_EQ(number.error().where.field, "name");
  auto huge =
      parse_credentials(R"({"name":"Anna","password":")" + std::string(1025, 'p') + R"("})");
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().where.field, "password");
  EXPECT_EQ(huge.error().message.find("ppp"), std::string::npos);
  auto long_name =
      parse_credentials(R"({"name":")" + std::string(65, 'n') + R"(","password":"x"})");
  ASSERT_FALSE(long_name);
  EXPECT_EQ(long_name.error().where.field, "name");
  EXPECT_EQ(parse_credentials("[1]").error().code, ErrorCode::kProtocolSyntax);
  EXPECT_EQ(parse_credentials("{").error().code, ErrorCode::kProtocolSyntax);
}

TEST(ProtocolAccount, PasswordChangeAndConfirmation) {
  auto change = parse_password_change(R"({"current":"old password","next":"new password"})");
  ASSERT_TRUE(change);
  EXPECT_EQ(change->current, "old password");
  EXPECT_EQ(change->next, "new password");
  EXPECT_EQ(parse_password_change(R"({"current":"x"})").error().where.field, "next");
  auto confirm = parse_password_confirmation(R"({"password":"mine"})");
  ASSERT_TRUE(confirm);
  EXPECT_EQ(*confirm, "mine");
  EXPECT_EQ(parse_password_confirmation("{}").error().where.field, "password");
}

TEST(ProtocolAccount, TheAccountAsJson) {
  EXPECT_EQ(write_account("Anna", 1700000000000, "tok\"en"),
            R"({"name":"Anna","created_ms":1700000000000,"csrf":"tok\"en"})");
}

}  // namespace
}  // namespace arbiter::wire
