// TEST-ONLY: a minimal SAN matcher and PGN movetext splitter for the sunfish 3fold.pgn
// replay test. It is NOT the notation module (src/arbiter/notation) and accepts only the
// plain export SAN that cutechess writes; never use it outside tests.
#pragma once

#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::testing {

// Matches SAN ("Nbd7", "exd5", "e8=Q+", "O-O-O") against the legal moves; nullopt unless
// exactly one legal move matches.
inline std::optional<core::Move> match_san(const core::Position& pos, std::string_view san) {
  using namespace core;
  while (!san.empty() &&
         (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
    san.remove_suffix(1);
  const MoveList legal = legal_moves(pos);
  if (san == "O-O" || san == "O-O-O") {
    const bool king_side = san == "O-O";
    for (Move m : legal)
      if (m.is_castling() && (index(m.to()) > index(m.from())) == king_side) return m;
    return std::nullopt;
  }
  PieceType piece = PieceType::Pawn;
  if (!san.empty() && std::string_view("NBRQK").find(san[0]) != std::string_view::npos) {
    piece = san[0] == 'N'   ? PieceType::Knight
            : san[0] == 'B' ? PieceType::Bishop
            : san[0] == 'R' ? PieceType::Rook
            : san[0] == 'Q' ? PieceType::Queen
                            : PieceType::King;
    san.remove_prefix(1);
  }
  std::optional<PieceType> promo;
  if (const auto eq = san.find('='); eq != std::string_view::npos && eq + 1 < san.size()) {
    const char p = san[eq + 1];
    promo = p == 'N'   ? PieceType::Knight
            : p == 'B' ? PieceType::Bishop
            : p == 'R' ? PieceType::Rook
                       : PieceType::Queen;
    san = san.substr(0, eq);
  }
  if (san.size() < 2) return std::nullopt;
  const std::string_view dest = san.substr(san.size() - 2);
  if (dest[0] < 'a' || dest[0] > 'h' || dest[1] < '1' || dest[1] > '8') return std::nullopt;
  const Square to = make_square(static_cast<File>(dest[0] - 'a'), static_cast<Rank>(dest[1] - '1'));
  int from_file = -1, from_rank = -1;
  for (char c : san.substr(0, san.size() - 2)) {
    if (c >= 'a' && c <= 'h') from_file = c - 'a';
    if (c >= '1' && c <= '8') from_rank = c - '1';
  }
  std::optional<Move> found;
  for (Move m : legal) {
    if (m.is_castling() || m.to() != to || pos.moved_piece(m) != piece) continue;
    if (from_file >= 0 && index(file_of(m.from())) != from_file) continue;
    if (from_rank >= 0 && index(rank_of(m.from())) != from_rank) continue;
    if (m.is_promotion() != promo.has_value()) continue;
    if (promo && m.promotion() != *promo) continue;
    if (found) return std::nullopt;  // ambiguous
    found = m;
  }
  return found;
}

struct PgnGame {
  std::vector<std::string> san;  // main-line moves in order
  std::string result;
  std::string last_comment;
};

// Splits a PGN file into games: tags skipped, comments kept only for the last one.
inline std::vector<PgnGame> split_pgn(const std::string& text) {
  std::vector<PgnGame> games;
  PgnGame current;
  bool in_game = false;
  std::size_t i = 0;
  const auto finish = [&](std::string result) {
    current.result = std::move(result);
    games.push_back(std::move(current));
    current = PgnGame{};
    in_game = false;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '[') {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (c == '{') {
      const auto end = text.find('}', i);
      current.last_comment = text.substr(i + 1, end - i - 1);
      i = end == std::string::npos ? text.size() : end + 1;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{')
      ++j;
    std::string token = text.substr(i, j - i);
    i = j;
    if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
      finish(token);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(token[0]))) {  // move number "12." "12..."
      const auto dot = token.find_last_of('.');
      if (dot == std::string::npos) continue;
      token = token.substr(dot + 1);
      if (token.empty()) continue;
    }
    in_game = true;
    current.san.push_back(token);
  }
  if (in_game) finish("*");
  return games;
}

}  // namespace arbiter::testing
