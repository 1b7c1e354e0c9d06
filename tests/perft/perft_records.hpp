// Readers for the perft reference files in ../shared/testdata/perft (formats described
// in its README): EPD lines "FEN ;D1 n ;D2 n", and blocks of "id/epd/perft d n".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::testing {

struct PerftRecord {
  std::string file;  // base name, e.g. "random.perft"
  int line = 0;      // line of the FEN in that file
  std::string id;    // "id" of a block file, else empty
  std::string fen;
  bool chess960 = false;                              // Chess960 castling rules apply
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, nodes)
};

// Every record of one file; chess960 is set for the Chess960 files and xfen-* records.
std::vector<PerftRecord> read_perft_file(const std::string& dir, const std::string& name);

// The six files the foundation issue names.
std::vector<std::string> perft_file_names();

}  // namespace arbiter::testing
