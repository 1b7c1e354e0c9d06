// Input checks shared by every Store backend, so that all of them reject the same bad
// records with the same errors (kInvalidArgument, `where.field` naming the field).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::store {

[[nodiscard]] Result<void> validate_game_id(std::string_view id);
// Id, tokens, names, variant, start FEN (a legal position for the variant), status
// Created, a JSON object in `extra` (only its outer braces are checked); the seats' account
// ids >= 0 (field "white_user" / "black_user"), and not one account in both seats (field
// "black_user": two players without an account, both 0, are allowed). Whether the accounts
// exist is checked against the store, not here.
[[nodiscard]] Result<void> validate_header(const GameHeader& header);
// ply >= 1, UCI syntax ([a-h][1-8][a-h][1-8][qrbn]?), a SAN, non-negative clocks.
[[nodiscard]] Result<void> validate_move(const MoveRecord& move);
// seq >= 1 and strictly consecutive within the batch, JSON text that is an object.
[[nodiscard]] Result<void> validate_events(std::span<const EventRecord> events);
// n >= 1 and consecutive within the batch; line 1 a `start` event, later lines events the
// log reader accepts (spec/game-events.md); one line each (no newline).
[[nodiscard]] Result<void> validate_log(std::span<const LogLine> lines);
// A lease request: a node name of 1..64 chars of [A-Za-z0-9_.:-], 0 < ttl_ms <= 1 day.
[[nodiscard]] Result<void> validate_lease_request(std::string_view node, std::int64_t ttl_ms);
// Store::renew_leases: the node and ttl as above, every lease's game id, and every lease
// held by `node` (kInvalidArgument, field "node", otherwise).
[[nodiscard]] Result<void> validate_renewal(std::string_view node, std::span<const Lease> leases,
                                            std::int64_t ttl_ms);
// A node's announcement: its name as above (field "name"), an address of 1..255
// characters of printable ASCII without spaces (field "address").
[[nodiscard]] Result<void> validate_node(const NodeInfo& node);
// A limit of a listing: 1..1000 (field "limit").
[[nodiscard]] Result<void> validate_limit(int limit);
// A group-commit write: the checks of its parts, and no ending events without an ending.
[[nodiscard]] Result<void> validate_write(const GameWrite& write);
// An account taking a seat (GameWrite::seat_user): an account id >= 1 (field "seat_user").
[[nodiscard]] Result<void> validate_seat_user(const GameWrite::SeatUser& seat);
// status Ended or Aborted, a non-empty reason.
[[nodiscard]] Result<void> validate_ending(const Ending& ending);

// Accounts and sessions (issue #17). "Printable ASCII" below is 0x21..0x7e: no space, no
// control character, nothing a header, a log line or a cookie would have to escape.
//
// A new account (Store::create_user): a name of 2..20 chars of [A-Za-z0-9_-] (field
// "name"); name_key that name in lower case (field "name_key"); a password hash as
// validate_password_hash; created_ms >= 0 (field "created_ms"); deleted_ms 0, a new
// account being live (field "deleted_ms"). The id is not checked: create_user assigns it.
[[nodiscard]] Result<void> validate_user(const UserRecord& user);
// A key looked up by find_user: 2..20 chars of [a-z0-9_-] (field "name_key").
[[nodiscard]] Result<void> validate_name_key(std::string_view name_key);
// A stored password hash: 1..512 chars of printable ASCII (field "password_hash").
[[nodiscard]] Result<void> validate_password_hash(std::string_view password_hash);
// A session's key: exactly 64 lowercase hex digits (field "token_hash"). Checked on every
// call that takes one, so that a caller passing the cookie's secret instead of its hash
// fails loudly rather than finding nothing.
[[nodiscard]] Result<void> validate_token_hash(std::string_view token_hash);
// The time delete_user records: after 1970 (field "now"), as deleted_ms 0 marks a live account.
[[nodiscard]] Result<void> validate_deletion_time(WallMs now);
// A new session (Store::create_session): its token hash as above; a csrf of 1..128 chars
// of printable ASCII (field "csrf"); created_ms >= 0 (field "created_ms") and expires_ms
// after it (field "expires_ms"). The user is checked against the store, not here.
[[nodiscard]] Result<void> validate_session(const SessionRecord& session);

// Ratings (issue #17). A rating category: "bullet", "blitz", "rapid", "classical" or
// "correspondence", rating::to_string's names (field "speed").
[[nodiscard]] Result<void> validate_speed(std::string_view speed);
// The time record_rated_game records: after 1970 (field "now"), as updated_ms 0 marks a
// rating never stored.
[[nodiscard]] Result<void> validate_rating_time(WallMs now);
// What record_rated_game's `compute` returned, for both players: a finite rating, a finite
// deviation > 0 and a finite volatility > 0 (field "compute").
[[nodiscard]] Result<void> validate_computed(const RatingPair& computed);
// The length of a rating history: 1..10000 (field "limit").
[[nodiscard]] Result<void> validate_history_limit(int limit);

// A player's archive (Store::games_of_user): user_id >= 1, opponent_id >= 0, an outcome
// "win", "loss", "draw" or empty, a speed as validate_speed or empty, since_ms and
// before_ms >= 0 (0: no bound), a limit of 1..1000; kInvalidArgument naming the field.
[[nodiscard]] Result<void> validate_player_games_query(const PlayerGamesQuery& query);

// The lobby (issue #17, docs/lobby.md). A seek's id, as find_seek, take_seek, keep_seek and
// remove_seek take it: 1..32 chars of [A-Za-z0-9_-] (field "id").
[[nodiscard]] Result<void> validate_seek_id(std::string_view id);
// A new seek (Store::add_seek): its id as above; key_hash 64 lowercase hex digits; game_id
// as validate_game_id (field "game_id"); owner_name 1..160 bytes without control
// characters; time_control 1..200 bytes; variant "standard" or "chess960"; speed as
// validate_speed; color "white", "black" or "random"; rating_min and rating_max in 0..4000
// (each naming itself) with rating_min <= rating_max (field "rating_max"); alive_until_ms
// after created_ms (field "alive_until_ms"). The other fields are the server's to fill and
// are kept as given.
[[nodiscard]] Result<void> validate_seek(const SeekRecord& seek);

// Events run by the server (issue #18, docs/store.md). An event's id, as every call that
// takes one checks it: 1..32 chars of [A-Za-z0-9_-] (field "id").
[[nodiscard]] Result<void> validate_tournament_id(std::string_view id);
// An event as create_tournament and update_tournament take it: its id as above; kind
// "swiss" or "arena"; name 1..160 bytes of UTF-8 without control characters; owner_user_id
// >= 1; state at most 16 MiB of UTF-8 without a NUL byte (what a PostgreSQL TEXT holds, so
// that both backends keep the same texts); node "" or a node name as validate_lease_request's
// (field "node"). Each error names its field. The times are the caller's and are kept as
// given; version is the store's (create sets 1, update compares it).
[[nodiscard]] Result<void> validate_tournament(const TournamentRecord& t);
// A lease of an event (Store::lease_tournament): the id as above and a node name of 1..64
// chars of [A-Za-z0-9_.:-] (field "node").
[[nodiscard]] Result<void> validate_tournament_lease(std::string_view id, std::string_view node);

// Analyses (issue #18 item 3, docs/store.md). A game id as validate_game_id's, named
// "game_id" (find_analysis).
[[nodiscard]] Result<void> validate_analysis_game_id(std::string_view game_id);
// An analysis as request_analysis and update_analysis take it: game_id as above; a status
// of the enum (field "status"); total 0..100000 positions; done 0..total; requested_by >= 0
// (0: a player without an account); text at most 8 MiB of UTF-8 without a NUL byte (what a
// PostgreSQL TEXT holds, as an event's state). Each error names its field. The times are the
// caller's and are kept as given.
[[nodiscard]] Result<void> validate_analysis(const AnalysisRecord& a);
// Store::games_in_play_of: user_id >= 1 (field "user_id"), a limit of 1..1000.
[[nodiscard]] Result<void> validate_in_play_query(std::int64_t user_id, int limit);

}  // namespace arbiter::store
