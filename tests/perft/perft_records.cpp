#include "perft_records.hpp"

#include <fstream>
#include <regex>
#include <stdexcept>

namespace arbiter::testing {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool is_chess960_file(const std::string& name) {
  return name == "fischer.epd" || name == "frc_perftsuite.epd";
}

}  // namespace

std::vector<std::string> perft_file_names() {
  return {"perftsuite.epd", "tricky.perft",       "random.perft",
          "fischer.epd",    "frc_perftsuite.epd", "perftsuite2-sedlak.epd"};
}

std::vector<PerftRecord> read_perft_file(const std::string& dir, const std::string& name) {
  std::ifstream in(dir + "/" + name);
  if (!in) throw std::runtime_error("cannot open " + dir + "/" + name);
  std::vector<PerftRecord> out;
  static const std::regex depth_re(R"(^\s*D(\d+)\s+(\d+)\s*$)");
  static const std::regex perft_re(R"(^perft\s+(\d+)\s+(\d+)\s*$)");
  const bool blocks = name.size() > 6 && name.substr(name.size() - 6) == ".perft";
  std::string line;
  int line_no = 0;
  std::string pending_id;
  while (std::getline(in, line)) {
    ++line_no;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    std::smatch m;
    if (blocks) {
      if (t.rfind("id ", 0) == 0) {
        pending_id = trim(t.substr(3));
      } else if (t.rfind("epd ", 0) == 0) {
        PerftRecord r;
        r.file = name;
        r.line = line_no;
        r.id = pending_id;
        r.fen = trim(t.substr(4));
        r.chess960 = pending_id.rfind("xfen", 0) == 0;
        out.push_back(r);
      } else if (std::regex_match(t, m, perft_re) && !out.empty()) {
        out.back().depths.emplace_back(std::stoi(m[1]), std::stoull(m[2]));
      }
      continue;
    }
    // EPD: FEN ;Dn count ;Dn count ...
    std::size_t semi = t.find(';');
    PerftRecord r;
    r.file = name;
    r.line = line_no;
    r.fen = trim(t.substr(0, semi));
    r.chess960 = is_chess960_file(name);
    while (semi != std::string::npos) {
      const std::size_t next = t.find(';', semi + 1);
      const std::string part =
          t.substr(semi + 1, next == std::string::npos ? next : next - semi - 1);
      if (std::regex_match(part, m, depth_re))
        r.depths.emplace_back(std::stoi(m[1]), std::stoull(m[2]));
      semi = next;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace arbiter::testing
