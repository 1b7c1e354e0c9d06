#include "arbiter/engine/engine.hpp"

#include <algorithm>
#include <chrono>

#include "arbiter/core/movegen.hpp"

namespace arbiter::engine {

using core::Move;

Engine::Engine(const TimeSource* clock)
    : clock_(clock), tt_(16), root_(core::Position::startpos()) {
  if (!clock_) {
    own_clock_ = std::make_unique<SteadyTimeSource>();
    clock_ = own_clock_.get();
  }
  rebuild_workers();
  set_options(options_);
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::rebuild_workers() {
  const int n = std::clamp(options_.threads, 1, 256);
  while (static_cast<int>(workers_.size()) > n) workers_.pop_back();
  while (static_cast<int>(workers_.size()) < n)
    workers_.push_back(std::make_unique<Worker>(static_cast<int>(workers_.size())));
}

void Engine::set_options(const EngineOptions& options) {
  wait();
  if (options.hash_mb != options_.hash_mb) tt_.resize(options.hash_mb);
  if (options.network != options_.network) tt_.clear();  // its entries hold the other eval
  options_ = options;
  options_.elo = std::clamp(options_.elo, kMinElo, kMaxElo);
  options_.multipv = std::clamp(options_.multipv, 1, 256);
  options_.move_overhead_ms = std::clamp(options_.move_overhead_ms, 0, 10000);
  rebuild_workers();
  const std::uint64_t seed =
      options_.seed
          ? options_.seed
          : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  rng_ = Rng(seed);
}

void Engine::new_game() {
  wait();
  tt_.clear();
  for (auto& w : workers_) w->clear();
  if (options_.seed) rng_ = Rng(options_.seed);
}

void Engine::set_position(const core::Position& pos, std::vector<core::Key> history) {
  wait();
  root_ = pos;
  history_ = std::move(history);
}

bool Engine::is_searching() const noexcept { return searching_.load(); }

void Engine::stop() noexcept { shared_.stop = true; }

void Engine::ponderhit() noexcept {
  // The opponent played the expected move: our clock runs from now. Outside pondering
  // this is a no-op (restarting the clock of a timed search could lose on time).
  if (!shared_.pondering.load()) return;
  shared_.start_ms = clock_->now().count();
  shared_.pondering = false;
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

void Engine::start(const SearchLimits& limits, InfoCallback info, DoneCallback done) {
  stop();
  wait();
  shared_.stop = false;
  shared_.pondering = limits.ponder;
  shared_.start_ms = clock_->now().count();
  shared_.tt = &tt_;
  shared_.clock = clock_;
  shared_.limits = limits;
  shared_.budget = allocate_time(limits, root_.side_to_move(), options_.move_overhead_ms);
  shared_.multipv = options_.multipv;
  shared_.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 2) : kMaxPly - 2;
  shared_.max_nodes = limits.nodes;
  shared_.network = options_.network;
  if (options_.limit_strength) {
    const StrengthProfile p = strength_for_elo(options_.elo);
    shared_.multipv = std::max(shared_.multipv, p.lines);
    shared_.max_depth = std::min(shared_.max_depth, p.max_depth);
    shared_.max_nodes = shared_.max_nodes ? std::min(shared_.max_nodes, p.max_nodes) : p.max_nodes;
  }
  shared_.on_info = std::move(info);
  shared_.workers.clear();
  for (auto& w : workers_) {
    w->prepare(root_, history_, shared_);
    shared_.workers.push_back(w.get());
  }
  tt_.new_search();
  searching_ = true;
  thread_ = std::thread([this, done = std::move(done)]() mutable { run_search(std::move(done)); });
}

void Engine::run_search(DoneCallback done) {
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back([w = workers_[i].get()] { w->run(); });
  workers_[0]->run();
  // UCI: with `infinite` or while pondering, bestmove waits for `stop` or `ponderhit`.
  while (!shared_.stop.load() && (shared_.limits.infinite || shared_.pondering.load()))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  shared_.stop = true;
  for (auto& h : helpers) h.join();
  const SearchResult result = collect_result();
  searching_ = false;
  if (done) done(result);
}

SearchResult Engine::collect_result() {
  SearchResult r;
  const Worker& main = *workers_[0];
  const auto& rms = main.root_moves();
  r.nodes = shared_.total_nodes();
  r.depth = main.completed_depth();
  if (rms.empty()) return r;
  std::size_t pick = 0;
  if (options_.limit_strength) {
    std::vector<Candidate> candidates;
    const std::size_t lines =
        std::min<std::size_t>(static_cast<std::size_t>(shared_.multipv), rms.size());
    for (std::size_t i = 0; i < lines; ++i) candidates.push_back({rms[i].move, rms[i].score});
    pick = pick_candidate(candidates, strength_for_elo(options_.elo), rng_);
  }
  const RootMove& rm = rms[pick];
  r.best = rm.move;
  r.score = rm.score == -kInfinite ? rm.previous_score : rm.score;
  if (rm.pv_length > 1 && rm.pv[0] == rm.move) {
    r.ponder = rm.pv[1];
  } else {
    // Take the reply from the hash table when the PV is too short.
    core::Position next = root_.after(rm.move);
    TTData tt;
    if (tt_.probe(next.key(), 1, tt) && core::legal_moves(next).contains(tt.move))
      r.ponder = tt.move;
  }
  return r;
}

SearchResult Engine::search(const SearchLimits& limits, InfoCallback info) {
  SearchResult result;
  start(limits, std::move(info), [&result](const SearchResult& r) { result = r; });
  wait();
  return result;
}

}  // namespace arbiter::engine
