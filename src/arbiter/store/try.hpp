// ARB_TRY(expr): returns the error of a failed Result<> from the enclosing function.
// Private to the store module's sources.
#pragma once

#include <utility>

#define ARB_TRY(expr)                                    \
  do {                                                   \
    if (auto arb_ok_ = (expr); !arb_ok_) {               \
      return tl::unexpected(std::move(arb_ok_).error()); \
    }                                                    \
  } while (false)
