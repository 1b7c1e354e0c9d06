#include "arbiter/players/event_runner.hpp"

#include <algorithm>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::players {

namespace t = tournament;
using competition::GameResult;
using t::ResultCode;

namespace {

constexpr std::size_t kTrfNameColumns = 33;  // TRF 001 columns 15-47

Error event_error(std::string message) {
  return Error{ErrorCode::kInvalidArgument, std::move(message), {}};
}

}  // namespace

Result<t::Tournament> new_event(const EventOptions& o) {
  const auto& engines = o.match.engines;
  if (engines.size() < 2) return tl::unexpected(event_error("an event needs at least two engines"));
  if (engines.size() > 9999)
    return tl::unexpected(event_error("at most 9999 engines (the TRF's four columns)"));
  if (o.rounds < 1 || o.rounds > 999)
    return tl::unexpected(event_error("the number of rounds must be 1-999"));
  t::Tournament ev;
  ev.ending = t::LineEnding::CrLf;
  ev.records.push_back({-1, "012 " + o.name});
  if (!o.system.empty()) ev.records.push_back({-1, "192 " + o.system});
  ev.records.push_back({-1, "XXC white1"});  // C.04.3: the top seed has White in round 1
  if (!o.tiebreaks.empty()) ev.records.push_back({-1, "202 " + o.tiebreaks});
  ev.set_rounds(o.rounds);
  for (std::size_t i = 0; i < engines.size(); ++i) {
    if (engines[i].name.size() > kTrfNameColumns)
      return tl::unexpected(event_error("engine name '" + engines[i].name + "' is longer than " +
                                        std::to_string(kTrfNameColumns) +
                                        " characters (TRF 001 columns 15-47)"));
    t::Player p;
    p.id = static_cast<t::PlayerId>(i + 1);
    p.name = engines[i].name;
    if (i < o.ratings.size() && o.ratings[i] > 0) p.rating = std::min(o.ratings[i], 9999);
    p.points = 0;
    ev.records.push_back({static_cast<int>(ev.players.size()), {}});
    ev.players.push_back(std::move(p));
  }
  // Read back from its own text, so that the settings are exactly what the file says.
  return t::read_trf(t::write_trf(ev));
}

ResultCodes result_codes(GameResult r, std::size_t plies) {
  // C.04 Annex 2: W D L for a game of less than one move (each side has not moved).
  const bool short_game = plies < 2;
  const ResultCode win = short_game ? ResultCode::WinUnrated : ResultCode::Win;
  const ResultCode draw = short_game ? ResultCode::DrawUnrated : ResultCode::Draw;
  const ResultCode loss = short_game ? ResultCode::LossUnrated : ResultCode::Loss;
  switch (r) {
    case GameResult::WhiteWins: return {win, loss};
    case GameResult::BlackWins: return {loss, win};
    case GameResult::Draw: return {draw, draw};
    case GameResult::WhiteByForfeit: return {ResultCode::ForfeitWin, ResultCode::ForfeitLoss};
    case GameResult::BlackByForfeit: return {ResultCode::ForfeitLoss, ResultCode::ForfeitWin};
    case GameResult::BlackDrawWhiteLoss: return {loss, draw};
    case GameResult::WhiteDrawBlackLoss: return {draw, loss};
    case GameResult::BothForfeit:
    case GameResult::BothLose:
    case GameResult::Ongoing: break;
  }
  return {ResultCode::ForfeitLoss, ResultCode::ForfeitLoss};
}

void record_round(t::Tournament& ev, int round, const EventPairing& pairing,
                  const std::vector<ResultCodes>& results) {
  const auto index = static_cast<std::size_t>(round - 1);
  for (t::Player& p : ev.players) {
    p.rounds.resize(std::max(p.rounds.size(), index + 1));
    p.rounds[index] = t::RoundEntry{};  // an absence (Z) unless paired below
  }
  for (std::size_t b = 0; b < pairing.boards.size(); ++b) {
    const t::Board& board = pairing.boards[b];
    t::Player* white = ev.find(board.white);
    t::Player* black = ev.find(board.black);
    if (white == nullptr || black == nullptr || b >= results.size()) continue;
    white->rounds[index] = {board.black, t::Colour::White, results[b].white};
    black->rounds[index] = {board.white, t::Colour::Black, results[b].black};
  }
  if (t::Player* bye = ev.find(pairing.bye)) {
    bye->rounds[index] = {0, t::Colour::None, ResultCode::PairingBye};
  }
  for (t::Player& p : ev.players) p.points = t::points_after(ev.settings.points, p, round);
}

namespace {

std::vector<ScheduledGame> schedule_round(const EventOptions& o, int round, int first_number,
                                          const EventPairing& pairing) {
  std::vector<ScheduledGame> games;
  const auto opening = static_cast<std::size_t>(round - 1);
  for (const t::Board& b : pairing.boards) {
    ScheduledGame g;
    g.number = first_number + static_cast<int>(games.size());
    g.white = b.white - 1;
    g.black = b.black - 1;
    if (!o.match.chess960_positions.empty()) {
      g.chess960 = o.match.chess960_positions[opening % o.match.chess960_positions.size()];
    } else if (!o.match.openings.empty()) {
      g.fen = o.match.openings[opening % o.match.openings.size()];
    }
    games.push_back(g);
  }
  return games;
}

// The pairing names each engine at most once, by a number of the event.
std::optional<Error> check_pairing(const t::Tournament& ev, const EventPairing& pairing,
                                   int round) {
  std::vector<bool> seen(ev.players.size() + 1, false);
  auto take = [&](t::PlayerId id) {
    const auto at = static_cast<std::size_t>(id);
    if (id < 1 || at > ev.players.size() || seen[at]) return false;
    seen[at] = true;
    return true;
  };
  for (const t::Board& b : pairing.boards)
    if (!take(b.white) || !take(b.black))
      return event_error("round " + std::to_string(round) + ": the pairing names player " +
                         std::to_string(b.white) + " or " + std::to_string(b.black) +
                         " twice or out of range");
  if (pairing.bye != 0 && !take(pairing.bye))
    return event_error("round " + std::to_string(round) + ": the bye names player " +
                       std::to_string(pairing.bye) + " twice or out of range");
  return std::nullopt;
}

}  // namespace

EventOutcome run_event(const EventOptions& o, const EventPairer& pairer,
                       const PlayerFactory& factory,
                       const std::function<std::unique_ptr<TimeSource>()>& time_factory,
                       const std::function<void(const EventGame&)>& on_game,
                       const std::function<void(const t::Tournament&, int)>& on_round) {
  EventOutcome out;
  auto fresh = new_event(o);
  if (!fresh) {
    out.stopped = fresh.error();
    return out;
  }
  out.event = std::move(*fresh);
  int next_number = 1;
  for (int round = 1; round <= o.rounds; ++round) {
    auto pairing = pairer(out.event);
    if (!pairing) {
      out.stopped = pairing.error();
      return out;
    }
    if (auto bad = check_pairing(out.event, *pairing, round)) {
      out.stopped = std::move(bad);
      return out;
    }
    const auto games = schedule_round(o, round, next_number, *pairing);
    next_number += static_cast<int>(games.size());
    std::vector<ResultCodes> results(games.size());
    std::optional<Error> failed;
    play_games(o.match, games, factory, time_factory,
               [&](const ScheduledGame& g, Result<PlayedGame> played) {
                 if (!played) {
                   failed = played.error();
                   return false;
                 }
                 const auto board = static_cast<std::size_t>(g.number - games.front().number);
                 results[board] =
                     result_codes(played->verdict.result, played->verdict.moves.size());
                 if (on_game)
                   on_game(EventGame{round, static_cast<int>(board) + 1, g, std::move(*played)});
                 return true;
               });
    if (failed) {
      out.stopped = std::move(failed);
      return out;
    }
    record_round(out.event, round, *pairing, results);
    out.rounds_played = round;
    if (on_round) on_round(out.event, round);
  }
  return out;
}

}  // namespace arbiter::players
