#include "arbiter/server/computer.hpp"

#include <algorithm>
#include <array>
#include <random>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/engine.hpp"

namespace arbiter::server {
namespace {

class EngineComputer final : public ComputerMover {
 public:
  explicit EngineComputer(int level) : level_(std::clamp(level, 1, 8)) {
    engine::EngineOptions o;
    o.hash_mb = 8;
    o.threads = 1;
    o.limit_strength = level_ < 8;
    o.elo = computer_elo(level_);
    o.seed = std::random_device{}() | 1u;
    engine_.set_options(o);
    engine_.new_game();
  }
  ~EngineComputer() override {
    engine_.stop();
    engine_.wait();
  }

  void think(const ThinkRequest& request, std::function<void(std::string)> done) override {
    // The previous search has reported its move but its thread may still be ending: join
    // it before the position changes under it.
    engine_.stop();
    engine_.wait();
    engine_.set_position(request.position, request.history);
    engine::SearchLimits limits;
    limits.movetime = computer_move_time(level_, request.remaining_ms, request.increment_ms);
    const bool chess960 = request.position.is_chess960();
    // Engine::start joins the previous search's thread first; the callback runs on the
    // new search thread and only hands the move on.
    engine_.start(limits, {}, [done = std::move(done), chess960](const engine::SearchResult& r) {
      done(r.best == core::Move::none() ? std::string{} : core::to_uci(r.best, chess960));
    });
  }

  void stop() noexcept override { engine_.stop(); }

 private:
  int level_;
  engine::Engine engine_;
};

}  // namespace

int computer_elo(int level) noexcept {
  static constexpr std::array<int, 8> kElo{800,  1000, 1200, 1400,
                                           1600, 1900, 2200, engine::kMaxElo};
  return kElo[static_cast<std::size_t>(std::clamp(level, 1, 8) - 1)];
}

std::int64_t computer_move_time(int level, std::int64_t remaining_ms,
                                std::int64_t increment_ms) noexcept {
  const std::int64_t cap = level <= 3 ? 800 : level <= 6 ? 1500 : 3000;
  if (remaining_ms < 0) return cap;  // no clock
  const std::int64_t share = remaining_ms / 40 + increment_ms / 2;
  return std::clamp<std::int64_t>(std::min(share, remaining_ms / 4), 20, cap);
}

std::unique_ptr<ComputerMover> make_engine_computer(int level) {
  return std::make_unique<EngineComputer>(level);
}

}  // namespace arbiter::server
