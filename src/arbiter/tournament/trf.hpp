// TRF-16 (C.04 Annex 2) and TRF-2026 read and write, with the JaVaFo (`XX?`) and
// bbpPairings (`BB?`) extension lines. Fixed columns as in spec/tournaments.md.
//
// Lossless: every line the model does not interpret (unknown types, `###` comments,
// headers) is kept as text in its place, and a file read and written unchanged gives the
// same bytes. Lines may end in CR, LF or CRLF; the writer uses the ending the file had.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// Reads and checks a TRF: syntax (each field in its columns) and then consistency
// (consistency.hpp). Errors are kTrfSyntax / kTrfConsistency with the 1-based line and
// column of the offending field and the field's name.
[[nodiscard]] Result<Tournament> read_trf(std::string_view text);

// Syntax only: what read_trf returns before the consistency checks.
[[nodiscard]] Result<Tournament> parse_trf(std::string_view text);

// The file: player lines from the model in fixed columns, other lines as kept.
[[nodiscard]] std::string write_trf(const Tournament& t);

// The 001 line of one player, without its ending.
[[nodiscard]] std::string format_player_line(const Player& p);

// 1-based first column of round r's fields (opponent, colour, result).
[[nodiscard]] constexpr int opponent_column(int round) { return 92 + 10 * (round - 1); }
[[nodiscard]] constexpr int colour_column(int round) { return 97 + 10 * (round - 1); }
[[nodiscard]] constexpr int result_column(int round) { return 99 + 10 * (round - 1); }

}  // namespace arbiter::tournament
