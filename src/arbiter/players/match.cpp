#include "arbiter/players/match.hpp"

#include <atomic>
#include <mutex>
#include <thread>

#include "arbiter/core/chess960.hpp"
#include "arbiter/players/uci_player.hpp"
#include "arbiter/players/xboard_player.hpp"

namespace arbiter::players {

using competition::GameResult;

std::vector<ScheduledGame> schedule(const MatchOptions& o) {
  std::vector<std::pair<int, int>> pairings;
  const int n = static_cast<int>(o.engines.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (!o.gauntlet || i == 0) pairings.emplace_back(i, j);
  std::vector<ScheduledGame> out;
  for (const auto& [i, j] : pairings) {
    for (int k = 0; k < o.games; ++k) {
      ScheduledGame g;
      g.number = static_cast<int>(out.size()) + 1;
      g.white = k % 2 == 0 ? i : j;
      g.black = k % 2 == 0 ? j : i;
      const auto opening = static_cast<std::size_t>(k / 2);
      if (!o.chess960_positions.empty()) {
        g.chess960 = o.chess960_positions[opening % o.chess960_positions.size()];
      } else if (!o.openings.empty()) {
        g.fen = o.openings[opening % o.openings.size()];
      }
      out.push_back(g);
    }
  }
  return out;
}

std::vector<int> chess960_positions(std::uint64_t seed, int count) {
  std::vector<int> out;
  // A SplitMix64 sequence from the seed, one draw per position.
  std::uint64_t state = seed;
  for (int i = 0; i < count; ++i) {
    state += 0x9E3779B97F4A7C15ull;
    out.push_back(core::chess960::random_number(state));
  }
  return out;
}

competition::StartEvent start_event(const MatchOptions& o, const ScheduledGame& g) {
  const EngineConfig& wc = o.engines[static_cast<std::size_t>(g.white)];
  const EngineConfig& bc = o.engines[static_cast<std::size_t>(g.black)];
  competition::StartEvent start;
  start.white = wc.name;
  start.black = bc.name;
  start.time_control = wc.time_control.value_or(o.time_control);
  const clock::TimeControl black = bc.time_control.value_or(o.time_control);
  if (black != start.time_control) start.time_control_black = black;
  start.fen = g.fen;
  start.chess960 = g.chess960;
  start.rules = o.rules;
  return start;
}

std::unique_ptr<Player> make_engine_player(const EngineConfig& config) {
  if (config.protocol == Protocol::Xboard) return std::make_unique<XboardPlayer>(config);
  return std::make_unique<UciPlayer>(config);
}

namespace {

// Art. 10.1 from each side's point of view; a forfeit counts as the win or loss it gives.
void add_result(std::vector<Wdl>& table, const ScheduledGame& g, GameResult r) {
  Wdl& w = table[static_cast<std::size_t>(g.white)];
  Wdl& b = table[static_cast<std::size_t>(g.black)];
  switch (r) {
    case GameResult::WhiteWins:
    case GameResult::WhiteByForfeit:
      ++w.wins;
      ++b.losses;
      break;
    case GameResult::BlackWins:
    case GameResult::BlackByForfeit:
      ++b.wins;
      ++w.losses;
      break;
    case GameResult::Draw:
      ++w.draws;
      ++b.draws;
      break;
    default:
      ++w.losses;
      ++b.losses;
      break;  // both lose (-/-, 0-0) or an odd score
  }
}

}  // namespace

void play_games(const MatchOptions& options, const std::vector<ScheduledGame>& games,
                const PlayerFactory& factory,
                const std::function<std::unique_ptr<TimeSource>()>& time_factory,
                const std::function<bool(const ScheduledGame&, Result<PlayedGame>)>& on_played) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  auto worker = [&] {
    for (;;) {
      if (stop.load()) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= games.size()) return;
      const ScheduledGame& g = games[i];
      auto white = factory(options.engines[static_cast<std::size_t>(g.white)]);
      auto black = factory(options.engines[static_cast<std::size_t>(g.black)]);
      auto time = time_factory();
      RunOptions run;
      run.claim_draws = options.claim_draws;
      run.adjudication = options.adjudication;
      auto played = run_game(start_event(options, g), *white, *black, *time, run);
      std::lock_guard lock(mutex);
      if (!on_played(g, std::move(played))) stop.store(true);
    }
  };
  const int k = std::max(1, options.concurrency);
  std::vector<std::thread> threads;
  for (int t = 1; t < k; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
}

MatchSummary run_match(
    const MatchOptions& options, const PlayerFactory& factory,
    const std::function<std::unique_ptr<TimeSource>()>& time_factory,
    const std::function<void(const FinishedGame&, const MatchSummary&)>& on_game) {
  const std::vector<ScheduledGame> games = schedule(options);
  MatchSummary summary;
  summary.per_engine.resize(options.engines.size());
  summary.scheduled = static_cast<int>(games.size());
  play_games(options, games, factory, time_factory,
             [&](const ScheduledGame& g, Result<PlayedGame> played) {
               if (!played) {  // an unusable opening: recorded as no game
                 --summary.scheduled;
                 return true;
               }
               add_result(summary.per_engine, g, played->verdict.result);
               ++summary.played;
               bool go_on = true;
               if (options.sprt && options.engines.size() == 2) {
                 summary.sprt = sprt_decision(summary.per_engine[0], *options.sprt);
                 go_on = *summary.sprt == SprtDecision::Continue;
               }
               if (on_game) on_game(FinishedGame{g, std::move(*played)}, summary);
               return go_on;
             });
  return summary;
}

}  // namespace arbiter::players
