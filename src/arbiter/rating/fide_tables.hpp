// The two conversion tables of the FIDE Rating Regulations (Handbook B.02, the text in force
// since 1 March 2024, Article 8.1): fractional score p → rating difference dp (table 8.1a),
// and rating difference D → expected score PD (table 8.1b). The tie-breaks of C.07 that use
// ratings (TPR, PTP, APRO, APPO; C.07 Article 10) read them. Values only, no I/O.
//
// Scores and probabilities are in hundredths (p = 0.75 is 75), as the tables print them.
#pragma once

namespace arbiter::rating {

// B.02 table 8.1a: the rating difference dp for a fractional score p in hundredths, 0..100
// (p = 1.00 → +800, p = 0.50 → 0, p = 0.00 → −800). p outside 0..100 is clamped.
[[nodiscard]] int dp_from_percent(int p) noexcept;

// The score `points` out of `games`, both in the same unit, as hundredths rounded half up
// (C.07 Article 10 rounds p to two decimals before reading table 8.1a). games > 0.
[[nodiscard]] int percent_of(long long points, long long games) noexcept;

// B.02 table 8.1b: the expected score PD, in hundredths, of the higher rated player when the
// difference is `difference` >= 0 (0..3 → 50, ..., 620..735 → 99, above 735 → 100). For a
// negative difference (the lower rated player) it is 100 − PD(−difference).
[[nodiscard]] int expected_percent(int difference) noexcept;

}  // namespace arbiter::rating
