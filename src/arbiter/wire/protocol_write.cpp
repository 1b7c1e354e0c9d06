// The server's messages (web-protocol.md §1.3, §3): events, direct messages, the game
// state and the REST answers that carry it, written with JsonText (json_text.hpp): the
// same bytes as nlohmann's compact dump, without building a document first (issue #16).
#include <string>

#include "arbiter/wire/json_text.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::wire {
namespace {

std::string_view side_text(Color c) noexcept { return c == Color::White ? "white" : "black"; }

void side_or_null(JsonText& j, const std::optional<Color>& c) {
  if (c) {
    j.value(side_text(*c));
  } else {
    j.null();
  }
}

template <typename T>
void value_or_null(JsonText& j, const std::optional<T>& v) {
  if (v) {
    j.value(*v);
  } else {
    j.null();
  }
}

void clock_text(JsonText& j, const std::optional<ClockView>& c) {
  if (!c) {
    j.null();
    return;
  }
  j.open().field("white", c->white).field("black", c->black).key("running");
  side_or_null(j, c->running);
  j.field("delay_ms", c->delay_ms).field("delay_left_ms", c->delay_left_ms).key("to_control");
  if (c->to_control[0] || c->to_control[1]) {
    j.open().key("white");
    value_or_null(j, c->to_control[0]);
    j.key("black");
    value_or_null(j, c->to_control[1]);
    j.close();
  } else {
    j.null();
  }
  j.close();
}

void strings_text(JsonText& j, const std::vector<std::string>& list) {
  j.open_array();
  for (const std::string& s : list) j.value(s);
  j.close_array();
}

void claims_text(JsonText& j, const ClaimsView& c) {
  j.open().field("threefold", c.threefold).field("fifty", c.fifty).key("threefold_moves");
  strings_text(j, c.threefold_moves);
  j.key("fifty_moves");
  strings_text(j, c.fifty_moves);
  j.close();
}

// An origin square given twice keeps its first place and its last list, as an object
// built key by key does.
void dests_text(JsonText& j, const Dests& d) {
  j.open();
  for (std::size_t i = 0; i < d.size(); ++i) {
    const auto& from = d[i].first;
    bool first = true;
    for (std::size_t k = 0; k < i && first; ++k) first = d[k].first != from;
    if (!first) continue;
    const std::vector<std::string>* tos = &d[i].second;
    for (std::size_t k = i + 1; k < d.size(); ++k) {
      if (d[k].first == from) tos = &d[k].second;
    }
    j.key(from);
    strings_text(j, *tos);
  }
  j.close();
}

void penalty_text(JsonText& j, const PenaltyView& p) {
  j.open().field("side", side_text(p.side)).field("ms", p.ms).field("article", p.article).close();
}

void player_text(JsonText& j, const PlayerView& p) {
  j.open().field("name", p.name).field("kind", p.computer ? "computer" : "human");
  if (p.computer) j.field("level", p.level);
  j.close();
}

void state_text(JsonText& j, const GameState& s) {
  j.open().field("id", s.id).key("white");
  player_text(j, s.white);
  j.key("black");
  player_text(j, s.black);
  j.field("time_control", s.time_control)
      .field("category", s.category)
      .field("variant", s.variant)
      .key("chess960");
  value_or_null(j, s.chess960);
  j.field("start_fen", s.start_fen).field("status", s.status).key("open_seat");
  side_or_null(j, s.open_seat);
  j.key("moves").open_array();
  for (const auto& m : s.moves) {
    j.open().field("uci", m.uci).field("san", m.san).field("fen", m.fen).key("clock");
    j.open().field("white", m.white_ms).field("black", m.black_ms).close().close();
  }
  j.close_array().field("fen", s.fen).field("turn", side_text(s.turn)).key("clock");
  clock_text(j, s.clock);
  j.key("dests");
  dests_text(j, s.dests);
  j.key("claims");
  claims_text(j, s.claims);
  j.key("draw_offer");
  side_or_null(j, s.draw_offer);
  j.field("can_abort", s.can_abort).field("result", s.result).key("termination");
  value_or_null(j, s.termination);
  j.key("article");
  value_or_null(j, s.article);
  j.key("text");
  value_or_null(j, s.text);
  j.field("rated", s.rated).key("opening");
  if (s.opening) {
    j.open().field("eco", s.opening->eco).field("name", s.opening->name).close();
  } else {
    j.null();
  }
  j.key("tournament");
  value_or_null(j, s.tournament);
  j.field("seq", s.seq).close();
}

// The "d" of each event, and its type.
struct EventWriter {
  JsonText& j;

  static constexpr std::string_view type(const MoveEventData&) { return "move"; }
  static constexpr std::string_view type(const DrawEventData&) { return "draw"; }
  static constexpr std::string_view type(const ClaimEventData&) { return "claim"; }
  static constexpr std::string_view type(const EndEventData&) { return "end"; }
  static constexpr std::string_view type(const JoinEventData&) { return "join"; }
  static constexpr std::string_view type(const RematchEventData&) { return "rematch"; }
  static constexpr std::string_view type(const PenaltyEventData&) { return "penalty"; }

  void operator()(const MoveEventData& m) const {
    j.field("ply", m.ply)
        .field("uci", m.uci)
        .field("san", m.san)
        .field("side", side_text(m.side))
        .field("fen", m.fen)
        .field("capture", m.capture)
        .field("check", m.check)
        .key("announce")
        .open()
        .field("de", m.announce_de)
        .field("en", m.announce_en)
        .close()
        .key("clock");
    clock_text(j, m.clock);
    j.field("lag_ms", m.lag_ms).key("dests");
    dests_text(j, m.dests);
    j.key("claims");
    claims_text(j, m.claims);
    j.key("draw_offer");
    side_or_null(j, m.draw_offer);
    j.field("can_abort", m.can_abort);
    if (m.intended) j.field("intended", true);
    if (m.opening) {
      j.key("opening").open().field("eco", m.opening->eco).field("name", m.opening->name).close();
    }
    j.field("t", m.t);
  }
  void operator()(const DrawEventData& e) const {
    j.field("action", e.action).field("side", side_text(e.side)).field("t", e.t);
  }
  void operator()(const ClaimEventData& c) const {
    j.field("side", side_text(c.side))
        .field("kind", c.threefold ? "threefold" : "fifty")
        .key("move");
    value_or_null(j, c.move);
    j.field("upheld", c.upheld).field("article", c.article).key("penalty");
    if (c.penalty) {
      penalty_text(j, *c.penalty);
    } else {
      j.null();
    }
    j.field("t", c.t);
  }
  void operator()(const EndEventData& e) const {
    j.field("result", e.result).field("termination", e.termination).key("article");
    value_or_null(j, e.article);
    j.key("winner");
    side_or_null(j, e.winner);
    j.field("text", e.text).key("clock");
    clock_text(j, e.clock);
    j.key("by");
    side_or_null(j, e.by);
    j.field("t", e.t);
  }
  void operator()(const JoinEventData& e) const {
    j.field("side", side_text(e.side)).field("name", e.name);
  }
  void operator()(const RematchEventData& e) const {
    j.field("action", e.action).field("side", side_text(e.side)).key("game_id");
    value_or_null(j, e.game_id);
  }
  void operator()(const PenaltyEventData& e) const {
    j.field("side", side_text(e.penalty.side))
        .field("ms", e.penalty.ms)
        .field("article", e.penalty.article)
        .key("clock");
    clock_text(j, e.clock);
    j.field("t", e.t);
  }
};

}  // namespace

std::string write_event(std::int64_t seq, const EventData& event) {
  JsonText j{768};
  j.open()
      .field("t", std::visit([](const auto& e) { return EventWriter::type(e); }, event))
      .field("seq", seq)
      .key("d")
      .open();
  std::visit(EventWriter{j}, event);
  return j.close().close().take();
}

std::string write_game_state(const GameState& state) {
  JsonText j{1024};
  state_text(j, state);
  return j.take();
}

std::string write_welcome(std::string_view role, std::int64_t seq, std::int64_t server_ms) {
  JsonText j;
  j.open()
      .field("t", "welcome")
      .field("v", kProtocolVersion)
      .field("role", role)
      .field("seq", seq)
      .field("server_ms", server_ms)
      .close();
  return j.take();
}

std::string write_state_message(const GameState& state) {
  JsonText j{1024};
  j.open().field("t", "state").key("d");
  state_text(j, state);
  return j.close().take();
}

std::string write_ack(std::int64_t id) {
  JsonText j;
  return j.open().field("t", "ack").field("id", id).close().take();
}

std::string write_error(std::optional<std::int64_t> id, std::string_view code,
                        std::string_view message, bool fatal) {
  JsonText j;
  j.open().field("t", "error").key("id");
  value_or_null(j, id);
  j.key("d").open().field("code", code).field("message", message).field("fatal", fatal);
  return j.close().close().take();
}

std::string write_ping(std::int64_t n) {
  JsonText j;
  return j.open().field("t", "ping").field("n", n).close().take();
}

std::string write_clock(const std::optional<ClockView>& clock) {
  JsonText j{160};
  j.open().field("t", "clock").key("d");
  clock_text(j, clock);
  return j.close().take();
}

std::string write_crowd(bool white, bool black, int spectators) {
  JsonText j;
  j.open().field("t", "crowd").key("d").open().field("white", white).field("black", black);
  return j.field("spectators", spectators).close().close().take();
}

std::string write_seat(std::string_view game_id, Color seat, std::string_view token) {
  JsonText j;
  j.open().field("t", "seat").key("d").open().field("game_id", game_id);
  return j.field("seat", side_text(seat)).field("token", token).close().close().take();
}

std::string write_create_response(std::string_view id, Color seat, std::string_view token,
                                  std::string_view invite, const GameState& state) {
  JsonText j{1024};
  j.open().field("id", id).field("seat", side_text(seat)).field("token", token);
  // The secret travels in the fragment: browsers send it in no request, so it is in no
  // server log or Referer header (docs/security.md, "Invitations").
  if (!invite.empty()) {
    j.field("invite", "/g/" + std::string(id) + "#invite=" + std::string(invite));
  }
  j.key("game");
  state_text(j, state);
  return j.close().take();
}

std::string write_join_response(Color seat, std::string_view token, const GameState& state) {
  JsonText j{1024};
  j.open().field("seat", side_text(seat)).field("token", token).key("game");
  state_text(j, state);
  return j.close().take();
}

std::string write_rating_changes(const std::vector<RatingChangeView>& changes) {
  JsonText j;
  j.open().key("ratings").open_array();
  for (const RatingChangeView& c : changes) {
    j.open()
        .field("color", side_text(c.color))
        .field("before", c.before)
        .field("after", c.after)
        .field("diff", c.after - c.before)
        .field("deviation", c.deviation)
        .field("provisional", c.provisional)
        .close();
  }
  j.close_array().close();
  return j.take();
}

std::string write_lobby(const std::vector<SeekView>& seeks, const std::vector<PoolView>& pools,
                        const std::vector<TurnView>& your_turn) {
  JsonText j{256 + 256 * seeks.size()};
  j.open().key("seeks").open_array();
  for (const SeekView& s : seeks) {
    j.open()
        .field("id", s.id)
        .field("owner", s.owner)
        .field("rating", s.rating)
        .field("provisional", s.provisional)
        .field("time_control", s.time_control)
        .field("speed", s.speed)
        .field("variant", s.variant)
        .field("color", s.color)
        .field("rated", s.rated)
        .field("rating_min", s.rating_min)
        .field("rating_max", s.rating_max);
    if (s.challenge) {
      j.field("challenge", *s.challenge);
    } else {
      j.null_field("challenge");
    }
    j.field("mine", s.mine).field("created_ms", s.created_ms).close();
  }
  j.close_array().key("pools").open_array();
  for (const PoolView& p : pools)
    j.open().field("preset", p.preset).field("waiting", p.waiting).close();
  j.close_array().key("your_turn").open_array();
  for (const TurnView& t : your_turn) {
    j.open()
        .field("game", t.game)
        .field("opponent", t.opponent)
        .field("deadline_ms", t.deadline_ms)
        .close();
  }
  j.close_array().close();
  return j.take();
}

std::string write_seek_created(std::string_view game_id, Color seat, std::string_view token,
                               const GameState& state, std::string_view seek_id,
                               std::string_view key) {
  JsonText j{1024};
  j.open()
      .field("status", "waiting")
      .field("id", game_id)
      .field("seat", side_text(seat))
      .field("token", token)
      .key("seek")
      .open()
      .field("id", seek_id)
      .field("key", key)
      .close()
      .key("game");
  state_text(j, state);
  return j.close().take();
}

std::string write_seek_match(std::string_view game_id, std::string_view invite) {
  JsonText j;
  j.open().field("status", "matched").field("game", game_id).field("invite", invite).close();
  return j.take();
}

std::string write_seek_waiting() { return R"({"status":"waiting"})"; }

}  // namespace arbiter::wire
