#include "arbiter/players/terminal_player.hpp"

#include <poll.h>
#include <unistd.h>
#include <cerrno>
#include <utility>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/uci_move.hpp"

namespace arbiter::players {
namespace {

constexpr int kTickMs = 100;

const char* glyph(core::Piece p) {
  static const char* const white[] = {"♙", "♘", "♗", "♖", "♕", "♔"};
  static const char* const black[] = {"♟", "♞", "♝", "♜", "♛", "♚"};
  const char c = core::piece_char(p);
  const std::string order = "pnbrqk";
  const auto i = order.find(static_cast<char>(c | 0x20));
  if (c == '.' || i == std::string::npos) return "·";
  return (c >= 'a' ? black : white)[i];
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

const char* kHelp =
    "Moves: any form of FIDE Appendix C or UCI (e4, Nf3, Sf3, Ng1-f3, 0-0, e7e8=Q, g1f3).\n"
    "Commands:\n"
    "  draw            offer a draw (Art. 9.1.2)\n"
    "  accept/decline  answer the opponent's offer\n"
    "  claim [MOVE]    claim a draw by threefold repetition or the 50-move rule (9.2, 9.3);\n"
    "                  with MOVE: the move you intend to make (9.2.1.1)\n"
    "  resign          resign (Art. 5.1.2)\n"
    "  adjourn MOVE    adjourn, sealing MOVE (Guideline I)\n"
    "  flip            turn the board round\n"
    "  help            this text\n";

}  // namespace

std::string render_board(const core::Position& pos, bool flipped) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    const int rank = flipped ? r : 7 - r;
    out += std::to_string(rank + 1) + ' ';
    for (int f = 0; f < 8; ++f) {
      const int file = flipped ? 7 - f : f;
      const auto sq =
          core::make_square(static_cast<core::File>(file), static_cast<core::Rank>(rank));
      out += ' ';
      out += glyph(pos.piece_on(sq));
    }
    out += '\n';
  }
  out += flipped ? "   h g f e d c b a\n" : "   a b c d e f g h\n";
  return out;
}

std::string clock_display(Millis ms) {
  const long long t = std::max<long long>(0, ms.count());
  char buf[32];
  if (t < 10000) {
    std::snprintf(buf, sizeof buf, "%lld.%lld", t / 1000, (t % 1000) / 100);
  } else if (t < 3600000) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld", t / 60000, (t / 1000) % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", t / 3600000, (t / 60000) % 60,
                  (t / 1000) % 60);
  }
  return buf;
}

TerminalPlayer::TerminalPlayer(std::string name, int in_fd, std::FILE* out,
                               std::shared_ptr<TerminalView> view, const TimeSource& time)
    : name_(std::move(name)), in_fd_(in_fd), out_(out), view_(std::move(view)), time_(time) {}

Result<void> TerminalPlayer::start(const GameStart& start) {
  std::fprintf(out_, "%s: you play %s against %s. Type 'help' for the commands.\n", name_.c_str(),
               start.side == core::Color::White ? "White" : "Black", start.opponent.c_str());
  return {};
}

void TerminalPlayer::draw_clocks(const ThinkRequest& r, Millis used, bool in_place) {
  if (r.budget.count() <= 0) return;  // a game without a clock
  const int mover = core::index(r.game->position().side_to_move());
  std::array<Millis, 2> shown = r.remaining;
  shown[static_cast<std::size_t>(mover)] -= std::max(Millis{0}, used - r.delay);
  const std::string line = "White " + clock_display(shown[0]) + (mover == 0 ? " *" : "  ") +
                           "   Black " + clock_display(shown[1]) + (mover == 1 ? " *" : "");
  if (in_place) {  // save the cursor, go up to the clock line, rewrite it, come back
    std::fprintf(out_, "\0337\033[1A\r\033[K%s\0338", line.c_str());
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
}

void TerminalPlayer::draw(const ThinkRequest& r) {
  const game::Game& g = *r.game;
  std::string moves;
  game::Game replay(g.start());
  for (core::Move m : g.moves()) {
    const auto& pos = replay.position();
    if (pos.side_to_move() == core::Color::White || moves.empty())
      moves += std::to_string(pos.fullmove_number()) +
               (pos.side_to_move() == core::Color::White ? ". " : "... ");
    moves += notation::san(pos, m, view_->style) + ' ';
    replay.push(m);
  }
  std::fprintf(out_, "\n%s%s\n", render_board(g.position(), view_->flipped).c_str(), moves.c_str());
  draw_clocks(r, Millis{0}, false);
  std::fprintf(out_, "%s (%s) to move> ",
               g.position().side_to_move() == core::Color::White ? "White" : "Black",
               name_.c_str());
  // (the prompt names the player too: in a hot-seat game both are at this terminal)
  std::fflush(out_);
}

std::optional<Reply> TerminalPlayer::interpret(const std::string& text, const ThinkRequest& r) {
  const core::Position& pos = r.game->position();
  const std::string line = trim(text);
  const auto space = line.find(' ');
  const std::string word = line.substr(0, space);
  const std::string rest = space == std::string::npos ? "" : trim(line.substr(space + 1));
  Reply reply;
  if (line.empty()) return std::nullopt;
  if (word == "help") {
    std::fputs(kHelp, out_);
    return std::nullopt;
  }
  if (word == "flip") {
    view_->flipped = !view_->flipped;
    return std::nullopt;
  }
  if (word == "draw") return Reply{ReplyKind::OfferDraw, {}, false, {}, {}, {}};
  if (word == "accept") return Reply{ReplyKind::AcceptDraw, {}, false, {}, {}, {}};
  if (word == "decline") return Reply{ReplyKind::DeclineDraw, {}, false, {}, {}, {}};
  if (word == "resign") return Reply{ReplyKind::Resign, {}, false, {}, {}, {}};
  if (word == "adjourn") {
    if (rest.empty()) {
      std::fputs("adjourn needs the sealed move: adjourn MOVE\n", out_);
      return std::nullopt;
    }
    reply.kind = ReplyKind::Adjourn;
    reply.move = rest;
    return reply;
  }
  if (word == "claim") {
    reply.kind = ReplyKind::Claim;
    if (!rest.empty()) {
      auto m = notation::parse_move(pos, rest);
      if (!m) {
        std::fprintf(out_, "%s\n", m.error().message.c_str());
        return std::nullopt;
      }
      reply.move = core::to_uci(pos, *m);
      // Art. 9.3.1: fifty moves reached with the intended move; else 9.2.1.1.
      game::Game after = *r.game;
      after.push(*m);
      const bool three = r.game->can_claim_threefold(*m);
      reply.claim = !three && after.can_claim_fifty() ? competition::ClaimKind::Fifty
                                                      : competition::ClaimKind::Threefold;
    } else {
      reply.claim = !r.game->can_claim_threefold() && r.game->can_claim_fifty()
                        ? competition::ClaimKind::Fifty
                        : competition::ClaimKind::Threefold;
    }
    return reply;
  }
  auto m = notation::parse_move(pos, line);
  if (!m) {
    std::fprintf(out_, "%s\n", m.error().message.c_str());
    return std::nullopt;
  }
  reply.move = core::to_uci(pos, *m);
  return reply;
}

bool TerminalPlayer::read_input(Millis wait) {
  pollfd pfd{in_fd_, POLLIN, 0};
  const int r = ::poll(&pfd, 1, static_cast<int>(wait.count()));
  if (r <= 0) return true;
  char buf[256];
  const auto n = ::read(in_fd_, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  pending_.append(buf, static_cast<std::size_t>(n));
  return true;
}

std::optional<Reply> TerminalPlayer::interpret_off_turn(const std::string& text,
                                                        const ThinkRequest& r) {
  const std::string line = trim(text);
  const std::string word = line.substr(0, line.find(' '));
  if (line.empty()) return std::nullopt;
  if (word == "help") {
    std::fputs(kHelp, out_);
    std::fputs(
        "While the opponent thinks: draw, accept, decline, resign, flip, help, or a "
        "move to play as soon as it is your turn (a premove).\n",
        out_);
    return std::nullopt;
  }
  if (word == "flip") {
    view_->flipped = !view_->flipped;
    std::fprintf(out_, "\n%s", render_board(r.game->position(), view_->flipped).c_str());
    return std::nullopt;
  }
  // Art. 9.1.2.1: an offer made while the opponent's clock runs is still valid; Art. 5.1.2:
  // a player may resign at any time.
  if (word == "draw") return Reply{ReplyKind::OfferDraw, {}, false, {}, {}, {}};
  if (word == "accept") return Reply{ReplyKind::AcceptDraw, {}, false, {}, {}, {}};
  if (word == "decline") return Reply{ReplyKind::DeclineDraw, {}, false, {}, {}, {}};
  if (word == "resign") return Reply{ReplyKind::Resign, {}, false, {}, {}, {}};
  if (word == "claim" || word == "adjourn") {
    // Art. 9.2.1 / Guideline I.1.1: made by the player having the move.
    std::fprintf(out_, "'%s' is for your own turn (Art. 9.2.1, Guideline I.1)\n", word.c_str());
    return std::nullopt;
  }
  premove_ = line;
  std::fprintf(out_, "premove %s: played when your turn comes, if it is legal then\n",
               line.c_str());
  return std::nullopt;
}

std::optional<Reply> TerminalPlayer::listen(const ThinkRequest& request, Millis wait) {
  const game::Game& g = *request.game;
  if (listening_ply_ != g.ply()) {  // the opponent's turn has just begun
    listening_ply_ = g.ply();
    listening_since_ = time_.now();
    std::fprintf(out_, "\n%s is thinking; type draw, resign, flip, help or a premove\n",
                 g.position().side_to_move() == core::Color::White ? "White" : "Black");
    draw_clocks(request, Millis{0}, false);
  }
  for (auto nl = pending_.find('\n'); nl != std::string::npos; nl = pending_.find('\n')) {
    const std::string line = pending_.substr(0, nl);
    pending_.erase(0, nl + 1);
    if (auto reply = interpret_off_turn(line, request)) return reply;
  }
  if (!read_input(wait)) {  // input closed: seen again at his turn; do not spin meanwhile
    ::poll(nullptr, 0, static_cast<int>(wait.count()));
    return std::nullopt;
  }
  if (pending_.find('\n') == std::string::npos && view_->ansi)
    draw_clocks(request, time_.now() - listening_since_, true);
  return std::nullopt;
}

Reply TerminalPlayer::think(const ThinkRequest& request) {
  const Millis started = time_.now();
  if (!premove_.empty()) {
    const std::string text = std::exchange(premove_, {});
    if (auto m = notation::parse_move(request.game->position(), text)) {
      std::fprintf(out_, "\npremove %s played\n", text.c_str());
      Reply reply;
      reply.move = core::to_uci(request.game->position(), *m);
      return reply;
    }
    std::fprintf(out_, "\npremove %s is not legal here: discarded\n", text.c_str());
  }
  draw(request);
  for (;;) {
    for (auto nl = pending_.find('\n'); nl != std::string::npos; nl = pending_.find('\n')) {
      const std::string line = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      if (auto reply = interpret(line, request)) return *reply;
      draw(request);
    }
    const Millis used = time_.now() - started;
    if (request.budget.count() > 0 && used >= request.budget) {
      std::fputs("\n", out_);
      return Reply{ReplyKind::Timeout, {}, false, {}, {}, "no move in time"};
    }
    pollfd pfd{in_fd_, POLLIN, 0};
    const int r = ::poll(&pfd, 1, kTickMs);
    if (r < 0 && errno != EINTR) return Reply{ReplyKind::Crash, {}, false, {}, {}, "poll failed"};
    if (r > 0) {
      char buf[256];
      const auto n = ::read(in_fd_, buf, sizeof buf);
      if (n <= 0) {
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (!pending_.empty()) {
          pending_ += '\n';
          continue;
        }
        return Reply{ReplyKind::Crash, {}, false, {}, {}, "input closed"};
      }
      pending_.append(buf, static_cast<std::size_t>(n));
    } else if (view_->ansi) {
      draw_clocks(request, time_.now() - started, true);
    }
  }
}

void TerminalPlayer::finish(const std::string& /*result*/) {}

}  // namespace arbiter::players
