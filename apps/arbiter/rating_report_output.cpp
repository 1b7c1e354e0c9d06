// The FIDE rating report of an event, printed (docs/tournament.md, "Rating report").
#include "rating_report_output.hpp"

#include <fmt/core.h>

#include <charconv>

#include "arbiter/tournament/rating_report.hpp"
#include "arbiter/wire/json_text.hpp"
#include "commands.hpp"
#include "trf_arg.hpp"

namespace arbiter::app {

namespace {

// Hundredths as a decimal with two places: 140 → "1.40", -280 → "-2.80".
std::string hundredths(long long value) {
  const char* sign = value < 0 ? "-" : "";
  const long long magnitude = value < 0 ? -value : value;
  return fmt::format("{}{}.{:02}", sign, magnitude / 100, magnitude % 100);
}

std::string half_points(int value) { return fmt::format("{}.{}", value / 2, value % 2 ? 5 : 0); }

std::string text(const tournament::Tournament& event,
                 const std::vector<tournament::RatingLine>& lines, bool rapid_or_blitz) {
  std::string out = fmt::format(
      "Rating report (FIDE B.02 Article 8, {} list): {}\n"
      "{:>4}  {:<28} {:>4} {:>3} {:>5} {:>5} {:>6} {:>7} {:>6}  {}\n",
      rapid_or_blitz ? "rapid and blitz" : "standard",
      event.header("012").empty() ? "(no 012 line)" : event.header("012"), "SNo", "Name", "Rtg",
      "K", "Games", "Score", "Exp.", "Change", "New", "K from");
  for (const tournament::RatingLine& l : lines) {
    if (!l.rating) {
      out += fmt::format("{:>4}  {:<28} {:>4}  unrated: not rated in this report\n", l.id,
                         l.name.substr(0, 28), "-");
      continue;
    }
    out += fmt::format("{:>4}  {:<28} {:>4} {:>3} {:>5} {:>5} {:>6} {:>7} {:>6}  {}", l.id,
                       l.name.substr(0, 28), *l.rating, l.k, l.games, half_points(l.half_points),
                       hundredths(l.expected_hundredths), fmt::format("{:+d}", l.change),
                       *l.rating + l.change, l.k_reason);
    if (l.unrated_opponents > 0) {
      out += fmt::format("; {} {} against unrated opponents not rated", l.unrated_opponents,
                         l.unrated_opponents == 1 ? "game" : "games");
    }
    out += '\n';
  }
  return out;
}

std::string json(const tournament::Tournament& event,
                 const std::vector<tournament::RatingLine>& lines, bool rapid_or_blitz) {
  wire::JsonText j;
  j.open()
      .field("event", event.header("012"))
      .field("list", rapid_or_blitz ? "rapid and blitz" : "standard")
      .key("players")
      .open_array();
  for (const tournament::RatingLine& l : lines) {
    j.open().field("sno", l.id).field("name", l.name);
    if (!l.rating) {
      j.null_field("rating").close();
      continue;
    }
    j.field("rating", *l.rating)
        .field("k", l.k)
        .field("k_from", l.k_reason)
        .field("games", l.games)
        .field("score_halves", l.half_points)
        .field("expected_hundredths", l.expected_hundredths)
        .field("change_hundredths", l.change_hundredths)
        .field("change", l.change)
        .field("new_rating", *l.rating + l.change)
        .field("unrated_opponents", l.unrated_opponents)
        .close();
  }
  j.close_array().close();
  return j.take() + "\n";
}

}  // namespace

std::pair<int, int> parse_k_assignment(const std::string& text) {
  const auto eq = text.find('=');
  int id = 0;
  int k = 0;
  const auto whole = [](std::string_view s, int& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc{} && end == s.data() + s.size();
  };
  if (eq == std::string::npos || !whole(std::string_view(text).substr(0, eq), id) ||
      !whole(std::string_view(text).substr(eq + 1), k)) {
    throw ExitError{2,
                    "--k: expected ID=K (a starting number and a coefficient), not '" + text + "'"};
  }
  return {id, k};
}

void run_rating_report(const RatingReportArgs& args) {
  const tournament::Tournament event = load_trf(args.input);
  tournament::RatingReportOptions options;
  options.k = args.k;
  options.rapid_or_blitz = args.rapid_or_blitz;
  auto report = tournament::rating_report(event, options);
  if (!report) {
    const bool of_k = report.error().where.field == "k";
    throw ExitError{3, (of_k ? "--k: " : args.input + ": ") + report.error().message};
  }
  write_output("", args.json ? json(event, *report, args.rapid_or_blitz)
                             : text(event, *report, args.rapid_or_blitz));
}

}  // namespace arbiter::app
