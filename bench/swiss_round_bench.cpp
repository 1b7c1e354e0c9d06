// Issue #18's load target: a Swiss of N players on the server, and the time from the last
// game of a round ending to every game of the next round created (the round paired by the
// Dutch System, its games stored with both seats, their ids in the event). Target: 1,000
// players, 500 games, within 5 s.
//
//   bench_swiss_round [PLAYERS [ROUNDS [STORE]]]   (defaults 1000, 5, a temporary SQLite file)
//
// Everything runs on this thread as the director's pool does: TournamentService::record
// for each result (the rooms' ending notices), then direct_due. Results are drawn from the
// rating difference with a fixed seed, so runs compare.
#include <unistd.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "arbiter/server/commit_writer.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/room_support.hpp"
#include "arbiter/server/service.hpp"
#include "arbiter/server/tournament_service.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/tournament/online_rules.hpp"

using namespace arbiter;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

[[noreturn]] void die(const std::string& what, const Error& e) {
  std::fprintf(stderr, "bench_swiss_round: %s: %s\n", what.c_str(), e.describe().c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  const int players = argc > 1 ? std::atoi(argv[1]) : 1000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("arbiter-swiss-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string location = argc > 3 ? argv[3] : (dir / "arbiter.db").string();
  auto store = store::open_store(location);
  if (!store) die("open " + location, store.error());

  server::ManualRoomClock clock;
  // As `arbiter serve` runs: games stored by the group-commit writer, its completions on
  // the room service's thread.
  server::RoomService rooms;
  server::CommitWriter writer(**store, rooms);
  server::RoomContext ctx;
  ctx.store = store->get();
  ctx.clock = &clock;
  ctx.executor = &rooms;
  ctx.writer = &writer;
  server::GameRegistry registry(ctx);
  rooms.start(registry);
  server::TournamentService service(**store, registry, clock, nullptr);

  tournament::OnlineEvent e;
  e.settings.name = "Bench Swiss";
  e.settings.time_control = "300+3";
  e.settings.rounds = rounds;
  e.settings.starts_ms = clock.wall_ms();
  e.settings.tiebreaks = "BH/C1,BH,SB";
  for (int i = 1; i <= players; ++i) {
    store::UserRecord u;
    u.name = "p" + std::to_string(i);
    u.name_key = u.name;
    u.password_hash = "$argon2id$bench";
    u.created_ms = clock.wall_ms();
    auto made = (*store)->create_user(u);
    if (!made) die("create user", made.error());
    auto entered = tournament::enter(e, made->id, u.name, 2700 - (1700 * (i - 1)) / players);
    if (!entered) die("enter", entered.error());
  }
  store::TournamentRecord r;
  r.id = "bench";
  r.kind = "swiss";
  r.name = e.settings.name;
  r.owner_user_id = 1;
  r.state = tournament::write_event(e);
  r.created_ms = r.starts_ms = r.due_ms = clock.wall_ms();
  if (auto ok = (*store)->create_tournament(r); !ok) die("create event", ok.error());

  std::mt19937_64 rng{15};
  std::printf("bench_swiss_round: %d players, %d rounds, store %s\n", players, rounds,
              location.c_str());
  std::printf("round  boards  last result -> games created\n");
  auto t = Clock::now();
  double worst = 0;
  for (int round = 1; round <= rounds; ++round) {
    service.direct_due();
    const double took = seconds_since(t);
    auto found = (*store)->find_tournament("bench");
    if (!found || !*found) die("read event", found ? Error{} : found.error());
    auto now = tournament::read_event((*found)->state);
    if (!now) die("read event text", now.error());
    const auto& boards = now->rounds.back().boards;
    for (const auto& b : boards) {
      if (b.game.empty()) {
        std::fprintf(stderr, "bench_swiss_round: round %d has a board without a game\n", round);
        return 1;
      }
    }
    std::printf("%5d  %6zu  %8.3f s\n", round, boards.size(), took);
    worst = std::max(worst, took);
    // The round's results: the higher rated wins more often (a logistic of the difference).
    clock.advance(Millis{60'000});
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const auto* w = now->entrant(boards[i].white);
      const auto* b = now->entrant(boards[i].black);
      const double diff = *w->rating - *b->rating;
      const double p = 1.0 / (1.0 + std::pow(10.0, -diff / 400.0));
      const double x = std::uniform_real_distribution<double>(0, 1)(rng);
      const char* result = x < p * 0.8 ? "1-0" : x < p * 0.8 + 0.2 ? "1/2-1/2" : "0-1";
      if (i + 1 == boards.size()) t = Clock::now();  // the last game ends now
      service.record(server::TournamentGameEnd{boards[i].game, "bench", result});
    }
  }
  std::printf("worst: %.3f s (target: 5 s for 1,000 players)\n", worst);
  writer.stop();
  rooms.stop();
  registry.shutdown();
  std::filesystem::remove_all(dir);
  return 0;
}
