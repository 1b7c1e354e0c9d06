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

struct TerminationInfo {
  Termination t;
  std::string_view name;
  std::string_view article;
  std::string_view words;
};

constexpr std::array<TerminationInfo, 20> kTerminations{{
    {Termination::Ongoing, "ongoing", "", "unterminated"},
    {Termination::Adjourned, "adjourned", "I.1.1", "adjourned"},
    {Termination::Checkmate, "checkmate", "5.1.1", "checkmate"},
    {Termination::Resignation, "resignation", "5.1.2", "resignation"},
    {Termination::TimeForfeit, "time_forfeit", "6.9", "time forfeit"},
    {Termination::TimeoutVsInsufficient, "timeout_vs_insufficient", "6.9",
     "time forfeit, but the opponent cannot checkmate: draw"},
    {Termination::Stalemate, "stalemate", "5.2.1", "stalemate"},
    {Termination::DeadPosition, "dead_position", "5.2.2", "dead position"},
    {Termination::Agreement, "agreement", "5.2.3", "draw by agreement"},
    {Termination::ThreefoldClaim, "threefold_claim", "9.2", "threefold repetition claimed"},
    {Termination::FiftyMoveClaim, "fifty_move_claim", "9.3", "fifty-move rule claimed"},
    {Termination::FivefoldRepetition, "fivefold_repetition", "9.6.1", "fivefold repetition"},
    {Termination::SeventyFiveMoves, "seventyfive_moves", "9.6.2", "seventy-five-move rule"},
    {Termination::IllegalMoveForfeit, "illegal_move_forfeit", "7.5.3", "illegal move"},
    {Termination::IllegalMoveDead, "illegal_move_dead", "7.5.3",
     "illegal move, but the opponent cannot checkmate: draw"},
    {Termination::IllegalPositionDraw, "illegal_position_draw", "A.4.4", "illegal position"},
    {Termination::BothFlags, "both_flags", "III.3.1.2", "both flags fell"},
    {Termination::SealedMoveInvalid, "sealed_move_invalid", "I.8", "invalid sealed move"},
    {Termination::QuickplayClaim, "quickplay_claim", "III.5", "quickplay finish claim"},
    {Termination::ArbiterDecision, "arbiter_decision", "12.9", "arbiter decision"},
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

}  // namespace arbiter::competition
