// The client's side of the protocol (web-protocol.md): what a client writes to the server
// and how it reads the server's answers. The server's side is protocol.hpp; this one is for
// programs that play against a server, such as `arbiter loadtest`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::wire {

// ---------------------------------------------------------------- client → server (§2)

// {"t":"hello","v":1,"token":…,"last_seq":N}; no token: a spectator.
[[nodiscard]] std::string write_hello(std::optional<std::string_view> token, std::int64_t last_seq);
// {"t":"move","id":N,"d":{"uci":…,"ply":N}}
[[nodiscard]] std::string write_move(std::int64_t id, std::string_view uci, int ply);
// {"t":"ack","seq":N}: the client has the events up to seq.
[[nodiscard]] std::string write_event_ack(std::int64_t seq);
// {"t":"pong","n":N}
[[nodiscard]] std::string write_pong(std::int64_t n);

// ---------------------------------------------------------------- REST (§1)

[[nodiscard]] std::string write_create_request(const CreateGameRequest& request);
[[nodiscard]] std::string write_join_request(const JoinGameRequest& request);

// The answer to a creation (201) or a join (200): a seat of a game.
struct SeatGrant {
  std::string id;  // the game; a join's answer names it in "game"
  Color seat = Color::White;
  std::string token;
  std::string invite;  // the invitation's secret (the fragment's `invite=`), friend games
};
// Errors: kProtocolSyntax naming the missing or malformed field.
[[nodiscard]] Result<SeatGrant> read_seat_grant(std::string_view body);

// ---------------------------------------------------------------- server → client (§3)

// What a client needs of a server message. Fields not in the message keep their defaults.
struct ServerMessage {
  std::string t;                    // the type
  std::optional<std::int64_t> seq;  // events
  std::optional<std::int64_t> id;   // ack, error
  std::int64_t n = 0;               // ping
  std::string code;                 // error
  bool fatal = false;               // error
  std::string role;                 // welcome
  // A `move` event, or a `state`: the position after the last move.
  bool has_position = false;
  int ply = 0;        // the move's ply; for a state, the plies that stand
  std::string uci;    // the move (its server form: castling as the king's move)
  std::string fen;    // the position after it
  Dests dests;        // the legal moves of the side to move; empty when the game is over
  bool over = false;  // an `end` event, or a state of an ended or aborted game
};
// Errors: kProtocolSyntax (not a JSON object, no "t", a field of the wrong type).
[[nodiscard]] Result<ServerMessage> read_server_message(std::string_view text);

// The head of a server message: its type, its seq, and the ply of a move, read without
// building the message (a SAX pass that stops once it has them; the server writes them
// first). A client that already has a move from its other socket needs no more of it:
// `arbiter loadtest` parses each move event in full once, not once per player.
struct ServerMessageHead {
  std::string t;
  std::optional<std::int64_t> seq;
  std::optional<std::int64_t> ply;  // "d"."ply" of a move event
};
// Errors: kProtocolSyntax (not a JSON object up to where it stopped, no string "t").
[[nodiscard]] Result<ServerMessageHead> read_server_head(std::string_view text);

}  // namespace arbiter::wire
