// The browser ⇄ server protocol of docs/web-protocol.md (version 1) as typed C++ values:
// client messages parsed strictly from JSON, server messages, GameState and the REST
// bodies written to JSON. nlohmann-json stays inside protocol*.cpp (design.md: JSON enters
// through `wire` only); the server builds these structs and never sees JSON.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::wire {

using core::Color;

inline constexpr int kProtocolVersion = 1;

// ---------------------------------------------------------------- client → server (§2)

enum class OfferAction : std::uint8_t { Offer, Accept, Decline };

struct HelloMsg {
  int v = 0;
  std::optional<std::string> token;  // absent or null: a spectator
  std::int64_t last_seq = 0;
};
struct MoveMsg {
  std::int64_t id = 0;
  std::string uci;
  int ply = 0;
  bool offer_draw = false;
};
struct DrawMsg {
  std::int64_t id = 0;
  OfferAction action = OfferAction::Offer;
};
struct ClaimMsg {
  std::int64_t id = 0;
  bool threefold = true;            // "threefold" (9.2) or "fifty" (9.3)
  std::optional<std::string> move;  // the intended move (9.2.1.1 / 9.3.1)
};
struct ResignMsg {
  std::int64_t id = 0;
};
struct AbortMsg {
  std::int64_t id = 0;
};
struct RematchMsg {
  std::int64_t id = 0;
  OfferAction action = OfferAction::Offer;
};
struct FlagMsg {
  std::int64_t id = 0;
};
struct AckMsg {
  std::int64_t seq = 0;
};
struct PongMsg {
  std::int64_t n = 0;
};
struct ResyncMsg {
  std::int64_t last_seq = 0;
};

using ClientMessage = std::variant<HelloMsg, MoveMsg, DrawMsg, ClaimMsg, ResignMsg, AbortMsg,
                                   RematchMsg, FlagMsg, AckMsg, PongMsg, ResyncMsg>;

// A message the server cannot use: `code` is a protocol code of §4 (`bad-json` for text
// that is not JSON or has a wrong field, `unknown-type` for an unknown `t`); `id` is the
// message's id when it could be read, so the error answers that action.
struct ProtocolError {
  std::string code;
  std::string message;
  std::optional<std::int64_t> id;
};

[[nodiscard]] tl::expected<ClientMessage, ProtocolError> parse_client_message(
    std::string_view text);

// ---------------------------------------------------------------- shared views (§1.3, §3)

// §3.3; `to_control` per side: moves left in the period, nullopt in sudden death.
struct ClockView {
  std::int64_t white = 0;
  std::int64_t black = 0;
  std::optional<Color> running;
  std::int64_t delay_ms = 0;
  std::int64_t delay_left_ms = 0;
  std::array<std::optional<int>, 2> to_control{};
};

// §3.4
struct ClaimsView {
  bool threefold = false;
  bool fifty = false;
  std::vector<std::string> threefold_moves;
  std::vector<std::string> fifty_moves;
};

// Origin square → destination squares, in the order given.
using Dests = std::vector<std::pair<std::string, std::vector<std::string>>>;

struct PenaltyView {
  Color side = Color::White;  // whose clock gets the time
  std::int64_t ms = 0;
  std::string article;
};

// ---------------------------------------------------------------- events (§3.2)
// Every event data carries `t`, the referee's time of the action (ms since White's clock
// started, game-events.md), so that a restart replays the game exactly (an addition to
// the protocol; clients ignore it).

// Issue #18 item 6: the opening a position is named for (lichess's list), as the game
// page shows it.
struct OpeningView {
  std::string eco;   // "C60"
  std::string name;  // "Ruy Lopez"
};

struct MoveEventData {
  int ply = 0;
  std::string uci;
  std::string san;
  Color side = Color::White;
  std::string fen;
  bool capture = false;
  bool check = false;
  std::string announce_de;
  std::string announce_en;
  std::optional<ClockView> clock;  // null: a game without clock
  std::int64_t lag_ms = 0;
  Dests dests;
  ClaimsView claims;
  std::optional<Color> draw_offer;
  bool can_abort = false;
  // Addition: the intended move of an upheld claim (9.2.1.1 / 9.3.1), shown and stored
  // but not played by the referee (the claim ended the game first). Written only if true.
  bool intended = false;
  // The opening the position after the move is named for, when the list names it.
  // Written only when present.
  std::optional<OpeningView> opening;
  std::int64_t t = 0;
};
struct DrawEventData {
  std::string action;  // "offer" | "decline" | "lapse"
  Color side = Color::White;
  std::int64_t t = 0;
};
struct ClaimEventData {
  Color side = Color::White;
  bool threefold = true;
  std::optional<std::string> move;
  bool upheld = false;
  std::string article;
  std::optional<PenaltyView> penalty;
  std::int64_t t = 0;
};
struct EndEventData {
  std::string result;       // "1-0", "0-1", "1/2-1/2", "*"
  std::string termination;  // verdict vocabulary, or "aborted"
  std::optional<std::string> article;
  std::optional<Color> winner;
  std::string text;
  std::optional<ClockView> clock;
  std::optional<Color> by;  // addition: the side whose action ended it (resign, accept, abort)
  std::int64_t t = 0;
};
struct JoinEventData {
  Color side = Color::White;
  std::string name;
};
struct RematchEventData {
  std::string action;  // "offer" | "decline" | "accept"
  Color side = Color::White;
  std::optional<std::string> game_id;
};
struct PenaltyEventData {
  PenaltyView penalty;
  std::optional<ClockView> clock;
  std::int64_t t = 0;
};

using EventData = std::variant<MoveEventData, DrawEventData, ClaimEventData, EndEventData,
                               JoinEventData, RematchEventData, PenaltyEventData>;

// {"t": TYPE, "seq": N, "d": {...}}
[[nodiscard]] std::string write_event(std::int64_t seq, const EventData& event);

// A stored event read back for a restart: the fields the referee needs, flat.
struct StoredEvent {
  std::string type;  // "move", "draw", "claim", "end", "join", "rematch", "penalty"
  std::int64_t seq = 0;
  std::int64_t t = 0;
  std::optional<Color> side;  // side / by
  int ply = 0;
  std::string uci;
  bool intended = false;  // move: an upheld claim's intended move
  std::string action;     // draw / rematch
  bool threefold = true;  // claim
  std::optional<std::string> move;
  bool upheld = false;
  std::string result;       // end
  std::string termination;  // end
  std::string name;         // join
  std::optional<std::string> game_id;
  std::int64_t ms = 0;  // penalty
};
// Errors: kProtocolSyntax naming the field.
[[nodiscard]] Result<StoredEvent> read_stored_event(std::string_view json);

// ---------------------------------------------------------------- GameState (§1.3)

struct PlayerView {
  std::string name;
  bool computer = false;
  int level = 0;  // computer only
};
struct MoveView {
  std::string uci;
  std::string san;
  std::string fen;
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
};
struct GameState {
  std::string id;
  PlayerView white;
  PlayerView black;
  std::string time_control;
  std::string category;
  std::string variant;
  std::optional<int> chess960;
  std::string start_fen;
  std::string status;  // created | ongoing | ended | aborted
  std::optional<Color> open_seat;
  std::vector<MoveView> moves;
  std::string fen;
  Color turn = Color::White;
  std::optional<ClockView> clock;
  Dests dests;
  ClaimsView claims;
  std::optional<Color> draw_offer;
  bool can_abort = false;
  std::string result = "*";
  std::optional<std::string> termination;
  std::optional<std::string> article;
  std::optional<std::string> text;        // how it ended, as the `end` event says it; null: ongoing
  bool rated = false;                     // issue #17
  std::optional<OpeningView> opening;     // issue #18: the game's opening so far; null: none
  std::optional<std::string> tournament;  // issue #18: the event whose game it is; null: none
  std::int64_t seq = 0;
};

[[nodiscard]] std::string write_game_state(const GameState& state);

// ---------------------------------------------------------------- direct messages (§3.1)

[[nodiscard]] std::string write_welcome(std::string_view role, std::int64_t seq,
                                        std::int64_t server_ms);
[[nodiscard]] std::string write_state_message(const GameState& state);
[[nodiscard]] std::string write_ack(std::int64_t id);
[[nodiscard]] std::string write_error(std::optional<std::int64_t> id, std::string_view code,
                                      std::string_view message, bool fatal);
[[nodiscard]] std::string write_ping(std::int64_t n);
[[nodiscard]] std::string write_clock(const std::optional<ClockView>& clock);
[[nodiscard]] std::string write_crowd(bool white, bool black, int spectators);
[[nodiscard]] std::string write_seat(std::string_view game_id, Color seat, std::string_view token);

// ---------------------------------------------------------------- REST (§1)

struct CreateGameRequest {
  std::string time_control = "blitz";  // a preset id or the grammar
  bool chess960 = false;
  std::optional<int> chess960_number;  // 0..959; absent/null: random
  std::optional<Color> color;          // absent / "random": the server draws
  bool computer = false;
  int level = 1;  // 1..8
  std::string name = "Anonymous";
  bool rated = false;  // issue #17: both players' ratings change (needs accounts)
  // Issue #17 item 8: start from this position ("play from here"), standard chess; checked
  // by the registry (the rules of docs/fen.md), field "fen". Absent: the initial position.
  std::optional<std::string> fen;
};
// Errors: kProtocolSyntax (not JSON, not an object), kInvalidArgument (a field of the wrong
// type or value; where.field names it).
[[nodiscard]] Result<CreateGameRequest> parse_create_request(std::string_view body);

struct JoinGameRequest {
  std::string name = "Anonymous";
  std::optional<std::string> token;
  std::optional<std::string> invite;  // the secret of the invitation link
};
[[nodiscard]] Result<JoinGameRequest> parse_join_request(std::string_view body);

// Accounts (issue #17, docs/accounts.md). A password is read as sent (no trimming) and its
// rules are the account module's; here only a bound on size, so that a huge body is
// refused before any hashing.
struct Credentials {
  std::string name;
  std::string password;
};
// {"name": "...", "password": "..."}: both required strings; name at most 64 bytes,
// password at most 1024. Errors as parse_create_request's, field "name" or "password".
[[nodiscard]] Result<Credentials> parse_credentials(std::string_view body);

struct PasswordChange {
  std::string current;
  std::string next;
};
// {"current": "...", "next": "..."}: both required strings of at most 1024 bytes.
[[nodiscard]] Result<PasswordChange> parse_password_change(std::string_view body);

// {"password": "..."}: the password that confirms deleting an account.
[[nodiscard]] Result<std::string> parse_password_confirmation(std::string_view body);

// {"name":..., "created_ms":..., "csrf":...}: the logged-in account, as GET /api/account
// and the log-in answer it.
[[nodiscard]] std::string write_account(std::string_view name, std::int64_t created_ms,
                                        std::string_view csrf);

[[nodiscard]] std::string write_create_response(std::string_view id, Color seat,
                                                std::string_view token, std::string_view invite,
                                                const GameState& state);
[[nodiscard]] std::string write_join_response(Color seat, std::string_view token,
                                              const GameState& state);

// The lobby (issue #17, docs/lobby.md, web-protocol.md §1.7). A seek: the game's
// settings (as POST /api/games reads them; the opponent is whoever takes the seek) and who
// may take it.
struct SeekRequest {
  CreateGameRequest game;
  int rating_min = 0;  // the taker's rating in the category, 0..4000; both 0: anyone
  int rating_max = 0;
  // Or a range around the owner's own rating: ± this many points (1..1000); 0: none.
  int rating_delta = 0;
  std::optional<std::string> challenge;  // a user name: a challenge to that account only
};
// Errors as parse_create_request's, and: a computer opponent (field "opponent"); rating_min
// or rating_max not an integer in 0..4000, or min above max ("rating_min"/"rating_max");
// rating_delta not in 0..1000, or given with rating_min/max ("rating_delta"); challenge
// not a string of 1..64 bytes ("challenge").
[[nodiscard]] Result<SeekRequest> parse_seek_request(std::string_view body);

// {"key": "..."}: the secret a seek's owner got when posting it (keep alive, cancel).
[[nodiscard]] Result<std::string> parse_seek_key(std::string_view body);

// A quick-pairing pool: one of the presets (web-protocol.md §1.1) and the player's name.
struct PoolRequest {
  std::string preset;
  std::string name = "Anonymous";
};
// {"preset": "blitz", "name": "..."}: preset required, 1..32 bytes; name as
// parse_create_request's.
[[nodiscard]] Result<PoolRequest> parse_pool_request(std::string_view body);

// {"fen": "..."}: a position to check (POST /api/fen), at most 128 bytes.
[[nodiscard]] Result<std::string> parse_fen_check(std::string_view body);
// {"fen": CANONICAL}: the position is one a game may start from.
[[nodiscard]] std::string write_fen_check(std::string_view fen);

// {"advance_ms": N}: how far a test server's clocks move (1 .. 30 days in milliseconds).
[[nodiscard]] Result<std::int64_t> parse_clock_advance(std::string_view body);

// A seek as the lobby lists it (never its game or invitation: those go to the taker only).
struct SeekView {
  std::string id;
  std::string owner;
  int rating = 0;  // the owner's in the category when posted; 0: anonymous
  bool provisional = false;
  std::string time_control;
  std::string speed;
  std::string variant;
  std::string color;  // the owner's: white | black | random
  bool rated = false;
  int rating_min = 0;
  int rating_max = 0;
  std::optional<std::string> challenge;  // the challenged player's name
  bool mine = false;                     // posted by the viewer's account
  std::int64_t created_ms = 0;
};
// A quick-pairing pool and how many players wait in it.
struct PoolView {
  std::string preset;
  int waiting = 0;
};
// A correspondence game where the viewer is to move (issue #17 item 5).
struct TurnView {
  std::string game;
  std::string opponent;
  std::int64_t deadline_ms = 0;  // when the move is due (0: no deadline)
};
// {"seeks":[...], "pools":[...], "your_turn":[...]}
[[nodiscard]] std::string write_lobby(const std::vector<SeekView>& seeks,
                                      const std::vector<PoolView>& pools,
                                      const std::vector<TurnView>& your_turn);
// The answer to posting a seek: the game's creation answer (its invitation withheld: the
// seek is the way in) with "seek": {"id", "key"} and "status": "waiting".
[[nodiscard]] std::string write_seek_created(std::string_view game_id, Color seat,
                                             std::string_view token, const GameState& state,
                                             std::string_view seek_id, std::string_view key);
// A seek taken: {"status":"matched","game":ID,"invite":SECRET}; the taker joins with it.
[[nodiscard]] std::string write_seek_match(std::string_view game_id, std::string_view invite);
// {"status":"waiting"}: a seek kept alive.
[[nodiscard]] std::string write_seek_waiting();

// Issue #17: what a rated game did to a player's rating, as GET /api/games/{id}/ratings
// shows it (whole points, as players read ratings).
struct RatingChangeView {
  Color color = Color::White;
  int before = 0;
  int after = 0;
  int deviation = 0;  // after the game
  bool provisional = false;
};
// {"ratings":[{"color","before","after","diff","deviation","provisional"}, ...]}
[[nodiscard]] std::string write_rating_changes(const std::vector<RatingChangeView>& changes);

struct Preset {
  std::string id;
  std::string name;
  std::string time_control;
  std::string category;
};
[[nodiscard]] std::string write_presets(const std::vector<Preset>& presets);

struct GameListItem {
  std::string id;
  std::string white;
  std::string black;
  std::string time_control;
  std::string variant;
  std::string status;
  std::string result;
  std::optional<std::string> termination;
  int plies = 0;
  std::int64_t updated_ms = 0;
};
[[nodiscard]] std::string write_game_list(const std::vector<GameListItem>& games);

// The server's own fields of a stored game (store::GameHeader::extra).
struct GameExtra {
  Color creator = Color::White;
  std::optional<Color> computer;  // the engine's seat
  int level = 0;                  // 1..8
  std::optional<int> chess960;    // the start position number
  std::optional<std::string> rematch_of;
  // A friend game's invitation secret: only a join that names it takes the open seat.
  std::optional<std::string> invite;
  // Issue #18: a game of an event (docs/events.md): the event's id, both seats taken by its
  // pairing, no abort and no rematch, and Art. 6.7.1's default time in place of the
  // first-move abort: a side that has not made its first move `waiting_ms` after the round
  // started (or after the opponent's first move) loses by default.
  std::optional<std::string> tournament;
  std::int64_t waiting_ms = 0;
};
[[nodiscard]] std::string write_extra(const GameExtra& extra);
// Errors: kProtocolSyntax naming the field.
[[nodiscard]] Result<GameExtra> read_extra(std::string_view json);

// Diagnostics and tests: the value at a JSON Pointer ("/d/san") of a JSON text — a string
// unquoted, anything else as compact JSON — or nullopt when the text or the path is not there.
[[nodiscard]] std::optional<std::string> json_at(std::string_view json, std::string_view pointer);

// {"error": {"code": ..., "message": ..., "field"?: ..., "column"?: ...}}
[[nodiscard]] std::string write_error_body(std::string_view code, std::string_view message,
                                           std::string_view field = {}, int column = 0);

}  // namespace arbiter::wire
