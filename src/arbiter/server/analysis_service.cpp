#include "arbiter/server/analysis_service.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "arbiter/analysis/annotate.hpp"
#include "arbiter/analysis/text_form.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/wire/analysis_json.hpp"

namespace arbiter::server {

namespace {

HttpReply store_error(const Error& e) {
  return error_reply(500, "internal", "the store failed: " + e.message);
}

// The game as analyse() takes it: the start position and the moves that stand.
Result<std::pair<core::Position, std::vector<core::Move>>> game_of(const store::StoredGame& g) {
  core::FenOptions o;
  o.chess960 = g.header.variant == "chess960";
  auto start = core::Position::from_fen(g.header.start_fen, o);
  if (!start) return tl::unexpected(start.error());
  core::Position pos = *start;
  std::vector<core::Move> moves;
  for (const store::MoveRecord& m : g.moves) {
    auto move = core::parse_uci(pos, m.uci);
    if (!move) return tl::unexpected(move.error());
    core::Undo undo;
    pos.do_move(*move, undo);
    moves.push_back(*move);
  }
  return std::pair{*start, std::move(moves)};
}

}  // namespace

AnalysisService::AnalysisService(store::Store& store, const RoomClock& clock,
                                 std::shared_ptr<AccountApi> accounts,
                                 AnalysisServiceOptions options)
    : store_(store),
      clock_(clock),
      accounts_(std::move(accounts)),
      options_(options),
      pool_(std::make_unique<WorkerPool>(std::max(1, options.workers))),
      live_pool_(std::make_unique<WorkerPool>(1)) {}

AnalysisService::~AnalysisService() { stop(); }

void AnalysisService::stop() {
  stopping_ = true;
  pool_.reset();  // drops what was not started, waits for the running ones (they stop)
  // Taken out under the lock and stopped outside it: a search's engine thread may be
  // posting to it meanwhile.
  std::unique_ptr<WorkerPool> live;
  {
    std::lock_guard lock{live_mutex_};
    live = std::move(live_pool_);
  }
  live.reset();
}

void AnalysisService::live_post(std::function<void()> task) {
  std::lock_guard lock{live_mutex_};
  if (live_pool_) live_pool_->post(std::move(task));
}

Result<int> AnalysisService::resume() {
  auto pending = store_.pending_analyses(1000);
  if (!pending) return tl::unexpected(pending.error());
  for (const store::AnalysisRecord& a : *pending) {
    if (pool_) pool_->post([this, id = a.game_id] { run(id); });
  }
  return static_cast<int>(pending->size());
}

bool AnalysisService::owns(std::string_view target) noexcept {
  const auto parts = split_path(target.substr(0, target.find('?')));
  if (parts.size() == 2 && parts[0] == "api" && parts[1] == "analysis") return true;
  return parts.size() == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "analysis";
}

std::optional<HttpReply> AnalysisService::playing(const HttpRequest& request,
                                                  std::int64_t* account) {
  if (!accounts_) return std::nullopt;
  auto viewer = accounts_->account_of(request);
  if (!viewer) return std::nullopt;
  if (account != nullptr) *account = viewer->id;
  // Art. 11.3.1: during his game a player may use no source of analysis whatever.
  auto games = store_.games_in_play_of(viewer->id, 1);
  if (!games) return store_error(games.error());
  if (games->empty()) return std::nullopt;
  return error_reply(
      409, "protocol-state",
      "Art. 11.3.1: no analysis while you are playing a game (" + games->front() + ")", "in_play");
}

HttpReply AnalysisService::handle(const HttpRequest& request) {
  const auto parts =
      split_path(std::string_view{request.target}.substr(0, request.target.find('?')));
  if (parts.size() == 2) {
    if (request.method != "GET") return error_reply(405, "method", "GET only");
    return live(request);
  }
  const std::string id{parts[2]};
  if (request.method == "POST") return this->request(request, id);
  if (request.method == "GET" || request.method == "HEAD") return state(id);
  return error_reply(405, "method", "GET or POST");
}

HttpReply AnalysisService::request(const HttpRequest& request, const std::string& id) {
  std::int64_t by = 0;
  if (accounts_) {
    auto acting = accounts_->acting_account(request);  // a POST: the CSRF token too
    if (!acting) return std::move(acting.error());
  }
  if (auto refused = playing(request, &by)) return std::move(*refused);
  auto pending = store_.pending_analyses(1000);
  if (!pending) return store_error(pending.error());
  if (static_cast<int>(pending->size()) >= options_.max_queue) {
    HttpReply busy = error_reply(503, "busy", "the analysis queue is full; try again later");
    busy.retry_after = "60";
    return busy;
  }
  auto game = store_.load_game(id);
  if (!game) {
    if (game.error().code == ErrorCode::kProtocolState ||
        game.error().code == ErrorCode::kInvalidArgument) {
      return error_reply(404, "not-found", "no such game");
    }
    return store_error(game.error());
  }
  store::AnalysisRecord a;
  a.game_id = id;
  a.total = static_cast<int>(game->moves.size()) + 1;
  a.requested_by = by;
  a.requested_ms = a.updated_ms = clock_.wall_ms();
  auto queued = store_.request_analysis(a);
  if (!queued) {
    if (queued.error().where.field == "status") {
      return error_reply(409, "protocol-state", "only a game that has ended is analysed", "status");
    }
    return from_error(queued.error());
  }
  if (*queued && pool_ && !stopping_) pool_->post([this, id] { run(id); });
  HttpReply reply = state(id);
  if (*queued && reply.status == 200) reply.status = 202;
  return reply;
}

HttpReply AnalysisService::state(const std::string& id) {
  auto found = store_.find_analysis(id);
  if (!found) return store_error(found.error());
  wire::AnalysisStateView v;
  if (!*found) {
    v.status = "none";
    return json_reply(200, wire::write_analysis_state(v));
  }
  const store::AnalysisRecord& a = **found;
  v.status = std::string(store::to_string(a.status));
  v.done = a.done;
  v.total = a.total;
  {
    std::lock_guard lock{mutex_};
    if (auto it = progress_.find(id); it != progress_.end()) {
      v.done = it->second.first;
      v.total = it->second.second;
    }
  }
  std::optional<analysis::GameAnalysis> parsed;
  if (a.status == store::AnalysisStatus::Done) {
    auto read = analysis::parse_analysis(a.text);
    if (!read) return from_error(read.error());
    parsed = std::move(*read);
    v.analysis = &*parsed;
  } else if (a.status == store::AnalysisStatus::Failed) {
    v.reason = a.text;
  } else if (a.status == store::AnalysisStatus::Queued) {
    auto pending = store_.pending_analyses(1000);
    if (!pending) return store_error(pending.error());
    v.queued_before = static_cast<int>(
        std::count_if(pending->begin(), pending->end(), [&](const store::AnalysisRecord& p) {
          return p.requested_ms < a.requested_ms ||
                 (p.requested_ms == a.requested_ms && p.game_id < a.game_id);
        }));
  }
  return json_reply(200, wire::write_analysis_state(v));
}

void AnalysisService::run(const std::string& game_id) {
  if (stopping_) return;
  auto found = store_.find_analysis(game_id);
  if (!found || !*found) return;
  store::AnalysisRecord a = **found;
  if (a.status == store::AnalysisStatus::Done || a.status == store::AnalysisStatus::Failed) return;
  const auto fail = [&](const std::string& why) {
    a.status = store::AnalysisStatus::Failed;
    a.text = why;
    a.updated_ms = clock_.wall_ms();
    (void)store_.update_analysis(a);
    std::fprintf(stderr, "arbiter serve: analysis of %s failed: %s\n", game_id.c_str(),
                 why.c_str());
  };
  auto stored = store_.load_game(game_id);
  if (!stored) return fail(stored.error().describe());
  auto game = game_of(*stored);
  if (!game) return fail(game.error().describe());
  a.status = store::AnalysisStatus::Running;
  a.done = 0;
  a.total = static_cast<int>(game->second.size()) + 1;
  a.updated_ms = clock_.wall_ms();
  if (auto ok = store_.update_analysis(a); !ok) return fail(ok.error().describe());

  analysis::AnalysisOptions o;
  o.nodes = options_.nodes;
  o.hash_mb = options_.hash_mb;
  o.stop = &stopping_;
  o.progress = [&](std::size_t done, std::size_t total) {
    {
      std::lock_guard lock{mutex_};
      progress_[game_id] = {static_cast<int>(done), static_cast<int>(total)};
    }
    // The store's copy, for the other nodes of a cluster: every few positions.
    if (done % static_cast<std::size_t>(std::max(1, options_.progress_every)) == 0) {
      a.done = static_cast<int>(done);
      a.updated_ms = clock_.wall_ms();
      (void)store_.update_analysis(a);
    }
  };
  auto result = analysis::analyse(game->first, game->second, o);
  {
    std::lock_guard lock{mutex_};
    progress_.erase(game_id);
  }
  if (!result) {
    if (stopping_) return;  // stays running in the store: resumed at the next start
    return fail(result.error().describe());
  }
  a.status = store::AnalysisStatus::Done;
  a.done = a.total;
  a.text = analysis::to_text(*result);
  a.updated_ms = clock_.wall_ms();
  if (auto ok = store_.update_analysis(a); !ok) {
    std::fprintf(stderr, "arbiter serve: cannot store the analysis of %s: %s\n", game_id.c_str(),
                 ok.error().describe().c_str());
  }
}

// ------------------------------------------------------------------ the analysis board

// One live search streamed as server-sent events: each line the engine reports becomes an
// event as soon as the transport asks for the next piece; the search ends by itself (time,
// depth) and, when the client goes away, with this object (the transport drops it).
//
// The transport's callback is never run on the engine's thread: it may drop the last
// reference to this object, whose destructor waits for that thread. The engine's thread
// only queues text; the service's live thread hands it over.
class LiveSearch final : public BodySource, public std::enable_shared_from_this<LiveSearch> {
 public:
  LiveSearch(AnalysisService& service, core::Position pos, int multipv)
      : service_(service), pos_(std::move(pos)) {
    engine::EngineOptions o;
    o.hash_mb = service.options_.hash_mb;
    o.threads = 1;
    o.multipv = multipv;
    engine_.set_options(o);
    engine_.new_game();
    engine_.set_position(pos_);
  }
  ~LiveSearch() override {
    engine_.stop();
    engine_.wait();
    --service_.live_running_;
  }
  LiveSearch(const LiveSearch&) = delete;
  LiveSearch& operator=(const LiveSearch&) = delete;

  void begin() {
    engine::SearchLimits limits;
    limits.movetime = service_.options_.live_ms;
    limits.depth = service_.options_.live_depth;
    engine_.start(
        limits, [this](const engine::SearchInfo& info) { add(line_of(info)); },
        [this](const engine::SearchResult&) { finish(); });
  }

  void next(Done done) override {
    {
      std::lock_guard lock{mutex_};
      waiting_ = std::move(done);
    }
    deliver();
  }

 private:
  std::string line_of(const engine::SearchInfo& info) const {
    wire::LiveLine l;
    l.depth = info.depth;
    l.multipv = info.multipv;
    l.eval = analysis::from_engine(info.score, pos_.side_to_move());
    l.nodes = info.nodes;
    l.nps = info.nps;
    core::Position p = pos_;
    for (const core::Move m : info.pv) {
      if (l.pv.size() == 12 || !p.is_legal(m)) break;
      l.pv.push_back(notation::san(p, m));
      core::Undo undo;
      p.do_move(m, undo);
    }
    return "data: " + wire::write_live_line(l) + "\n\n";
  }
  // On the engine's thread: queue, and let the live thread deliver.
  void add(std::string chunk, bool last = false) {
    {
      std::lock_guard lock{mutex_};
      queued_ += chunk;
      ended_ = ended_ || last;
    }
    service_.live_post([weak = weak_from_this()] {
      if (auto self = weak.lock()) self->deliver();
    });
  }
  void finish() { add("event: done\ndata: {}\n\n", true); }
  // Hands what is queued (or the end) to a waiting transport; never on the engine's thread.
  void deliver() {
    Done ready;
    std::optional<std::string> piece;
    {
      std::lock_guard lock{mutex_};
      if (!waiting_) return;
      if (!queued_.empty()) {
        piece = std::move(queued_);
        queued_.clear();
      } else if (!ended_) {
        return;
      }
      ready = std::move(waiting_);
      waiting_ = nullptr;
    }
    ready(std::move(piece));
  }

  AnalysisService& service_;
  core::Position pos_;
  engine::Engine engine_;
  std::mutex mutex_;
  std::string queued_;
  Done waiting_;
  bool ended_ = false;
};

HttpReply AnalysisService::live(const HttpRequest& request) {
  const std::string_view target = request.target;
  const auto q = target.find('?');
  const std::string_view query =
      q == std::string_view::npos ? std::string_view{} : target.substr(q + 1);
  const auto fen_text = query_param(query, "fen");
  if (!fen_text || fen_text->empty()) {
    return error_reply(400, "invalid-argument", "fen is required", "fen");
  }
  std::string fen = url_decode(*fen_text);
  core::FenOptions fo;
  fo.chess960 = query_param(query, "chess960") == std::string_view{"1"};
  auto pos = core::Position::from_fen(fen, fo);
  if (!pos) {
    Error e = pos.error();
    e.where.field = "fen";
    return from_error(e);
  }
  int multipv = 1;
  if (auto m = query_param(query, "multipv"); m && !m->empty()) {
    if (m->size() != 1 || (*m)[0] < '1' || (*m)[0] > '5') {
      return error_reply(400, "invalid-argument", "multipv must be 1..5", "multipv");
    }
    multipv = (*m)[0] - '0';
  }
  if (auto refused = playing(request, nullptr)) return std::move(*refused);
  if (live_running_.fetch_add(1) >= options_.live_max) {
    --live_running_;
    HttpReply busy = error_reply(503, "busy", "the server runs as many live analyses as it may");
    busy.retry_after = "5";
    return busy;
  }
  std::shared_ptr<LiveSearch> search;
  try {
    search = std::make_shared<LiveSearch>(*this, std::move(*pos), multipv);
  } catch (const std::bad_alloc&) {
    --live_running_;  // the destructor did not run: give the seat back
    return error_reply(503, "busy", "no memory for another analysis");
  }
  search->begin();
  HttpReply reply;
  reply.content_type = "text/event-stream";
  reply.stream = std::move(search);
  return reply;
}

std::optional<std::string> AnalysisService::annotated(const std::string& game_id,
                                                      const std::string& pgn) {
  auto found = store_.find_analysis(game_id);
  if (!found || !*found || (*found)->status != store::AnalysisStatus::Done) return std::nullopt;
  auto a = analysis::parse_analysis((*found)->text);
  if (!a) return std::nullopt;
  std::istringstream in(pgn);
  pgn::Reader reader(in);
  pgn::GameBuilder builder;
  if (!reader.next(builder) || !builder.errors().empty()) return std::nullopt;
  auto game = analysis::annotate(builder.game(), *a);
  if (!game) return std::nullopt;
  return pgn::write_game(*game);
}

}  // namespace arbiter::server
