// Hand-set evaluation weights (centipawns, midgame/endgame). docs/engine.md describes how
// they would be tuned (Texel method on self-play positions).
#pragma once

#include "arbiter/core/types.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine::params {

// Material by PieceType (Pawn..King).
constexpr Score kPieceValue[6] = {{90, 115},  {330, 300},   {345, 320},
                                  {470, 540}, {1000, 1000}, {0, 0}};
// Simple values for SEE and move ordering.
constexpr int kSeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};

// Game phase: contribution of each piece type to a full 24-point middlegame.
constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int kMaxPhase = 24;

// Mobility per attacked square beyond a typical count (Knight..Queen).
constexpr Score kMobilityPerSquare[4] = {{4, 4}, {5, 5}, {2, 4}, {1, 2}};
constexpr int kMobilityBase[4] = {4, 6, 7, 13};

// Pawn structure.
constexpr Score kDoubled{-10, -22};
constexpr Score kIsolated{-12, -14};
constexpr Score kBackward{-8, -10};
constexpr Score kPassedByRank[8] = {{0, 0},   {4, 10},  {8, 16},   {14, 28},
                                    {30, 55}, {55, 95}, {90, 150}, {0, 0}};
constexpr int kPassedKingProximity = 4;  // eg, per rank weight and square of distance
constexpr Score kSupportedPawn{6, 5};

// Pieces.
constexpr Score kBishopPair{28, 50};
constexpr Score kRookOpenFile{24, 10};
constexpr Score kRookSemiOpenFile{11, 6};
constexpr Score kKnightOutpost{16, 8};
constexpr int kTempo = 12;

// King safety (midgame only).
constexpr int kAttackWeight[6] = {0, 2, 2, 3, 5, 0};
constexpr int kShieldNear = 12;
constexpr int kShieldFar = 6;
constexpr int kShieldMissing = -16;
constexpr int kOpenFileNearKing = -12;

}  // namespace arbiter::engine::params
