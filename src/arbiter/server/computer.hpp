// The computer opponent: the built-in engine (src/arbiter/engine) at a strength level 1..8
// mapped onto UCI_Elo. The engines live in one bounded EnginePool shared by every computer
// game (docs/security.md): a game holds only a seat (a few bytes), asks the pool to
// think, and waits in a FIFO queue while every searcher is busy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "arbiter/server/room_support.hpp"

namespace arbiter::server {

// Level 1..8 → Elo (engine/strength.hpp): 800, 1000, 1200, 1400, 1600, 1900, 2200, and
// level 8 the full strength (no limit).
[[nodiscard]] int computer_elo(int level) noexcept;
// The time the computer allows itself for a move: a share of its clock plus part of the
// increment, capped per level so that a game against a weak level moves briskly.
[[nodiscard]] std::int64_t computer_move_time(int level, std::int64_t remaining_ms,
                                              std::int64_t increment_ms) noexcept;

struct EnginePoolOptions {
  int searchers = 2;        // engines, each with its own thread and hash
  std::size_t hash_mb = 8;  // per engine
  int max_games = 64;       // seats: computer games held in memory at once
};

// N engines (allocated at construction, so the pool's memory is fixed) serving the seats of
// every computer game. A request is queued FIFO; a free searcher takes it, configures its
// engine for the request's level (and clears its hash when it switches games), searches,
// and hands the move to the request's callback. Cancelling a seat's request (stop(), the
// seat's destruction) drops it from the queue or stops its search, and its callback is not
// called. Thread-safe.
class EnginePool {
 public:
  // Allocates the engines; throws std::bad_alloc when their hash cannot be had.
  explicit EnginePool(const EnginePoolOptions& options);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // A game's seat at `level`; null while max_games seats are out (the caller refuses the
  // game or waits). The seat gives its place back when destroyed.
  [[nodiscard]] std::unique_ptr<ComputerMover> seat(int level);

  // Cancels everything and joins the searchers (the destructor does it too); seats that
  // outlive it answer nothing more.
  void stop();

  [[nodiscard]] const EnginePoolOptions& options() const noexcept;
  [[nodiscard]] int seats_in_use() const;
  [[nodiscard]] int queued() const;
  [[nodiscard]] int searching() const;

  struct Impl;

 private:
  std::shared_ptr<Impl> impl_;  // shared with the seats
};

}  // namespace arbiter::server
