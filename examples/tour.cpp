// The snippets of the library guide (docs/library.md), in its order, as one program:
// positions, moves, notation, PGN, games and their endings. Each function is one section
// of the guide; the guide's code blocks are copied from here, and CI checks that they
// still are (scripts/check_doc_snippets.py) and that this program prints
// examples/expected/tour.txt.
#include <iostream>
#include <sstream>
#include <string_view>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/game.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"

using namespace arbiter;

namespace {

void positions() {
  core::Position start = core::Position::startpos();
  std::cout << start.fen() << "\n";

  Result<core::Position> italian =
      core::Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
  if (!italian) {
    std::cerr << italian.error().describe() << "\n";
    return;
  }
  std::cout << (italian->side_to_move() == core::Color::Black ? "Black" : "White")
            << " to move, in check: " << italian->in_check() << "\n";
  std::cout << "on c4: " << core::piece_char(italian->piece_on(core::Square::C4)) << "\n";

  Result<core::Position> no_kings = core::Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1");
  if (!no_kings) std::cout << no_kings.error().describe() << "\n";
}

void moves() {
  core::Position pos = core::Position::startpos();
  core::MoveList legal = core::legal_moves(pos);
  std::cout << legal.size() << " legal moves\n";

  Result<core::Move> e4 = notation::parse_move(pos, "e4");  // also "e2e4", "e2-e4"
  Result<core::Move> bad = notation::parse_move(pos, "e5");
  std::cout << core::to_uci(*e4, false) << "; " << bad.error().message << "\n";

  core::Position after = pos.after(*e4);  // a copy with the move made
  std::cout << after.fen() << "\n";
}

void notations() {
  core::Position pos = *core::Position::from_fen("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
  core::Move promotion = *notation::parse_move(pos, "b8=Q+");
  core::Move castling = *notation::parse_move(pos, "0-0-0");  // or O-O-O, e1c1, Кр0-0-0...
  std::cout << notation::san(pos, promotion) << " " << notation::san(pos, castling) << "\n";

  // Appendix C as a scoresheet has it, with a language's piece letters or figurines.
  for (notation::Language lang :
       {notation::Language::German, notation::Language::Russian, notation::Language::Figurine}) {
    const notation::Style style = notation::Style::fide(lang);
    std::cout << notation::language_code(lang) << ": " << notation::san(pos, promotion, style)
              << " " << notation::san(pos, castling, style) << "\n";
  }
  const notation::Style long_form = notation::Style::of(notation::MoveForm::Long);
  const notation::Style uci = notation::Style::of(notation::MoveForm::Uci);
  std::cout << notation::san(pos, promotion, long_form) << " " << notation::san(pos, promotion, uci)
            << "\n";
}

void reading_pgn() {
  std::istringstream text(R"([Event "Casual game"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 1-0
)");
  pgn::Reader reader{text};
  pgn::GameBuilder builder;  // the Visitor that builds each game, checking every move
  while (reader.next(builder)) {
    const pgn::Game& game = builder.game();
    std::cout << game.tags.get("White") << " - " << game.tags.get("Black") << " "
              << pgn::result_of(game) << ", " << game.mainline().size() << " plies\n";
    std::cout << game.final_position().fen() << "\n";
  }
  std::cout << "errors: " << reader.error_count() << "\n";
}

void writing_pgn() {
  pgn::Game game;  // the initial position, no tags, no moves
  game.tags.set("White", "Fool");
  game.tags.set("Black", "Scholar");
  core::Position pos = game.start;
  for (std::string_view san : {"f3", "e5", "g4", "Qh4#"}) {
    core::Move move = *notation::parse_move(pos, san);
    game.push(move);
    pos = pos.after(move);
  }
  game.tags.set("Result", "0-1");
  pgn::write_game(std::cout, game);
}

void endings() {
  game::Game fools_mate;
  for (std::string_view san : {"f3", "e5", "g4", "Qh4#"})
    fools_mate.push(*notation::parse_move(fools_mate.position(), san));
  game::Outcome outcome = fools_mate.outcome();
  std::cout << game::to_string(outcome.termination) << " " << game::result_text(outcome) << "\n";

  // Art. 5.2.1 stalemate and 5.2.2 dead position: the game is over at once.
  Result<game::Game> stalemate = game::Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  Result<game::Game> bishop_only = game::Game::from_fen("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1");
  std::cout << game::to_string(stalemate->outcome().termination) << ", "
            << game::to_string(bishop_only->outcome().termination) << "\n";
}

void repetition() {
  game::Game game;
  auto play = [&game](std::string_view uci) { game.push(*core::parse_uci(game.position(), uci)); };
  for (int i = 0; i < 2; ++i)
    for (std::string_view m : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(m);
  // Art. 9.2: the third occurrence lets the player to move claim; the game goes on.
  std::cout << "occurrences " << game.repetition_count() << ", claim " << game.can_claim_threefold()
            << ", over " << game.outcome().is_over() << "\n";
  for (int i = 0; i < 2; ++i)
    for (std::string_view m : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(m);
  // Art. 9.6.1: the fifth occurrence ends the game by itself.
  std::cout << game::to_string(game.outcome().termination) << "\n";
}

void fifty_moves() {
  // The halfmove clock of the FEN counts the plies without a capture or a pawn move.
  Result<game::Game> game = game::Game::from_fen("8/8/4k3/8/3R4/8/4K3/8 w - - 99 80");
  core::Move rook_move = *notation::parse_move(game->position(), "Rd5");
  // Art. 9.3.1: writing the move on the scoresheet, White may claim before making it.
  std::cout << "claim now " << game->can_claim_fifty() << ", with Rd5 "
            << game->can_claim_fifty(rook_move) << "\n";

  // Art. 9.6.2: after 75 moves of each player the game is drawn without a claim.
  Result<game::Game> longer = game::Game::from_fen("8/8/4k3/8/3R4/8/4K3/8 w - - 149 105");
  longer->push(*notation::parse_move(longer->position(), "Rd5"));
  std::cout << game::to_string(longer->outcome().termination) << "\n";
}

}  // namespace

int main() {
  std::cout << std::boolalpha;  // true and false rather than 1 and 0
  positions();
  moves();
  notations();
  reading_pgn();
  writing_pgn();
  endings();
  repetition();
  fifty_moves();
}
