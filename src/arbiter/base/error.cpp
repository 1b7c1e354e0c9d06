#include "arbiter/base/error.hpp"

namespace arbiter {

std::string_view to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kInvalidArgument: return "invalid-argument";
    case ErrorCode::kIo: return "io";
    case ErrorCode::kUnsupported: return "unsupported";
    case ErrorCode::kFenFieldCount: return "fen-field-count";
    case ErrorCode::kFenRankCount: return "fen-rank-count";
    case ErrorCode::kFenRankTooLong: return "fen-rank-too-long";
    case ErrorCode::kFenRankTooShort: return "fen-rank-too-short";
    case ErrorCode::kFenBadPieceChar: return "fen-bad-piece";
    case ErrorCode::kFenBadSideToMove: return "fen-bad-side-to-move";
    case ErrorCode::kFenBadCastling: return "fen-bad-castling";
    case ErrorCode::kFenBadEnPassant: return "fen-bad-en-passant";
    case ErrorCode::kFenBadHalfmoveClock: return "fen-bad-halfmove-clock";
    case ErrorCode::kFenBadFullmoveNumber: return "fen-bad-fullmove-number";
    case ErrorCode::kSetupKingCount: return "setup-king-count";
    case ErrorCode::kSetupPawnOnBackRank: return "setup-pawn-on-back-rank";
    case ErrorCode::kSetupOpponentInCheck: return "setup-opponent-in-check";
    case ErrorCode::kSetupEnPassantWrongRank: return "setup-en-passant-wrong-rank";
    case ErrorCode::kSetupEnPassantNoPawn: return "setup-en-passant-no-pawn";
    case ErrorCode::kSetupEnPassantNotEmpty: return "setup-en-passant-not-empty";
    case ErrorCode::kSetupCastlingNoKing: return "setup-castling-no-king";
    case ErrorCode::kSetupCastlingNoRook: return "setup-castling-no-rook";
    case ErrorCode::kSetupCastlingDuplicate: return "setup-castling-duplicate";
    case ErrorCode::kSetupTooManyPieces: return "setup-too-many-pieces";
    case ErrorCode::kSetupTooManyPawns: return "setup-too-many-pawns";
    case ErrorCode::kSetupImpossiblePromotions: return "setup-impossible-promotions";
    case ErrorCode::kSetupTooManyCheckers: return "setup-too-many-checkers";
    case ErrorCode::kSetupHalfmoveClock: return "setup-halfmove-clock";
    case ErrorCode::kChess960BadNumber: return "chess960-bad-number";
    case ErrorCode::kMoveSyntax: return "move-syntax";
    case ErrorCode::kMoveIllegal: return "move-illegal";
    case ErrorCode::kMoveAmbiguous: return "move-ambiguous";
    case ErrorCode::kPgnSyntax: return "pgn-syntax";
    case ErrorCode::kPgnBadTag: return "pgn-bad-tag";
    case ErrorCode::kPgnIllegalMove: return "pgn-illegal-move";
    case ErrorCode::kPgnAmbiguousMove: return "pgn-ambiguous-move";
    case ErrorCode::kPgnUnsupportedVariant: return "pgn-unsupported-variant";
    case ErrorCode::kPgnBadResult: return "pgn-bad-result";
    case ErrorCode::kPgnBadFen: return "pgn-bad-fen";
    case ErrorCode::kPgnEncoding: return "pgn-encoding";
    case ErrorCode::kPgnLimit: return "pgn-limit";
    case ErrorCode::kTimeControlSyntax: return "time-control-syntax";
    case ErrorCode::kTimeControlValue: return "time-control-value";
    case ErrorCode::kEventSyntax: return "event-syntax";
    case ErrorCode::kEventOrder: return "event-order";
    case ErrorCode::kEventUnknown: return "event-unknown";
    case ErrorCode::kProtocolSyntax: return "protocol-syntax";
    case ErrorCode::kProtocolState: return "protocol-state";
    case ErrorCode::kCapacity: return "capacity";
    case ErrorCode::kTrfSyntax: return "trf-syntax";
    case ErrorCode::kTrfConsistency: return "trf-consistency";
    case ErrorCode::kNoValidPairing: return "no-valid-pairing";
    case ErrorCode::kLastCode: return "last-code";
  }
  return "unknown";
}

std::string Error::describe() const {
  std::string out;
  if (where.line > 0) out += "line " + std::to_string(where.line);
  if (where.column > 0) {
    if (!out.empty()) out += ", ";
    out += "column " + std::to_string(where.column);
  }
  if (!where.field.empty()) {
    if (!out.empty()) out += ", ";
    out += "field " + where.field;
  }
  if (!out.empty()) out += ": ";
  out += message;
  out += " [";
  out += to_string(code);
  out += "]";
  return out;
}

}  // namespace arbiter
