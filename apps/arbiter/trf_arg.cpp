#include "trf_arg.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "arbiter/tournament/trf.hpp"
#include "commands.hpp"

namespace arbiter::app {

tournament::Tournament load_trf(const std::string& path) {
  std::string text;
  if (path == "-") {
    std::ostringstream s;
    s << std::cin.rdbuf();
    text = s.str();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ExitError{5, "cannot open " + path};
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size > 0 && static_cast<std::size_t>(size) > kMaxTrfBytes) {
      throw ExitError{4, fmt::format("{}: {} bytes is over the limit of {}", path,
                                     static_cast<long long>(size), kMaxTrfBytes)};
    }
    in.seekg(0);
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) throw ExitError{5, "cannot read " + path};
    text = s.str();
  }
  if (text.size() > kMaxTrfBytes) throw ExitError{4, path + ": over the size limit"};
  auto t = tournament::read_trf(text);
  if (!t) {
    const Error& e = t.error();
    throw ExitError{3, fmt::format("{}:{}:{}: {}: {} [{}]", path, e.where.line, e.where.column,
                                   e.where.field, e.message, to_string(e.code))};
  }
  return std::move(*t);
}

void write_output(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (std::fflush(stdout) != 0) throw ExitError{5, "cannot write to standard output"};
    return;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw ExitError{5, "cannot write " + path};
}

}  // namespace arbiter::app
