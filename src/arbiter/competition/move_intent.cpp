#include "arbiter/competition/move_intent.hpp"

#include <string>

#include "arbiter/core/movegen.hpp"

namespace arbiter::competition {
namespace {

using core::Color;
using core::PieceType;
using core::Square;

std::optional<PieceType> piece_of_letter(char c) {
  switch (c) {
    case 'K': return PieceType::King;
    case 'Q': return PieceType::Queen;
    case 'R': return PieceType::Rook;
    case 'B': return PieceType::Bishop;
    case 'N': return PieceType::Knight;
    default: return std::nullopt;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// Drops check marks, annotations and "e.p." from the end.
std::string_view trim_suffix(std::string_view text) {
  for (std::string_view suffix : {" e.p.", "e.p.", " ep", "ep"}) {
    if (text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix) {
      text.remove_suffix(suffix.size());
    }
  }
  while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' ||
                           text.back() == '?' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

std::optional<MoveIntent> read_intent(const core::Position& pos, std::string_view raw) {
  const std::string_view text = trim_suffix(raw);
  MoveIntent intent;
  const Color us = pos.side_to_move();
  if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
    intent.castling = true;
    intent.from = pos.king_square(us);
    return intent;
  }
  std::size_t i = 0;
  PieceType type = PieceType::Pawn;
  if (i < text.size()) {
    if (auto p = piece_of_letter(text[i])) {
      type = *p;
      ++i;
    } else if (text[i] == 'P') {
      ++i;  // C.4 leaves pawns unnamed, but a 'P' is still understood
    }
  }
  // Collect squares and lone file / rank letters; skip separators.
  int files[3] = {-1, -1, -1};
  int ranks[3] = {-1, -1, -1};
  int count = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == 'x' || c == ':' || c == '-' || c == '=' || c == '(' || c == ')' || c == '/') continue;
    if (is_file(c) || is_rank(c)) {
      if (count == 3) return std::nullopt;
      if (c == 'b' && count > 0 && i + 1 == text.size()) {
        intent.promotion = PieceType::Bishop;  // e7e8b: a lowercase bishop in UCI
        continue;
      }
      if (is_file(c)) {
        files[count] = c - 'a';
        if (i + 1 < text.size() && is_rank(text[i + 1])) ranks[count] = text[++i] - '1';
      } else {
        ranks[count] = c - '1';
      }
      ++count;
      continue;
    }
    const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    if (auto p = piece_of_letter(upper); p && i + 1 == text.size() && count > 0) {
      intent.promotion = *p;  // e8=Q, e8Q, e7e8q
      continue;
    }
    return std::nullopt;
  }
  if (count == 0 || files[count - 1] < 0 || ranks[count - 1] < 0) return std::nullopt;
  intent.to = core::make_square(static_cast<core::File>(files[count - 1]),
                                static_cast<core::Rank>(ranks[count - 1]));
  const int from_file = count >= 2 ? files[count - 2] : -1;
  const int from_rank = count >= 2 ? ranks[count - 2] : -1;
  // The man moved: a coordinate form names it; otherwise the only fitting man of its kind.
  Square found = Square::None;
  int fits = 0;
  for (int s = 0; s < 64; ++s) {
    const Square sq = core::square_at(s);
    const core::Piece piece = pos.piece_on(sq);
    if (piece == core::Piece::None || core::color_of(piece) != us) continue;
    if (from_file >= 0 && core::index(core::file_of(sq)) != from_file) continue;
    if (from_rank >= 0 && core::index(core::rank_of(sq)) != from_rank) continue;
    const bool named_square = from_file >= 0 && from_rank >= 0;
    if (!named_square && core::type_of(piece) != type) continue;
    if (!named_square && type == PieceType::Pawn && from_file < 0 &&
        core::file_of(sq) != core::file_of(intent.to)) {
      continue;  // a pawn move without a file letter stays on its file
    }
    if (sq == intent.to) continue;
    found = sq;
    ++fits;
  }
  if (fits == 1) intent.from = found;
  return intent;
}

std::optional<core::Move> incomplete_promotion(const core::Position& pos, std::string_view text) {
  const auto intent = read_intent(pos, text);
  if (!intent || intent->castling || intent->promotion != PieceType::None) return std::nullopt;
  if (intent->from == Square::None) return std::nullopt;
  if (core::type_of(pos.piece_on(intent->from)) != PieceType::Pawn) return std::nullopt;
  for (core::Move m : core::legal_moves(pos)) {
    if (m.is_promotion() && m.from() == intent->from && m.to() == intent->to &&
        m.promotion() == PieceType::Queen) {
      return m;
    }
  }
  return std::nullopt;
}

Result<core::Position> play_illegal(const core::Position& pos, const MoveIntent& intent) {
  auto setup = illegal_setup(pos, intent);
  if (!setup) return tl::unexpected(setup.error());
  return core::Position::from_setup(*setup);
}

Result<core::Setup> illegal_setup(const core::Position& pos, const MoveIntent& intent) {
  if (intent.castling || intent.from == Square::None || intent.to == Square::None) {
    return make_error(ErrorCode::kMoveIllegal,
                      "the illegal move does not name one man and one square to move it to");
  }
  core::Setup setup = pos.to_setup();
  const Color us = pos.side_to_move();
  const core::Piece moved = pos.piece_on(intent.from);
  const core::Piece captured = pos.piece_on(intent.to);
  core::Piece arriving = moved;
  const bool last_rank = core::relative_rank(us, core::rank_of(intent.to)) == core::Rank::R8;
  if (core::type_of(moved) == PieceType::Pawn && last_rank && intent.promotion != PieceType::None) {
    arriving = core::make_piece(us, intent.promotion);
  }
  setup.board[core::index(intent.to)] = arriving;
  setup.board[core::index(intent.from)] = core::Piece::None;
  std::vector<core::CastlingToken> kept;
  for (const core::CastlingToken& token : setup.castling) {
    const bool mover_lost = token.color == us && (core::type_of(moved) == PieceType::King ||
                                                  core::type_of(moved) == PieceType::Rook);
    const bool victim_lost = token.color != us && core::type_of(captured) == PieceType::Rook;
    if (!mover_lost && !victim_lost) kept.push_back(token);
  }
  setup.castling = std::move(kept);
  setup.en_passant = Square::None;
  const bool reset = core::type_of(moved) == PieceType::Pawn || captured != core::Piece::None;
  setup.halfmove_clock = reset ? 0 : setup.halfmove_clock + 1;
  if (us == Color::Black) ++setup.fullmove_number;
  setup.side_to_move = ~us;
  return setup;
}

}  // namespace arbiter::competition
