#include "arbiter/server/node.hpp"

#include <cstdio>
#include <utility>

namespace arbiter::server {

Node::Node(NodeOptions options) : options_(std::move(options)) {}

Node::~Node() { stop(); }

Result<NodeStarted> Node::start() {
  if (started_) return make_error(ErrorCode::kProtocolState, "the node was started already");
  started_ = true;
  const std::string where = store::redact_location(options_.store_location);
  auto opened = store::open_store(options_.store_location);
  if (!opened) {
    return make_error(opened.error().code,
                      "cannot open " + where + ": " + opened.error().describe());
  }
  store_ = std::move(*opened);
  if (!options_.openings_dir.empty()) {
    auto book = notation::OpeningBook::load_directory(options_.openings_dir);
    if (!book) {
      return make_error(book.error().code, "cannot read the openings of " + options_.openings_dir +
                                               ": " + book.error().describe());
    }
    openings_ = std::make_unique<notation::OpeningBook>(std::move(*book));
  }

  RoomContext context;
  context.store = store_.get();
  context.clock = &clock_;
  context.executor = &service_;
  // Issue #16: the moves of all games are committed by one writer thread, many per
  // transaction; the network threads never wait for the disk. Its completions run on the
  // service thread, one task a batch.
  writer_ = std::make_unique<CommitWriter>(*store_, service_, options_.writer);
  context.writer = writer_.get();
  if (options_.engines) {
    engines_ = std::make_unique<EnginePool>(*options_.engines);
    context.computer = [this](int level) { return engines_->seat(level); };
  }
  // Issue #17: rated games are rated once their ending is committed, off the room's lock.
  ratings_ = std::make_unique<RatingService>(*store_, clock_);
  context.rated_game_ended = [this](RatedGameEnd end) { ratings_->game_ended(std::move(end)); };
  context.tournament_game_ended = [this](TournamentGameEnd end) {
    if (tournaments_) tournaments_->game_ended(std::move(end));
  };
  context.timings = options_.timings;
  context.openings = openings_.get();
  context.node = options_.node;
  context.lease_ttl = options_.lease_ttl;
  // The cluster's bus (docs/cluster.md): this node publishes its games' committed events,
  // and serves the spectators of the other nodes' games from mirrors fed by theirs.
  if (options_.redis) {
    publisher_ = std::make_unique<EventPublisher>(*options_.redis);
    context.committed_events = [this](const std::string& id,
                                      std::span<const store::EventRecord> events) {
      publisher_->publish(id, events);
    };
  }
  registry_ = std::make_unique<GameRegistry>(context, options_.registry);
  if (options_.redis) {
    node_client_ = std::make_unique<NodeClient>();
    mirrors_ = std::make_unique<MirrorRegistry>(mirror_source(*registry_, *node_client_, *store_),
                                                clock_, options_.timings);
    subscriber_ = std::make_unique<EventSubscriber>(
        *options_.redis, [this](const BusEvent& e) { mirrors_->deliver(e); },
        [this](bool up) { mirrors_->set_bus_up(up); });
  }
  service_.every_second([this] {
    if (mirrors_) mirrors_->tick_all();
    if (tournaments_) tournaments_->tick();
  });

  NodeStarted started;
  auto converted = registry_->convert_legacy_logs();
  if (!converted) {
    return make_error(
        converted.error().code,
        "cannot write the referee logs of the stored games: " + converted.error().describe());
  }
  started.logs_converted = *converted;
  // The accounts use the store and the clock, which outlive every request (stop() ends the
  // server and its pool first).
  auto accounts = std::make_shared<AccountApi>(*store_, clock_, options_.accounts);
  TournamentOptions events;
  events.cost = options_.accounts.cost;
  events.node = options_.node;
  tournaments_ = std::make_shared<TournamentService>(*store_, *registry_, clock_, accounts, events);
  auto resumed = registry_->resume_all();
  if (!resumed) {
    return make_error(resumed.error().code,
                      "cannot resume the stored games: " + resumed.error().describe());
  }
  started.resumed = *resumed;
  // Issue #17: a rated game that ended just before a crash is rated now (record_rated_game
  // rates a game once, whichever node gets there first).
  if (auto unrated = ratings_->queue_unrated(); !unrated) {
    std::fprintf(stderr, "arbiter serve: cannot read the unrated games: %s\n",
                 unrated.error().describe().c_str());
  } else if (*unrated > 0) {
    std::fprintf(stderr, "arbiter serve: rating %d game(s) that ended unrated\n", *unrated);
  }

  api_ = std::make_shared<GameApi>(*registry_, api_time_, RateLimit{}, options_.creations);
  api_->set_mirrors(mirrors_.get());
  api_->set_accounts(accounts);
  api_->set_tournaments(tournaments_);
  analyses_ = std::make_shared<AnalysisService>(*store_, clock_, accounts, options_.analysis);
  if (auto queued = analyses_->resume(); !queued) {
    std::fprintf(stderr, "arbiter serve: cannot read the analyses queued: %s\n",
                 queued.error().describe().c_str());
  }
  api_->set_analyses(analyses_);
  api_->set_profiles(std::make_shared<ProfileApi>(*store_));
  api_->set_lobby(std::make_shared<LobbyApi>(*registry_, *store_, clock_, accounts,
                                             [api = api_.get()] { return api->allow_creation(); }));
  if (options_.test_clock) api_->set_test_clock(&clock_);
  http_ = std::make_unique<Server>(options_.http, api_);
  if (auto ok = http_->start(); !ok) {
    return make_error(ok.error().code, "cannot listen on " + options_.http.address + ":" +
                                           std::to_string(options_.http.port) + ": " +
                                           ok.error().describe());
  }
  if (!options_.node.empty()) {
    // The other nodes forward this node's games here (docs/cluster.md).
    std::string host = options_.http.address;
    if (host == "0.0.0.0" || host == "::") host = "127.0.0.1";
    if (host.find(':') != std::string::npos) host = "[" + host + "]";
    registry_->set_node_address(options_.advertise.empty()
                                    ? host + ":" + std::to_string(http_->port())
                                    : options_.advertise);
    registry_->heartbeat();  // known to the others before the first request arrives
  }
  service_.start(*registry_);
  return started;
}

unsigned short Node::port() const noexcept { return http_ ? http_->port() : 0; }

void Node::abandon() {
  if (http_) http_->stop();
  if (writer_) writer_->stop();
  service_.stop();
}

void Node::stop() {
  if (stopped_ || !started_) return;
  stopped_ = true;
  if (http_) http_->stop();
  if (writer_) writer_->stop();  // its last completions still reach the rooms through the service
  service_.stop();
  if (tournaments_) tournaments_->stop();
  if (analyses_) analyses_->stop();
  subscriber_.reset();
  mirrors_.reset();
  node_client_.reset();
  if (registry_) registry_->shutdown();
  if (engines_) engines_->stop();
}

}  // namespace arbiter::server
