#include "arbiter/server/registry.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <random>
#include <set>

#include "arbiter/core/chess960.hpp"
#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::server {
namespace {

using core::Color;

std::uint64_t random64() {
  thread_local std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

Result<std::string> start_fen_of(bool chess960, std::optional<int>& number) {
  if (!chess960) return std::string(core::kStartFen);
  if (!number) number = static_cast<int>(random64() % 960);  // Guideline II.2.1
  auto pos = core::chess960::start_position(*number);
  if (!pos) return tl::unexpected(pos.error());
  return pos->fen();
}

}  // namespace

Result<std::string> start_fen_from(const std::string& text, bool chess960) {
  const auto refuse = [](std::string why) {
    return make_error(ErrorCode::kInvalidArgument, std::move(why), Location{0, 0, "fen"});
  };
  if (chess960) return refuse("give a Chess960 number or a position, not both");
  auto pos = core::Position::from_fen(text);
  if (!pos) {
    Error e = pos.error();
    e.where.field = "fen";
    return tl::unexpected(e);
  }
  if (!core::has_legal_moves(*pos)) {
    return refuse(pos->in_check() ? "the side to move is checkmated: the game is over (5.1.1)"
                                  : "the side to move is stalemated: the game is over (5.2.1)");
  }
  return pos->fen();
}

const std::vector<wire::Preset>& presets() {
  static const std::vector<wire::Preset> kPresets{
      {"bullet", "Bullet 1+0", "60", "blitz"},
      {"blitz", "Blitz 3+2", "180+2", "blitz"},
      {"rapid", "Rapid 15+10", "900+10", "rapid"},
      {"classical", "Classical 90/40+30, then 30+30", "40/5400+30:1800+30", "standard"},
      {"delay", "15 min, 5 s delay", "900d5", "rapid"},
  };
  return kPresets;
}

std::string random_token() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int half = 0; half < 2; ++half) {
    std::uint64_t bits = random64();
    for (int i = 0; i < 16; ++i, bits >>= 4) out.push_back(kHex[bits & 15]);
  }
  return out;
}

std::string random_game_id() {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string out;
  std::uint64_t bits = random64();
  for (int i = 0; i < 8; ++i, bits /= 62) out.push_back(kChars[bits % 62]);
  return out;
}

GameRegistry::GameRegistry(RoomContext context, RegistryOptions options)
    : ctx_(std::move(context)), options_(options) {
  ctx_.rematch = [this](const RematchRequest& r) { return create_rematch(r); };
  ctx_.wake_at = [this](std::shared_ptr<GameRoom> room, Millis due, std::uint64_t generation) {
    std::lock_guard lock{timers_mutex_};
    timers_.push(Timer{due, generation, std::move(room)});
  };
}

GameRegistry::~GameRegistry() { shutdown(); }

std::shared_ptr<GameRoom> GameRegistry::insert(std::shared_ptr<GameRoom> room) {
  std::lock_guard lock{mutex_};
  auto [it, fresh] = rooms_.emplace(room->id(), room);
  return it->second;  // a concurrent load of the same game keeps the first room
}

std::vector<std::shared_ptr<GameRoom>> GameRegistry::rooms() {
  std::lock_guard lock{mutex_};
  std::vector<std::shared_ptr<GameRoom>> out;
  out.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
}

Result<GameRegistry::NewGame> GameRegistry::prepare(const wire::CreateGameRequest& request,
                                                    const SeatAccount& creator) {
  // Issue #17: a rated game is between two accounts, over the board of standard chess.
  if (request.rated) {
    const auto unrated = [](std::string why) {
      return make_error(ErrorCode::kInvalidArgument, std::move(why), Location{0, 0, "rated"});
    };
    if (creator.id == 0) return unrated("a rated game needs an account: log in first");
    if (request.computer) return unrated("games against the computer are not rated");
    if (request.chess960) return unrated("Chess960 games are not rated");
    if (request.fen && *request.fen != core::kStartFen) {
      return unrated("games from a set-up position are not rated");
    }
  }
  std::string tc_text = request.time_control;
  for (const auto& p : presets()) {
    if (p.id == tc_text) tc_text = p.time_control;
  }
  auto tc = clock::TimeControl::parse(tc_text);
  if (!tc) {
    Error e = tc.error();
    e.where.field = "time_control";
    return tl::unexpected(e);
  }
  if (request.computer && !ctx_.computer) {
    return make_error(ErrorCode::kUnsupported, "this server has no computer opponent",
                      Location{0, 0, "opponent"});
  }
  // The computer's seat is taken before the game is stored: at the limit, no game is made.
  std::unique_ptr<ComputerMover> computer;
  if (request.computer) {
    computer = ctx_.computer(request.level);
    if (!computer) {
      return make_error(ErrorCode::kCapacity,
                        "the server is playing as many computer games as it may at once "
                        "(--max-computer-games); try again later",
                        Location{0, 0, "opponent"});
    }
  }
  wire::GameExtra extra;
  extra.creator = request.color.value_or(random64() % 2 ? Color::White : Color::Black);
  if (request.computer) {
    extra.computer = ~extra.creator;
    extra.level = request.level;
  } else {
    extra.invite = random_token();
  }
  std::optional<int> number = request.chess960_number;
  auto fen = request.fen ? start_fen_from(*request.fen, request.chess960)
                         : start_fen_of(request.chess960, number);
  if (!fen) return tl::unexpected(fen.error());
  if (request.chess960) extra.chess960 = number;

  store::GameHeader h;
  h.white_token = random_token();
  h.black_token = random_token();
  const std::string other =
      request.computer ? "Computer level " + std::to_string(request.level) : "?";
  const std::string& name = creator.id != 0 ? creator.name : request.name;
  h.white = extra.creator == Color::White ? name : other;
  h.black = extra.creator == Color::Black ? name : other;
  (extra.creator == Color::White ? h.white_user : h.black_user) = creator.id;
  h.rated = request.rated;
  h.time_control = tc->to_string();
  h.variant = request.chess960 ? "chess960" : "standard";
  h.start_fen = *fen;
  h.extra = wire::write_extra(extra);
  h.created_ms = h.updated_ms = ctx_.clock->wall_ms();
  NewGame game;
  game.header = std::move(h);
  game.computer = std::move(computer);
  game.seat = extra.creator;
  game.invite = extra.invite.value_or("");
  return game;
}

CreatedGame GameRegistry::NewGame::created(std::shared_ptr<GameRoom> room) const {
  CreatedGame out;
  out.room = std::move(room);
  out.seat = seat;
  out.token = seat == Color::White ? header.white_token : header.black_token;
  out.invite = invite;
  return out;
}

Result<CreatedGame> GameRegistry::create(const wire::CreateGameRequest& request,
                                         const SeatAccount& creator) {
  auto game = prepare(request, creator);
  if (!game) return tl::unexpected(game.error());
  auto room = store_new(game->header, std::move(game->computer));
  if (!room) return tl::unexpected(room.error());
  return game->created(std::move(*room));
}

Result<GameRegistry::NewGame> GameRegistry::prepare_paired(const PairedGame& game) {
  auto tc = clock::TimeControl::parse(game.time_control);
  if (!tc) {
    Error e = tc.error();
    e.where.field = "time_control";
    return tl::unexpected(e);
  }
  wire::GameExtra extra;
  extra.creator = Color::White;
  extra.tournament = game.tournament;
  extra.waiting_ms = game.waiting_ms;
  store::GameHeader h;
  h.white_token = random_token();
  h.black_token = random_token();
  h.white = game.white.name;
  h.black = game.black.name;
  h.white_user = game.white.id;
  h.black_user = game.black.id;
  h.rated = game.rated;
  h.time_control = tc->to_string();
  h.variant = "standard";
  h.start_fen = std::string(core::kStartFen);
  h.extra = wire::write_extra(extra);
  h.created_ms = h.updated_ms = ctx_.clock->wall_ms();
  NewGame out;
  out.header = std::move(h);
  return out;
}

std::vector<Result<std::string>> GameRegistry::create_paired(std::span<const PairedGame> games) {
  std::vector<Result<std::string>> out(games.size(), make_error(ErrorCode::kIo, "not created"));
  if (ctx_.writer == nullptr || ctx_.executor == nullptr) {
    for (std::size_t i = 0; i < games.size(); ++i) {
      auto game = prepare_paired(games[i]);
      if (!game) {
        out[i] = tl::unexpected(game.error());
        continue;
      }
      auto room = store_new(game->header, nullptr);
      out[i] = room ? Result<std::string>{game->header.id} : tl::unexpected(room.error());
    }
    return out;
  }
  // Through the group-commit writer: all submitted at once, stored together.
  std::mutex m;
  std::condition_variable cv;
  std::size_t pending = games.size();
  for (std::size_t i = 0; i < games.size(); ++i) {
    auto game = prepare_paired(games[i]);
    if (!game) {
      out[i] = tl::unexpected(game.error());
      std::lock_guard lock{m};
      --pending;
      continue;
    }
    submit_new(std::make_shared<NewGame>(std::move(*game)), 0, [&, i](Result<CreatedGame> created) {
      std::lock_guard lock{m};
      out[i] = created ? Result<std::string>{created->room->id()}
                       : Result<std::string>{tl::unexpected(created.error())};
      if (--pending == 0) cv.notify_all();
    });
  }
  std::unique_lock lock{m};
  cv.wait(lock, [&] { return pending == 0; });
  return out;
}

void GameRegistry::create_async(const wire::CreateGameRequest& request, CreatedDone done,
                                const SeatAccount& creator) {
  if (ctx_.writer == nullptr || ctx_.executor == nullptr) {
    done(create(request, creator));
    return;
  }
  auto game = prepare(request, creator);
  if (!game) {
    done(tl::unexpected(game.error()));
    return;
  }
  submit_new(std::make_shared<NewGame>(std::move(*game)), 0, std::move(done));
}

void GameRegistry::submit_new(std::shared_ptr<NewGame> game, int attempt, CreatedDone done) {
  game->header.id = random_game_id();
  store::GameWrite write;
  write.game_id = game->header.id;
  write.create = game->header;
  // The completion runs on the executor (CommitWriter), which stops after the writer and
  // before the registry goes (cmd_serve.cpp).
  ctx_.writer->submit(std::move(write), [this, game = std::move(game), attempt,
                                         done = std::move(done)](Result<void> stored) mutable {
    // A collision (the id is taken) draws another id, as store_new does.
    if (!stored && stored.error().code == ErrorCode::kProtocolState &&
        stored.error().where.field == "id" && attempt + 1 < kIdAttempts) {
      submit_new(std::move(game), attempt + 1, std::move(done));
      return;
    }
    if (!stored) {
      done(tl::unexpected(stored.error()));
      return;
    }
    auto room = open_new(game->header, std::move(game->computer));
    if (!room) {
      done(tl::unexpected(room.error()));
      return;
    }
    done(game->created(std::move(*room)));
  });
}

std::shared_ptr<GameRoom> GameRegistry::loaded(const std::string& id) {
  std::shared_ptr<GameRoom> room;
  {
    std::lock_guard lock{mutex_};
    if (auto it = rooms_.find(id); it != rooms_.end()) room = it->second;
  }
  // Asked outside the registry's lock (a room calls the registry under its own lock).
  if (!room || !room->lost()) return room;
  std::lock_guard lock{mutex_};
  if (auto it = rooms_.find(id); it != rooms_.end() && it->second == room) rooms_.erase(it);
  return nullptr;
}

Result<std::shared_ptr<GameRoom>> GameRegistry::store_new(store::GameHeader& h,
                                                          std::unique_ptr<ComputerMover> computer) {
  // A fresh random id; a collision (kProtocolState: the id is taken) draws another one.
  Result<void> stored = make_error(ErrorCode::kIo, "no free game id");
  for (int attempt = 0; attempt < kIdAttempts; ++attempt) {
    h.id = random_game_id();
    stored = ctx_.store->create_game(h);
    if (stored || stored.error().code != ErrorCode::kProtocolState) break;
  }
  if (!stored) return tl::unexpected(stored.error());
  return open_new(h, std::move(computer));
}

Result<std::shared_ptr<GameRoom>> GameRegistry::open_new(const store::GameHeader& h,
                                                         std::unique_ptr<ComputerMover> computer) {
  // Under the load lock: a find() of the new id in the meantime waits for this room.
  std::lock_guard loading{load_mutex_};
  auto lease = take_lease(h.id);
  if (!lease) return tl::unexpected(lease.error());
  auto room = GameRoom::load(ctx_, store::StoredGame{h, {}, {}, {}}, std::move(computer),
                             std::move(*lease));
  if (!room) return tl::unexpected(room.error());
  insert(*room);
  return *room;
}

Result<RematchGame> GameRegistry::create_rematch(const RematchRequest& r) {
  const store::GameHeader& prev = *r.previous;
  wire::GameExtra extra = r.extra;
  std::optional<int> number;
  // A Chess960 rematch draws a new position (Guideline II.2.1); a game from a set-up
  // position is played again from it.
  Result<std::string> fen =
      prev.variant == "chess960"
          ? start_fen_of(true, number)
          : Result<std::string>{prev.start_fen.empty() ? std::string(core::kStartFen)
                                                       : prev.start_fen};
  if (!fen) return tl::unexpected(fen.error());
  if (prev.variant == "chess960") extra.chess960 = number;
  store::GameHeader h;
  h.white_token = random_token();
  h.black_token = random_token();
  h.white = r.names[0];
  h.black = r.names[1];
  // A rated game's rematch is rated too, between the same accounts.
  h.white_user = r.users[0];
  h.black_user = r.users[1];
  h.rated = prev.rated;
  h.time_control = prev.time_control;
  h.variant = prev.variant;
  h.start_fen = *fen;
  h.extra = wire::write_extra(extra);
  h.created_ms = h.updated_ms = ctx_.clock->wall_ms();
  auto room = store_new(h);
  if (!room) return tl::unexpected(room.error());
  return RematchGame{h.id, {h.white_token, h.black_token}};
}

std::shared_ptr<GameRoom> GameRegistry::find(const std::string& id) { return locate(id).room; }

Result<int> GameRegistry::resume_all() {
  int n = 0;
  for (auto status : {store::GameStatus::Ongoing, store::GameStatus::Created}) {
    auto list = ctx_.store->list_games(store::ListQuery{status, 1000});
    if (!list) return tl::unexpected(list.error());
    for (const auto& summary : *list) {
      if (find(summary.id)) ++n;
    }
  }
  return n;
}

Result<int> GameRegistry::convert_legacy_logs() {
  // A room loaded alone, committing on this thread, with no engine and no timers: loading
  // a game without a log referees its protocol events and stores the log (GameRoom::replay).
  RoomContext quiet = ctx_;
  quiet.writer = nullptr;
  quiet.computer = {};
  quiet.wake_at = {};
  quiet.rematch = {};
  std::set<std::string> seen;
  std::size_t left = 0;
  for (;;) {
    auto ids = ctx_.store->games_without_log(1000);
    if (!ids) return tl::unexpected(ids.error());
    left = ids->size();
    bool progress = false;
    for (const std::string& id : *ids) {
      if (!seen.insert(id).second) continue;
      progress = true;
      auto stored = ctx_.store->load_game(id);
      if (!stored) return tl::unexpected(stored.error());
      if (auto room = GameRoom::load(quiet, std::move(*stored)); !room) {
        std::fprintf(stderr, "arbiter serve: the log of game %s cannot be written: %s\n",
                     id.c_str(), room.error().describe().c_str());
      }
    }
    // What stays without a log waits for its second player (the log begins at the join).
    if (!progress) break;
  }
  return static_cast<int>(seen.size() - std::min(seen.size(), left));
}

Result<std::vector<store::GameSummary>> GameRegistry::list(std::optional<store::GameStatus> status,
                                                           int limit) {
  return ctx_.store->list_games(store::ListQuery{status, limit});
}

void GameRegistry::tick_all() {
  const Millis now = ctx_.clock->steady();
  std::vector<Timer> due;
  {
    std::lock_guard lock{timers_mutex_};
    while (!timers_.empty() && timers_.top().due <= now) {
      due.push_back(timers_.top());
      timers_.pop();
    }
  }
  // Outside the timers' lock: a room asks for its next timer from within on_timer().
  for (const Timer& t : due) {
    if (auto room = t.room.lock()) room->on_timer(t.generation);
  }
}

std::size_t GameRegistry::evict_idle() {
  std::vector<std::string> candidates;
  for (auto& room : rooms()) {
    if (room->evictable(options_.evict_after)) candidates.push_back(room->id());
  }
  std::vector<std::shared_ptr<GameRoom>> dropped;
  {
    std::lock_guard lock{mutex_};
    for (const auto& id : candidates) {
      auto it = rooms_.find(id);
      // use_count() == 1: only the map holds it, and only the map (under this lock) hands
      // out new references; a socket or request that has the room keeps it in the map.
      if (it != rooms_.end() && it->second.use_count() == 1) {
        dropped.push_back(std::move(it->second));
        rooms_.erase(it);
      }
    }
  }
  // Another node may take an evicted game at once.
  for (auto& room : dropped) room->release_lease();
  return dropped.size();  // the rooms are destroyed here, outside the lock
}

std::size_t GameRegistry::rooms_in_memory() {
  std::lock_guard lock{mutex_};
  return rooms_.size();
}

std::size_t GameRegistry::rooms_ticking() {
  std::vector<std::shared_ptr<GameRoom>> asked;
  {
    std::lock_guard lock{timers_mutex_};
    auto copy = timers_;
    for (; !copy.empty(); copy.pop()) {
      if (auto room = copy.top().room.lock()) asked.push_back(std::move(room));
    }
  }
  std::sort(asked.begin(), asked.end());
  asked.erase(std::unique(asked.begin(), asked.end()), asked.end());
  return static_cast<std::size_t>(std::count_if(
      asked.begin(), asked.end(), [](const auto& room) { return room->has_timer(); }));
}

void GameRegistry::shutdown() {
  for (const auto& room : rooms()) {
    room->shutdown();
    room->release_lease();
  }
  std::lock_guard lock{timers_mutex_};
  timers_ = {};
}

}  // namespace arbiter::server
