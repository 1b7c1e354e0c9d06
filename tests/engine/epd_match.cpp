#include "epd_match.hpp"

#include <fstream>
#include <sstream>

#include "arbiter/core/movegen.hpp"

namespace arbiter::test {

using core::PieceType;

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::vector<EpdRecord> read_epd(const std::string& path) {
  std::vector<EpdRecord> out;
  for (const std::string& line : read_lines(path)) {
    std::istringstream fields(line);
    std::string board, side, castling, ep;
    fields >> board >> side >> castling >> ep;
    EpdRecord r;
    r.fen = board + " " + side + " " + castling + " " + ep + " 0 1";
    std::string rest;
    std::getline(fields, rest);
    std::istringstream ops(rest);
    std::string op;
    while (std::getline(ops, op, ';')) {
      std::istringstream words(op);
      std::string code;
      words >> code;
      if (code == "bm") {
        std::string mv;
        while (words >> mv) r.best.push_back(mv);
      } else if (code == "id") {
        words >> std::ws;
        std::getline(words, r.id);
      }
    }
    out.push_back(r);
  }
  return out;
}

namespace {

PieceType piece_of_letter(char c) {
  switch (c) {
    case 'N': return PieceType::Knight;
    case 'B': return PieceType::Bishop;
    case 'R': return PieceType::Rook;
    case 'Q': return PieceType::Queen;
    case 'K': return PieceType::King;
    default: return PieceType::None;
  }
}

}  // namespace

bool san_matches(const core::Position& pos, core::Move m, std::string_view san) {
  std::string s;
  for (char c : san)
    if (c != '+' && c != '#' && c != 'x' && c != '=' && c != '!' && c != '?') s += c;
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0") {
    if (!m.is_castling()) return false;
    const bool king_side = core::index(m.to()) > core::index(m.from());
    return king_side == (s.size() == 3);
  }
  if (s.size() < 2) return false;
  PieceType promo = PieceType::None;
  if (piece_of_letter(s.back()) != PieceType::None) {
    promo = piece_of_letter(s.back());
    s.pop_back();
  }
  PieceType piece = piece_of_letter(s[0]);
  std::string rest = s;
  if (piece != PieceType::None)
    rest = s.substr(1);
  else
    piece = PieceType::Pawn;
  if (rest.size() < 2) return false;
  const std::string to = rest.substr(rest.size() - 2);
  const std::string from_hint = rest.substr(0, rest.size() - 2);
  if (m.is_castling() || pos.moved_piece(m) != piece) return false;
  const int to_index = (to[1] - '1') * 8 + (to[0] - 'a');
  if (core::index(m.to()) != to_index) return false;
  if (promo != PieceType::None && (!m.is_promotion() || m.promotion() != promo)) return false;
  if (promo == PieceType::None && m.is_promotion()) return false;
  for (char h : from_hint) {
    if (h >= 'a' && h <= 'h' && core::index(core::file_of(m.from())) != h - 'a') return false;
    if (h >= '1' && h <= '8' && core::index(core::rank_of(m.from())) != h - '1') return false;
  }
  return true;
}

}  // namespace arbiter::test
