// C.07 Article 14 (Cut-1, Cut-2, Median-1, Median-2) and the Cut-1 exception of Article
// 16.5 (the March 2026 text): which values of a sum are left out.
#pragma once

#include <vector>

namespace arbiter::tournament {

// One value of a sum. `significance` orders the values (the least significant is cut
// first): for BH and ARO the value itself, for SB the opponent's score (14.1.1 d: the
// contribution of the opponent with the lowest score; among equals the lowest product),
// for PS the round. `vur`: the value comes from a voluntary unplayed round (16.1.2).
struct CutElement {
  long long value = 0;
  long long significance = 0;
  bool vur = false;
};

// What is left after cutting `low` least significant values (each time, by 16.5.1, the
// lowest contribution of a VUR when it is not lower than the least significant value) and
// then `high` most significant ones (14.3, 14.4: "in that order").
[[nodiscard]] std::vector<CutElement> apply_cuts(std::vector<CutElement> elements, int low,
                                                 int high);

// The sum of the values left.
[[nodiscard]] long long sum_after_cuts(std::vector<CutElement> elements, int low, int high);

}  // namespace arbiter::tournament
