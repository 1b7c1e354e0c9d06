#include "arbiter/players/xboard_player.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <optional>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/players/engine_text.hpp"

namespace arbiter::players {
namespace {

constexpr Millis kNoFeatureWait{2000};    // a version 1 engine never says done=1
constexpr Millis kNoClockMoveTime{2000};  // a game without a clock: `st` per move

bool is_integer(const std::string& w) {
  if (w.empty()) return false;
  std::size_t i = (w[0] == '-' || w[0] == '+') ? 1 : 0;
  if (i == w.size()) return false;
  for (; i < w.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
  return true;
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// Whether the game starts elsewhere than where `new` puts the engine's board.
bool needs_setup(const core::Position& start, bool chess960) {
  return chess960 || start.fen() != core::Position::startpos().fen();
}

// The castling rights CECP's `edit` implies: each king and rook on its home square.
std::uint8_t rights_at_home(const core::Position& pos) {
  using core::Square;
  std::uint8_t rights = 0;
  for (core::Color c : {core::Color::White, core::Color::Black}) {
    const auto on = [&](Square s, core::PieceType t) {
      return pos.piece_on(core::relative_square(c, s)) == core::make_piece(c, t);
    };
    if (!on(Square::E1, core::PieceType::King)) continue;
    if (on(Square::H1, core::PieceType::Rook))
      rights |= core::castling_bit(c, core::CastlingSide::King);
    if (on(Square::A1, core::PieceType::Rook))
      rights |= core::castling_bit(c, core::CastlingSide::Queen);
  }
  return rights;
}

// What `edit` cannot express about `pos` (it assumes castling for every king and rook at
// home, no en passant, standard chess), or nullopt when it sets `pos` up exactly.
std::optional<std::string> edit_cannot_express(const core::Position& pos, bool chess960) {
  if (chess960) return "a Chess960 position";
  const std::uint8_t home = rights_at_home(pos);
  if ((home & ~pos.castling_rights()) != 0) return "lost castling rights";
  if (home != pos.castling_rights()) return "castling rights without king and rook at home";
  if (pos.has_legal_en_passant())
    return "the en passant capture on " + core::square_name(pos.en_passant_square());
  return std::nullopt;
}

// The CECP `edit` set-up of a standard position, sent after `new` and `force`: with Black
// to move a dummy a2a3 first (edit keeps the side to move), then `edit`, `#` (clear),
// White's pieces as `Ke1`, `c`, Black's pieces, `.`.
std::vector<std::string> edit_commands(const core::Position& pos, const std::string& move_prefix) {
  std::vector<std::string> out;
  if (pos.side_to_move() == core::Color::Black) out.push_back(move_prefix + "a2a3");
  out.emplace_back("edit");
  out.emplace_back("#");
  for (core::Color c : {core::Color::White, core::Color::Black}) {
    if (c == core::Color::Black) out.emplace_back("c");
    for (int i = 0; i < 64; ++i) {
      const core::Square sq = core::square_at(i);
      const core::Piece p = pos.piece_on(sq);
      if (p == core::Piece::None || core::color_of(p) != c) continue;
      const char letter = core::piece_char(core::make_piece(core::Color::White, core::type_of(p)));
      out.push_back(letter + core::square_name(sq));
    }
  }
  out.emplace_back(".");
  return out;
}

}  // namespace

std::vector<std::string> parse_features(const std::string& line, XboardFeatures& f) {
  std::vector<std::string> names;
  std::size_t i = line.find("feature");
  if (i == std::string::npos) return names;
  i += 7;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t k = i;
    while (i < line.size() && line[i] != '=' && line[i] != ' ') ++i;
    if (i >= line.size() || line[i] != '=') break;
    const std::string key = line.substr(k, i - k);
    ++i;
    std::string value;
    if (i < line.size() && line[i] == '"') {
      const std::size_t end = line.find('"', i + 1);
      value = line.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
      i = end == std::string::npos ? line.size() : end + 1;
    } else {
      const std::size_t b = i;
      while (i < line.size() && line[i] != ' ') ++i;
      value = line.substr(b, i - b);
    }
    names.push_back(key);
    if (key == "usermove") f.usermove = value == "1";
    if (key == "setboard") f.setboard = value == "1";
    if (key == "san") f.san = value == "1";
    if (key == "done") f.done = value == "1";
    if (key == "myname") f.myname = value;
    if (key == "variants") f.variants = split_commas(value);
  }
  return names;
}

XboardPlayer::XboardPlayer(EngineConfig config) : config_(std::move(config)) {}

void XboardPlayer::send(const std::string& line) {
  std::lock_guard lock(write_);
  if (process_ && !process_->write_line(line)) alive_ = false;
}

void XboardPlayer::interrupt() {
  interrupted_ = true;
  send("?");
}

Result<void> XboardPlayer::start(const GameStart& start) {
  game_ = start;
  known_.clear();
  alive_ = true;
  interrupted_ = false;
  auto p = Process::spawn(config_.argv, config_.stderr_log);
  if (!p) return tl::unexpected(p.error());
  process_.emplace(std::move(*p));
  features_ = XboardFeatures{};
  send("xboard");
  send("protover 2");
  // Wait for done=1; an engine without features (version 1) gets kNoFeatureWait.
  const auto until = std::chrono::steady_clock::now() + config_.startup_timeout;
  bool any_feature = false;
  std::string line;
  while (!features_.done) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= until || (!any_feature && now >= until - config_.startup_timeout + kNoFeatureWait))
      break;
    const auto left = std::chrono::duration_cast<Millis>(until - now);
    const ReadStatus s = process_->read_line(line, std::min(left, kNoFeatureWait));
    if (s == ReadStatus::Closed)
      return make_error(ErrorCode::kProtocolState, config_.name + ": exited during the handshake");
    if (s != ReadStatus::Line) continue;
    if (first_word(line) != "feature") continue;
    any_feature = true;
    for (const std::string& name : parse_features(line, features_)) send("accepted " + name);
  }
  if (start.chess960) {
    bool ok = false;
    for (const auto& v : features_.variants) ok = ok || v == "fischerandom";
    if (!ok)
      return make_error(ErrorCode::kUnsupported, config_.name + " does not play fischerandom");
  }
  // Without setboard the start is set up with `edit`, which must give the exact position.
  if (!features_.setboard && needs_setup(start.start_position, start.chess960)) {
    if (auto why = edit_cannot_express(start.start_position, start.chess960))
      return make_error(ErrorCode::kUnsupported,
                        config_.name +
                            " cannot set up this position: it has no setboard, and the edit "
                            "command cannot express " +
                            *why + " (FEN " + start.start_position.fen() + ")");
  }
  for (const auto& [option, value] : config_.options) send("option " + option + "=" + value);
  return {};
}

std::string XboardPlayer::level_command(const clock::TimeControl& tc) {
  const clock::Period& p = tc.periods().front();
  const long long secs = p.base.count() / 1000;
  std::string base = std::to_string(secs / 60);
  if (secs % 60 != 0)
    base += ":" + std::string(secs % 60 < 10 ? "0" : "") + std::to_string(secs % 60);
  // A delay (Art. 6.3.2) is announced as an increment of the same size: never more time.
  const long long inc_ms = (p.increment + p.delay).count();
  std::string inc = std::to_string(inc_ms / 1000);
  if (inc_ms % 1000 != 0) inc = std::to_string(static_cast<double>(inc_ms) / 1000.0);
  return "level " + std::to_string(p.moves) + " " + base + " " + inc;
}

std::string XboardPlayer::move_text(const core::Position& pos, core::Move m) {
  if (pos.is_chess960() && m.is_castling()) return m.to() > m.from() ? "O-O" : "O-O-O";
  return core::to_uci(m, false);
}

void XboardPlayer::resync() {
  send("new");
  if (game_.chess960) send("variant fischerandom");
  send("force");
  send("easy");
  send("post");
  if (game_.time_control.is_unlimited()) {
    send("st " + std::to_string(kNoClockMoveTime.count() / 1000));
  } else {
    send(level_command(game_.time_control));
  }
  // The position start() was given (and, without setboard, checked that edit can express).
  const core::Position& from = game_.start_position;
  if (needs_setup(from, game_.chess960)) {
    if (features_.setboard) {
      send("setboard " + from.fen());
    } else {
      for (const std::string& line : edit_commands(from, features_.usermove ? "usermove " : ""))
        send(line);
    }
  }
  known_.clear();
}

Reply XboardPlayer::think(const ThinkRequest& request) {
  if (!process_ || !alive_) return Reply{ReplyKind::Crash, {}, false, {}, {}, "not running"};
  const game::Game& game = *request.game;
  if (!(game.start() == game_.start_position))
    return Reply{ReplyKind::Crash,
                 {},
                 false,
                 {},
                 {},
                 "the game does not start from the position given at start"};
  // The engine's board must be the game's: otherwise rebuild it (after an illegal move).
  std::vector<std::string> moves;
  {
    game::Game replay(game.start());
    for (core::Move m : game.moves()) {
      moves.push_back(move_text(replay.position(), m));
      replay.push(m);
    }
  }
  bool prefix = known_.size() <= moves.size();
  for (std::size_t i = 0; prefix && i < known_.size(); ++i) prefix = known_[i] == moves[i];
  if (!prefix || known_.empty()) resync();
  send("force");
  for (std::size_t i = known_.size(); i < moves.size(); ++i)
    send((features_.usermove ? "usermove " : "") + moves[i]);
  known_ = moves;
  const bool timed = request.budget.count() > 0;
  if (timed) {
    const int me = core::index(game.position().side_to_move());
    send("time " + std::to_string(request.remaining[static_cast<std::size_t>(me)].count() / 10));
    send("otim " +
         std::to_string(request.remaining[static_cast<std::size_t>(1 - me)].count() / 10));
  }
  send("go");
  if (!alive_) return Reply{ReplyKind::Crash, {}, false, {}, {}, "the engine does not read"};
  Reply reply;
  const Millis wait = timed ? request.budget : kNoClockMoveTime * 5;
  const ReadStatus s =
      read_answer(*process_, wait, interrupted_, config_.grace, [&](const std::string& line) {
        const std::string w0 = first_word(line);
        if (w0 == "move") {
          reply.move = nth_word(line, 1);
          known_.push_back(reply.move);
          return true;
        }
        if (w0 == "resign") {
          reply = Reply{ReplyKind::Resign, {}, false, {}, {}, {}};
          return true;
        }
        if (w0 == "offer" && nth_word(line, 1) == "draw") {
          reply.offer_draw = true;
        } else if (is_integer(w0)) {  // thinking output: ply score time nodes pv
          reply.depth = info_int("d " + line, "d");
          if (auto cp = info_int("s " + nth_word(line, 1), "s")) reply.score_cp = cp;
        }
        return false;
      });
  if (s == ReadStatus::Closed)
    return Reply{ReplyKind::Crash, {}, false, {}, {}, "the engine exited"};
  if (s == ReadStatus::Timeout) {
    send("?");       // "move now": the flag has fallen already, the answer will not count
    known_.clear();  // its board is unknown from now on
    return Reply{ReplyKind::Timeout, {}, false, {}, {}, "no move in time"};
  }
  return reply;
}

void XboardPlayer::finish(const std::string& result) {
  if (!process_) return;
  send("result " + result + " {game over}");
  send("quit");
  process_->terminate(config_.grace);
  process_.reset();
}

}  // namespace arbiter::players
