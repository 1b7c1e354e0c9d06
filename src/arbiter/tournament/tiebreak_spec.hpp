// A tie-break as the TRF-2026 202 line and C.07 name it: its acronym and its modifiers
// (C.07 Article 14: /C1 /C2 cut, /M1 /M2 median; /L±n the Koya limit; /P forfeits counted
// as played games). Parsing "BH/C1,BH,SB,DE" is the input edge: errors name the item and
// its position in the list.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::tournament {

// The C.07 tie-breaks the spec lists, with the article that defines each.
enum class TieBreakKind : std::uint8_t {
  DE,    // Art. 6: direct encounter
  WIN,   // Art. 7.1: rounds scored as a win, played or not
  WON,   // Art. 7.2: games won over the board
  BPG,   // Art. 7.3: games played with Black
  BWG,   // Art. 7.4: games won with Black
  PS,    // Art. 7.5: progressive score
  REP,   // Art. 7.6: rounds elected to play (rounds that are not VURs, Art. 16.1.2)
  STD,   // points under the standard 1-½-0 system (our reading of the TRF-2026 name)
  TPN,   // the tournament pairing number (starting rank; lower ranks first)
  BH,    // Art. 8.1: Buchholz
  AOB,   // Art. 8.2: average of opponents' Buchholz
  FB,    // Art. 8.3: Fore Buchholz
  SB,    // Art. 9.1: Sonneborn-Berger
  KS,    // Art. 9.2: Koya
  ARO,   // Art. 10.1: average rating of opponents
  TPR,   // Art. 10.2: tournament performance rating
  PTP,   // Art. 10.3: perfect tournament performance
  APRO,  // Art. 10.4: average performance rating of opponents
  APPO,  // Art. 10.5: average perfect performance of opponents
  RTNG,  // the player's own rating
};

struct TieBreakSpec {
  TieBreakKind kind = TieBreakKind::BH;
  int cut_low = 0;   // C.07 14.1-14.4: least significant values cut (C1 1, C2 2, M1 1, M2 2)
  int cut_high = 0;  // most significant values cut (M1 1, M2 2)
  // KS: C.07 9.2 with /L±n: the limit of 50 % of the maximum score moved by n points (in
  // tenths, like every score here).
  int limit_shift = 0;
  bool forfeits_as_played = false;  // /P

  friend bool operator==(const TieBreakSpec&, const TieBreakSpec&) = default;
};

// The acronym, e.g. "BH".
[[nodiscard]] std::string_view name(TieBreakKind kind) noexcept;
// As the 202 line writes it: "BH/C1", "KS/L-1", "DE/P".
[[nodiscard]] std::string to_string(const TieBreakSpec& spec);
// Larger values rank first, except TPN.
[[nodiscard]] bool higher_is_better(TieBreakKind kind) noexcept;

// One item, e.g. "BH/C1" (also "BH-C1", as C.07 14.1 prints it). `position` (1-based) is
// only for the message. Error kInvalidArgument naming the item and what is wrong with it.
[[nodiscard]] Result<TieBreakSpec> parse_tiebreak(std::string_view item, int position = 1);
// A list separated by commas and/or blanks: "BH/C1,BH,SB,DE". An empty list is valid.
[[nodiscard]] Result<std::vector<TieBreakSpec>> parse_tiebreaks(std::string_view list);
// The items of a 202 line as the reader kept them (Settings::tiebreaks).
[[nodiscard]] Result<std::vector<TieBreakSpec>> parse_tiebreaks(
    const std::vector<std::string>& items);

}  // namespace arbiter::tournament
