// Streaming PGN reader (PGN standard sections 4, 7, 8): reads an istream in large blocks
// and calls a Visitor once per token. One game per next() call.
//
//   pgn::Reader reader{stream};
//   pgn::GameBuilder builder;
//   while (reader.next(builder)) use(builder.game());
//
// Lenient mode (default) reports every problem with its line and column and goes on;
// strict mode stops after the game holding the first error. A malformed game never
// stops the reading of the next one in lenient mode.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/pgn/visitor.hpp"

namespace arbiter::pgn {

// Limits that keep the reader's time linear in its input and its memory bounded whatever
// the input (docs/pgn.md "Limits"). Going past one is a kPgnLimit error at the place.
struct ReaderOptions {
  bool strict = false;
  std::size_t buffer_size = std::size_t{1} << 20;          // bytes per read from the stream
  int max_depth = 128;                                     // variations nested in variations
  int max_tags = 512;                                      // tag pairs in one game
  std::size_t max_line_bytes = std::size_t{16} << 10;      // a tag pair line or symbol; '<', '['
  std::size_t max_token_bytes = std::size_t{1} << 20;      // one comment
  std::size_t max_comment_bytes = std::size_t{8} << 20;    // all comments of one game
  std::size_t max_movetext_bytes = std::size_t{16} << 20;  // a game's movetext in skim mode
  int max_nags_per_move = 16;                              // NAGs ($n, !, ?!) after one move
  // Diagnostics handed to the visitor: at most this many per game and per reader; the
  // rest are counted (error_count) and summed up in one warning.
  int max_diagnostics_per_game = 100;
  int max_diagnostics = 1000;
};

class Reader {
 public:
  explicit Reader(std::istream& in, ReaderOptions options = {});

  // Reads the next game into `visitor`; false at the end of the input (or, in strict
  // mode, once a game had an error).
  bool next(Visitor& visitor);

  [[nodiscard]] int error_count() const noexcept { return errors_; }
  [[nodiscard]] int warning_count() const noexcept { return warnings_; }
  [[nodiscard]] const std::optional<Error>& first_error() const noexcept { return first_error_; }
  // True when the game last read had an error, shown or not: past the diagnostics limits
  // a game's errors are counted but not handed to the visitor, so an empty error list
  // alone does not mean a clean game.
  [[nodiscard]] bool game_failed() const noexcept { return game_failed_; }
  // Bytes taken from the stream so far.
  [[nodiscard]] std::uint64_t bytes_read() const noexcept { return base_ + end_; }

 private:
  // --- buffer
  // Reads more input, keeping buf_[keep..] (and a few bytes before it); shifts `keep`
  // and `i` with the data. False at the end of the input.
  bool fill(std::size_t& keep, std::size_t& i);
  bool fill_from(std::size_t& i) {
    std::size_t keep = i;
    return fill(keep, i);
  }
  void count_lines_to(std::uint64_t offset);
  [[nodiscard]] bool at_line_start(std::size_t i) const noexcept;
  [[nodiscard]] Location locate(std::size_t i);

  // --- lexing helpers; all take and return buffer indices
  std::size_t skip_space(std::size_t i);
  std::size_t skip_line(std::size_t i);
  // Index of the '\n' ending the line from `start` (or end_), with at most `limit` bytes
  // buffered: a longer line gives start + limit and sets `cut`.
  std::size_t buffer_line(std::size_t& start, std::size_t limit, bool& cut);
  std::size_t skip_symbols(std::size_t i);
  std::size_t skip_comment(Visitor& v, std::size_t from, const Location& open);
  std::size_t scan_symbol(std::size_t& start);  // token length; `start` may shift

  // --- grammar
  bool skip_to_game();
  void read_tags(Visitor& v);
  // Returns the index after the tag; `repeated` when the tag's name was already seen in
  // this game (then nothing is consumed: it begins the next game).
  std::size_t read_tag(Visitor& v, std::size_t i, bool& repeated);
  void read_movetext(Visitor& v);
  void skim_movetext(Visitor& v, bool deliver, int open = 0);
  std::size_t read_comment(Visitor& v, std::size_t i, bool deliver);
  std::size_t read_line_comment(Visitor& v, std::size_t i);
  std::size_t read_nag(Visitor& v, std::size_t i);
  // Hands a NAG to the visitor, at most max_nags_per_move after one move (one error past it).
  void deliver_nag(Visitor& v, int nag, std::size_t at);
  std::size_t skip_reserved(Visitor& v, std::size_t i);
  std::size_t skip_bad_bracket(Visitor& v, std::size_t i);

  // --- diagnostics
  // True when the next diagnostic is past a limit: it is counted here and not shown, so a
  // caller can skip building its message.
  bool muted(bool error);
  void note_muted(Visitor& v);
  // Counts a comment against max_comment_bytes; false (and one error) past it.
  bool keep_comment(Visitor& v, std::size_t size, std::size_t at);
  void report(Visitor& v, ErrorCode code, std::string message, std::size_t at);
  // A kPgnLimit error: `before` + the limit + `after`.
  void report_limit(Visitor& v, std::string_view before, std::size_t limit, std::string_view after,
                    std::size_t at);
  void report_error(Visitor& v, Error e);
  void warn(Visitor& v, ErrorCode code, std::string message, std::size_t at);
  std::string_view utf8(Visitor& v, std::string_view text, std::size_t at);
  void check_result_tag(Visitor& v, std::string_view marker, std::size_t at);

  std::istream& in_;
  ReaderOptions options_;
  std::vector<char> buf_;
  std::size_t end_ = 0;     // bytes of buf_ in use; buf_[end_] == '\0' (sentinel)
  std::uint64_t base_ = 0;  // stream offset of buf_[0]
  bool eof_ = false;

  // line counting, done lazily and monotonically
  std::uint64_t counted_to_ = 0;  // stream offset up to which newlines are counted
  int line_ = 1;                  // line number at counted_to_
  std::uint64_t line_start_ = 0;  // stream offset where that line begins

  // per game
  std::size_t pos_ = 0;  // next unread byte
  bool game_failed_ = false;
  bool variant_refused_ = false;
  bool in_tag_only_game_ = false;
  Location fen_at_;
  std::optional<Error> pending_;
  std::string scratch_, scratch2_;
  std::unordered_set<std::string> tag_names_;  // names seen in this game's tag section
  std::size_t comment_bytes_ = 0;              // comment text handed over in this game
  int nags_after_move_ = 0;                    // NAGs since the last move token
  std::uint64_t eol_at_ = 0;     // stream offset of the '\n' ending the line last measured
  std::uint64_t no_eol_to_ = 0;  // no '\n' from the line's start to this stream offset
  int shown_in_game_ = 0, muted_in_game_ = 0, shown_ = 0;
  bool muted_note_given_ = false;
  std::string result_tag_;

  int errors_ = 0, warnings_ = 0;
  bool stopped_ = false;
  bool warned_latin1_ = false;
  std::optional<Error> first_error_;
};

}  // namespace arbiter::pgn
