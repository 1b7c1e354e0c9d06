// The tournament model: what a TRF (FIDE Tournament Report File, C.04 Annex 2 / TRF-2026)
// says about an event. Players by starting rank, their round-by-round entries with the TRF
// result codes, and the settings of the extension lines. Values only: reading and writing
// live in trf_reader / trf_writer, rules in consistency, standing and berger.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/tournament/point_system.hpp"

namespace arbiter::tournament {

// The starting rank number (TRF 001 columns 5-8): the id used everywhere. 0 = nobody.
using PlayerId = int;

// TRF-16 colour column: `w`, `b`, or `-` (no colour: a bye, or an absence).
enum class Colour : char { White = 'w', Black = 'b', None = '-' };

[[nodiscard]] Colour opposite(Colour c) noexcept;

struct RoundEntry;
struct Player;
// gtest and diagnostics: `12 b 1` and the 001 line.
void PrintTo(const RoundEntry& e, std::ostream* os);
void PrintTo(const Player& p, std::ostream* os);

// One round of one player: TRF columns 92-99 (+10 per round).
struct RoundEntry {
  PlayerId opponent = 0;
  Colour colour = Colour::None;
  ResultCode result = ResultCode::ZeroBye;
  // How the file wrote "nothing" (blank rather than `0000`, blank rather than `Z`), so that
  // a file read and written unchanged keeps its bytes.
  bool opponent_blank = false;
  bool colour_blank = false;
  bool result_blank = false;

  [[nodiscard]] bool has_opponent() const noexcept { return opponent != 0; }
  friend bool operator==(const RoundEntry&, const RoundEntry&) = default;
};

// One TRF 001 line.
struct Player {
  PlayerId id = 0;
  char sex = ' ';                  // `m`, `w` or blank (column 10)
  std::string title;               // columns 11-13, right blanks dropped
  std::string name;                // columns 15-47, right blanks dropped
  std::optional<int> rating;       // columns 49-52
  std::string federation;          // columns 54-56
  std::string fide_id;             // columns 58-68, digits
  std::string birth_date;          // columns 70-79, as written (`YYYY/MM/DD`)
  std::optional<Points> points;    // columns 81-84, in tenths of a point
  std::optional<int> rank;         // columns 86-89
  std::vector<RoundEntry> rounds;  // round r at index r-1
  // The length of the line as read (0 for a new player): trailing blanks are kept. Layout
  // only: two players that differ only in it are equal.
  int width = 0;

  friend bool operator==(const Player& a, const Player& b);
};

// Colour of the top seed in round 1: TRF-2026 `152`, JaVaFo `XXC white1|black1`.
enum class InitialColour : std::uint8_t { Unspecified, White, Black };

// A JaVaFo `XXA` line: the points added to one player's score for pairing, round by round
// (C.04.7 Baku acceleration gives them; the file states them).
struct Acceleration {
  PlayerId player = 0;
  std::vector<Points> per_round;
  friend bool operator==(const Acceleration&, const Acceleration&) = default;
};

// TRF-2026 `240 T RRR PPPP PPPP ...`: byes of type T (`F`, `H` or `Z`) requested for round
// RRR by the players listed.
struct RequestedByes {
  ResultCode type = ResultCode::HalfBye;
  int round = 0;
  std::vector<PlayerId> players;
  friend bool operator==(const RequestedByes&, const RequestedByes&) = default;
};

// TRF-2026 `250 MMMM GGGG RRF RRL PPPF PPPL`: players PPPF..PPPL get MMMM (match) / GGGG
// (game) points added for pairing in rounds RRF..RRL (C.04.7 Baku acceleration).
struct AcceleratedRounds {
  std::optional<Points> points;
  std::optional<Points> game_points;
  int first_round = 0;
  int last_round = 0;
  PlayerId first_player = 0;
  PlayerId last_player = 0;
  friend bool operator==(const AcceleratedRounds&, const AcceleratedRounds&) = default;
};

// Players who must not meet: TRF-2026 `260 RRF RRL PPPP PPPP ...` in rounds RRF..RRL (RRL
// blank: to the end), JaVaFo `XXP PPPP PPPP ...` in every round.
struct ForbiddenPairs {
  int first_round = 1;
  std::optional<int> last_round;
  std::vector<PlayerId> players;
  friend bool operator==(const ForbiddenPairs&, const ForbiddenPairs&) = default;
};

// What the extension lines set. Each comes from the line named in its comment; lines the
// model keeps as text only are listed in docs/tournament.md.
struct Settings {
  std::optional<int> rounds;  // 142 / XXR: the number of rounds of the event
  InitialColour initial_colour = InitialColour::Unspecified;  // 152 / XXC
  PointSystem points;                                         // 162, BBW BBD BBL BBZ BBF BBU, XXS
  std::string system;                  // 192 (or 092 when 192 is absent): the pairing system code
  std::vector<std::string> tiebreaks;  // 202 (individual) / 212 (team), in order
  std::string time_control;            // 122 / 222
  std::vector<PlayerId> absent_next_round;     // XXZ
  std::vector<ForbiddenPairs> forbidden;       // 260, XXP
  std::vector<Acceleration> accelerations;     // XXA
  std::vector<AcceleratedRounds> accelerated;  // 250
  std::vector<RequestedByes> requested_byes;   // 240
  friend bool operator==(const Settings&, const Settings&) = default;
};

enum class LineEnding : std::uint8_t { Cr, Lf, CrLf };

// A line of the file in its place: a player (index into Tournament::players) or any other
// line kept as text (headers 012-132, extension lines, `###` comments, unknown types).
struct Record {
  int player = -1;   // >= 0: a player line
  std::string text;  // otherwise the line itself, without its ending
  friend bool operator==(const Record&, const Record&) = default;
};

struct Tournament {
  std::vector<Player> players;  // in file order
  std::vector<Record> records;  // every line in file order
  Settings settings;
  LineEnding ending = LineEnding::Cr;  // TRF-16 remark 1: each line ends in CR
  bool final_ending = true;            // the last line has an ending too

  // The player with starting rank `id`, or nullptr.
  [[nodiscard]] const Player* find(PlayerId id) const;
  [[nodiscard]] Player* find(PlayerId id);
  // The text of the first header line of a type (`012` name, `022` city...), or "".
  [[nodiscard]] std::string header(std::string_view code) const;
  // Sets the round count: rewrites the 142 and XXR lines there are, adds `142 n` if none.
  void set_rounds(int rounds);

  friend bool operator==(const Tournament&, const Tournament&) = default;
};

}  // namespace arbiter::tournament
