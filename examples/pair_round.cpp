// Pairs the next round of a Swiss tournament by the FIDE (Dutch) System, C.04.3, from the
// event's FIDE Tournament Report File (TRF), and prints the boards.
//
//   pair_round EVENT.trf [ROUNDS]
//
// With ROUNDS, the event is first cut back to its first ROUNDS rounds: the pairing is
// then the one of round ROUNDS+1, as it was made before that round was played.
#include <charconv>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

using namespace arbiter;

// "Name (2.5)": a player and the points with which the round was paired.
std::string player_text(const tournament::Tournament& event, tournament::PlayerId id, int rounds) {
  const tournament::Player* player = event.find(id);
  const tournament::Points tenths =
      tournament::points_after(event.settings.points, *player, rounds);
  std::ostringstream out;
  out << id << " " << player->name << " (" << tenths / 10 << "." << tenths % 10 << ")";
  return out.str();
}

int main(int argc, char** argv) {
  int rounds = -1;
  if (argc == 3) {
    const std::string_view arg = argv[2];
    const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), rounds);
    if (ec != std::errc{} || end != arg.data() + arg.size()) argc = 0;
  }
  if (argc != 2 && argc != 3) {
    std::cerr << "usage: pair_round EVENT.trf [ROUNDS]\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  if (!file) {
    std::cerr << argv[1] << ": cannot read the file\n";
    return 2;
  }

  // Every step that can fail returns a Result: the TRF's syntax and consistency (with the
  // line and column of the field), the cut, and the pairing itself (no pairing may meet
  // the absolute criteria).
  Result<tournament::Tournament> event = tournament::read_trf(text.str());
  if (event && rounds >= 0) event = tournament::cut_to_rounds(*event, rounds);
  if (!event) {
    std::cerr << argv[1] << ": " << event.error().describe() << "\n";
    return 1;
  }
  Result<tournament::SwissPairing> pairing = tournament::pair_dutch(*event);
  if (!pairing) {
    std::cerr << argv[1] << ": " << pairing.error().describe() << "\n";
    return 1;
  }

  const int played = pairing->round - 1;
  std::cout << "Round " << pairing->round << "\n";
  int number = 0;
  for (const tournament::Board& board : pairing->boards) {
    std::cout << "Board " << ++number << ": " << player_text(*event, board.white, played) << " - "
              << player_text(*event, board.black, played) << "\n";
  }
  if (pairing->bye != 0) std::cout << "Bye: " << player_text(*event, pairing->bye, played) << "\n";
  return 0;
}
