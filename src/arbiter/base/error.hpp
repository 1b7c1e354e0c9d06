// Result<T> and Error: how invalid external input is reported (design.md, "Errors, four tiers").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

namespace arbiter {

// Stable error codes. Each names one rule broken by the input; tests assert on them.
enum class ErrorCode : std::uint16_t {
  // generic
  kInvalidArgument,
  kIo,
  kUnsupported,
  // FEN syntax (parse_fen)
  kFenFieldCount,
  kFenRankCount,
  kFenRankTooLong,
  kFenRankTooShort,
  kFenBadPieceChar,
  kFenBadSideToMove,
  kFenBadCastling,
  kFenBadEnPassant,
  kFenBadHalfmoveClock,
  kFenBadFullmoveNumber,
  // Setup validation (Position::from_setup)
  kSetupKingCount,             // Art. 2.3 / 3.9: exactly one king per side
  kSetupPawnOnBackRank,        // Art. 3.7: a pawn can never stand on rank 1 or 8
  kSetupOpponentInCheck,       // Art. 1.2 / 3.9: the side not to move cannot be in check
  kSetupEnPassantWrongRank,    // Art. 3.7.4.1: e.p. square on rank 3 (black just moved) or 6
  kSetupEnPassantNoPawn,       // the pawn that just made the double step is missing
  kSetupEnPassantNotEmpty,     // the e.p. square and the square behind it must be empty
  kSetupCastlingNoKing,        // castling right without the king on its first rank
  kSetupCastlingNoRook,        // castling right without a rook on the named square
  kSetupCastlingDuplicate,     // two rights naming the same side
  kSetupTooManyPieces,         // more than 16 men of one colour
  kSetupTooManyPawns,          // more than 8 pawns of one colour
  kSetupImpossiblePromotions,  // more promoted pieces than missing pawns allow
  kSetupTooManyCheckers,       // the side to move is checked by more pieces than one move can give
  kSetupHalfmoveClock,  // halfmove clock inconsistent with the rest (e.g. e.p. with clock > 0)
  // Chess960
  kChess960BadNumber,
  // moves
  kMoveSyntax,
  kMoveIllegal,
  kMoveAmbiguous,
  // PGN (pgn module)
  kPgnSyntax,
  kPgnBadTag,
  kPgnIllegalMove,
  kPgnAmbiguousMove,
  kPgnUnsupportedVariant,
  kPgnBadResult,
  kPgnBadFen,
  kPgnEncoding,
  kPgnLimit,  // a limit of ReaderOptions / BuilderOptions (docs/pgn.md "Limits")
  // time controls and clocks (clock module)
  kTimeControlSyntax,
  kTimeControlValue,
  // event logs (competition module)
  kEventSyntax,
  kEventOrder,
  kEventUnknown,
  // protocols (uci, wire, server)
  kProtocolSyntax,
  kProtocolState,
  // a server limit is reached (HTTP 503): try again later
  kCapacity,
  // tournament report files (tournament module)
  kTrfSyntax,       // a field that is not what its columns must hold
  kTrfConsistency,  // well formed, but contradicts another line (symmetry, points, ids)
  kNoValidPairing,  // no pairing satisfies the absolute criteria (C.04.1, C.04.3 C1-C4)
  // keep last: tests iterate up to it
  kLastCode,
};

std::string_view to_string(ErrorCode code) noexcept;

// Where in the input the problem is. 0 means "not applicable".
struct Location {
  int line = 0;
  int column = 0;
  std::string field;  // e.g. "castling" for a FEN field
};

struct Error {
  ErrorCode code = ErrorCode::kInvalidArgument;
  std::string message;
  Location where;

  // "fen castling field, column 3: message [kFenBadCastling]"
  [[nodiscard]] std::string describe() const;
};

template <typename T>
using Result = tl::expected<T, Error>;

[[nodiscard]] inline tl::unexpected<Error> make_error(ErrorCode code, std::string message,
                                                      Location where = {}) {
  return tl::unexpected<Error>(Error{code, std::move(message), std::move(where)});
}

}  // namespace arbiter
