// Store: persistence of games played on the server (docs/store.md). A game is its header
// (seats, time control, start position, status), the moves that stand with the clock
// times after each, and the log of protocol events. Every call that returns success has
// committed durably, so the server may acknowledge a move after append_move returns.
//
// The interface is backend-neutral: SqliteStore and PgStore (PostgreSQL, libpqxx)
// implement it, and the same tests run on both. Timestamps are passed in by the
// caller (milliseconds since the Unix epoch): the store never reads a clock.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::store {

// Unix-epoch milliseconds (wall time, not the monotonic TimeSource of the rules).
using WallMs = std::int64_t;

// The life cycle of a stored game. Created: waiting for the first move (or for the
// second player to join); Ongoing: at least one move; Ended: a result is known;
// Aborted: ended before both sides moved, no result.
enum class GameStatus : std::uint8_t { Created, Ongoing, Ended, Aborted };

[[nodiscard]] std::string_view to_string(GameStatus status) noexcept;
// "created" | "ongoing" | "ended" | "aborted"; kInvalidArgument otherwise.
[[nodiscard]] Result<GameStatus> parse_game_status(std::string_view text);

struct GameHeader {
  std::string id;           // server-chosen, 1..64 chars of [A-Za-z0-9_-]
  std::string white_token;  // secret seat tokens (never sent to spectators)
  std::string black_token;
  std::string white;  // display names ("Anna", "Computer level 3")
  std::string black;
  std::string time_control;  // the grammar of spec/game-events.md, e.g. "180+2", "-"
  std::string variant;       // "standard" | "chess960"
  std::string start_fen;     // validated by create_game
  GameStatus status = GameStatus::Created;
  std::string result = "*";  // PGN result / verdict result ("1-0", "1/2-1/2", "*", ...)
  std::string reason;        // verdict termination ("checkmate", ...) or "" while ongoing
  std::string extra = "{}";  // opaque JSON owned by the server (opponent, engine level, ...)
  WallMs created_ms = 0;
  WallMs updated_ms = 0;  // the last change of status: created, first move, ended
  // Issue #17: the accounts in the seats (0: a player without an account, or the seat not
  // taken yet) and whether the game is rated (its result changes both players' ratings).
  std::int64_t white_user = 0;
  std::int64_t black_user = 0;
  bool rated = false;

  friend bool operator==(const GameHeader&, const GameHeader&) = default;
};

// One move that stands. Plies count from 1 (White's first move in a standard game).
struct MoveRecord {
  int ply = 0;
  std::string uci;            // e2e4, e7e8q; Chess960 castling as king-takes-rook
  std::string san;            // English SAN as written by notation::san
  std::int64_t white_ms = 0;  // remaining on White's clock after this move (increments credited)
  std::int64_t black_ms = 0;
  WallMs wall_ms = 0;  // when the server accepted the move

  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

// One protocol event of the game (docs/web-protocol.md), numbered from 1 without gaps.
struct EventRecord {
  std::int64_t seq = 0;
  std::string json;  // the event as sent to clients, one JSON object
  WallMs wall_ms = 0;

  friend bool operator==(const EventRecord&, const EventRecord&) = default;
};

// One line of the referee's event log (spec/game-events.md, issue #16): line 1 is the
// `start` event, every later line an event with its `t`, as `arbiter adjudicate` reads
// them. The lines of a game, joined by newlines, are the log that re-adjudicates it.
struct LogLine {
  std::int64_t n = 0;  // from 1, without gaps
  std::string text;    // one JSON object, no newline

  friend bool operator==(const LogLine&, const LogLine&) = default;
};

// Everything needed to resume a game after a restart.
struct StoredGame {
  GameHeader header;
  std::vector<MoveRecord> moves;
  std::vector<EventRecord> events;
  std::vector<LogLine> log;  // the referee's event log; empty for a game stored before it

  // The latest wall time known for the game: the last move's, the last event's, or the
  // creation time. A running clock has been running since the last move (docs/store.md).
  [[nodiscard]] WallMs last_activity_ms() const noexcept;
  [[nodiscard]] std::int64_t last_seq() const noexcept {
    return events.empty() ? 0 : events.back().seq;
  }
};

// A row of list_games: the header without tokens, plus the number of moves.
struct GameSummary {
  std::string id;
  std::string white;
  std::string black;
  std::string time_control;
  std::string variant;
  GameStatus status = GameStatus::Created;
  std::string result;
  std::string reason;
  int plies = 0;
  WallMs created_ms = 0;
  WallMs updated_ms = 0;
};

struct ListQuery {
  std::optional<GameStatus> status;  // only this status; all when empty
  int limit = 50;                    // most recently updated first; 1..1000
};

// A player's archive (issue #17): the games of one account that have ended (not aborted,
// not in play), newest end first, filtered. A GameSummary of each, with the seats' accounts,
// the rated flag and the category.
struct PlayerGamesQuery {
  std::int64_t user_id = 0;      // >= 1
  std::int64_t opponent_id = 0;  // 0: any opponent (with or without an account)
  // From the player's side: "win", "loss" or "draw"; empty: any result.
  std::string outcome;
  // rating::to_string(Speed) of the game's time control; empty: any category.
  std::string speed;
  WallMs since_ms = 0;   // only games that ended at or after this (0: no bound)
  WallMs before_ms = 0;  // only games that ended before this (0: no bound): the next page
  int limit = 50;        // 1..1000
};

struct PlayerGame {
  GameSummary summary;
  std::int64_t white_user = 0;
  std::int64_t black_user = 0;
  bool rated = false;
  std::string speed;  // the game's category, as stored
};

// A game in play of one account, and whose move it is (issue #17 item 5: the lobby's
// "your turn" list of correspondence games).
struct GameToMove {
  PlayerGame game;
  bool white_to_move = true;  // from the start position's side to move and the plies
  WallMs last_move_ms = 0;    // the last move's wall time; without one, the last event's (the join)
};

// A rated game that ended with a result that changes ratings but has no rating changes
// (issue #17): its rating was lost with the process that should have made it.
struct UnratedGame {
  std::string game_id;
  std::string time_control;
  std::string result;  // "1-0", "0-1" or "1/2-1/2"
  friend bool operator==(const UnratedGame&, const UnratedGame&) = default;
};

// How a game ended (or was aborted), written together with its final events.
struct Ending {
  GameStatus status = GameStatus::Ended;  // Ended or Aborted
  std::string result;                     // "1-0", ..., "*" for an abort
  std::string reason;                     // verdict termination, or "aborted"
  WallMs wall_ms = 0;
};

// A node's ownership of a game in a cluster (issue #16, docs/cluster.md): only the holder
// of the game's current epoch may write it. Epochs only grow; a lease that expired is
// taken over by another node with the next epoch, so a stalled former owner's writes,
// fenced by its old epoch, are refused.
struct Lease {
  std::string game_id;
  std::string node;        // the holder, 1..64 chars of [A-Za-z0-9_.:-]
  std::int64_t epoch = 0;  // from 1
  WallMs expires_ms = 0;   // 0 once released

  friend bool operator==(const Lease&, const Lease&) = default;
};

// A cluster node as the others find it (issue #16, docs/cluster.md): where to forward a
// socket or a request for one of its games, and when it last said it was alive.
struct NodeInfo {
  std::string name;     // as Lease::node
  std::string address;  // "host:port" of its HTTP server, 1..255 printable ASCII, no spaces
  WallMs seen_ms = 0;   // its last heartbeat

  friend bool operator==(const NodeInfo&, const NodeInfo&) = default;
};

// One game's part of a group commit: what one action of the referee produced, in order —
// the move (if any) and the events that announce it, then the ending (if any) and its
// events. Without an ending, ending_events must be empty.
struct GameWrite {
  std::string game_id;
  // A new game, created first in the same transaction (its id must be game_id): the
  // server creates games through the group commit too, off its network threads. An id
  // already taken fails this write with kProtocolState, field "id".
  std::optional<GameHeader> create;
  // The writer's lease epoch (a cluster node's fencing token): the write is refused
  // (kProtocolState, field "epoch") unless it is the game's current epoch. Unset: not
  // fenced (a single server, tools).
  std::optional<std::int64_t> epoch;
  std::vector<LogLine> log;  // the referee's events of this action (written first)
  std::optional<MoveRecord> move;
  std::vector<EventRecord> events;
  std::optional<Ending> ending;
  std::vector<EventRecord> ending_events;
  // Issue #17: an account taking a seat of this game (the invitee joining). The seat must
  // still have no account (kProtocolState, field "seat_user" otherwise), and the account
  // must be live (kProtocolState, field "user").
  struct SeatUser {
    bool white = false;
    std::int64_t user_id = 0;
  };
  std::optional<SeatUser> seat_user;
  // The display name of the player taking a seat (the invitee joining: their name replaces
  // the "?" the game was created with, so that lists show it). 1..160 bytes, no control
  // characters (kInvalidArgument, field "seat_name"); an unknown game is kProtocolState.
  struct SeatName {
    bool white = false;
    std::string name;
  };
  std::optional<SeatName> seat_name;
};

// A player's rating in one category (issue #17, docs/rating.md): Glicko-2's three numbers,
// the rated games counted, and when it last changed. `speed` is rating::to_string(Speed):
// "bullet", "blitz", "rapid", "classical" or "correspondence".
struct RatingRecord {
  std::int64_t user_id = 0;
  std::string speed;
  double rating = 1500.0;
  double deviation = 500.0;
  double volatility = 0.09;
  int games = 0;
  WallMs updated_ms = 0;  // 0: never rated (the defaults above, not a stored row)
  friend bool operator==(const RatingRecord&, const RatingRecord&) = default;
};

// One rated game's effect on one player, as the rating history keeps it (the profile's
// chart, the rating change shown at the end of the game).
struct RatingChange {
  std::string game_id;
  std::int64_t user_id = 0;
  std::string speed;
  RatingRecord before;  // as it stood when the game was rated
  RatingRecord after;
  WallMs at_ms = 0;
  friend bool operator==(const RatingChange&, const RatingChange&) = default;
};

// The two ratings of a rated game, white's then black's: what record_rated_game reads and
// what its `compute` returns.
struct RatingPair {
  RatingRecord white;
  RatingRecord black;
};

// A player's account (issue #17, docs/accounts.md). The store keeps what the account module
// produced: the name as written, its unique key (account::name_key: lower case), and the
// password's Argon2id hash in libsodium's encoded form; never a password.
struct UserRecord {
  std::int64_t id = 0;        // assigned by create_user, from 1
  std::string name;           // 2..20 chars of [A-Za-z0-9_-]; "" once deleted
  std::string name_key;       // unique among live accounts
  std::string password_hash;  // "$argon2id$..."; "" once deleted
  WallMs created_ms = 0;
  WallMs deleted_ms = 0;  // 0 while the account exists
  friend bool operator==(const UserRecord&, const UserRecord&) = default;
};

// A logged-in browser (issue #17): the store keeps a hash of the secret the cookie carries,
// so that a copy of the database opens no session.
struct SessionRecord {
  std::string token_hash;  // 64 lowercase hex digits (account::session_hash of the cookie)
  std::int64_t user_id = 0;
  std::string csrf;  // the session's anti-CSRF token, 1..128 printable ASCII
  WallMs created_ms = 0;
  WallMs expires_ms = 0;  // the session ends at this time
  friend bool operator==(const SessionRecord&, const SessionRecord&) = default;
};

// An open challenge of the lobby (issue #17, docs/lobby.md): a game created for it, its
// owner's seat waiting, and what a player must be to take the other seat. Seeks are
// short-lived: each lives until alive_until_ms, which its owner's page keeps moving
// (a correspondence seek lives for days without it). Taking one is atomic: of two players
// accepting the same seek, one gets it.
struct SeekRecord {
  std::string id;                  // 1..32 of [A-Za-z0-9_-]
  std::string key_hash;            // 64 lowercase hex digits: the hash of the owner's secret
  std::string game_id;             // the game created for the seek (its owner's seat taken)
  std::string invite;              // the invitation that opens the game's other seat (never listed)
  std::int64_t owner_user_id = 0;  // 0: an anonymous owner
  std::string owner_name;          // 1..160 bytes, no control characters
  std::string owner_address;       // the owner's client address (anonymous owners' limit)
  int owner_rating = 0;            // in the seek's category when posted; 0: unrated owner
  bool owner_provisional = false;
  std::int64_t target_user_id = 0;  // a challenge to this account only; 0: open to all
  std::string time_control;         // the grammar of spec/game-events.md, 1..200 bytes
  std::string variant;              // "standard" or "chess960"
  std::string speed;                // rating::to_string(Speed)
  std::string color;                // the owner's: "white", "black" or "random"
  bool rated = false;
  int rating_min = 0;  // the taker's rating in the category must lie in [min, max];
  int rating_max = 0;  // 0 and 0: anyone
  std::string pool;    // a quick-pairing pool's preset id; "" for a seek of the list
  WallMs created_ms = 0;
  WallMs alive_until_ms = 0;  // gone at this time unless kept
  friend bool operator==(const SeekRecord&, const SeekRecord&) = default;
};

// An event run by the server (issue #18, docs/events.md): a Swiss or an arena. The store
// keeps its text (`state`, written and read by tournament::OnlineEvent) and the few fields
// the server looks it up by. One node directs an event at a time: the one holding its
// lease (`node`, `lease_until_ms`), as for games (docs/cluster.md). Every update is a
// compare-and-set on `version`, so that a join on one node and a round on another never
// lose each other's change.
enum class TournamentStatus : std::uint8_t { Created, Running, Finished };
[[nodiscard]] std::string_view to_string(TournamentStatus s) noexcept;
[[nodiscard]] std::optional<TournamentStatus> parse_tournament_status(std::string_view s) noexcept;

struct TournamentRecord {
  std::string id;                  // 1..32 of [A-Za-z0-9_-]
  std::string kind;                // "swiss" | "arena"
  std::string name;                // 1..160 bytes, no control characters
  std::int64_t owner_user_id = 0;  // the creator's account (> 0)
  TournamentStatus status = TournamentStatus::Created;
  std::string state;         // the event's text (tournament::OnlineEvent), at most 16 MiB
  std::int64_t version = 0;  // 1 when created, +1 by every update
  WallMs created_ms = 0;
  WallMs starts_ms = 0;       // when round 1 is paired (a Swiss) / the arena opens
  WallMs due_ms = 0;          // when its director must look at it next (0: never)
  std::string node;           // the node directing it; "" for none
  WallMs lease_until_ms = 0;  // that node's lease runs until then
  friend bool operator==(const TournamentRecord&, const TournamentRecord&) = default;
};

// A game's analysis by the server's engine (issue #18 item 3, docs/analysis.md): asked for
// once a game has ended, analysed by one of the server's workers, and kept with the game.
// `text` is analysis::to_text's once done, the reason once failed.
enum class AnalysisStatus : std::uint8_t { Queued, Running, Done, Failed };
[[nodiscard]] std::string_view to_string(AnalysisStatus s) noexcept;
[[nodiscard]] std::optional<AnalysisStatus> parse_analysis_status(std::string_view s) noexcept;

struct AnalysisRecord {
  std::string game_id;
  AnalysisStatus status = AnalysisStatus::Queued;
  int done = 0;                   // positions analysed so far (0..total)
  int total = 0;                  // positions to analyse (0..100000)
  std::int64_t requested_by = 0;  // the account that asked; 0: an anonymous player
  std::string text;               // at most 8 MiB, valid UTF-8 without NUL
  WallMs requested_ms = 0;
  WallMs updated_ms = 0;
  friend bool operator==(const AnalysisRecord&, const AnalysisRecord&) = default;
};

// Errors common to every backend: kInvalidArgument (bad id, FEN, ply or status; field
// names it), kProtocolState (unknown game, duplicate or out-of-order ply or seq, game
// already finished), kIo (the database failed; the operation was rolled back).
class Store {
 public:
  virtual ~Store() = default;

  // Inserts a new game. The id must be unused. start_fen must be a legal position.
  [[nodiscard]] virtual Result<void> create_game(const GameHeader& header) = 0;
  // The header, all moves in ply order and all events in seq order.
  [[nodiscard]] virtual Result<StoredGame> load_game(std::string_view id) = 0;
  // The game's events with seq > `after`, in seq order (issue #16: a cluster node's
  // spectator mirror catches up without reading the whole game). Errors: kInvalidArgument
  // (the id), kProtocolState "game_id" (no such game), kIo.
  [[nodiscard]] virtual Result<std::vector<EventRecord>> events_after(std::string_view id,
                                                                      std::int64_t after) = 0;
  [[nodiscard]] virtual Result<std::vector<GameSummary>> list_games(const ListQuery& query) = 0;
  // A player's archive (issue #17), as PlayerGamesQuery describes. Errors: kInvalidArgument
  // naming the field (user_id < 1, opponent_id < 0, an unknown outcome or speed, a limit
  // out of 1..1000, negative times).
  [[nodiscard]] virtual Result<std::vector<PlayerGame>> games_of_user(
      const PlayerGamesQuery& query) = 0;

  // Appends the next move (ply = stored plies + 1) and the events that announce it, in
  // one transaction; marks a Created game Ongoing, its updated_ms then move.wall_ms (the
  // later moves leave updated_ms: it is the time of the last change of status).
  [[nodiscard]] virtual Result<void> append_move(std::string_view game_id, const MoveRecord& move,
                                                 std::span<const EventRecord> events) = 0;
  // Appends events (each seq = the previous + 1), in one transaction.
  [[nodiscard]] virtual Result<void> append_events(std::string_view game_id,
                                                   std::span<const EventRecord> events) = 0;
  // Records the end of the game and its final events, in one transaction. A finished game
  // accepts no more moves; events (e.g. rematch offers, chat) are still accepted.
  [[nodiscard]] virtual Result<void> finish_game(std::string_view game_id, const Ending& ending,
                                                 std::span<const EventRecord> events) = 0;

  // Appends lines to the game's referee log (each n = the previous + 1), in one
  // transaction. Line 1 must be a `start` event and every later line an event the log
  // reader accepts (wire::parse_start / parse_event; kInvalidArgument naming the line and
  // field otherwise). A finished game still takes lines, as it takes events.
  [[nodiscard]] virtual Result<void> append_log(std::string_view game_id,
                                                std::span<const LogLine> lines) = 0;
  // The ids of games with no referee log line (stored before the log existed), oldest
  // first, at most `limit` (1..1000): what the log migration still has to convert.
  [[nodiscard]] virtual Result<std::vector<std::string>> games_without_log(int limit) = 0;

  // Leases (issue #16). Takes or renews `node`'s lease of the game until now + ttl_ms:
  //  - no lease yet, or one released or expired (expires_ms <= now) held by another node:
  //    `node` takes it with the next epoch;
  //  - `node` holds the current epoch (expired or not): renewed, the same epoch;
  //  - another node holds it unexpired: kProtocolState (field "lease") naming the holder.
  // Times are the caller's wall clock, as everywhere in the store. Errors also: unknown
  // game, a bad node name or ttl (kInvalidArgument).
  [[nodiscard]] virtual Result<Lease> acquire_lease(std::string_view game_id, std::string_view node,
                                                    WallMs now, std::int64_t ttl_ms) = 0;
  // Renews, in one transaction, each of `leases` that `node` still holds at its epoch
  // (expired or not, as acquire_lease would), until now + ttl_ms; returns those renewed
  // (the same epochs, the new expiry), in no particular order. A lease not returned is no
  // longer `node`'s: another node has taken the game. One statement a node per interval
  // instead of one transaction a game (issue #16). Errors: a bad node name, ttl or game
  // id (kInvalidArgument), a lease of another node (kInvalidArgument, field "node"), kIo.
  [[nodiscard]] virtual Result<std::vector<Lease>> renew_leases(std::string_view node,
                                                                std::span<const Lease> leases,
                                                                WallMs now,
                                                                std::int64_t ttl_ms) = 0;
  // Gives the lease up at once (expires_ms = 0) if `lease` is still the current epoch;
  // another node may then take it without waiting for the expiry. A lease no longer
  // current is left alone (kProtocolState, field "epoch").
  [[nodiscard]] virtual Result<void> release_lease(const Lease& lease) = 0;
  // The game's lease as stored, nullopt when it never had one.
  [[nodiscard]] virtual Result<std::optional<Lease>> read_lease(std::string_view game_id) = 0;

  // The cluster's node directory (issue #16). Records (or refreshes) a node's address and
  // heartbeat. Errors: a bad name or address (kInvalidArgument, field "name" / "address").
  [[nodiscard]] virtual Result<void> announce_node(const NodeInfo& node) = 0;
  // The node as last announced, nullopt when it never was.
  [[nodiscard]] virtual Result<std::optional<NodeInfo>> read_node(std::string_view name) = 0;
  // The nodes heard from at `since` or later (their last heartbeat), by name: the live
  // nodes among which the orphaned games are shared out (docs/cluster.md).
  [[nodiscard]] virtual Result<std::vector<NodeInfo>> live_nodes(WallMs since) = 0;
  // Ongoing games that no node holds at `now`: their lease expired or was released, or they
  // never had one. A live node adopts them (docs/cluster.md), oldest first, at most `limit`
  // (1..1000).
  [[nodiscard]] virtual Result<std::vector<std::string>> orphaned_games(WallMs now, int limit) = 0;

  // Accounts (issue #17, docs/accounts.md). Creates an account and returns it with its id.
  // Errors: a name_key already used by a live account (kProtocolState, field "name"); a
  // bad name, key or hash (kInvalidArgument naming the field: name 2..20 chars of
  // [A-Za-z0-9_-], name_key the same in lower case, password_hash non-empty, at most 512).
  [[nodiscard]] virtual Result<UserRecord> create_user(const UserRecord& user) = 0;
  // The live account with this key, nullopt when there is none.
  [[nodiscard]] virtual Result<std::optional<UserRecord>> find_user(std::string_view name_key) = 0;
  // The account with this id, deleted or not; nullopt when it never existed.
  [[nodiscard]] virtual Result<std::optional<UserRecord>> user_by_id(std::int64_t id) = 0;
  // Replaces the password hash of a live account (kProtocolState "user" otherwise).
  [[nodiscard]] virtual Result<void> set_password_hash(std::int64_t user_id,
                                                       std::string_view password_hash) = 0;
  // Deletes an account in one transaction: its name, key and hash are cleared (the name
  // may be taken again), deleted_ms set, and all its sessions removed. The row stays, so
  // that the games that name its id stay, anonymised. kProtocolState "user" if not live.
  [[nodiscard]] virtual Result<void> delete_user(std::int64_t user_id, WallMs now) = 0;
  // Sessions. Stores a new one (kProtocolState "session" if the hash exists; "user" if the
  // account is not live; kInvalidArgument for a bad hash, csrf or times).
  [[nodiscard]] virtual Result<void> create_session(const SessionRecord& session) = 0;
  // The session with this hash if it has not expired at `now` (expires_ms > now) and its
  // account is live; nullopt otherwise.
  [[nodiscard]] virtual Result<std::optional<SessionRecord>> find_session(
      std::string_view token_hash, WallMs now) = 0;
  // Removes a session (logging out); removing one that does not exist is not an error.
  [[nodiscard]] virtual Result<void> delete_session(std::string_view token_hash) = 0;
  // Removes every session of the account but `keep_hash` (a password change logs out the
  // other browsers); returns how many were removed.
  [[nodiscard]] virtual Result<int> delete_other_sessions(std::int64_t user_id,
                                                          std::string_view keep_hash) = 0;
  // Removes the sessions that expired at `now` or before; returns how many.
  [[nodiscard]] virtual Result<int> purge_sessions(WallMs now) = 0;
  // Ratings (issue #17, docs/rating.md). A player's ratings, one per category rated so far.
  [[nodiscard]] virtual Result<std::vector<RatingRecord>> ratings_of(std::int64_t user_id) = 0;
  // Rates a finished game once, in one transaction: reads both players' current ratings in
  // the game's category (the defaults of RatingRecord, with updated_ms 0, for a first rated
  // game), calls `compute` with them (it must only compute: no I/O, no store calls), stores
  // what it returns as both players' ratings (updated_ms = now, games + 1) and a
  // RatingChange for each. The game must be ended (not aborted), rated, with both seats'
  // accounts live (kProtocolState naming "game", "rated" or "user"). A game already rated
  // is not rated again: its stored changes are returned and `compute` is not called.
  // Returns white's change then black's.
  [[nodiscard]] virtual Result<std::vector<RatingChange>> record_rated_game(
      std::string_view game_id, std::string_view speed, WallMs now,
      const std::function<RatingPair(const RatingPair& before)>& compute) = 0;
  // The changes a game made (white's then black's; empty when it was not rated).
  [[nodiscard]] virtual Result<std::vector<RatingChange>> game_rating_changes(
      std::string_view game_id) = 0;
  // A player's history in one category, oldest first, at most `limit` (1..10000) of the
  // most recent: the profile's chart.
  [[nodiscard]] virtual Result<std::vector<RatingChange>> rating_history(std::int64_t user_id,
                                                                         std::string_view speed,
                                                                         int limit) = 0;
  // The lobby (issue #17, docs/lobby.md). Adds a seek, in one transaction that first
  // removes the seeks no longer alive at `now` and then counts the owner's live ones (by
  // owner_user_id, or by owner_address when anonymous): when there are `max_per_owner`
  // already, nothing is added (kProtocolState, field "owner"). Errors: an id already used
  // (kProtocolState "id"); a bad field (kInvalidArgument naming it: id, key_hash, game_id,
  // owner_name, time_control, variant, speed, color, rating_min/rating_max (0..4000, min <=
  // max), alive_until_ms (> created_ms)).
  [[nodiscard]] virtual Result<void> add_seek(const SeekRecord& seek, WallMs now,
                                              int max_per_owner) = 0;
  // The seeks alive at `now` (alive_until_ms > now), oldest first, at most `limit` (1..1000).
  [[nodiscard]] virtual Result<std::vector<SeekRecord>> open_seeks(WallMs now, int limit) = 0;
  // The seek with this id if alive at `now`; nullopt otherwise.
  [[nodiscard]] virtual Result<std::optional<SeekRecord>> find_seek(std::string_view id,
                                                                    WallMs now) = 0;
  // Removes and returns the seek if it is alive at `now`: of concurrent callers (on any
  // node), exactly one gets it; the others get nullopt.
  [[nodiscard]] virtual Result<std::optional<SeekRecord>> take_seek(std::string_view id,
                                                                    WallMs now) = 0;
  // Moves a live seek's alive_until_ms to `until` (never backwards); false when the seek is
  // not alive at `now` (taken, cancelled or expired).
  [[nodiscard]] virtual Result<bool> keep_seek(std::string_view id, WallMs until, WallMs now) = 0;
  // Removes a seek (cancelled by its owner, declined by the player challenged); false when
  // there was none.
  [[nodiscard]] virtual Result<bool> remove_seek(std::string_view id) = 0;
  // The ongoing games (status ongoing) of the account `user_id` whose category is `speed`
  // and where that account is to move, the oldest last move first, at most `limit`
  // (1..1000). Errors: kInvalidArgument for a bad user_id (< 1), speed or limit.
  [[nodiscard]] virtual Result<std::vector<GameToMove>> games_to_move(std::int64_t user_id,
                                                                      std::string_view speed,
                                                                      int limit) = 0;
  // The rated games ended 1-0, 0-1 or 1/2-1/2 between two live accounts that have no
  // rating changes, the oldest end first, at most `limit` (1..1000): what a server rates
  // at start (a crash between a rated game's end and its rating loses nothing).
  [[nodiscard]] virtual Result<std::vector<UnratedGame>> unrated_games(int limit) = 0;
  // Events (issue #18, docs/events.md). Adds one; version is set to 1. Errors: the id is
  // taken (kProtocolState "id"); a bad field (kInvalidArgument naming it: id, kind, name,
  // owner_user_id, state).
  [[nodiscard]] virtual Result<void> create_tournament(const TournamentRecord& t) = 0;
  // The event with this id, or nullopt.
  [[nodiscard]] virtual Result<std::optional<TournamentRecord>> find_tournament(
      std::string_view id) = 0;
  // Replaces name, status, state, starts_ms and due_ms of the event `t.id` if its stored
  // version is `t.version`, and sets version to t.version + 1; false (nothing changed) when
  // the version moved on or there is no such event. kind, owner, created_ms and the lease
  // are not changed. Errors as create_tournament's.
  [[nodiscard]] virtual Result<bool> update_tournament(const TournamentRecord& t) = 0;
  // Events by status (all when empty), the latest starts_ms first, at most `limit` (1..1000).
  [[nodiscard]] virtual Result<std::vector<TournamentRecord>> list_tournaments(
      std::optional<TournamentStatus> status, int limit) = 0;
  // The events not finished whose due_ms is in (0, now], the earliest due first, at most
  // `limit` (1..1000): what the directors look at.
  [[nodiscard]] virtual Result<std::vector<TournamentRecord>> due_tournaments(WallMs now,
                                                                              int limit) = 0;
  // Takes or renews the lease of an event for `node` until `until`: granted when nobody
  // holds it (node "" or lease_until_ms <= now) or `node` holds it already; false
  // otherwise. Of concurrent callers on any node, one wins. The version is not changed.
  [[nodiscard]] virtual Result<bool> lease_tournament(std::string_view id, std::string_view node,
                                                      WallMs now, WallMs until) = 0;
  // Analyses (issue #18 item 3, docs/analysis.md). Queues the analysis of a game that has
  // ended (status ended): true when queued now; false when the game has one already that
  // is queued, running or done (nothing changed). A failed one is replaced. Errors: no such
  // game (kProtocolState "game_id"), a game not ended (kProtocolState "status"), a bad
  // field (kInvalidArgument naming it: game_id, status, done, total, requested_by, text).
  [[nodiscard]] virtual Result<bool> request_analysis(const AnalysisRecord& a) = 0;
  // The analysis of a game, or nullopt.
  [[nodiscard]] virtual Result<std::optional<AnalysisRecord>> find_analysis(
      std::string_view game_id) = 0;
  // Replaces status, done, total, text and updated_ms of the analysis of a.game_id; false
  // when there is none. Errors as request_analysis's fields.
  [[nodiscard]] virtual Result<bool> update_analysis(const AnalysisRecord& a) = 0;
  // The analyses queued or running (a process stopped in the middle of one), the oldest
  // request first, at most `limit` (1..1000): what the workers take, and take again at start.
  [[nodiscard]] virtual Result<std::vector<AnalysisRecord>> pending_analyses(int limit) = 0;
  // The ids of the games in play (status created or ongoing) with `user_id` in a seat, at
  // most `limit` (1..1000): Art. 11.3.1 allows no analysis to a player during his game.
  [[nodiscard]] virtual Result<std::vector<std::string>> games_in_play_of(std::int64_t user_id,
                                                                          int limit) = 0;
  // Group commit (issue #16): the writes of many games durable together. Each write is
  // all or nothing and fails alone (the same checks as append_move, append_events and
  // finish_game); one result per write, in order. A backend commits them in one
  // transaction and one flush; this default makes one call (and commit) per part.
  [[nodiscard]] virtual std::vector<Result<void>> commit(std::span<const GameWrite> writes);
};

// Opens a store from a location: "sqlite:PATH", or a plain PATH (SQLite); a libpq URI
// "postgresql://..." or "postgres://..." (PgStore). Both apply the missing migrations.
[[nodiscard]] Result<std::unique_ptr<Store>> open_store(std::string_view location);
// The location fit for a log or an error message: the password of a URL
// (postgresql://user:PASSWORD@host/...) and a password=... parameter become "***".
[[nodiscard]] std::string redact_location(std::string_view location);

}  // namespace arbiter::store
