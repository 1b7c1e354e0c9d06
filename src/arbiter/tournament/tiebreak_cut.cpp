#include "arbiter/tournament/tiebreak_cut.hpp"

#include <algorithm>
#include <iterator>

namespace arbiter::tournament {

namespace {

bool less_significant(const CutElement& a, const CutElement& b) {
  if (a.significance != b.significance) return a.significance < b.significance;
  return a.value < b.value;
}

}  // namespace

std::vector<CutElement> apply_cuts(std::vector<CutElement> elements, int low, int high) {
  for (int k = 0; k < low && !elements.empty(); ++k) {
    // 14.1: the least significant value.
    auto least = std::min_element(elements.begin(), elements.end(), less_significant);
    auto cut = least;
    // 16.5.1: the lowest contribution coming from a VUR, if there is one and it is not
    // lower than the least significant value ("cut the higher of these two values").
    auto vur = elements.end();
    for (auto it = elements.begin(); it != elements.end(); ++it) {
      if (it->vur && (vur == elements.end() || it->value < vur->value)) vur = it;
    }
    if (vur != elements.end() && vur->value >= least->value) cut = vur;
    elements.erase(cut);  // 16.5.2: the next cut looks at what is left
  }
  for (int k = 0; k < high && !elements.empty(); ++k) {
    elements.erase(std::max_element(elements.begin(), elements.end(), less_significant));
  }
  return elements;
}

long long sum_after_cuts(std::vector<CutElement> elements, int low, int high) {
  long long sum = 0;
  for (const CutElement& e : apply_cuts(std::move(elements), low, high)) sum += e.value;
  return sum;
}

}  // namespace arbiter::tournament
