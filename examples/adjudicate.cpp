// Applies the FIDE Laws to a game's event log and prints the arbiter's verdict: the
// result and the Law that ends the game, the clocks, the moves that stand, penalties and
// refused events. The log is JSON Lines, one timed event per line (moves, touched pieces,
// draw offers, claims, flags...): ../shared/spec/game-events.md, and the logs of
// tests/competition/golden/.
//
//   adjudicate GAME.jsonl
//
// Exit status 0 when the log was read to its end (refused events are part of the
// verdict, not errors), 2 when the log itself is unusable.
#include <fstream>
#include <iostream>

#include "arbiter/competition/verdict.hpp"
#include "arbiter/wire/adjudicate.hpp"

using namespace arbiter;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: adjudicate GAME.jsonl\n";
    return 2;
  }
  std::ifstream log(argv[1], std::ios::binary);
  if (!log) {
    std::cerr << argv[1] << ": cannot open the file\n";
    return 2;
  }

  // Result<Verdict>: an error only when the log cannot be read (not JSON, no start event,
  // time going backwards); the error names the line.
  Result<competition::Verdict> verdict = wire::adjudicate(log);
  if (!verdict) {
    std::cerr << argv[1] << ": " << verdict.error().describe() << "\n";
    return 2;
  }

  std::cout << "result " << competition::result_text(verdict->result) << "\n";
  std::cout << "termination " << competition::termination_name(verdict->termination);
  if (!competition::termination_article(verdict->termination).empty())
    std::cout << " (Art. " << competition::termination_article(verdict->termination) << ")";
  std::cout << "\n";
  if (verdict->clocks) {
    std::cout << "clocks white " << (*verdict->clocks)[0].count() << " ms, black "
              << (*verdict->clocks)[1].count() << " ms\n";
  }
  std::cout << "moves";
  for (const std::string& move : verdict->moves) std::cout << " " << move;
  std::cout << "\nfinal position " << verdict->fen << "\n";
  for (const competition::Penalty& p : verdict->penalties) {
    std::cout << "penalty at " << p.t.count() << " ms, Art. " << p.article << ", "
              << competition::side_name(p.side) << ": " << p.action;
    if (p.ms) std::cout << " " << p.ms->count() << " ms to " << competition::side_name(p.to);
    std::cout << "\n";
  }
  for (const competition::Refusal& r : verdict->refused) {
    std::cout << "refused line " << r.line << ": " << r.event;
    if (!r.article.empty()) std::cout << " (Art. " << r.article << ")";
    std::cout << ": " << r.reason << "\n";
  }
  return 0;
}
