#include "arbiter/competition/verdict.hpp"

#include <array>
#include <utility>

namespace arbiter::competition {
namespace {

constexpr std::array<std::pair<GameResult, std::string_view>, 10> kResults{{
    {GameResult::Ongoing, "*"},
    {GameResult::WhiteWins, "1-0"},
    {GameResult::BlackWins, "0-1"},
    {GameResult::Draw, "1/2-1/2"},
    {GameResult::WhiteByForfeit, "+/-"},
    {GameResult::BlackByForfeit, "-/+"},
    {GameResult::BothForfeit, "-/-"},
    {GameResult::BlackDrawWhiteLoss, "0-1/2"},
    {GameResult::WhiteDrawBlackLoss, "1/2-0"},
    {GameResult::BothLose, "0-0"},
}};

// One table of how a game ends: the spec's name, the article, the words of the PGN
// Termination tag, and the phrase of the sentence players read (ending_sentence), which
// the server sends in its `end` event and game state and the web client shows as it is.
struct TerminationInfo {
  Termination t;
  std::string_view name;
  std::string_view article;
  std::string_view words;
  std::string_view phrase;  // after "White wins", "Black wins" or "Draw"
  // The PGN standard's Termination value (§9.8.1): abandoned, adjudication, death,
  // emergency, normal, rules infraction, time forfeit, unterminated.
  std::string_view pgn;
};

constexpr std::array<TerminationInfo, 20> kTerminations{{
    {Termination::Ongoing, "ongoing", "", "unterminated", "", "unterminated"},
    {Termination::Adjourned, "adjourned", "I.1.1", "adjourned", "", "unterminated"},
    {Termination::Checkmate, "checkmate", "5.1.1", "checkmate", " by checkmate", "normal"},
    {Termination::Resignation, "resignation", "5.1.2", "resignation", " by resignation", "normal"},
    {Termination::TimeForfeit, "time_forfeit", "6.9", "time forfeit", " on time", "time forfeit"},
    {Termination::TimeoutVsInsufficient, "timeout_vs_insufficient", "6.9",
     "time forfeit, but the opponent cannot checkmate: draw",
     ": the flag fell, but the opponent cannot checkmate", "time forfeit"},
    {Termination::Stalemate, "stalemate", "5.2.1", "stalemate", " by stalemate", "normal"},
    {Termination::DeadPosition, "dead_position", "5.2.2", "dead position", ": dead position",
     "normal"},
    {Termination::Agreement, "agreement", "5.2.3", "draw by agreement", " by agreement", "normal"},
    {Termination::ThreefoldClaim, "threefold_claim", "9.2", "threefold repetition claimed",
     " by threefold repetition, claimed", "normal"},
    {Termination::FiftyMoveClaim, "fifty_move_claim", "9.3", "fifty-move rule claimed",
     " by the fifty-move rule, claimed", "normal"},
    {Termination::FivefoldRepetition, "fivefold_repetition", "9.6.1", "fivefold repetition",
     " by fivefold repetition", "normal"},
    {Termination::SeventyFiveMoves, "seventyfive_moves", "9.6.2", "seventy-five-move rule",
     " by the 75-move rule", "normal"},
    {Termination::IllegalMoveForfeit, "illegal_move_forfeit", "7.5.3", "illegal move",
     ": the opponent's second illegal move", "rules infraction"},
    {Termination::IllegalMoveDead, "illegal_move_dead", "7.5.3",
     "illegal move, but the opponent cannot checkmate: draw",
     ": an illegal move, but the opponent cannot checkmate", "rules infraction"},
    {Termination::IllegalPositionDraw, "illegal_position_draw", "A.4.4", "illegal position",
     ": the position was illegal", "rules infraction"},
    {Termination::BothFlags, "both_flags", "III.3.1.2", "both flags fell", ": both flags fell",
     "time forfeit"},
    {Termination::SealedMoveInvalid, "sealed_move_invalid", "I.8", "invalid sealed move",
     ": the sealed move was invalid", "rules infraction"},
    {Termination::QuickplayClaim, "quickplay_claim", "III.5", "quickplay finish claim",
     " by a quickplay-finish claim", "adjudication"},
    {Termination::ArbiterDecision, "arbiter_decision", "12.9", "arbiter decision",
     " by the arbiter's decision", "adjudication"},
}};

const TerminationInfo& info(Termination t) noexcept {
  for (const auto& i : kTerminations)
    if (i.t == t) return i;
  return kTerminations[0];
}

}  // namespace

std::string_view result_text(GameResult r) noexcept {
  for (const auto& [k, name] : kResults)
    if (k == r) return name;
  return "*";
}

std::optional<GameResult> parse_result(std::string_view text) noexcept {
  for (const auto& [k, name] : kResults)
    if (name == text) return k;
  return std::nullopt;
}

GameResult win_for(Color winner) noexcept {
  return winner == Color::White ? GameResult::WhiteWins : GameResult::BlackWins;
}

std::array<double, 2> score(GameResult r, const std::array<double, 3>& scoring) noexcept {
  const double win = scoring[0];
  const double draw = scoring[1];
  const double loss = scoring[2];
  switch (r) {
    case GameResult::Ongoing: return {0.0, 0.0};
    case GameResult::WhiteWins:
    case GameResult::WhiteByForfeit: return {win, loss};
    case GameResult::BlackWins:
    case GameResult::BlackByForfeit: return {loss, win};
    case GameResult::Draw: return {draw, draw};
    case GameResult::BothForfeit:
    case GameResult::BothLose: return {loss, loss};
    case GameResult::BlackDrawWhiteLoss: return {loss, draw};
    case GameResult::WhiteDrawBlackLoss: return {draw, loss};
  }
  return {0.0, 0.0};
}

std::string_view termination_name(Termination t) noexcept { return info(t).name; }
std::string_view termination_article(Termination t) noexcept { return info(t).article; }
std::string_view termination_words(Termination t) noexcept { return info(t).words; }

std::string_view pgn_termination(Termination t) noexcept { return info(t).pgn; }

std::string ending_sentence(GameResult result, Termination t) {
  if (t == Termination::Ongoing) return "Game in progress";
  if (t == Termination::Adjourned) return "Game adjourned";
  std::string who;
  switch (result) {
    case GameResult::WhiteWins:
    case GameResult::WhiteByForfeit: who = "White wins"; break;
    case GameResult::BlackWins:
    case GameResult::BlackByForfeit: who = "Black wins"; break;
    case GameResult::Draw: who = "Draw"; break;
    case GameResult::Ongoing: who = "Game over"; break;
    // The arbiter's scores of Art. 6.7 / 12.9 that are neither a win nor a draw.
    case GameResult::BothForfeit: who = "Both players lose by forfeit"; break;
    case GameResult::BothLose: who = "Both players lose"; break;
    case GameResult::BlackDrawWhiteLoss: who = "White loses, Black scores a draw"; break;
    case GameResult::WhiteDrawBlackLoss: who = "Black loses, White scores a draw"; break;
  }
  return who + std::string(info(t).phrase);
}

}  // namespace arbiter::competition
