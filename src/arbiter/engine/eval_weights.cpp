// The default weights: for now the rule-derived hand-set values.
#include "arbiter/engine/eval_params.hpp"

namespace arbiter::engine {

EvalParams default_eval_params() noexcept { return rule_eval_params(); }

}  // namespace arbiter::engine
