// GameRegistry on a cluster node (docs/cluster.md): a game's room is loaded only under the
// game's lease; a game another node holds is located at that node's address; a heartbeat
// announces this node and adopts the games no node holds.
#include <cstdio>
#include <map>

#include "arbiter/base/fnv.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::server {

Result<std::optional<store::Lease>> GameRegistry::take_lease(const std::string& id) {
  if (ctx_.node.empty()) return std::optional<store::Lease>{};
  auto lease =
      ctx_.store->acquire_lease(id, ctx_.node, ctx_.clock->wall_ms(), ctx_.lease_ttl.count());
  if (!lease) return tl::unexpected(lease.error());
  return std::optional<store::Lease>{std::move(*lease)};
}

std::size_t GameRegistry::renew_leases() {
  if (ctx_.node.empty()) return 0;
  const std::int64_t wall = ctx_.clock->wall_ms();
  std::vector<std::shared_ptr<GameRoom>> due_rooms;
  std::vector<store::Lease> due;
  for (auto& room : rooms()) {
    if (auto lease = room->lease_to_renew(wall)) {
      due_rooms.push_back(std::move(room));
      due.push_back(std::move(*lease));
    }
  }
  if (due.empty()) return 0;
  // One transaction for every lease due, not one a game (issue #16).
  auto renewed = ctx_.store->renew_leases(ctx_.node, due, wall, ctx_.lease_ttl.count());
  if (!renewed) {
    // The database is away: the rooms keep their leases; the epochs still fence their
    // writes, and the next round tries again.
    std::fprintf(stderr, "arbiter: renewing %zu leases failed: %s\n", due.size(),
                 renewed.error().describe().c_str());
    return 0;
  }
  std::map<std::string, store::Lease, std::less<>> by_game;
  for (auto& lease : *renewed) by_game.emplace(lease.game_id, std::move(lease));
  std::size_t lost = 0;
  for (std::size_t i = 0; i < due_rooms.size(); ++i) {
    auto found = by_game.find(due[i].game_id);
    if (found == by_game.end()) {
      due_rooms[i]->lease_renewed(std::nullopt);
      ++lost;
    } else {
      due_rooms[i]->lease_renewed(found->second);
    }
  }
  return lost;
}

std::string GameRegistry::owner_address(const std::string& id) {
  auto lease = ctx_.store->read_lease(id);
  if (!lease || !*lease || (*lease)->node == ctx_.node) return {};
  auto node = ctx_.store->read_node((*lease)->node);
  if (!node || !*node) return {};
  return (*node)->address;
}

GameLocation GameRegistry::locate(const std::string& id) {
  if (!store::validate_game_id(id)) return {};
  if (auto room = loaded(id)) return {room, {}};
  // One load at a time: two rooms of one game must never be live at once (a loaded room
  // may already be ticking or thinking, so a second one could not simply be dropped).
  std::lock_guard loading{load_mutex_};
  {
    // A plain look-up: a room's lock must not be taken under load_mutex_ (a rematch takes
    // them the other way round). A room lost meanwhile closes its clients itself.
    std::lock_guard lock{mutex_};
    if (auto it = rooms_.find(id); it != rooms_.end()) return {it->second, {}};
  }
  // A cluster node takes the game's lease before it reads the game: whatever the former
  // owner wrote is then in what it reads, and whatever it writes later is fenced off.
  // A lease that was not released: its holder stopped renewing it (it died, froze or lost
  // the database) after its last renewal, ttl before the expiry. From then on no node
  // could accept a move (Art. 6.11.1, GameRoom::load).
  std::optional<std::int64_t> interrupted_since;
  if (!ctx_.node.empty()) {
    if (auto previous = ctx_.store->read_lease(id); previous && *previous) {
      if ((*previous)->expires_ms > 0)
        interrupted_since = (*previous)->expires_ms - ctx_.lease_ttl.count();
    }
  }
  auto lease = take_lease(id);
  if (!lease) {
    // Another node's unexpired lease: the game is served there.
    if (lease.error().code == ErrorCode::kProtocolState && lease.error().where.field == "lease") {
      return {nullptr, owner_address(id)};
    }
    return {};  // no such game, or the store failed
  }
  auto stored = ctx_.store->load_game(id);
  if (!stored) return {};
  auto room =
      GameRoom::load(ctx_, std::move(*stored), nullptr, std::move(*lease), interrupted_since);
  if (!room) {
    std::fprintf(stderr, "arbiter serve: game %s cannot be loaded: %s\n", id.c_str(),
                 room.error().describe().c_str());
    return {};
  }
  return {insert(*room), {}};
}

void GameRegistry::set_node_address(std::string address) {
  std::lock_guard lock{address_mutex_};
  node_address_ = std::move(address);
}

std::size_t GameRegistry::heartbeat() {
  if (ctx_.node.empty()) return 0;
  const store::WallMs now = ctx_.clock->wall_ms();
  std::string address;
  {
    std::lock_guard lock{address_mutex_};
    address = node_address_;
  }
  if (!address.empty()) {
    if (auto ok = ctx_.store->announce_node({ctx_.node, address, now}); !ok) {
      std::fprintf(stderr, "arbiter serve: node %s cannot announce itself: %s\n", ctx_.node.c_str(),
                   ok.error().describe().c_str());
    }
  }
  // At most 100 a second: a dead node's thousands of games come over in a few seconds
  // without one node stalling on them. The live nodes share them out (adopter_of): each
  // takes its own share at once, and the others' only when they are still orphaned at its
  // next heartbeat; each game's lease goes to exactly one node (the others are refused).
  auto orphans = ctx_.store->orphaned_games(now, 100);
  if (!orphans) return 0;
  std::vector<std::string> nodes{ctx_.node};
  if (auto live = ctx_.store->live_nodes(now - ctx_.lease_ttl.count())) {
    for (const store::NodeInfo& n : *live) {
      if (n.name != ctx_.node) nodes.push_back(n.name);
    }
  }
  std::set<std::string, std::less<>> passed;
  std::size_t adopted = 0;
  std::lock_guard lock{heartbeat_mutex_};
  for (const std::string& id : *orphans) {
    if (adopter_of(id, nodes) != ctx_.node && !passed_orphans_.contains(id)) {
      passed.insert(id);
      continue;
    }
    if (locate(id).room) ++adopted;
  }
  passed_orphans_ = std::move(passed);
  return adopted;
}

std::string adopter_of(std::string_view game_id, std::span<const std::string> nodes) {
  // FNV-1a 64 of node, a NUL and the game, then mixed: the same in every process and build.
  const auto hash = [&](std::string_view node) {
    std::uint64_t h =
        fnv1a64_text(game_id, fnv1a64_text(std::string_view{"\0", 1}, fnv1a64_text(node)));
    // FNV's last bytes barely reach the high bits, which decide the maximum: a finaliser
    // (MurmurHash3's fmix64) spreads them (without it, 700 and 1,170 of 3,000 games went
    // to two of three nodes).
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
  };
  std::string best;
  std::uint64_t best_hash = 0;
  for (const std::string& node : nodes) {
    const std::uint64_t h = hash(node);
    if (best.empty() || h > best_hash || (h == best_hash && node < best)) {
      best = node;
      best_hash = h;
    }
  }
  return best;
}

}  // namespace arbiter::server
