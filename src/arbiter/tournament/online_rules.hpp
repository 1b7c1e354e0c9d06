// The rules of an event the server runs (issue #18, docs/events.md), on the value of
// online_event.hpp: entering and withdrawing, the TRF the FIDE tools read (C.04 Annex 2),
// the next round paired by the Dutch System (C.04.3) and the results of its games. Time
// comes in as an argument; nothing here reads a clock, a store or a socket.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/online_event.hpp"
#include "arbiter/tournament/standings.hpp"

namespace arbiter::tournament {

// Enters an account. Before round 1 is paired he plays from round 1; later he enters late
// and plays from the next round paired, the rounds he missed scored as the event's rules
// say (LatePoints). Errors (kProtocolState, field named): "account" he is in already,
// "full" the event has max_players, "finished" every round is paired.
[[nodiscard]] Result<EntryNo> enter(OnlineEvent& e, std::int64_t account, std::string name,
                                    std::optional<int> rating);

// Withdraws an account: he is paired in no round after those already paired (a game in
// play goes on). Before round 1 he may enter again; after it the withdrawal is final.
// Errors (kProtocolState): "account" not entered or withdrawn already.
[[nodiscard]] Result<void> withdraw(OnlineEvent& e, std::int64_t account);

// Whether an entrant takes part in round `round`: entered by then and not withdrawn.
[[nodiscard]] bool plays_in(const Entrant& p, int round) noexcept;

// The result codes of a verdict's result ("1-0", "+/-", "0-1/2", ...) for White and Black
// (TRF result column): 1 0 =, + - for a forfeit (Art. 6.7.1). nullopt for "*" and for
// anything that is not a result.
struct ResultCodes {
  ResultCode white;
  ResultCode black;
};
[[nodiscard]] std::optional<ResultCodes> result_codes(std::string_view result) noexcept;

// The event as a TRF (TRF-2026, the columns of spec/tournaments.md): the rounds whose
// games are all over, every entrant who took part in one or may take part in the next,
// numbered by C.04.2's initial ranking (rating, then name, then entry) — a late entry
// renumbers the players, as C.04.2 allows. `for_pairing`: the entrants who will not
// play the next round are marked absent (XXZ) so that the Dutch System leaves them out.
// Errors: the event's text contradicts itself (kTrfConsistency, from read_trf).
[[nodiscard]] Result<Tournament> to_trf(const OnlineEvent& e, bool for_pairing = false);

// The TRF's starting rank of each entrant (index entry-1), 0 for one not in it.
[[nodiscard]] std::vector<PlayerId> trf_ids(const OnlineEvent& e);

// Pairs the next round (C.04.3, with the creator's forbidden pairs as the 260 line states
// them) and appends it, started at `now`, its boards without games yet (the server creates
// them and fills EventBoard::game). Errors: kProtocolState "round" (a round is in play or
// every round is paired), kNoValidPairing, kInvalidArgument (fewer than two players).
[[nodiscard]] Result<void> pair_next_round(OnlineEvent& e, std::int64_t now);

// Records the result of the game `game` of the last round (a verdict result). When it
// was the last game of the round, the round is finished at `now`. Returns false when no
// board of the last round has that game or the result is "*".
bool record_result(OnlineEvent& e, std::string_view game, std::string_view result,
                   std::int64_t now);

// Whether the last round paired still has a game in play.
[[nodiscard]] bool round_in_play(const OnlineEvent& e) noexcept;
// Every round paired and over.
[[nodiscard]] bool finished(const OnlineEvent& e) noexcept;
// When the next round is to be paired: the start for round 1, the end of the last round
// plus the interval for the others; nullopt while a round is in play or when finished.
[[nodiscard]] std::optional<std::int64_t> next_round_at(const OnlineEvent& e) noexcept;

// The standings after the rounds over, with the event's tie-breaks (C.07), exactly as
// `arbiter tournament standings` computes them from to_trf's file (seed 0).
[[nodiscard]] Result<Standings> event_standings(const OnlineEvent& e);

}  // namespace arbiter::tournament
