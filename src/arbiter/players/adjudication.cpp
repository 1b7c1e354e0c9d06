#include "arbiter/players/adjudication.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>

namespace arbiter::players {
namespace {

tl::unexpected<Error> bad(const std::string& what) {
  return make_error(ErrorCode::kInvalidArgument, "--adjudicate " + what);
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t at = text.find(sep, from);
    out.push_back(text.substr(from, at == std::string_view::npos ? text.npos : at - from));
    if (at == std::string_view::npos) return out;
    from = at + 1;
  }
}

// A rule's key and the setting it writes.
template <typename Rule>
struct Key {
  std::string_view name;
  int Rule::*field;
};

// Reads "key:value,key:value" for `rule` into a rule of the defaults, knowing `keys`.
template <typename Rule, std::size_t N>
Result<void> read_rule(std::string_view rule, std::string_view settings,
                       const std::array<Key<Rule>, N>& keys, std::optional<Rule>& into) {
  Rule r;
  if (!settings.empty()) {
    for (std::string_view item : split(settings, ',')) {
      const std::size_t colon = item.find(':');
      if (colon == std::string_view::npos || colon == 0)
        return bad(std::string(rule) + ": expected KEY:NUMBER, got '" + std::string(item) + "'");
      const std::string_view key = item.substr(0, colon);
      const std::string_view text = item.substr(colon + 1);
      int value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc{} || end != text.data() + text.size() || value <= 0)
        return bad(std::string(rule) + ": " + std::string(key) +
                   " needs a positive integer, got '" + std::string(text) + "'");
      const auto known = std::find_if(keys.begin(), keys.end(),
                                      [key](const Key<Rule>& k) { return k.name == key; });
      if (known == keys.end())
        return bad(std::string(rule) + ": unknown key '" + std::string(key) + "'");
      r.*(known->field) = value;
    }
  }
  into = r;
  return {};
}

constexpr std::array<Key<DrawRule>, 3> kDrawKeys{{{"movenumber", &DrawRule::move_number},
                                                  {"movecount", &DrawRule::move_count},
                                                  {"score", &DrawRule::score}}};
constexpr std::array<Key<ResignRule>, 2> kResignKeys{
    {{"movecount", &ResignRule::move_count}, {"score", &ResignRule::score}}};

}  // namespace

Result<void> parse_adjudication(std::string_view text, Adjudication& into) {
  const std::size_t eq = text.find('=');
  const std::string_view rule = text.substr(0, eq);
  const std::string_view settings = eq == std::string_view::npos ? "" : text.substr(eq + 1);
  if (rule == "draw") return read_rule(rule, settings, kDrawKeys, into.draw);
  if (rule == "resign") return read_rule(rule, settings, kResignKeys, into.resign);
  if (rule == "tb")
    return bad("tb: tablebase adjudication is not supported (Arbiter has no tablebases)");
  return bad("'" + std::string(text) + "': the rule must be draw=... or resign=...");
}

std::string describe(const DrawRule& r) {
  return "draw: |score| <= " + std::to_string(r.score) + " cp for " + std::to_string(r.move_count) +
         " moves from move " + std::to_string(r.move_number);
}

std::string describe(const ResignRule& r) {
  return "resign: score >= " + std::to_string(r.score) + " cp for " + std::to_string(r.move_count) +
         " moves";
}

std::optional<AdjudicationDecision> adjudicate(const Adjudication& rules,
                                               const std::vector<std::optional<int>>& scores,
                                               core::Color first_mover, int first_number) {
  const std::size_t plies = scores.size();
  if (plies == 0) return std::nullopt;
  // The last `count` scores of each side: the last 2 * count plies, all with a score.
  const auto last = [&](int count, auto&& pred) {
    const auto n = static_cast<std::size_t>(2 * count);
    if (plies < n) return false;
    for (std::size_t i = plies - n; i < plies; ++i)
      if (!scores[i] || !pred(i, *scores[i])) return false;
    return true;
  };
  const auto mover_of = [&](std::size_t ply) { return ply % 2 == 0 ? first_mover : ~first_mover; };
  if (rules.resign) {
    const ResignRule& r = *rules.resign;
    // Both engines agree: the loser sees -score or worse, the winner +score or better.
    for (core::Color loser : {core::Color::White, core::Color::Black}) {
      const bool agreed = last(r.move_count, [&](std::size_t i, int s) {
        return mover_of(i) == loser ? s <= -r.score : s >= r.score;
      });
      if (agreed)
        return AdjudicationDecision{loser == core::Color::White ? "0-1" : "1-0", loser,
                                    describe(r)};
    }
  }
  if (rules.draw) {
    const DrawRule& r = *rules.draw;
    // The move number of the last ply (Art. 8.1 numbering of this game).
    const int offset = first_mover == core::Color::Black ? 1 : 0;
    const int number = first_number + (static_cast<int>(plies) - 1 + offset) / 2;
    if (number >= r.move_number &&
        last(r.move_count, [&](std::size_t, int s) { return std::abs(s) <= r.score; }))
      return AdjudicationDecision{"1/2-1/2", std::nullopt, describe(r)};
  }
  return std::nullopt;
}

std::string pgn_with_adjudication(const std::string& pgn, const std::string& rule) {
  const std::string tag = "[Termination \"adjudication\"]";
  const auto at = pgn.find(tag);
  if (at == std::string::npos) return pgn;
  std::string quoted;
  for (char c : rule) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  std::string out = pgn;
  out.replace(at, tag.size(), "[Termination \"adjudication\"]\n[Adjudication \"" + quoted + "\"]");
  return out;
}

}  // namespace arbiter::players
