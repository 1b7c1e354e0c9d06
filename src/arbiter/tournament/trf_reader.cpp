// Reading a TRF: split into lines, parse the 001 lines field by field, interpret the
// extension lines the model knows, keep the rest as text.
#include <cctype>
#include <string>

#include "arbiter/tournament/consistency.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {

namespace {

struct Line {
  std::string_view text;
  int number = 0;
};

Error syntax(int line, int column, std::string field, std::string message) {
  return Error{ErrorCode::kTrfSyntax, std::move(message), {line, column, std::move(field)}};
}

// Columns first..last (1-based, inclusive) of `s`, blanks where the line is shorter.
std::string columns(std::string_view s, int first, int last) {
  std::string out;
  for (int c = first; c <= last; ++c) {
    const auto i = static_cast<std::size_t>(c - 1);
    out += i < s.size() ? s[i] : ' ';
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::string trim_right(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// A right-aligned unsigned number in columns first..last; nullopt when blank.
Result<std::optional<int>> number_field(std::string_view s, int line, int first, int last,
                                        const char* field) {
  const std::string raw = columns(s, first, last);
  const std::string_view value = trim(raw);
  if (value.empty()) return std::optional<int>{};
  if (!all_digits(value)) {
    return tl::unexpected(
        syntax(line, first, field,
               std::string(field) + " must be a number, not '" + std::string(value) + "'"));
  }
  return std::optional<int>{std::stoi(std::string(value))};
}

// Columns that separate fields must be blank.
Result<void> blank_column(std::string_view s, int line, int column) {
  const auto i = static_cast<std::size_t>(column - 1);
  if (i < s.size() && s[i] != ' ') {
    return tl::unexpected(
        syntax(line, column, "separator",
               "column " + std::to_string(column) + " separates two fields and must be blank"));
  }
  return {};
}

Result<RoundEntry> parse_round(std::string_view s, int line, int round) {
  RoundEntry e;
  const int oc = opponent_column(round);
  const std::string opp = columns(s, oc, oc + 3);
  if (trim(opp).empty()) {
    e.opponent_blank = true;
  } else {
    auto n = number_field(s, line, oc, oc + 3, "opponent");
    if (!n) return tl::unexpected(n.error());
    e.opponent = **n;
  }
  for (int c : {oc + 4, oc + 6, oc + 8}) {
    if (auto b = blank_column(s, line, c); !b) return tl::unexpected(b.error());
  }
  const char colour = columns(s, oc + 5, oc + 5)[0];
  switch (colour) {
    case 'w': e.colour = Colour::White; break;
    case 'b': e.colour = Colour::Black; break;
    case '-': e.colour = Colour::None; break;
    case ' ':
      e.colour = Colour::None;
      e.colour_blank = true;
      break;
    default:
      return tl::unexpected(syntax(line, oc + 5, "colour",
                                   std::string("colour must be w, b or -, not '") + colour + "'"));
  }
  if (colour == ' ' && !trim(columns(s, oc, oc + 7)).empty()) {
    return tl::unexpected(
        syntax(line, oc + 5, "colour", "colour must be w, b or - when the round is given"));
  }
  const char result = columns(s, oc + 7, oc + 7)[0];
  if (result == ' ') {
    e.result = ResultCode::ZeroBye;  // TRF: a blank result is Z
    e.result_blank = true;
  } else if (auto r = parse_result(result)) {
    e.result = *r;
  } else {
    return tl::unexpected(syntax(line, oc + 7, "result",
                                 std::string("result must be one of 1 = 0 + - W D L H F U Z, "
                                             "not '") +
                                     result + "'"));
  }
  return e;
}

Result<Player> parse_player(std::string_view s, int line) {
  Player p;
  p.width = static_cast<int>(s.size());
  for (int c : {4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91}) {
    if (auto b = blank_column(s, line, c); !b) return tl::unexpected(b.error());
  }
  auto id = number_field(s, line, 5, 8, "starting rank");
  if (!id) return tl::unexpected(id.error());
  if (!*id || **id == 0) {
    return tl::unexpected(
        syntax(line, 5, "starting rank", "a player needs a starting rank number (1-9999)"));
  }
  p.id = **id;
  p.sex = columns(s, 10, 10)[0];
  if (p.sex != ' ' && p.sex != 'm' && p.sex != 'w') {
    return tl::unexpected(
        syntax(line, 10, "sex", std::string("sex must be m, w or blank, not '") + p.sex + "'"));
  }
  p.title = trim_right(columns(s, 11, 13));
  p.name = trim_right(columns(s, 15, 47));
  auto rating = number_field(s, line, 49, 52, "rating");
  if (!rating) return tl::unexpected(rating.error());
  p.rating = *rating;
  p.federation = trim_right(columns(s, 54, 56));
  const std::string fide_id = std::string(trim(columns(s, 58, 68)));
  if (!fide_id.empty() && !all_digits(fide_id)) {
    return tl::unexpected(syntax(line, 58, "FIDE id", "FIDE id must be digits"));
  }
  p.fide_id = fide_id;
  p.birth_date = trim_right(columns(s, 70, 79));
  const std::string points_raw = columns(s, 81, 84);
  const std::string_view points = trim(points_raw);
  if (!points.empty()) {
    p.points = parse_points(points);
    if (!p.points) {
      return tl::unexpected(syntax(
          line, 81, "points",
          "points must be a number with at most one decimal, not '" + std::string(points) + "'"));
    }
  }
  auto rank = number_field(s, line, 86, 89, "rank");
  if (!rank) return tl::unexpected(rank.error());
  p.rank = *rank;
  for (int round = 1; opponent_column(round) <= static_cast<int>(s.size()); ++round) {
    auto e = parse_round(s, line, round);
    if (!e) return tl::unexpected(e.error());
    p.rounds.push_back(*e);
  }
  // Rounds left blank at the end of the line are no entries at all.
  while (!p.rounds.empty() && p.rounds.back().opponent_blank && p.rounds.back().colour_blank &&
         p.rounds.back().result_blank) {
    p.rounds.pop_back();
  }
  return p;
}

// Words after the three-character code, with their 1-based columns.
std::vector<std::pair<std::string_view, int>> words(std::string_view s) {
  std::vector<std::pair<std::string_view, int>> out;
  std::size_t i = 3;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (i >= s.size()) break;
    std::size_t end = i;
    while (end < s.size() && s[end] != ' ' && s[end] != '\t') ++end;
    out.emplace_back(s.substr(i, end - i), static_cast<int>(i) + 1);
    i = end;
  }
  return out;
}

Result<std::vector<PlayerId>> id_list(std::string_view s, int line, const char* field) {
  std::vector<PlayerId> ids;
  for (auto [word, column] : words(s)) {
    if (!all_digits(word) || word.size() > 4 || std::stoi(std::string(word)) == 0) {
      return tl::unexpected(
          syntax(line, column, field,
                 std::string(field) + " lists starting ranks, not '" + std::string(word) + "'"));
    }
    ids.push_back(std::stoi(std::string(word)));
  }
  return ids;
}

// A number in columns first..last that must be there.
Result<int> required_number(std::string_view s, int line, int first, int last, const char* field) {
  auto n = number_field(s, line, first, last, field);
  if (!n) return tl::unexpected(n.error());
  if (!*n) {
    return tl::unexpected(syntax(line, first, field,
                                 std::string(field) + " needs a number in columns " +
                                     std::to_string(first) + "-" + std::to_string(last)));
  }
  return **n;
}

// Starting ranks from column `from` on, one word each.
Result<std::vector<PlayerId>> ids_from(std::string_view s, int line, int from, const char* field) {
  if (static_cast<int>(s.size()) < from) {
    return tl::unexpected(syntax(line, from, field, std::string(field) + " lists no player"));
  }
  const std::string rest = "   " + std::string(s.substr(static_cast<std::size_t>(from - 1)));
  auto ids = id_list(rest, line, field);
  if (!ids) {
    Error e = ids.error();
    e.where.column += from - 4;
    return tl::unexpected(e);
  }
  if (ids->empty()) {
    return tl::unexpected(syntax(line, from, field, std::string(field) + " lists no player"));
  }
  return ids;
}

// TRF-2026 layouts as documented in docs/tournament.md (after the code and a blank).
Result<ForbiddenPairs> parse_forbidden(std::string_view s, int line) {
  ForbiddenPairs f;
  auto first = required_number(s, line, 5, 7, "260");
  if (!first) return tl::unexpected(first.error());
  f.first_round = *first;
  auto last = number_field(s, line, 9, 11, "260");
  if (!last) return tl::unexpected(last.error());
  f.last_round = *last;
  auto ids = ids_from(s, line, 12, "260");
  if (!ids) return tl::unexpected(ids.error());
  f.players = *ids;
  return f;
}

Result<RequestedByes> parse_requested_byes(std::string_view s, int line) {
  RequestedByes b;
  const char type = columns(s, 5, 5)[0];
  if (type != 'F' && type != 'H' && type != 'Z' && type != 'f' && type != 'h' && type != 'z') {
    return tl::unexpected(syntax(line, 5, "240", "240 bye type must be F, H or Z"));
  }
  b.type = *parse_result(static_cast<char>(std::toupper(static_cast<unsigned char>(type))));
  auto round = required_number(s, line, 7, 9, "240");
  if (!round) return tl::unexpected(round.error());
  b.round = *round;
  auto ids = ids_from(s, line, 10, "240");
  if (!ids) return tl::unexpected(ids.error());
  b.players = *ids;
  return b;
}

Result<std::optional<Points>> points_field(std::string_view s, int line, int first, int last) {
  const std::string raw = columns(s, first, last);
  const std::string_view value = trim(raw);
  if (value.empty()) return std::optional<Points>{};
  auto p = parse_points(value);
  if (!p) return tl::unexpected(syntax(line, first, "250", "250 points must be a number"));
  return std::optional<Points>{*p};
}

Result<AcceleratedRounds> parse_accelerated(std::string_view s, int line) {
  AcceleratedRounds a;
  auto points = points_field(s, line, 5, 8);
  if (!points) return tl::unexpected(points.error());
  a.points = *points;
  auto game = points_field(s, line, 10, 13);
  if (!game) return tl::unexpected(game.error());
  a.game_points = *game;
  int* targets[] = {&a.first_round, &a.last_round, &a.first_player, &a.last_player};
  const int spans[][2] = {{15, 17}, {19, 21}, {23, 26}, {28, 31}};
  for (int i = 0; i < 4; ++i) {
    auto n = required_number(s, line, spans[i][0], spans[i][1], "250");
    if (!n) return tl::unexpected(n.error());
    *targets[i] = *n;
  }
  return a;
}

// TRF-2026 `162`: pairs of a code and its points, the codes of the annex (positions 6, 15,
// 24, ...: `162 W 3.0 D 1.0 L 0.0`): W a win on the board or by forfeit, and a full-point
// bye; D a draw and a half-point bye; L a loss; A an absence (zero-point bye, forfeit
// loss); P the pairing-allocated bye (as W unless given); X an unknown result (the model has
// none: read and ignored). Arbiter also reads the player section's result codes there
// (`1 = 0 + - H F U Z`), each for itself.
Result<PointSystem> parse_point_table(PointSystem ps, std::string_view s, int line) {
  const auto ws = words(s);
  bool pairing_bye_given = false;
  for (std::size_t i = 0; i < ws.size(); i += 2) {
    const auto [symbol, column] = ws[i];
    const char c = symbol.size() == 1 ? symbol[0] : '?';
    const bool annex = c == 'W' || c == 'D' || c == 'L' || c == 'A' || c == 'P' || c == 'X';
    const auto code = annex ? std::nullopt : parse_result(c);
    if (!annex && !code) {
      return tl::unexpected(syntax(line, column, "point system",
                                   "162 names the codes W D L A P X (or the result codes "
                                   "1 = 0 + - H F U Z), not '" +
                                       std::string(symbol) + "'"));
    }
    const auto value = i + 1 < ws.size() ? parse_points(ws[i + 1].first) : std::nullopt;
    if (!value || *value < 0) {
      return tl::unexpected(syntax(line, i + 1 < ws.size() ? ws[i + 1].second : column + 1,
                                   "point system", "162 gives each code its points"));
    }
    const Points v = *value;
    if (annex) {
      switch (c) {
        case 'W':
          ps.win = ps.forfeit_win = ps.full_bye = v;
          if (!pairing_bye_given) ps.pairing_bye = v;
          break;
        case 'D': ps.draw = ps.half_bye = v; break;
        case 'L': ps.loss = v; break;
        case 'A': ps.zero_bye = ps.forfeit_loss = v; break;
        case 'P':
          ps.pairing_bye = v;
          pairing_bye_given = true;
          break;
        default: break;  // X: an unknown result, which no round of the model holds
      }
      continue;
    }
    switch (*code) {
      case ResultCode::Win:
      case ResultCode::WinUnrated: ps.win = v; break;
      case ResultCode::Draw:
      case ResultCode::DrawUnrated: ps.draw = v; break;
      case ResultCode::Loss:
      case ResultCode::LossUnrated: ps.loss = v; break;
      case ResultCode::ForfeitWin: ps.forfeit_win = v; break;
      case ResultCode::ForfeitLoss: ps.forfeit_loss = v; break;
      case ResultCode::HalfBye: ps.half_bye = v; break;
      case ResultCode::FullBye: ps.full_bye = v; break;
      case ResultCode::PairingBye:
        ps.pairing_bye = v;
        pairing_bye_given = true;
        break;
      case ResultCode::ZeroBye: ps.zero_bye = v; break;
    }
  }
  return ps;
}

Result<void> apply_directive(Settings& st, std::string_view s, int line) {
  const std::string_view code = s.substr(0, std::min<std::size_t>(3, s.size()));
  const auto ws = words(s);
  if (code == "142" || code == "XXR") {
    if (ws.size() != 1 || !all_digits(ws[0].first) || ws[0].first.size() > 3 ||
        std::stoi(std::string(ws[0].first)) == 0) {
      return tl::unexpected(syntax(line, ws.empty() ? 5 : ws[0].second, "rounds",
                                   std::string(code) + " needs the number of rounds"));
    }
    st.rounds = std::stoi(std::string(ws[0].first));
  } else if (code == "152" || code == "XXC") {
    for (auto [word, column] : ws) {
      if (word == "W" || word == "w" || word == "white1") {
        st.initial_colour = InitialColour::White;
      } else if (word == "B" || word == "b" || word == "black1") {
        st.initial_colour = InitialColour::Black;
      } else if (code == "152" || word != "rank") {
        return tl::unexpected(syntax(line, column, "initial colour",
                                     "initial colour must be W or B (XXC: white1, black1, "
                                     "rank), not '" +
                                         std::string(word) + "'"));
      }
    }
  } else if (code == "XXS" || code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" ||
             code == "BBF" || code == "BBU") {
    auto ps = apply_point_line(st.points, s, line);
    if (!ps) return tl::unexpected(ps.error());
    st.points = *ps;
  } else if (code == "192") {
    st.system = std::string(trim(s.substr(3)));
  } else if (code == "092") {
    if (st.system.empty()) st.system = std::string(trim(s.substr(3)));
  } else if (code == "202" || code == "212") {
    for (auto [word, column] : ws) {
      std::string_view w = word;
      while (!w.empty()) {
        const auto comma = w.find(',');
        const std::string_view item = w.substr(0, comma);
        if (!item.empty()) st.tiebreaks.emplace_back(item);
        if (comma == std::string_view::npos) break;
        w.remove_prefix(comma + 1);
      }
    }
  } else if (code == "122" || code == "222") {
    st.time_control = std::string(trim(s.substr(3)));
  } else if (code == "XXZ") {
    auto ids = id_list(s, line, "XXZ");
    if (!ids) return tl::unexpected(ids.error());
    st.absent_next_round.insert(st.absent_next_round.end(), ids->begin(), ids->end());
  } else if (code == "XXP") {
    auto ids = id_list(s, line, "XXP");
    if (!ids) return tl::unexpected(ids.error());
    st.forbidden.push_back({1, std::nullopt, *ids});
  } else if (code == "260") {
    auto f = parse_forbidden(s, line);
    if (!f) return tl::unexpected(f.error());
    st.forbidden.push_back(*f);
  } else if (code == "240") {
    auto b = parse_requested_byes(s, line);
    if (!b) return tl::unexpected(b.error());
    st.requested_byes.push_back(*b);
  } else if (code == "250") {
    auto a = parse_accelerated(s, line);
    if (!a) return tl::unexpected(a.error());
    st.accelerated.push_back(*a);
  } else if (code == "162") {
    auto ps = parse_point_table(st.points, s, line);
    if (!ps) return tl::unexpected(ps.error());
    st.points = *ps;
  } else if (code == "XXA") {
    Acceleration a;
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const auto [word, column] = ws[i];
      if (i == 0) {
        if (!all_digits(word) || word.size() > 4) {
          return tl::unexpected(
              syntax(line, column, "XXA", "XXA starts with the player's starting rank"));
        }
        a.player = std::stoi(std::string(word));
        continue;
      }
      auto pts = parse_points(word);
      if (!pts || *pts < 0) {
        return tl::unexpected(syntax(line, column, "XXA", "XXA points must be numbers"));
      }
      a.per_round.push_back(*pts);
    }
    if (a.player == 0) {
      return tl::unexpected(syntax(line, 5, "XXA", "XXA starts with the player's starting rank"));
    }
    st.accelerations.push_back(a);
  }
  return {};
}

}  // namespace

Result<Tournament> parse_trf(std::string_view text) {
  Tournament t;
  // Line endings: the first one found decides what the writer uses.
  const auto first_break = text.find_first_of("\r\n");
  if (first_break != std::string_view::npos) {
    if (text[first_break] == '\n') {
      t.ending = LineEnding::Lf;
    } else if (first_break + 1 < text.size() && text[first_break + 1] == '\n') {
      t.ending = LineEnding::CrLf;
    } else {
      t.ending = LineEnding::Cr;
    }
  }
  std::vector<Line> lines;
  std::size_t i = 0;
  int number = 0;
  t.final_ending = false;
  while (i < text.size()) {
    const auto end = text.find_first_of("\r\n", i);
    ++number;
    if (end == std::string_view::npos) {
      lines.push_back({text.substr(i), number});
      t.final_ending = false;
      break;
    }
    lines.push_back({text.substr(i, end - i), number});
    i = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
    t.final_ending = true;
  }
  for (const Line& l : lines) {
    for (std::size_t c = 0; c < l.text.size(); ++c) {
      const auto u = static_cast<unsigned char>(l.text[c]);
      if (u < 0x20 && u != '\t') {
        return tl::unexpected(
            syntax(l.number, static_cast<int>(c) + 1, "text", "control character in a line"));
      }
    }
    if (l.text.substr(0, 3) == "001") {
      auto p = parse_player(l.text, l.number);
      if (!p) return tl::unexpected(p.error());
      t.records.push_back({static_cast<int>(t.players.size()), {}});
      t.players.push_back(std::move(*p));
      continue;
    }
    if (auto ok = apply_directive(t.settings, l.text, l.number); !ok) {
      return tl::unexpected(ok.error());
    }
    t.records.push_back({-1, std::string(l.text)});
  }
  return t;
}

Result<Tournament> read_trf(std::string_view text) {
  auto t = parse_trf(text);
  if (!t) return t;
  if (auto ok = check_consistency(*t); !ok) return tl::unexpected(ok.error());
  return t;
}

}  // namespace arbiter::tournament
