#include "arbiter/competition/game_record.hpp"

#include <cstdio>

namespace arbiter::competition {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string tag(const char* name, const std::string& value) {
  return std::string("[") + name + " " + quoted(value) + "]\n";
}

// PGN comments may not contain '}'.
std::string comment(const std::string& text) {
  std::string out = "{";
  for (char c : text) out += c == '}' ? ')' : c;
  return out + "}";
}

// Breaks a movetext into lines of at most 79 characters (PGN export format, 8.2.6).
std::string wrap(const std::vector<std::string>& tokens) {
  std::string out;
  std::size_t line = 0;
  for (const std::string& token : tokens) {
    if (line > 0 && line + 1 + token.size() > 79) {
      out += '\n';
      line = 0;
    } else if (line > 0) {
      out += ' ';
      ++line;
    }
    out += token;
    line += token.size();
  }
  return out;
}

// Splits a comment into words so wrap() can break it; joined back by single spaces.
void push_comment(std::vector<std::string>& tokens, const std::string& text) {
  const std::string c = comment(text);
  std::size_t start = 0;
  while (start < c.size()) {
    std::size_t end = c.find(' ', start);
    if (end == std::string::npos) end = c.size();
    if (end > start) tokens.push_back(c.substr(start, end - start));
    start = end + 1;
  }
}

}  // namespace

void GameRecord::note(std::string text) {
  if (moves.empty()) {
    opening_comments.push_back(std::move(text));
  } else {
    moves.back().comments.push_back(std::move(text));
  }
}

std::string clock_text(Millis ms) {
  const auto total = ms.count() < 0 ? 0 : ms.count();
  const auto h = total / 3'600'000;
  const auto m = total / 60'000 % 60;
  const auto s = total / 1000 % 60;
  const auto frac = total % 1000;
  char buf[48];
  if (frac == 0) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(h),
                  static_cast<long long>(m), static_cast<long long>(s));
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld.%03lld", static_cast<long long>(h),
                  static_cast<long long>(m), static_cast<long long>(s),
                  static_cast<long long>(frac));
  }
  return buf;
}

std::string to_pgn(const GameRecord& record, GameResult result, Termination termination) {
  // PGN knows only 1-0, 0-1, 1/2-1/2 and *; forfeit forms go in the comment and tag.
  std::string pgn_result{result_text(result)};
  if (pgn_result != "1-0" && pgn_result != "0-1" && pgn_result != "1/2-1/2") pgn_result = "*";
  std::string out;
  out += tag("Event", record.event.empty() ? "?" : record.event);
  out += tag("Site", record.site.empty() ? "?" : record.site);
  out += tag("Date", record.date.empty() ? "????.??.??" : record.date);
  out += tag("Round", "?");
  out += tag("White", record.white.empty() ? "?" : record.white);
  out += tag("Black", record.black.empty() ? "?" : record.black);
  out += tag("Result", pgn_result);
  if (!record.start_fen.empty()) {
    out += tag("SetUp", "1");
    out += tag("FEN", record.start_fen);
  }
  if (record.chess960) out += tag("Variant", "Chess960");
  if (record.time_control_black.empty()) {
    out += tag("TimeControl", record.time_control);
  } else {
    // Time odds: one control per player, in the tags some PGN readers use for it; the
    // standard TimeControl tag has room for one control only and is left out.
    out += tag("WhiteTimeControl", record.time_control);
    out += tag("BlackTimeControl", record.time_control_black);
  }
  for (const auto& [name, value] : record.extra_tags) out += tag(name.c_str(), value);
  out += tag("Termination", std::string(pgn_termination(termination)));
  out += '\n';

  std::vector<std::string> tokens;
  for (const std::string& c : record.opening_comments) push_comment(tokens, c);
  bool need_number = true;
  for (const RecordedMove& m : record.moves) {
    if (m.side == Color::White) {
      tokens.push_back(std::to_string(m.number) + ".");
    } else if (need_number) {
      tokens.push_back(std::to_string(m.number) + "...");
    }
    tokens.push_back(m.san);
    need_number = false;
    if (m.clock) push_comment(tokens, "[%clk " + clock_text(*m.clock) + "]");
    if (m.offered_draw) push_comment(tokens, "draw offer (=)");
    for (const std::string& c : m.comments) push_comment(tokens, c);
    if (!m.comments.empty() || m.offered_draw) need_number = true;
    if (m.clock) need_number = true;
  }
  if (result_text(result) != pgn_result) {
    push_comment(tokens, "result " + std::string(result_text(result)));
  }
  // How it ended, which the standard Termination value says only broadly: "White wins by
  // checkmate", "Draw: dead position".
  if (termination != Termination::Ongoing)
    push_comment(tokens, ending_sentence(result, termination));
  tokens.push_back(pgn_result);
  out += wrap(tokens);
  out += "\n";
  return out;
}

std::string to_scoresheet(const GameRecord& record, GameResult result) {
  std::string out = "White: " + (record.white.empty() ? "?" : record.white) + "\n";
  out += "Black: " + (record.black.empty() ? "?" : record.black) + "\n";
  std::string line;
  for (const RecordedMove& m : record.moves) {
    std::string cell = m.san + (m.offered_draw ? " (=)" : "");
    if (m.side == Color::White) {
      if (!line.empty()) out += line + "\n";
      line = std::to_string(m.number) + ". " + cell;
    } else {
      if (line.empty()) line = std::to_string(m.number) + ". ...";
      while (line.size() < 24) line += ' ';
      line += cell;
      out += line + "\n";
      line.clear();
    }
  }
  if (!line.empty()) out += line + "\n";
  out += "Result: " + std::string(result_text(result)) + "\n";
  return out;
}

}  // namespace arbiter::competition
