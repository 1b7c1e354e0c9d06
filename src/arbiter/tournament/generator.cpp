#include "arbiter/tournament/generator.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <random>
#include <string>

#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

ResultCode other_side(ResultCode r) {
  switch (r) {
    case ResultCode::Win: return ResultCode::Loss;
    case ResultCode::Loss: return ResultCode::Win;
    case ResultCode::ForfeitWin: return ResultCode::ForfeitLoss;
    case ResultCode::ForfeitLoss: return ResultCode::ForfeitWin;
    default: return r;
  }
}

}  // namespace

Result<GeneratorConfig> parse_generator_config(std::string_view text) {
  GeneratorConfig c;
  int line_number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t eq = line.find('=');
    const Location where{line_number, 1, "config"};
    if (eq == std::string_view::npos)
      return make_error(ErrorCode::kInvalidArgument, "expected key=value", where);
    const std::string_view key = trim(line.substr(0, eq));
    const std::string_view value = trim(line.substr(eq + 1));
    if (key.rfind("PointsFor", 0) == 0) {
      const auto p = parse_points(value);
      if (!p) return make_error(ErrorCode::kInvalidArgument, "not a number of points", where);
      if (key == "PointsForWin")
        c.points.win = c.points.forfeit_win = *p;
      else if (key == "PointsForDraw")
        c.points.draw = c.points.half_bye = *p;
      else if (key == "PointsForLoss")
        c.points.loss = *p;
      else if (key == "PointsForZPB")
        c.points.zero_bye = *p;
      else if (key == "PointsForForfeitLoss")
        c.points.forfeit_loss = *p;
      else if (key == "PointsForPAB")
        c.points.pairing_bye = *p;
      else
        return make_error(ErrorCode::kInvalidArgument, "unknown key " + std::string(key), where);
      continue;
    }
    int v = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc{} || ptr != value.data() + value.size() || v < 0)
      return make_error(ErrorCode::kInvalidArgument, "not a number: " + std::string(value), where);
    if (key == "PlayersNumber")
      c.players = v;
    else if (key == "RoundsNumber")
      c.rounds = v;
    else if (key == "DrawPercentage")
      c.draw_percentage = std::min(v, 100);
    else if (key == "ForfeitRate")
      c.forfeit_rate = v;
    else if (key == "RetiredRate")
      c.retired_rate = v;
    else if (key == "HalfPointByeRate")
      c.half_bye_rate = v;
    else if (key == "HighestRating")
      c.highest_rating = v;
    else if (key == "LowestRating")
      c.lowest_rating = v;
    else
      return make_error(ErrorCode::kInvalidArgument, "unknown key " + std::string(key), where);
  }
  if (c.players < 2 || c.players > 9999 || c.rounds < 1 || c.rounds > 99 ||
      c.lowest_rating > c.highest_rating) {
    return make_error(ErrorCode::kInvalidArgument,
                      "PlayersNumber 2..9999, RoundsNumber 1..99, LowestRating <= HighestRating");
  }
  return c;
}

Result<Tournament> generate_tournament(const GeneratorConfig& c, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto one_in = [&](int n) { return n > 0 && rng() % static_cast<unsigned>(n) == 0; };
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Tournament t;
  t.records.push_back({-1, "012 Arbiter random tournament, seed " + std::to_string(seed)});
  t.settings.points = c.points;
  t.settings.initial_colour = rng() % 2 == 0 ? InitialColour::White : InitialColour::Black;
  std::vector<int> ratings;
  for (int i = 0; i < c.players; ++i)
    ratings.push_back(
        c.lowest_rating +
        static_cast<int>(rng() % static_cast<unsigned>(c.highest_rating - c.lowest_rating + 1)));
  std::sort(ratings.rbegin(), ratings.rend());  // pairing numbers by rating (C.04.2)
  for (int i = 0; i < c.players; ++i) {
    Player p;
    p.id = i + 1;
    p.name = "Player " + std::to_string(i + 1);
    p.rating = ratings[static_cast<std::size_t>(i)];
    t.records.push_back({static_cast<int>(t.players.size()), ""});
    t.players.push_back(p);
  }
  t.records.push_back(
      {-1, std::string("XXC ") +
               (t.settings.initial_colour == InitialColour::White ? "white1" : "black1")});
  t.set_rounds(c.rounds);
  std::vector<bool> retired(static_cast<std::size_t>(c.players), false);
  for (int r = 1; r <= c.rounds; ++r) {
    // Withdrawals and requested half-point byes: entries for the round before pairing it.
    for (Player& p : t.players) {
      const auto i = static_cast<std::size_t>(p.id - 1);
      if (!retired[i] && r > 1 && one_in(c.retired_rate)) retired[i] = true;
      if (retired[i])
        p.rounds.push_back({0, Colour::None, ResultCode::ZeroBye});
      else if (one_in(c.half_bye_rate))
        p.rounds.push_back({0, Colour::None, ResultCode::HalfBye});
    }
    auto pairing = pair_dutch(t);
    if (!pairing) return tl::unexpected(pairing.error());
    for (const Board& b : pairing->boards) {
      Player& w = *t.find(b.white);
      Player& k = *t.find(b.black);
      ResultCode res = ResultCode::Draw;
      if (one_in(c.forfeit_rate)) {
        res = rng() % 2 == 0 ? ResultCode::ForfeitWin : ResultCode::ForfeitLoss;
      } else {
        // Expected score from the rating difference; draws among the share asked for.
        const double e = 1.0 / (1.0 + std::pow(10.0, (*k.rating - *w.rating) / 400.0));
        const double draw = c.draw_percentage / 100.0 * (1.0 - std::abs(2.0 * e - 1.0));
        const double x = unit(rng);
        res = x < draw                      ? ResultCode::Draw
              : x < draw + (1.0 - draw) * e ? ResultCode::Win
                                            : ResultCode::Loss;
      }
      w.rounds.push_back({b.black, Colour::White, res});
      k.rounds.push_back({b.white, Colour::Black, other_side(res)});
    }
    if (pairing->bye != 0)
      t.find(pairing->bye)->rounds.push_back({0, Colour::None, ResultCode::PairingBye});
    for (Player& p : t.players)
      while (static_cast<int>(p.rounds.size()) < r) p.rounds.push_back({});
  }
  for (Player& p : t.players) p.points = points_after(c.points, p, c.rounds);
  return t;
}

}  // namespace arbiter::tournament
