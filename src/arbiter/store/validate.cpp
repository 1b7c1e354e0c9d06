#include "arbiter/store/validate.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "arbiter/base/utf8.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/wire/event_json.hpp"

namespace arbiter::store {
namespace {

tl::unexpected<Error> invalid(std::string message, const char* field) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message), {0, 0, field});
}

bool is_id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

bool looks_like_object(std::string_view json) {
  const auto first = json.find_first_not_of(" \t\r\n");
  const auto last = json.find_last_not_of(" \t\r\n");
  return first != std::string_view::npos && json[first] == '{' && json[last] == '}';
}

bool is_printable(char c) { return c > ' ' && c < 127; }

bool is_lower_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

char to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// A user name's length (account::check_user_name adds rules of its own for new names;
// the store checks only what keeps its rows well formed).
constexpr std::size_t kMinNameLength = 2;
constexpr std::size_t kMaxNameLength = 20;
constexpr std::size_t kMaxPasswordHash = 512;
constexpr std::size_t kTokenHashLength = 64;
constexpr std::size_t kMaxCsrf = 128;
constexpr int kMaxHistory = 10'000;

// A player's name as shown to others (a seat's, a seek's owner's): 1..160 bytes without
// control characters.
constexpr std::size_t kMaxDisplayName = 160;
bool is_display_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxDisplayName &&
         std::none_of(name.begin(), name.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// A seek (issue #17): its id's length, its time control's, and the range of a rating bound.
constexpr std::size_t kMaxSeekId = 32;
constexpr std::size_t kMaxSeekTimeControl = 200;
constexpr int kMaxSeekRating = 4000;

// An event run by the server (issue #18): its id's length and its state's.
constexpr std::size_t kMaxTournamentId = 32;
constexpr std::size_t kMaxTournamentState = std::size_t{16} << 20;

// A game's analysis (issue #18 item 3): the positions of a game at most, and its text's size.
constexpr int kMaxAnalysisPositions = 100'000;
constexpr std::size_t kMaxAnalysisText = std::size_t{8} << 20;

bool is_node_name(std::string_view node) {
  return !node.empty() && node.size() <= 64 && std::all_of(node.begin(), node.end(), [](char c) {
    return is_id_char(c) || c == '.' || c == ':';
  });
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

}  // namespace

Result<void> validate_game_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return invalid("game id must have 1 to 64 characters", "id");
  for (char c : id) {
    if (!is_id_char(c)) return invalid("game id may hold only A-Z a-z 0-9 _ -", "id");
  }
  return {};
}

Result<void> validate_header(const GameHeader& h) {
  if (auto ok = validate_game_id(h.id); !ok) return ok;
  if (h.white_token.empty() || h.black_token.empty()) {
    return invalid("both seat tokens are required", "token");
  }
  if (h.white_token == h.black_token) return invalid("the seat tokens must differ", "token");
  if (h.time_control.empty()) return invalid("time control is required", "time_control");
  if (h.variant != "standard" && h.variant != "chess960") {
    return invalid("variant must be 'standard' or 'chess960', not '" + h.variant + "'", "variant");
  }
  core::FenOptions options;
  options.chess960 = h.variant == "chess960";
  if (auto pos = core::Position::from_fen(h.start_fen, options); !pos) {
    return invalid("start position: " + pos.error().message, "start_fen");
  }
  if (h.status != GameStatus::Created) return invalid("a new game has status 'created'", "status");
  if (!looks_like_object(h.extra)) return invalid("extra must be a JSON object", "extra");
  if (h.white_user < 0) return invalid("an account id is >= 1, or 0 for none", "white_user");
  if (h.black_user < 0) return invalid("an account id is >= 1, or 0 for none", "black_user");
  if (h.white_user != 0 && h.white_user == h.black_user) {
    return invalid("account " + std::to_string(h.white_user) + " cannot play both sides",
                   "black_user");
  }
  return {};
}

Result<void> validate_move(const MoveRecord& m) {
  if (m.ply < 1) return invalid("plies count from 1", "ply");
  const std::string_view u = m.uci;
  const bool shape = (u.size() == 4 || u.size() == 5) && is_file(u[0]) && is_rank(u[1]) &&
                     is_file(u[2]) && is_rank(u[3]) &&
                     (u.size() == 4 || std::string_view{"qrbn"}.find(u[4]) != u.npos);
  if (!shape) return invalid("not a UCI move: '" + m.uci + "'", "uci");
  if (m.san.empty()) return invalid("the SAN of the move is required", "san");
  if (m.white_ms < 0 || m.black_ms < 0) return invalid("clock times cannot be negative", "clock");
  return {};
}

Result<void> validate_events(std::span<const EventRecord> events) {
  for (std::size_t i = 0; i < events.size(); ++i) {
    const EventRecord& e = events[i];
    if (e.seq < 1) return invalid("event seqs count from 1", "seq");
    if (i > 0 && e.seq != events[i - 1].seq + 1) {
      return invalid("event seqs must be consecutive", "seq");
    }
    if (!looks_like_object(e.json)) return invalid("an event is a JSON object", "json");
  }
  return {};
}

Result<void> validate_log(std::span<const LogLine> lines) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const LogLine& l = lines[i];
    if (l.n < 1) return invalid("log lines count from 1", "n");
    if (i > 0 && l.n != lines[i - 1].n + 1) return invalid("log lines must be consecutive", "n");
    if (l.text.find_first_of("\r\n") != std::string::npos) {
      return invalid("log line " + std::to_string(l.n) + " spans more than one line", "text");
    }
    // The log must stay readable by `arbiter adjudicate`: the reader's own checks.
    const int line = static_cast<int>(std::min<std::int64_t>(l.n, 1'000'000'000));
    std::optional<Error> bad;
    if (l.n == 1) {
      if (auto start = wire::parse_start(l.text, line); !start) bad = start.error();
    } else if (auto event = wire::parse_event(l.text, line); !event) {
      bad = event.error();
    }
    if (bad) {
      bad->message = "log line " + std::to_string(l.n) + ": " + bad->message;
      bad->code = ErrorCode::kInvalidArgument;
      if (bad->where.field.empty()) bad->where.field = "text";
      return tl::unexpected(*bad);
    }
  }
  return {};
}

Result<void> validate_renewal(std::string_view node, std::span<const Lease> leases,
                              std::int64_t ttl_ms) {
  if (auto ok = validate_lease_request(node, ttl_ms); !ok) return ok;
  for (const Lease& l : leases) {
    if (auto ok = validate_game_id(l.game_id); !ok) return ok;
    if (l.node != node) {
      return invalid("the lease of game " + l.game_id + " is held by '" + l.node + "', not '" +
                         std::string{node} + "'",
                     "node");
    }
  }
  return {};
}

Result<void> validate_lease_request(std::string_view node, std::int64_t ttl_ms) {
  if (!is_node_name(node)) {
    return invalid("a node name is 1..64 characters of [A-Za-z0-9_.:-]", "node");
  }
  if (ttl_ms <= 0 || ttl_ms > 86'400'000) return invalid("a lease lasts 1 ms to 1 day", "ttl_ms");
  return {};
}

Result<void> validate_node(const NodeInfo& node) {
  if (auto name = validate_lease_request(node.name, 1); !name) {
    Error e = name.error();
    e.where.field = "name";
    return tl::unexpected(std::move(e));
  }
  const bool good_address = !node.address.empty() && node.address.size() <= 255 &&
                            std::all_of(node.address.begin(), node.address.end(),
                                        [](char c) { return c > ' ' && c < 127; });
  if (!good_address) {
    return invalid("an address is 1..255 characters of printable ASCII without spaces", "address");
  }
  return {};
}

Result<void> validate_limit(int limit) {
  if (limit < 1 || limit > 1000) return invalid("limit must be 1..1000", "limit");
  return {};
}

Result<void> validate_write(const GameWrite& w) {
  if (!w.ending && !w.ending_events.empty()) {
    return invalid("ending events without an ending", "ending_events");
  }
  if (w.create) {
    if (auto ok = validate_header(*w.create); !ok) return ok;
    if (w.create->id != w.game_id) return invalid("a created game's id is the write's", "id");
  }
  if (auto ok = validate_log(w.log); !ok) return ok;
  if (w.move) {
    if (auto ok = validate_move(*w.move); !ok) return ok;
  }
  if (auto ok = validate_events(w.events); !ok) return ok;
  if (w.seat_user) {
    if (auto ok = validate_seat_user(*w.seat_user); !ok) return ok;
  }
  if (w.seat_name && !is_display_name(w.seat_name->name)) {
    return invalid("a seat's name is 1..160 bytes without control characters", "seat_name");
  }
  if (w.ending) {
    if (auto ok = validate_ending(*w.ending); !ok) return ok;
  }
  return validate_events(w.ending_events);
}

Result<void> validate_seat_user(const GameWrite::SeatUser& seat) {
  if (seat.user_id < 1) return invalid("a seat is taken by an account id >= 1", "seat_user");
  return {};
}

Result<void> validate_ending(const Ending& ending) {
  if (ending.status != GameStatus::Ended && ending.status != GameStatus::Aborted) {
    return invalid("an ending has status 'ended' or 'aborted'", "status");
  }
  if (ending.result.empty()) return invalid("an ending needs a result", "result");
  if (ending.reason.empty()) return invalid("an ending needs a reason", "reason");
  return {};
}

Result<void> validate_user(const UserRecord& user) {
  const std::string_view name = user.name;
  if (name.size() < kMinNameLength || name.size() > kMaxNameLength) {
    return invalid("a user name has 2 to 20 characters", "name");
  }
  if (!std::all_of(name.begin(), name.end(), is_id_char)) {
    return invalid("a user name may hold only A-Z a-z 0-9 _ -", "name");
  }
  if (auto ok = validate_name_key(user.name_key); !ok) return ok;
  // The key is what makes "Anna" and "anna" one account: any other key would let both in.
  const bool same_name = user.name_key.size() == name.size() &&
                         std::equal(name.begin(), name.end(), user.name_key.begin(),
                                    [](char n, char k) { return to_lower(n) == k; });
  if (!same_name) {
    return invalid(
        "name_key '" + user.name_key + "' is not the name '" + user.name + "' in lower case",
        "name_key");
  }
  if (auto ok = validate_password_hash(user.password_hash); !ok) return ok;
  if (user.created_ms < 0) return invalid("created_ms cannot be negative", "created_ms");
  if (user.deleted_ms != 0) return invalid("a new account is not deleted", "deleted_ms");
  return {};
}

Result<void> validate_name_key(std::string_view name_key) {
  const bool good = name_key.size() >= kMinNameLength && name_key.size() <= kMaxNameLength &&
                    std::all_of(name_key.begin(), name_key.end(),
                                [](char c) { return is_id_char(c) && !(c >= 'A' && c <= 'Z'); });
  if (!good) return invalid("a name key is 2 to 20 characters of a-z 0-9 _ -", "name_key");
  return {};
}

Result<void> validate_password_hash(std::string_view password_hash) {
  if (password_hash.empty()) return invalid("the password hash is required", "password_hash");
  if (password_hash.size() > kMaxPasswordHash) {
    return invalid("a password hash has at most 512 characters", "password_hash");
  }
  if (!std::all_of(password_hash.begin(), password_hash.end(), is_printable)) {
    return invalid("a password hash is printable ASCII without spaces", "password_hash");
  }
  return {};
}

Result<void> validate_token_hash(std::string_view token_hash) {
  if (token_hash.size() != kTokenHashLength ||
      !std::all_of(token_hash.begin(), token_hash.end(), is_lower_hex)) {
    return invalid("a session's token hash is 64 lowercase hex digits", "token_hash");
  }
  return {};
}

Result<void> validate_deletion_time(WallMs now) {
  if (now <= 0) return invalid("a deletion time is after 1970: deleted_ms 0 means live", "now");
  return {};
}

Result<void> validate_session(const SessionRecord& session) {
  if (auto ok = validate_token_hash(session.token_hash); !ok) return ok;
  if (session.csrf.empty() || session.csrf.size() > kMaxCsrf ||
      !std::all_of(session.csrf.begin(), session.csrf.end(), is_printable)) {
    return invalid("a CSRF token is 1 to 128 characters of printable ASCII without spaces", "csrf");
  }
  if (session.created_ms < 0) return invalid("created_ms cannot be negative", "created_ms");
  if (session.expires_ms <= session.created_ms) {
    return invalid("a session expires after it is created", "expires_ms");
  }
  return {};
}

Result<void> validate_speed(std::string_view speed) {
  for (std::string_view known : {"bullet", "blitz", "rapid", "classical", "correspondence"}) {
    if (speed == known) return {};
  }
  return invalid("unknown rating category '" + std::string{speed} +
                     "': bullet, blitz, rapid, classical or correspondence",
                 "speed");
}

Result<void> validate_rating_time(WallMs now) {
  if (now <= 0) {
    return invalid("a rating time is after 1970: updated_ms 0 means never rated", "now");
  }
  return {};
}

Result<void> validate_computed(const RatingPair& computed) {
  for (const RatingRecord* r : {&computed.white, &computed.black}) {
    const char* side = r == &computed.white ? "white" : "black";
    if (!std::isfinite(r->rating)) {
      return invalid(
          std::string{"compute returned a rating that is not a finite number for "} + side,
          "compute");
    }
    if (!std::isfinite(r->deviation) || r->deviation <= 0) {
      return invalid(
          std::string{"compute returned a deviation that is not a finite number > 0 for "} + side,
          "compute");
    }
    if (!std::isfinite(r->volatility) || r->volatility <= 0) {
      return invalid(
          std::string{"compute returned a volatility that is not a finite number > 0 for "} + side,
          "compute");
    }
  }
  return {};
}

Result<void> validate_history_limit(int limit) {
  if (limit < 1 || limit > kMaxHistory) return invalid("limit must be 1..10000", "limit");
  return {};
}

Result<void> validate_player_games_query(const PlayerGamesQuery& q) {
  if (q.user_id < 1) return invalid("a player's archive needs an account id >= 1", "user_id");
  if (q.opponent_id < 0) {
    return invalid("an opponent is an account id >= 1, or 0 for any", "opponent_id");
  }
  if (!q.outcome.empty() && q.outcome != "win" && q.outcome != "loss" && q.outcome != "draw") {
    return invalid("unknown outcome '" + q.outcome + "': win, loss, draw or empty", "outcome");
  }
  if (!q.speed.empty()) {
    if (auto ok = validate_speed(q.speed); !ok) return ok;
  }
  if (auto ok = validate_limit(q.limit); !ok) return ok;
  if (q.since_ms < 0) return invalid("since_ms cannot be negative (0: no bound)", "since_ms");
  if (q.before_ms < 0) return invalid("before_ms cannot be negative (0: no bound)", "before_ms");
  return {};
}

Result<void> validate_seek_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxSeekId || !std::all_of(id.begin(), id.end(), is_id_char)) {
    return invalid("a seek id is 1 to 32 characters of A-Z a-z 0-9 _ -", "id");
  }
  return {};
}

Result<void> validate_seek(const SeekRecord& seek) {
  if (auto ok = validate_seek_id(seek.id); !ok) return ok;
  if (seek.key_hash.size() != kTokenHashLength ||
      !std::all_of(seek.key_hash.begin(), seek.key_hash.end(), is_lower_hex)) {
    return invalid("a seek's key hash is 64 lowercase hex digits", "key_hash");
  }
  if (auto ok = validate_game_id(seek.game_id); !ok) {
    return invalid("a seek's " + ok.error().message, "game_id");
  }
  if (!is_display_name(seek.owner_name)) {
    return invalid("a seek owner's name is 1..160 bytes without control characters", "owner_name");
  }
  if (seek.time_control.empty() || seek.time_control.size() > kMaxSeekTimeControl) {
    return invalid("a seek's time control has 1 to 200 bytes", "time_control");
  }
  if (seek.variant != "standard" && seek.variant != "chess960") {
    return invalid("variant must be 'standard' or 'chess960', not '" + seek.variant + "'",
                   "variant");
  }
  if (auto ok = validate_speed(seek.speed); !ok) return ok;
  if (seek.color != "white" && seek.color != "black" && seek.color != "random") {
    return invalid("the owner's colour is 'white', 'black' or 'random', not '" + seek.color + "'",
                   "color");
  }
  if (seek.rating_min < 0 || seek.rating_min > kMaxSeekRating) {
    return invalid("rating_min must be 0..4000", "rating_min");
  }
  if (seek.rating_max < 0 || seek.rating_max > kMaxSeekRating) {
    return invalid("rating_max must be 0..4000", "rating_max");
  }
  if (seek.rating_min > seek.rating_max) {
    return invalid("rating_max " + std::to_string(seek.rating_max) + " is below rating_min " +
                       std::to_string(seek.rating_min),
                   "rating_max");
  }
  if (seek.alive_until_ms <= seek.created_ms) {
    return invalid("a seek lives until after it is created", "alive_until_ms");
  }
  return {};
}

Result<void> validate_tournament_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxTournamentId ||
      !std::all_of(id.begin(), id.end(), is_id_char)) {
    return invalid("an event id is 1 to 32 characters of A-Z a-z 0-9 _ -", "id");
  }
  return {};
}

Result<void> validate_tournament(const TournamentRecord& t) {
  if (auto ok = validate_tournament_id(t.id); !ok) return ok;
  if (t.kind != "swiss" && t.kind != "arena") {
    return invalid("an event's kind is 'swiss' or 'arena', not '" + t.kind + "'", "kind");
  }
  if (!is_display_name(t.name) || !is_utf8(t.name)) {
    return invalid("an event's name is 1..160 bytes of UTF-8 without control characters", "name");
  }
  if (t.owner_user_id < 1) {
    return invalid("an event's owner is an account id >= 1", "owner_user_id");
  }
  if (t.state.size() > kMaxTournamentState) {
    return invalid(
        "an event's state has at most 16 MiB, not " + std::to_string(t.state.size()) + " bytes",
        "state");
  }
  if (t.state.find('\0') != std::string::npos || !is_utf8(t.state)) {
    return invalid("an event's state is UTF-8 text without a NUL byte", "state");
  }
  if (!t.node.empty() && !is_node_name(t.node)) {
    return invalid("an event's node is '' or 1..64 characters of [A-Za-z0-9_.:-]", "node");
  }
  return {};
}

Result<void> validate_tournament_lease(std::string_view id, std::string_view node) {
  if (auto ok = validate_tournament_id(id); !ok) return ok;
  if (!is_node_name(node)) {
    return invalid("a node name is 1..64 characters of [A-Za-z0-9_.:-]", "node");
  }
  return {};
}

Result<void> validate_analysis_game_id(std::string_view game_id) {
  if (auto ok = validate_game_id(game_id); !ok) {
    return invalid("an analysis's " + ok.error().message, "game_id");
  }
  return {};
}

Result<void> validate_analysis(const AnalysisRecord& a) {
  if (auto ok = validate_analysis_game_id(a.game_id); !ok) return ok;
  if (static_cast<unsigned>(a.status) > static_cast<unsigned>(AnalysisStatus::Failed)) {
    return invalid("an analysis's status is queued, running, done or failed", "status");
  }
  if (a.total < 0 || a.total > kMaxAnalysisPositions) {
    return invalid("an analysis has 0..100000 positions, not " + std::to_string(a.total), "total");
  }
  if (a.done < 0 || a.done > a.total) {
    return invalid("an analysis has done 0.." + std::to_string(a.total) +
                       " positions (its total), not " + std::to_string(a.done),
                   "done");
  }
  if (a.requested_by < 0) {
    return invalid("an analysis is requested by an account id >= 1, or 0 for a player without one",
                   "requested_by");
  }
  if (a.text.size() > kMaxAnalysisText) {
    return invalid(
        "an analysis's text has at most 8 MiB, not " + std::to_string(a.text.size()) + " bytes",
        "text");
  }
  if (a.text.find('\0') != std::string::npos || !is_utf8(a.text)) {
    return invalid("an analysis's text is UTF-8 without a NUL byte", "text");
  }
  return {};
}

Result<void> validate_in_play_query(std::int64_t user_id, int limit) {
  if (user_id < 1) return invalid("the games in play are an account's: an id >= 1", "user_id");
  return validate_limit(limit);
}

}  // namespace arbiter::store
