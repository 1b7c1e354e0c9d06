#include "arbiter/server/spectator_mirror.hpp"

#include <charconv>
#include <variant>

#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {
namespace {

// The database is read this often while the bus is up (a lost last message is found
// within it), and at every tick while it is away.
constexpr Millis kPollWithBus{3000};

std::optional<std::int64_t> seq_of(const std::string& game_state_json) {
  auto text = wire::json_at(game_state_json, "/seq");
  if (!text) return std::nullopt;
  std::int64_t seq = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), seq);
  if (ec != std::errc{} || end != text->data() + text->size() || seq < 0) return std::nullopt;
  return seq;
}

}  // namespace

SpectatorMirror::SpectatorMirror(std::string game_id, const MirrorSource& source,
                                 const RoomClock& clock, const RoomTimings& timings)
    : id_(std::move(game_id)), source_(source), clock_(clock), timings_(timings) {}

void SpectatorMirror::on_open(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  Client c;
  c.connection = connection;
  c.opened = c.last_message = c.last_ping = now();
  clients_.emplace(connection.get(), std::move(c));
}

void SpectatorMirror::on_close(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  if (it->second.ready || it->second.waiting) --spectators_;
  clients_.erase(it);
}

void SpectatorMirror::send(Client& c, std::string text) {
  c.connection->send(std::make_shared<const std::string>(std::move(text)));
}

void SpectatorMirror::error(Client& c, std::optional<std::int64_t> id, std::string_view code,
                            std::string_view message, unsigned short close) {
  send(c, wire::write_error(id, code, message, close != 0));
  if (close != 0) c.connection->close(close, code);
}

void SpectatorMirror::on_message(const std::shared_ptr<Connection>& connection,
                                 std::string_view text) {
  std::lock_guard lock{mutex_};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  Client& c = it->second;
  const Millis t = now();
  c.last_message = t;
  // As in a room (§2): at most 20 messages per second per socket.
  if (t - c.window_start >= Millis{1000}) {
    c.window_start = t;
    c.window_count = 0;
  }
  if (++c.window_count > timings_.messages_per_second) {
    return error(c, std::nullopt, "rate-limited", "more than 20 messages per second", 1008);
  }
  auto message = wire::parse_client_message(text);
  if (!c.ready && !c.waiting && (!message || !std::holds_alternative<wire::HelloMsg>(*message))) {
    return error(c, std::nullopt, "protocol",
                 message ? "the first message must be hello" : message.error().message, 1008);
  }
  if (!message) {
    error(c, message.error().id, message.error().code, message.error().message);
    return;
  }
  if (const auto* hello = std::get_if<wire::HelloMsg>(&*message)) {
    if (c.ready || c.waiting) return;  // one hello
    if (hello->v != wire::kProtocolVersion) {
      return error(c, std::nullopt, "version", "this server speaks protocol version 1", 4000);
    }
    if (hello->token) {
      // RemoteSocket relays players: a token here belongs to no seat of this node.
      return error(c, std::nullopt, "bad-token", "no seat of this game has this token", 4003);
    }
    if (spectators_ >= timings_.spectators_max) {
      return error(c, std::nullopt, "full", "this game has as many spectators as it can take",
                   1013);
    }
    ++spectators_;
    // A state too far behind the events is fetched again: a newcomer should not start from
    // a position hundreds of events old.
    if (state_ && last_ - seq0_ <= timings_.replay_window) return greet(c, hello->last_seq);
    c.waiting = true;
    c.hello_seq = hello->last_seq;
    return fetch();
  }
  if (!c.ready) return;  // waiting for the state: nothing to answer yet
  if (const auto* resync = std::get_if<wire::ResyncMsg>(&*message)) {
    return sync(c, resync->last_seq);
  }
  if (std::holds_alternative<wire::AckMsg>(*message) ||
      std::holds_alternative<wire::PongMsg>(*message)) {
    return;
  }
  // Every other message is an action of a player, with its id.
  std::optional<std::int64_t> id;
  std::visit(
      [&](const auto& m) {
        if constexpr (requires { m.id; }) id = m.id;
      },
      *message);
  error(c, id, "not-a-player", "spectators cannot act");
}

void SpectatorMirror::fetch() {
  if (fetching_) return;
  fetching_ = true;
  std::weak_ptr<SpectatorMirror> weak = weak_from_this();
  source_.fetch_state(id_, [weak](Result<std::string> state) {
    if (auto self = weak.lock()) self->on_state(std::move(state));
  });
}

void SpectatorMirror::on_state(Result<std::string> state) {
  std::lock_guard lock{mutex_};
  fetching_ = false;
  const auto seq = state ? seq_of(*state) : std::nullopt;
  if (!seq) {
    // The owner cannot be reached (it died, or the game is moving): the spectators
    // reconnect, as to a room that lost its game.
    for (auto& [key, c] : clients_) {
      if (c.waiting) c.connection->close(4010, "the game's node cannot be reached");
    }
    return;
  }
  state_ = std::move(*state);
  seq0_ = *seq;
  events_.erase(events_.begin(), events_.upper_bound(seq0_));
  if (last_ < seq0_) {
    last_ = seq0_;
    events_.clear();
  }
  fill_from_store();
  for (auto& [key, c] : clients_) {
    if (!c.waiting) continue;
    c.waiting = false;
    greet(c, c.hello_seq);
  }
}

void SpectatorMirror::greet(Client& c, std::int64_t last_seq) {
  c.ready = true;
  c.last_ping = now();
  send(c, wire::write_welcome("spectator", last_, clock_.wall_ms()));
  sync(c, last_seq);
}

void SpectatorMirror::sync(Client& c, std::int64_t last_seq) {
  std::int64_t from = last_seq;
  if (last_seq == 0 || last_seq > last_ || last_seq < seq0_ ||
      last_ - last_seq > timings_.replay_window) {
    send(c, "{\"t\":\"state\",\"d\":" + *state_ + "}");
    from = seq0_;
  }
  for (auto it = events_.upper_bound(from); it != events_.end(); ++it) {
    c.connection->send(it->second);
  }
}

void SpectatorMirror::add(std::int64_t seq, std::string json) {
  auto text = std::make_shared<const std::string>(std::move(json));
  events_.emplace(seq, text);
  last_ = seq;
  for (auto& [key, c] : clients_) {
    if (c.ready) c.connection->send(text);
  }
}

void SpectatorMirror::fill_from_store() {
  last_poll_ = now();
  auto stored = source_.events_after(id_, last_);
  if (!stored) return;  // the next poll tries again
  for (auto& e : *stored) {
    if (e.seq == last_ + 1) add(e.seq, std::move(e.json));
  }
}

void SpectatorMirror::on_bus_event(std::int64_t seq, const std::string& json) {
  std::lock_guard lock{mutex_};
  if (!state_ || seq <= last_) return;  // before the state, or heard already
  // A gap: what the bus lost is in the database (it carries only what was committed).
  if (seq > last_ + 1) fill_from_store();
  if (seq == last_ + 1) add(seq, json);
}

void SpectatorMirror::tick(bool bus_up) {
  std::lock_guard lock{mutex_};
  const Millis t = now();
  for (auto& [key, c] : clients_) {
    if (!c.ready && !c.waiting && t - c.opened >= timings_.hello_timeout) {
      c.connection->close(1008, "no hello");
    } else if (t - c.last_message >= timings_.idle_timeout) {
      c.connection->close(4009, "idle");
    } else if (c.ready && t - c.last_ping >= timings_.quiet_ping_interval) {
      c.last_ping = t;
      send(c, wire::write_ping(++c.ping_n));
    }
  }
  if (state_ && spectators_ > 0 && (!bus_up || t - last_poll_ >= kPollWithBus)) fill_from_store();
}

bool SpectatorMirror::empty() {
  std::lock_guard lock{mutex_};
  return clients_.empty();
}

std::int64_t SpectatorMirror::last_seq() {
  std::lock_guard lock{mutex_};
  return last_;
}

// ------------------------------------------------------------------------------ registry

MirrorRegistry::MirrorRegistry(MirrorSource source, const RoomClock& clock, RoomTimings timings)
    : source_(std::move(source)), clock_(clock), timings_(timings) {}

std::shared_ptr<SpectatorMirror> MirrorRegistry::mirror_for(const std::string& game_id) {
  std::lock_guard lock{mutex_};
  auto& mirror = mirrors_[game_id];
  if (!mirror) mirror = std::make_shared<SpectatorMirror>(game_id, source_, clock_, timings_);
  return mirror;
}

void MirrorRegistry::deliver(const BusEvent& e) {
  std::shared_ptr<SpectatorMirror> mirror;
  {
    std::lock_guard lock{mutex_};
    auto it = mirrors_.find(e.game_id);
    if (it == mirrors_.end()) return;  // no spectator of this game here
    mirror = it->second;
  }
  mirror->on_bus_event(e.seq, e.json);
}

void MirrorRegistry::tick_all() {
  std::vector<std::shared_ptr<SpectatorMirror>> all;
  {
    std::lock_guard lock{mutex_};
    for (auto it = mirrors_.begin(); it != mirrors_.end();) {
      // Only the map holds it and no socket is attached: nobody watches here any more.
      if (it->second.use_count() == 1 && it->second->empty()) {
        it = mirrors_.erase(it);
      } else {
        all.push_back(it->second);
        ++it;
      }
    }
  }
  for (auto& m : all) m->tick(bus_up_);
}

std::size_t MirrorRegistry::size() {
  std::lock_guard lock{mutex_};
  return mirrors_.size();
}

// -------------------------------------------------------------------------- remote socket

void RemoteSocket::on_open(const std::shared_ptr<Connection>& connection) {
  mirror_->on_open(connection);  // the hello timeout runs from here
}

void RemoteSocket::on_message(const std::shared_ptr<Connection>& connection,
                              std::string_view text) {
  if (target_ == nullptr) {
    target_ = mirror_.get();
    auto message = wire::parse_client_message(text);
    if (message) {
      if (const auto* hello = std::get_if<wire::HelloMsg>(&*message); hello && hello->token) {
        // A player: the owner referees; this node only relays.
        mirror_->on_close(connection);
        target_ = relay_.get();
        relay_->on_open(connection);
      }
    }
  }
  target_->on_message(connection, text);
}

void RemoteSocket::on_close(const std::shared_ptr<Connection>& connection) {
  (target_ != nullptr ? target_ : mirror_.get())->on_close(connection);
}

}  // namespace arbiter::server
