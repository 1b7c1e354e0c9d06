// The Dutch engine for weights of up to 512 bits (dutch.cpp picks the width); the
// widths are split over two files so that a build compiles them side by side.
#include "arbiter/tournament/dutch_engine_steps.hpp"

namespace arbiter::tournament {

template class DutchEngine<2>;
template class DutchEngine<3>;
template class DutchEngine<4>;
template class DutchEngine<6>;
template class DutchEngine<8>;

}  // namespace arbiter::tournament
