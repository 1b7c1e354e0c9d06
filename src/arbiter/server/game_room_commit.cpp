// GameRoom: persistence. Every action's records go to the store before anyone hears of
// them: the events are published and the player's acknowledgement sent only from the
// commit's completion (docs/server.md, "Group commit").
#include <algorithm>
#include <span>

#include "arbiter/server/game_room.hpp"
#include "arbiter/server/game_room_detail.hpp"

namespace arbiter::server {

using namespace room_detail;

void GameRoom::add_event(const wire::EventData& data) {
  const std::size_t flying = in_flight_ ? in_flight_->events.size() : 0;
  const auto seq = static_cast<std::int64_t>(events_.size() + flying + pending_.events.size() + 1);
  pending_.events.push_back(
      store::EventRecord{seq, wire::write_event(seq, data), ctx_.clock->wall_ms()});
}

GameRoom::Reply GameRoom::reply_to(const Client& client, std::optional<std::int64_t> ack_id,
                                   std::string_view failed_message) {
  Reply r;
  r.to = client.connection;
  if (ack_id) r.stored.push_back(std::make_shared<const std::string>(wire::write_ack(*ack_id)));
  r.failed = std::make_shared<const std::string>(
      wire::write_error(ack_id, "internal", failed_message, false));
  return r;
}

void GameRoom::commit(Reply reply) {
  ARB_ASSERT(!in_flight_);
  Pending p = std::move(pending_);
  pending_ = {};
  InFlight flight{std::move(p.events), std::move(pending_seat_), std::move(reply), {}, {}};
  pending_seat_.clear();
  if (p.ending && p.ending->status == store::GameStatus::Ended && header_.rated) {
    flight.rated_result = p.ending->result;
  }
  if (p.ending && p.ending->status == store::GameStatus::Ended && extra_.tournament) {
    flight.event_result = p.ending->result;
    flight.plies = static_cast<int>(moves_.size());
  }
  if (flight.events.empty() && p.log.empty() && !p.move && !p.ending && !p.seat_user &&
      !p.seat_name) {
    in_flight_ = std::move(flight);
    committed({});
    return;
  }
  const std::span<const store::EventRecord> all{flight.events};
  const std::size_t split = std::min(p.end_index.value_or(all.size()), all.size());
  store::GameWrite write;
  write.game_id = id_;
  if (lease_) write.epoch = lease_->epoch;  // the fence (docs/cluster.md)
  write.log = std::move(p.log);
  write.move = std::move(p.move);
  write.seat_user = p.seat_user;
  write.seat_name = std::move(p.seat_name);
  write.events.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(split));
  if (p.ending) {
    write.ending = std::move(p.ending);
    write.ending_events.assign(all.begin() + static_cast<std::ptrdiff_t>(split), all.end());
  } else {
    write.events.assign(all.begin(), all.end());  // events after an ending: plain events
  }
  in_flight_ = std::move(flight);
  if (ctx_.writer == nullptr) {
    auto results = ctx_.store->commit(std::span{&write, 1});
    committed(results.empty() ? make_error(ErrorCode::kIo, "the store returned no result")
                              : std::move(results.front()));
    return;
  }
  // The completion runs on the executor (CommitWriter), as the room's other timers do.
  std::weak_ptr<GameRoom> weak = weak_from_this();
  ctx_.writer->submit(std::move(write), [weak](Result<void> result) {
    if (auto room = weak.lock()) room->on_committed(std::move(result));
  });
}

void GameRoom::on_committed(Result<void> result) {
  std::lock_guard lock{mutex_};
  AfterAction after{*this};
  committed(std::move(result));
  // What arrived meanwhile, in order, until an action starts the next commit.
  while (!in_flight_ && !deferred_.empty() && !shut_down_) {
    auto task = std::move(deferred_.front());
    deferred_.pop_front();
    task();
  }
}

void GameRoom::committed(Result<void> result) {
  ARB_ASSERT(in_flight_.has_value());
  InFlight f = std::move(*in_flight_);
  in_flight_.reset();
  last_commit_ok_ = result.has_value();
  idle_.notify_all();
  const auto deliver = [&](const std::shared_ptr<const std::string>& text) {
    if (!f.reply.to || !text) return;
    auto it = clients_.find(f.reply.to.get());
    if (it != clients_.end() && !it->second.closing) f.reply.to->send(text);
  };
  if (!result && result.error().where.field == "epoch") {
    // Another node holds the game now: nothing of this action was stored.
    deliver(f.reply.failed);
    lose(result.error().message);
    return;
  }
  if (!result) {
    log_line("game " + id_ + ": store failed: " + result.error().describe() + "; reloading");
    auto stored = ctx_.store->load_game(id_);
    if (stored && replay(*stored)) resume_clocks(*stored);
    for (auto& [key, c] : clients_) {
      if (c.ready && !c.closing) sync(c, 0);
    }
    deliver(f.reply.failed);
    return;
  }
  publish(std::move(f.events));
  if (f.rated_result && ctx_.rated_game_ended) {
    ctx_.rated_game_ended(RatedGameEnd{id_, header_.time_control, *f.rated_result});
  }
  if (f.event_result && ctx_.tournament_game_ended) {
    ctx_.tournament_game_ended(
        TournamentGameEnd{id_, *extra_.tournament, *f.event_result, f.plies});
  }
  for (auto& [connection, text] : f.seats)
    connection->send(std::make_shared<const std::string>(text));
  for (const auto& text : f.reply.stored) deliver(text);
  maybe_start_computer();
}

bool GameRoom::wait_idle(std::unique_lock<std::mutex>& lock, Millis limit) {
  return idle_.wait_for(lock, limit, [&] { return !in_flight_.has_value(); });
}

void GameRoom::publish(std::vector<store::EventRecord> records) {
  if (ctx_.committed_events && !records.empty()) ctx_.committed_events(id_, records);
  for (auto& r : records) {
    events_.push_back(std::make_shared<const std::string>(std::move(r.json)));
    const auto seq = static_cast<std::int64_t>(events_.size());
    for (auto& [key, c] : clients_) {
      if (c.ready && !c.closing && c.role) send_event(c, seq);
    }
  }
}

void GameRoom::flush_spectators() {
  // Issue #14: a thousand spectators' copies of a move queue a thousand writes on the
  // server's threads; sent before the mover's `ack`, they delayed it. Now they follow it.
  const auto seq = static_cast<std::int64_t>(events_.size());
  spectators_seq_ = std::min(spectators_seq_, seq);  // a reload may have shortened the list
  for (std::int64_t n = spectators_seq_ + 1; n <= seq; ++n) {
    for (auto& [key, c] : clients_) {
      if (c.ready && !c.closing && !c.role) send_event(c, n);
    }
  }
  spectators_seq_ = seq;
}

// ------------------------------------------------------------------ cluster leases

void GameRoom::lose(const std::string& why) {
  if (lost_) return;
  lost_ = true;
  pending_ = {};
  deferred_.clear();
  log_line("game " + id_ + ": lost to another node: " + why);
  // A live client reconnects on any close (web-protocol.md §2.2); 4010 says why.
  for (auto& [key, c] : clients_) {
    if (c.closing) continue;
    c.closing = true;
    c.connection->close(4010, "the game moved to another node");
  }
}

std::optional<store::Lease> GameRoom::lease_to_renew(std::int64_t wall) {
  std::lock_guard lock{mutex_};
  if (!lease_ || lost_ || shut_down_) return std::nullopt;
  if (lease_->expires_ms - wall > ctx_.lease_ttl.count() / 2) return std::nullopt;
  return lease_;
}

void GameRoom::lease_renewed(const std::optional<store::Lease>& renewed) {
  std::lock_guard lock{mutex_};
  if (!lease_ || lost_ || shut_down_) return;
  if (renewed && renewed->epoch == lease_->epoch) {
    lease_ = *renewed;
    return;
  }
  lose("the lease of epoch " + std::to_string(lease_->epoch) + " is no longer this node's");
}

void GameRoom::release_lease() {
  std::lock_guard lock{mutex_};
  if (!lease_ || lost_) return;
  if (auto ok = ctx_.store->release_lease(*lease_); !ok) {
    log_line("game " + id_ + ": lease release failed: " + ok.error().describe());
  }
  lost_ = true;  // released: this room writes no more
}

bool GameRoom::lost() {
  std::lock_guard lock{mutex_};
  return lost_;
}

}  // namespace arbiter::server
