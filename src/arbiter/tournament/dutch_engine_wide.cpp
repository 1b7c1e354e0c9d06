// The Dutch engine for weights of 640 bits and more (dutch.cpp picks the width); the
// widths are split over two files so that a build compiles them side by side.
#include "arbiter/tournament/dutch_engine_steps.hpp"

namespace arbiter::tournament {

template class DutchEngine<10>;
template class DutchEngine<12>;
template class DutchEngine<16>;
template class DutchEngine<32>;
template class DutchEngine<64>;

}  // namespace arbiter::tournament
