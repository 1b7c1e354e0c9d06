#include "arbiter/uci/uci_command.hpp"

#include <charconv>
#include <limits>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::uci {

using engine::SearchLimits;

std::vector<std::string_view> tokenize(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

namespace {

Error syntax(std::string message) {
  return Error{ErrorCode::kProtocolSyntax, std::move(message), {}};
}

template <typename T>
bool parse_number(std::string_view text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size();
}

bool is_go_keyword(std::string_view t) {
  for (std::string_view k : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo",
                             "depth", "nodes", "mate", "movetime", "infinite"})
    if (t == k) return true;
  return false;
}

}  // namespace

Result<PositionCommand> parse_position(const std::vector<std::string_view>& tokens, bool chess960) {
  PositionCommand cmd;
  std::size_t i = 1;
  if (i >= tokens.size()) return tl::unexpected(syntax("position: expected 'startpos' or 'fen'"));
  if (tokens[i] == "startpos") {
    cmd.position = core::Position::startpos();
    cmd.position.set_chess960(chess960);
    ++i;
  } else if (tokens[i] == "fen") {
    ++i;
    std::string fen;
    while (i < tokens.size() && tokens[i] != "moves") {
      if (!fen.empty()) fen += ' ';
      fen += tokens[i++];
    }
    if (fen.empty()) return tl::unexpected(syntax("position fen: missing FEN"));
    core::FenOptions options;
    options.chess960 = chess960;
    auto pos = core::Position::from_fen(fen, options);
    if (!pos) return tl::unexpected(syntax("position fen: " + pos.error().message));
    cmd.position = *pos;
  } else {
    return tl::unexpected(
        syntax("position: expected 'startpos' or 'fen', got '" + std::string(tokens[i]) + "'"));
  }
  if (i < tokens.size()) {
    if (tokens[i] != "moves")
      return tl::unexpected(syntax("position: unexpected '" + std::string(tokens[i]) + "'"));
    ++i;
  }
  for (; i < tokens.size(); ++i) {
    auto m = core::parse_uci(cmd.position, tokens[i]);
    if (!m)
      return tl::unexpected(
          syntax("position: bad move '" + std::string(tokens[i]) + "': " + m.error().message));
    cmd.history.push_back(cmd.position.key());
    core::Undo undo;
    cmd.position.do_move(*m, undo);
  }
  return cmd;
}

GoCommand parse_go(const std::vector<std::string_view>& tokens, const core::Position& pos) {
  GoCommand go;
  SearchLimits& l = go.limits;
  const auto warn = [&go](std::string text) { go.warnings.push_back(std::move(text)); };
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string_view key = tokens[i];
    if (key == "infinite") {
      l.infinite = true;
    } else if (key == "ponder") {
      l.ponder = true;
    } else if (key == "searchmoves") {
      while (i + 1 < tokens.size() && !is_go_keyword(tokens[i + 1])) {
        auto m = core::parse_uci(pos, tokens[++i]);
        if (m)
          l.searchmoves.push_back(*m);
        else
          warn("searchmoves: ignoring '" + std::string(tokens[i]) + "'");
      }
    } else if (is_go_keyword(key)) {
      if (i + 1 >= tokens.size()) {
        warn("go: missing value after '" + std::string(key) + "'");
        break;
      }
      const std::string_view text = tokens[++i];
      std::int64_t v = 0;
      if (!parse_number(text, v)) {
        warn("go: bad value '" + std::string(text) + "' for '" + std::string(key) + "'");
        continue;
      }
      const std::int64_t nonneg = v < 0 ? 0 : v;
      const int small = static_cast<int>(std::min<std::int64_t>(nonneg, 1 << 20));
      if (key == "wtime")
        l.time[0] = nonneg;
      else if (key == "btime")
        l.time[1] = nonneg;
      else if (key == "winc")
        l.inc[0] = nonneg;
      else if (key == "binc")
        l.inc[1] = nonneg;
      else if (key == "movestogo")
        l.movestogo = small;
      else if (key == "depth")
        l.depth = std::max(1, small);
      else if (key == "nodes")
        l.nodes = static_cast<std::uint64_t>(std::max<std::int64_t>(1, v));
      else if (key == "mate")
        l.mate = std::max(1, small);
      else if (key == "movetime")
        l.movetime = nonneg;
    } else {
      warn("go: unknown parameter '" + std::string(key) + "'");
    }
  }
  return go;
}

Result<SetOption> parse_setoption(const std::vector<std::string_view>& tokens) {
  if (tokens.size() < 3 || tokens[1] != "name")
    return tl::unexpected(syntax("setoption: expected 'setoption name <id> [value <x>]'"));
  SetOption opt;
  std::size_t i = 2;
  for (; i < tokens.size() && tokens[i] != "value"; ++i) {
    if (!opt.name.empty()) opt.name += ' ';
    opt.name += tokens[i];
  }
  if (opt.name.empty()) return tl::unexpected(syntax("setoption: missing option name"));
  if (i < tokens.size()) {
    for (++i; i < tokens.size(); ++i) {
      if (!opt.value.empty()) opt.value += ' ';
      opt.value += tokens[i];
    }
  }
  return opt;
}

std::string format_score(engine::Value v, engine::Bound bound) {
  std::string s = "score ";
  if (engine::is_mate_score(v))
    s += "mate " + std::to_string(engine::mate_moves(v));
  else
    s += "cp " + std::to_string(v);
  if (bound == engine::Bound::Lower)
    s += " lowerbound";
  else if (bound == engine::Bound::Upper)
    s += " upperbound";
  return s;
}

std::string format_info(const engine::SearchInfo& info, bool chess960) {
  std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                  std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) + " " +
                  format_score(info.score, info.bound) + " nodes " + std::to_string(info.nodes) +
                  " nps " + std::to_string(info.nps) + " hashfull " +
                  std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
  if (!info.pv.empty()) {
    s += " pv";
    for (core::Move m : info.pv) s += " " + core::to_uci(m, chess960);
  }
  return s;
}

}  // namespace arbiter::uci
