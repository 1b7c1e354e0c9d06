// Arbiter::verdict(): the state of the game turned into the spec's Verdict.
#include "arbiter/competition/arbiter.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::competition {

Verdict Arbiter::verdict() const {
  Verdict v;
  if (ending_) {
    v.result = ending_->result;
    v.termination = ending_->termination;
    v.ended_at = ending_->at;
  } else if (adjourned_) {
    v.termination = Termination::Adjourned;
    v.envelope = adjourned_->envelope;  // the sealed move itself stays in the envelope
    // I.2.6 / I.4: the offer current now (one made after the seal stands too).
    v.envelope->draw_offer_by.reset();
    if (offers_[0]) v.envelope->draw_offer_by = Color::White;
    if (offers_[1]) v.envelope->draw_offer_by = Color::Black;
  }
  if (!clock_->is_unlimited()) {
    v.clocks = std::array<Millis, 2>{clock_->remaining(clock::ClockSide::White),
                                     clock_->remaining(clock::ClockSide::Black)};
  }
  v.fen = game_.position().fen();
  for (const RecordedMove& m : record_.moves) v.moves.push_back(m.san);
  v.score = score(v.result, start_.rules.scoring);
  v.penalties = penalties_;
  v.refused = refused_;
  v.pgn = to_pgn(record_, v.result, v.termination);
  v.scoresheet = to_scoresheet(record_, v.result);
  return v;
}

}  // namespace arbiter::competition
