#include "arbiter/core/fen.hpp"

#include <charconv>
#include <vector>

namespace arbiter::core {

namespace {

struct Field {
  std::string_view text;
  int column;  // 1-based
};

std::vector<Field> split_fields(std::string_view text) {
  std::vector<Field> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
      ++i;
    if (i >= text.size()) break;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
           text[i] != '\n')
      ++i;
    fields.push_back({text.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return fields;
}

Piece piece_from_char(char c) noexcept {
  switch (c) {
    case 'P': return Piece::WPawn;
    case 'N': return Piece::WKnight;
    case 'B': return Piece::WBishop;
    case 'R': return Piece::WRook;
    case 'Q': return Piece::WQueen;
    case 'K': return Piece::WKing;
    case 'p': return Piece::BPawn;
    case 'n': return Piece::BKnight;
    case 'b': return Piece::BBishop;
    case 'r': return Piece::BRook;
    case 'q': return Piece::BQueen;
    case 'k': return Piece::BKing;
    default: return Piece::None;
  }
}

std::string quoted(char c) { return std::string("'") + c + "'"; }

Result<void> parse_placement(const Field& f, Setup& setup) {
  int rank = 7;
  int file = 0;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char c = f.text[i];
    const int column = f.column + static_cast<int>(i);
    if (c == '/') {
      if (file < 8)
        return make_error(
            ErrorCode::kFenRankTooShort,
            "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8",
            {0, column, "placement"});
      if (--rank < 0)
        return make_error(ErrorCode::kFenRankCount, "more than 8 ranks", {0, column, "placement"});
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8)
        return make_error(ErrorCode::kFenRankTooLong,
                          "rank " + std::to_string(rank + 1) + " has more than 8 squares",
                          {0, column, "placement"});
    } else {
      const Piece p = piece_from_char(c);
      if (p == Piece::None)
        return make_error(ErrorCode::kFenBadPieceChar,
                          quoted(c) + " is not a piece letter (PNBRQK, pnbrqk) or 1-8",
                          {0, column, "placement"});
      if (file >= 8)
        return make_error(ErrorCode::kFenRankTooLong,
                          "rank " + std::to_string(rank + 1) + " has more than 8 squares",
                          {0, column, "placement"});
      setup.board[index(make_square(static_cast<File>(file), static_cast<Rank>(rank)))] = p;
      ++file;
    }
  }
  const int end_column = f.column + static_cast<int>(f.text.size());
  if (rank > 0)
    return make_error(ErrorCode::kFenRankCount,
                      "only " + std::to_string(8 - rank) + " ranks, 8 are needed",
                      {0, end_column, "placement"});
  if (file < 8)
    return make_error(ErrorCode::kFenRankTooShort,
                      "rank 1 has " + std::to_string(file) + " squares, not 8",
                      {0, end_column, "placement"});
  return {};
}

Result<void> parse_castling(const Field& f, Setup& setup) {
  if (f.text == "-") return {};
  bool has_side_letter = false;
  bool has_file_letter = false;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char c = f.text[i];
    const int column = f.column + static_cast<int>(i);
    CastlingToken t;
    t.column = column;
    if (c == 'K' || c == 'Q' || c == 'k' || c == 'q') {
      t.color = (c == 'K' || c == 'Q') ? Color::White : Color::Black;
      t.kind =
          (c == 'K' || c == 'k') ? CastlingToken::Kind::KingSide : CastlingToken::Kind::QueenSide;
      has_side_letter = true;
    } else if ((c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h')) {
      t.color = c <= 'H' ? Color::White : Color::Black;
      t.kind = CastlingToken::Kind::RookFile;
      t.file = static_cast<File>(c <= 'H' ? c - 'A' : c - 'a');
      has_file_letter = true;
    } else {
      return make_error(ErrorCode::kFenBadCastling,
                        quoted(c) + " is not a castling letter (KQkq, A-H, a-h or -)",
                        {0, column, "castling"});
    }
    for (std::size_t j = 0; j < i; ++j)
      if (f.text[j] == c)
        return make_error(ErrorCode::kFenBadCastling, quoted(c) + " appears twice",
                          {0, column, "castling"});
    setup.castling.push_back(t);
  }
  setup.castling_notation =
      has_file_letter ? (has_side_letter ? CastlingNotation::XFen : CastlingNotation::Shredder)
                      : CastlingNotation::Standard;
  return {};
}

Result<int> parse_number(const Field& f, ErrorCode code, const char* field, const char* what) {
  int value = 0;
  const char* end = f.text.data() + f.text.size();
  auto [ptr, ec] = std::from_chars(f.text.data(), end, value);
  if (ec != std::errc{} || ptr != end || value < 0 || value > 1'000'000)
    return make_error(code, "'" + std::string(f.text) + "' is not a " + what,
                      {0, f.column + static_cast<int>(ptr - f.text.data()), field});
  return value;
}

}  // namespace

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {static_cast<char>('a' + index(file_of(s))), static_cast<char>('1' + index(rank_of(s)))};
}

Square parse_square(std::string_view text) noexcept {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return Square::None;
  return make_square(static_cast<File>(text[0] - 'a'), static_cast<Rank>(text[1] - '1'));
}

char piece_char(Piece p) noexcept {
  static constexpr char kLetters[] = "PNBRQKpnbrqk.";
  return kLetters[index(p)];
}

Result<Setup> parse_fen(std::string_view text, FenParseOptions options) {
  const std::vector<Field> fields = split_fields(text);
  const std::size_t min_fields = options.strict ? 6 : 4;
  if (fields.size() < min_fields || fields.size() > 6) {
    const int column = fields.empty() ? 1 : fields.back().column;
    return make_error(ErrorCode::kFenFieldCount,
                      "a FEN has " + std::string(options.strict ? "6" : "4 to 6") +
                          " fields separated by spaces, found " + std::to_string(fields.size()),
                      {0, column, "fen"});
  }
  Setup setup;
  if (auto r = parse_placement(fields[0], setup); !r) return tl::unexpected(r.error());

  if (fields[1].text == "w") {
    setup.side_to_move = Color::White;
  } else if (fields[1].text == "b") {
    setup.side_to_move = Color::Black;
  } else {
    return make_error(ErrorCode::kFenBadSideToMove,
                      "side to move must be 'w' or 'b', not '" + std::string(fields[1].text) + "'",
                      {0, fields[1].column, "side"});
  }

  if (auto r = parse_castling(fields[2], setup); !r) return tl::unexpected(r.error());

  if (fields[3].text != "-") {
    setup.en_passant = parse_square(fields[3].text);
    if (setup.en_passant == Square::None)
      return make_error(ErrorCode::kFenBadEnPassant,
                        "en passant field must be a square like e3 or '-', not '" +
                            std::string(fields[3].text) + "'",
                        {0, fields[3].column, "en-passant"});
  }

  if (fields.size() >= 5) {
    auto v = parse_number(fields[4], ErrorCode::kFenBadHalfmoveClock, "halfmove",
                          "halfmove clock (a whole number >= 0)");
    if (!v) return tl::unexpected(v.error());
    setup.halfmove_clock = *v;
  }
  if (fields.size() >= 6) {
    auto v = parse_number(fields[5], ErrorCode::kFenBadFullmoveNumber, "fullmove",
                          "fullmove number (a whole number >= 1)");
    if (!v) return tl::unexpected(v.error());
    if (*v == 0) {
      if (options.strict)
        return make_error(ErrorCode::kFenBadFullmoveNumber, "the fullmove number starts at 1",
                          {0, fields[5].column, "fullmove"});
      *v = 1;
    }
    setup.fullmove_number = *v;
  }
  return setup;
}

}  // namespace arbiter::core
