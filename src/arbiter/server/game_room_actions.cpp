// GameRoom: the players' actions (moves, draws, claims, resignation, abort, rematch).
#include "arbiter/server/game_room.hpp"

#include <algorithm>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/server/game_room_detail.hpp"

namespace arbiter::server {
namespace {

using competition::ClaimKind;
using core::Color;
using namespace room_detail;

constexpr const char* kOfferLimitText =
    "your last draw offer was declined: offer again after your opponent has moved (Art. 11.5)";

}  // namespace

// ------------------------------------------------------------------ actions

void GameRoom::on_move(Client& client, const wire::MoveMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot move");
  const Color side = *client.role;
  // §2.3, move resend: a ply that already stands with the same move from this seat was
  // committed; only the acknowledgement was lost.
  if (m.ply >= 1 && m.ply <= static_cast<int>(moves_.size())) {
    const auto i = static_cast<std::size_t>(m.ply - 1);
    const Color mover = (arbiter_->game().start().side_to_move() == Color::White) == (i % 2 == 0)
                            ? Color::White
                            : Color::Black;
    if (mover == side &&
        (moves_[i].uci == m.uci || (!alt_uci_[i].empty() && alt_uci_[i] == m.uci))) {
      return ack(client, m.id);
    }
    return reply_error(client, m.id, "stale-ply",
                       "ply " + std::to_string(m.ply) + " has already been played");
  }
  const Millis s = now();
  check_flag(s);
  if (over()) return reply_over(client, m.id);
  if (!playable()) {
    return reply_error(client, m.id, "too-early", "waiting for the opponent to join");
  }
  const core::Position& pos = arbiter_->game().position();
  if (pos.side_to_move() != side) {
    return reply_error(client, m.id, "not-your-turn", "it is not your move");
  }
  if (m.ply != static_cast<int>(moves_.size()) + 1) {
    return reply_error(client, m.id, "stale-ply",
                       "ply " + std::to_string(m.ply) + " given, " +
                           std::to_string(moves_.size() + 1) + " expected");
  }
  auto move = core::parse_uci(pos, m.uci);
  if (!move) return reply_error(client, m.id, "illegal-move", move.error().message);
  // §3.3, lag compensation: the move is charged received - turn start - c, with
  // c = min(rtt / 2, 250 ms, time charged).
  Millis t{0};
  std::int64_t lag = 0;
  if (t0_) {
    const auto c = competition::compensate_lag(s - *t0_, arbiter_->now(), client.rtt.one_way(),
                                               ctx_.timings.online);
    t = c.t;
    lag = c.granted.count();
  }
  const std::size_t before = moves_.size();
  // 11.5: an offer made with the move while the last one stands declined is not made; the
  // move is (refusing it would cost the player clock time for a draw offer).
  const bool offer_refused = m.offer_draw && arbiter_->offer_declined(side);
  play_move(side, *move, t, lag, m.offer_draw && !offer_refused);
  const bool played = moves_.size() == before + 1;
  Reply reply = reply_to(client, played ? std::optional<std::int64_t>(m.id) : std::nullopt,
                         "the move could not be stored");
  if (!played) {
    reply.stored.push_back(std::make_shared<const std::string>(
        wire::write_error(m.id, "game-over", "the flag fell before the move", false)));
  } else if (offer_refused) {
    reply.stored.push_back(std::make_shared<const std::string>(
        wire::write_error(std::nullopt, "draw-offer-limit", kOfferLimitText, false)));
  }
  commit(std::move(reply));
}

void GameRoom::reply_over(Client& client, std::int64_t id) {
  // A flag found just now has its ending to store first; the refusal follows it.
  Reply reply = reply_to(client, std::nullopt, "the game could not be stored");
  reply.stored.push_back(std::make_shared<const std::string>(
      wire::write_error(id, "game-over", "the game is over", false)));
  commit(std::move(reply));
}

void GameRoom::play_move(Color side, core::Move move, Millis t, std::int64_t lag_ms, bool offer) {
  const core::Position before = arbiter_->game().position();
  const int ply_before = arbiter_->game().ply();
  const bool opponent_offered = arbiter_->has_draw_offer(~side);
  apply(competition::MoveEvent{side, notation::san(before, move), false}, t);
  if (arbiter_->game().ply() != ply_before + 1) {
    // The flag fell before the move arrived (Art. 6.8: the move came too late).
    end_if_over(std::nullopt);
    return;
  }
  add_played_move(side, before, move, lag_ms, opponent_offered && !arbiter_->has_draw_offer(~side));
  // 9.1.2.1: an offer made with the move; 5.2.3: not before both sides have moved.
  if (offer && !arbiter_->is_over() && moves_.size() >= 2) offer_draw(side, arbiter_->now());
  end_if_over(std::nullopt);
}

wire::MoveEventData GameRoom::record_move(Color side, const core::Position& before, core::Move move,
                                          const core::Position& after) {
  auto [uci, alt] = uci_forms(before, move);
  const std::string san = notation::san(before, move);
  const clock::ChessClock& clk = arbiter_->chess_clock();
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
  if (!clk.is_unlimited()) {
    white_ms = clk.remaining(clock::ClockSide::White).count();
    black_ms = clk.remaining(clock::ClockSide::Black).count();
  }
  std::string fen = after.fen();
  moves_.push_back(wire::MoveView{uci, san, fen, white_ms, black_ms});
  alt_uci_.push_back(alt);
  const int ply = static_cast<int>(moves_.size());
  pending_.move = store::MoveRecord{ply, uci, san, white_ms, black_ms, ctx_.clock->wall_ms()};
  wire::MoveEventData d;
  d.ply = ply;
  d.uci = uci;
  d.san = san;
  d.side = side;
  d.fen = std::move(fen);
  d.capture = before.is_capture(move);
  d.check = after.in_check();
  d.announce_de = notation::announce(before, move, notation::AnnounceStyle::FideGerman);
  d.announce_en = notation::announce(before, move, notation::AnnounceStyle::English);
  if (ctx_.openings != nullptr) {
    if (const notation::Opening* o = ctx_.openings->at(after))
      d.opening = wire::OpeningView{o->eco, o->name};
  }
  return d;
}

void GameRoom::add_played_move(Color side, const core::Position& before, core::Move move,
                               std::int64_t lag_ms, bool lapsed) {
  const int ply = static_cast<int>(moves_.size()) + 1;
  if (ply == 1 || ply == 2) first_move_deadline_ = now() + first_move_allowance();
  if (ply == 2) {
    // Art. 6.6 as the server applies it: White's clock starts when Black completes his
    // first move; that instant is t = 0 of the referee.
    t0_ = now();
    first_move_deadline_.reset();
  }
  wire::MoveEventData d = record_move(side, before, move, arbiter_->game().position());
  d.clock = clock_view(now());
  d.lag_ms = lag_ms;
  d.dests = dests();
  d.claims = claims();
  d.draw_offer = draw_offer();
  d.can_abort = can_abort();
  d.t = arbiter_->now().count();
  add_event(d);
  // 9.1.2.1: the receiver of an offer moved; the Arbiter has let it lapse.
  if (lapsed) add_event(wire::DrawEventData{"lapse", ~side, arbiter_->now().count()});
}

void GameRoom::offer_draw(Color side, Millis t) {
  if (arbiter_->has_draw_offer(side)) return;  // one is pending from the same side
  apply(competition::OfferDrawEvent{side}, t);
  if (!arbiter_->has_draw_offer(side)) return;  // refused (9.1.1)
  add_event(wire::DrawEventData{"offer", side, arbiter_->now().count()});
}

void GameRoom::on_draw(Client& client, const wire::DrawMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot act");
  const Color side = *client.role;
  check_flag(now());
  if (over()) return reply_over(client, m.id);
  if (moves_.size() < 2) {
    return reply_error(client, m.id, "too-early",
                       "a draw needs both players to have made a move (Art. 5.2.3)");
  }
  const Millis t = arbiter_time(now());
  switch (m.action) {
    case wire::OfferAction::Offer:
      if (arbiter_->has_draw_offer(~side)) {
        // Both want a draw: the second offer accepts the first (5.2.3).
        apply(competition::AcceptDrawEvent{side}, t);
        end_if_over(side);
      } else if (arbiter_->offer_declined(side)) {
        return reply_error(client, m.id, "draw-offer-limit", kOfferLimitText);
      } else {
        offer_draw(side, t);
      }
      break;
    case wire::OfferAction::Accept:
      if (!arbiter_->has_draw_offer(~side))
        return reply_error(client, m.id, "no-offer", "there is no draw offer to accept");
      apply(competition::AcceptDrawEvent{side}, t);
      end_if_over(side);
      break;
    case wire::OfferAction::Decline:
      if (!arbiter_->has_draw_offer(~side))
        return reply_error(client, m.id, "no-offer", "there is no draw offer to decline");
      apply(competition::DeclineDrawEvent{side}, t);
      add_event(wire::DrawEventData{"decline", side, arbiter_->now().count()});
      break;
  }
  commit(reply_to(client, m.id, "the action could not be stored"));
}

void GameRoom::on_claim(Client& client, const wire::ClaimMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot claim");
  const Color side = *client.role;
  check_flag(now());
  if (over()) return reply_over(client, m.id);
  const game::Game& g = arbiter_->game();
  const core::Position pos = g.position();
  if (pos.side_to_move() != side) {
    return reply_error(client, m.id, "not-your-turn",
                       "only the player having the move may claim (Art. 9.2.1, 9.3)");
  }
  std::optional<core::Move> intended;
  if (m.move) {
    auto mv = core::parse_uci(pos, *m.move);
    if (!mv) return reply_error(client, m.id, "illegal-move", mv.error().message);
    intended = *mv;
  }
  // 9.2.1.2 / 9.3.2: the position now; 9.2.1.1 / 9.3.1: after the intended move.
  const bool upheld =
      m.threefold ? (g.can_claim_threefold() || (intended && g.can_claim_threefold(*intended)))
                  : (g.can_claim_fifty() || (intended && g.can_claim_fifty(*intended)));
  const Millis t = arbiter_time(now());
  const Color opponent = ~side;
  const auto opponent_before = arbiter_->chess_clock().remaining(clock_side(opponent));
  const int ply_before = g.ply();
  const bool opponent_offered = arbiter_->has_draw_offer(opponent);
  const bool own_offer = arbiter_->has_draw_offer(side);
  apply(competition::ClaimEvent{side, m.threefold ? ClaimKind::Threefold : ClaimKind::Fifty,
                                intended ? std::optional<std::string>(notation::san(pos, *intended))
                                         : std::nullopt},
        t);
  if (upheld && intended) {
    // web-protocol.md §3.2: the intended move is shown and stored before the end. The
    // referee does not play it (9.2.1.1: it is written down; the correct claim ends the
    // game first), so replays skip it (`intended`).
    wire::MoveEventData md = record_move(side, pos, *intended, pos.after(*intended));
    md.clock = clock_view(now());
    if (md.clock) md.clock->running.reset();
    md.intended = true;
    md.t = arbiter_->now().count();
    add_event(md);
  }
  wire::ClaimEventData d;
  d.side = side;
  d.threefold = m.threefold;
  if (intended) d.move = core::to_uci(pos, *intended);
  d.upheld = upheld;
  d.article = m.threefold ? "9.2" : "9.3";
  d.t = arbiter_->now().count();
  if (!upheld && !arbiter_->chess_clock().is_unlimited()) {
    // 9.5.3: the opponent gets two minutes (one in blitz, B.2).
    const auto added = arbiter_->chess_clock().remaining(clock_side(opponent)) - opponent_before;
    d.penalty = wire::PenaltyView{opponent, std::max(Millis{0}, added).count(), "9.5.3"};
  }
  add_event(d);
  if (upheld) {
    end_if_over(side);
  } else {
    if (arbiter_->game().ply() == ply_before + 1) {
      // 9.5.3: "the intended move shall be made"; the Arbiter has made it. Publish it as
      // a move; replay the bookkeeping without applying it twice.
      add_played_move(side, pos, *intended, 0,
                      opponent_offered && !arbiter_->has_draw_offer(opponent));
    }
    if (!arbiter_->is_over() && !own_offer && arbiter_->has_draw_offer(side)) {
      // 9.1.2.3: the claim is also a draw offer; the opponent may accept it.
      add_event(wire::DrawEventData{"offer", side, arbiter_->now().count()});
    }
    end_if_over(std::nullopt);
  }
  commit(reply_to(client, m.id, "the claim could not be stored"));
}

void GameRoom::on_resign(Client& client, const wire::ResignMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot resign");
  check_flag(now());
  if (over()) return reply_over(client, m.id);
  // 5.1.2: a player may resign at any time, also on the opponent's turn.
  apply(competition::ResignEvent{*client.role}, arbiter_time(now()));
  end_if_over(*client.role);
  commit(reply_to(client, m.id, "the resignation could not be stored"));
}

void GameRoom::on_abort(Client& client, const wire::AbortMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot abort");
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  if (!can_abort()) {
    if (extra_.tournament) {
      return reply_error(client, m.id, "cannot-abort",
                         "an event's game is played, or lost by default (Art. 6.7.1)");
    }
    return reply_error(client, m.id, "cannot-abort", "both sides have moved: resign instead");
  }
  end_game("*", "aborted", std::nullopt, *client.role, arbiter_->now(),
           capitalised(*client.role) + " aborted the game", std::nullopt);
  commit(reply_to(client, m.id, "the abort could not be stored"));
}

void GameRoom::on_rematch(Client& client, const wire::RematchMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot act");
  const Color side = *client.role;
  if (!over()) return reply_error(client, m.id, "too-early", "the game is not over");
  if (extra_.tournament) {
    return reply_error(client, m.id, "tournament", "the event pairs the next game");
  }
  if (rematch_id_) return reply_error(client, m.id, "game-over", "the rematch has already started");
  switch (m.action) {
    case wire::OfferAction::Offer:
      if (rematch_offer_ == ~side) {
        accept_rematch(side);
        break;
      }
      if (rematch_offer_ == side) break;
      rematch_offer_ = side;
      add_event(wire::RematchEventData{"offer", side, std::nullopt});
      if (seats_[side_index(~side)].computer) accept_rematch(~side);  // the computer agrees
      break;
    case wire::OfferAction::Accept:
      if (rematch_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no rematch offer");
      accept_rematch(side);
      break;
    case wire::OfferAction::Decline:
      if (rematch_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no rematch offer");
      rematch_offer_.reset();
      add_event(wire::RematchEventData{"decline", side, std::nullopt});
      break;
  }
  commit(reply_to(client, m.id, "the rematch could not be stored"));
}

void GameRoom::accept_rematch(Color side) {
  if (!ctx_.rematch) return;
  RematchRequest r;
  r.previous = &header_;
  r.extra.creator = ~extra_.creator;
  if (extra_.computer) r.extra.computer = ~*extra_.computer;
  r.extra.level = extra_.level;
  r.extra.rematch_of = id_;
  r.names = {seats_[1].name, seats_[0].name};  // colours swapped
  r.users = {seats_[1].user, seats_[0].user};
  auto game = ctx_.rematch(r);
  if (!game) {
    log_line("game " + id_ + ": rematch failed: " + game.error().describe());
    return;
  }
  rematch_offer_.reset();
  rematch_id_ = game->id;
  add_event(wire::RematchEventData{"accept", side, game->id});
  // §3.1: each seat learns its new seat and token; tokens are never broadcast. The seat
  // messages follow the events (sent after their commit, with them).
  const RematchGame g = *game;
  for (auto& [key, c] : clients_) {
    if (!c.ready || !c.role) continue;
    const Color next = ~*c.role;
    pending_seat_.emplace_back(c.connection,
                               wire::write_seat(g.id, next, g.tokens[side_index(next)]));
  }
}

}  // namespace arbiter::server
