#include "arbiter/players/uci_player.hpp"

#include <algorithm>
#include <sstream>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/players/engine_text.hpp"

namespace arbiter::players {
namespace {

constexpr Millis kNoClockMoveTime{2000};  // a game without a clock: a fixed time per move

}  // namespace

UciPlayer::UciPlayer(EngineConfig config) : config_(std::move(config)) {}

bool UciPlayer::wait_for(const std::string& token, Millis timeout) {
  std::string line;
  for (;;) {
    const ReadStatus s = process_->read_line(line, timeout);
    if (s != ReadStatus::Line) return false;
    if (first_word(line) == token) return true;
  }
}

Result<void> UciPlayer::start(const GameStart& start) {
  game_ = start;
  interrupted_ = false;
  if (process_) process_->terminate();
  auto p = Process::spawn(config_.argv, config_.stderr_log);
  if (!p) return tl::unexpected(p.error());
  process_.emplace(std::move(*p));
  process_->write_line("uci");
  bool declares_ponder = false;
  for (std::string line;;) {
    if (process_->read_line(line, config_.startup_timeout) != ReadStatus::Line)
      return make_error(ErrorCode::kProtocolState, config_.name + ": no uciok");
    const std::string word = first_word(line);
    if (word == "uciok") break;
    if (word == "option" && line.find(" name Ponder type ") != std::string::npos)
      declares_ponder = true;
  }
  bool ponder_set = false;
  for (const auto& [option, value] : config_.options) {
    process_->write_line("setoption name " + option + " value " + value);
    ponder_set = ponder_set || option == "Ponder";
  }
  // UCI: the GUI tells the engine whether pondering is possible, because the engine may
  // budget its time for ponder hits. The runner never sends "go ponder", so it says no
  // (Glaurung 2.2 otherwise thinks ~4x longer per move and loses on time at 10+0.1).
  if (declares_ponder && !ponder_set) process_->write_line("setoption name Ponder value false");
  if (start.chess960) process_->write_line("setoption name UCI_Chess960 value true");
  process_->write_line("ucinewgame");
  process_->write_line("isready");
  if (!wait_for("readyok", config_.startup_timeout))
    return make_error(ErrorCode::kProtocolState, config_.name + ": no readyok");
  return {};
}

std::string UciPlayer::position_command(const game::Game& game) {
  std::string out = "position fen " + game.start().fen();
  if (!game.moves().empty()) {
    out += " moves";
    const bool c960 = game.start().is_chess960();
    for (core::Move m : game.moves()) out += ' ' + core::to_uci(m, c960);
  }
  return out;
}

std::string UciPlayer::go_command(const ThinkRequest& r) {
  if (r.budget.count() <= 0) return "go movetime " + std::to_string(kNoClockMoveTime.count());
  // Art. 6.3.2: under delay the mover has main + delay for this move, as with an
  // increment of the same size; telling it so never overstates his time.
  // Under time odds each side's own increment (Art. 6.3: the time is per player).
  const Millis extra = r.increment + r.delay;
  const std::array<Millis, 2> inc = r.increments.value_or(std::array<Millis, 2>{extra, extra});
  std::ostringstream go;
  go << "go wtime " << r.remaining[0].count() << " btime " << r.remaining[1].count() << " winc "
     << inc[0].count() << " binc " << inc[1].count();
  if (r.moves_to_go > 0) go << " movestogo " << r.moves_to_go;
  return go.str();
}

Reply UciPlayer::think(const ThinkRequest& request) {
  Reply reply;
  if (!process_) return Reply{ReplyKind::Crash, {}, false, {}, {}, "not started"};
  if (!send(position_command(*request.game)) || !send(go_command(request)))
    return Reply{ReplyKind::Crash, {}, false, {}, {}, "the engine does not read its input"};
  const bool timed = request.budget.count() > 0;
  const Millis wait = timed ? request.budget : kNoClockMoveTime * 5;
  const ReadStatus s =
      read_answer(*process_, wait, interrupted_, config_.grace, [&reply](const std::string& line) {
        const std::string word = first_word(line);
        if (word == "info") {
          if (auto cp = info_score_cp(line)) reply.score_cp = cp;
          if (auto d = info_int(line, "depth")) reply.depth = d;
        } else if (word == "bestmove") {
          reply.move = nth_word(line, 1);
          if (reply.move.empty()) reply.move = "0000";
          return true;
        }
        return false;
      });
  if (s == ReadStatus::Closed)
    return Reply{ReplyKind::Crash, {}, false, {}, {}, "the engine exited"};
  if (s == ReadStatus::Timeout) {
    // The flag has fallen (Art. 6.8): the answer no longer matters; stop the search so
    // a healthy engine is ready for what follows, and never wait for it.
    send("stop");
    return Reply{ReplyKind::Timeout, {}, false, {}, {}, "no bestmove in time"};
  }
  return reply;
}

bool UciPlayer::send(const std::string& line) {
  std::lock_guard lock(write_);
  return process_ && process_->write_line(line);
}

void UciPlayer::interrupt() {
  interrupted_ = true;
  send("stop");
}

void UciPlayer::finish(const std::string& /*result*/) {
  if (!process_) return;
  process_->write_line("quit");
  process_->terminate(config_.grace);
  process_.reset();
}

}  // namespace arbiter::players
