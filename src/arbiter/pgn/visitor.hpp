// The PGN reader's callback interface (PGN standard sections 8.1 and 8.2). A visitor
// decides what to keep: the game-tree builder keeps everything, the skimmer keeps the
// tags and the raw movetext. Callbacks happen once per token, never per character;
// every string_view is valid only during the call.
#pragma once

#include <optional>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::pgn {

// How the reader should treat the movetext of the current game (answer of end_tags).
enum class Movetext : std::uint8_t {
  Parse,  // tokenise it: move/comment/nag/variation callbacks
  Raw,    // hand it over in one piece (raw_movetext), then result()
  Skip,   // jump to the next game
};

class Visitor {
 public:
  Visitor() = default;
  Visitor(const Visitor&) = default;
  Visitor& operator=(const Visitor&) = default;
  virtual ~Visitor() = default;

  // `line` is the 1-based line of the game's first token.
  virtual void begin_game(int line) { (void)line; }
  // A tag pair; `value` is unescaped and UTF-8 (Latin-1 input is converted).
  virtual void tag(std::string_view name, std::string_view value) { (void)name, (void)value; }
  // Called once after the tag section (also when there are no tags). Set `error` to
  // reject the tag section (e.g. a bad FEN: code kPgnBadFen is located at the FEN tag).
  virtual Movetext end_tags(std::optional<Error>& error) {
    (void)error;
    return Movetext::Parse;
  }

  // Movetext::Raw: the movetext without the termination marker.
  virtual void raw_movetext(std::string_view text) { (void)text; }

  // Movetext::Parse. A move in whatever notation the file uses ("Nf3", "e2e4", "--", "Z0",
  // "0-0"); move-number indications are consumed by the reader. Set `error` (code and
  // message; the reader adds the location) when the move cannot be used; the reader
  // reports it and, in lenient mode, continues.
  virtual void move(std::string_view text, std::optional<Error>& error) { (void)text, (void)error; }
  // NAG number: "$14" → 14, and the suffixes "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6.
  virtual void nag(int value) { (void)value; }
  // Brace or rest-of-line comment, without its delimiters (UTF-8).
  virtual void comment(std::string_view text) { (void)text; }
  virtual void begin_variation() {}
  virtual void end_variation() {}

  // The game termination marker: "1-0", "0-1", "1/2-1/2" or "*"; empty if missing.
  virtual void result(std::string_view marker) { (void)marker; }
  virtual void end_game() {}

  // Problems with a location. Errors make `arbiter pgn check` fail; warnings
  // (e.g. a missing termination marker, Latin-1 input) do not.
  virtual void error(const Error& e) { (void)e; }
  virtual void warning(const Error& e) { (void)e; }
};

}  // namespace arbiter::pgn
