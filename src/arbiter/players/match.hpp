// The match runner: a schedule of engine games (round-robin or gauntlet, each pairing
// played with the colours reversed on the same opening), run K at a time, each through
// its own Arbiter and wall clock, with the running score and an optional SPRT stop.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/competition/events.hpp"
#include "arbiter/players/engine_config.hpp"
#include "arbiter/players/game_runner.hpp"
#include "arbiter/players/match_stats.hpp"
#include "arbiter/players/player.hpp"

namespace arbiter::players {

struct MatchOptions {
  std::vector<EngineConfig> engines;
  clock::TimeControl time_control;  // for every engine without its own (EngineConfig tc=)
  competition::Rules rules;
  bool gauntlet = false;              // engines[0] against each of the others; else round-robin
  int games = 2;                      // per pairing; colours alternate
  std::vector<std::string> openings;  // start FENs; empty: the initial position
  // Chess960 start positions (Guideline II numbers), used instead of `openings`; each is
  // played with the colours reversed like an opening.
  std::vector<int> chess960_positions;
  int concurrency = 1;
  std::optional<Sprt> sprt;   // two engines only
  bool claim_draws = true;    // RunOptions::claim_draws: claim 9.2 / 9.3 draws for engines
  Adjudication adjudication;  // RunOptions::adjudication: none unless named (--adjudicate)
};

struct ScheduledGame {
  int number = 0;  // 1-based, the PGN Round
  int white = 0;   // index into engines
  int black = 0;
  std::optional<std::string> fen;
  std::optional<int> chess960;  // a Chess960 start position number, instead of `fen`
};

struct FinishedGame {
  ScheduledGame game;
  PlayedGame played;
};

// The games in order. Pairing (i, j) plays `games` games; game k of a pairing has
// opening k / 2 (cycling) and i as White when k is even.
[[nodiscard]] std::vector<ScheduledGame> schedule(const MatchOptions& options);

// The start event of a scheduled game: names, each side's time control (an engine's own
// `tc=` or the match's; different ones are time odds), the opening and the rules.
[[nodiscard]] competition::StartEvent start_event(const MatchOptions& options,
                                                  const ScheduledGame& game);

// `count` Chess960 start positions drawn at random from `seed` (Guideline II.2.1): the
// same seed gives the same positions.
[[nodiscard]] std::vector<int> chess960_positions(std::uint64_t seed, int count);

// Makes the player for engine `index` (production: UciPlayer / XboardPlayer).
using PlayerFactory = std::function<std::unique_ptr<Player>(const EngineConfig&)>;
[[nodiscard]] std::unique_ptr<Player> make_engine_player(const EngineConfig& config);

struct MatchSummary {
  std::vector<Wdl> per_engine;  // each engine's wins/draws/losses against the field
  int played = 0;
  int scheduled = 0;
  std::optional<SprtDecision> sprt;
};

// Plays `games` K at a time (options.concurrency), each through its own Arbiter and clock.
// `on_played` is called serialised, in completion order, with each game and its outcome
// (an error when the start event is unusable); it returns false to stop the games not yet
// begun.
void play_games(const MatchOptions& options, const std::vector<ScheduledGame>& games,
                const PlayerFactory& factory,
                const std::function<std::unique_ptr<TimeSource>()>& time_factory,
                const std::function<bool(const ScheduledGame&, Result<PlayedGame>)>& on_played);

// Runs the match; `on_game` is called (serialised, from worker threads) for each finished
// game in completion order, with the running summary. The TimeSource factory gives each
// game its own clock.
MatchSummary run_match(
    const MatchOptions& options, const PlayerFactory& factory,
    const std::function<std::unique_ptr<TimeSource>()>& time_factory,
    const std::function<void(const FinishedGame&, const MatchSummary&)>& on_game);

}  // namespace arbiter::players
