#include "arbiter/pgn/reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <utility>

#include "arbiter/pgn/encoding.hpp"
#include "arbiter/pgn/lexer.hpp"
#include "arbiter/pgn/tags.hpp"

namespace arbiter::pgn {

namespace {
// Bytes kept before the first byte still needed, so that one character of look-behind
// (line starts, word boundaries) is always available.
constexpr std::size_t kLookBehind = 8;
}  // namespace

using lex::is_space;
using lex::is_symbol;

Reader::Reader(std::istream& in, ReaderOptions options) : in_(in), options_(options) {
  options_.buffer_size = std::max<std::size_t>(options_.buffer_size, 64);
  buf_.resize(options_.buffer_size + 1);
  buf_[0] = '\0';
}

// ---------------------------------------------------------------- buffer

bool Reader::fill(std::size_t& keep, std::size_t& i) {
  if (eof_) return false;
  const std::size_t drop = keep > kLookBehind ? keep - kLookBehind : 0;
  if (drop > 0) {
    count_lines_to(base_ + drop);
    std::memmove(buf_.data(), buf_.data() + drop, end_ - drop);
    end_ -= drop;
    base_ += drop;
    keep -= drop;
    i -= drop;
  }
  if (buf_.size() - 1 - end_ < options_.buffer_size / 2)
    buf_.resize(end_ + options_.buffer_size + 1);
  in_.read(buf_.data() + end_, static_cast<std::streamsize>(buf_.size() - 1 - end_));
  const auto got = static_cast<std::size_t>(in_.gcount());
  if (got == 0) {
    eof_ = true;
    buf_[end_] = '\0';
    return false;
  }
  if (base_ == 0 && end_ == 0 && got >= 3 && std::memcmp(buf_.data(), kUtf8Bom.data(), 3) == 0) {
    // A UTF-8 byte-order mark at the start of the input: skip it.
    i = keep = 3;
  }
  end_ += got;
  buf_[end_] = '\0';
  return true;
}

void Reader::count_lines_to(std::uint64_t offset) {
  if (offset <= counted_to_) return;
  const char* from = buf_.data() + (counted_to_ - base_);
  const char* to = buf_.data() + (offset - base_);
  const auto n = std::count(from, to, '\n');
  if (n > 0) {
    line_ += static_cast<int>(n);
    const void* last = memrchr(from, '\n', static_cast<std::size_t>(to - from));
    line_start_ =
        base_ + static_cast<std::uint64_t>(static_cast<const char*>(last) - buf_.data()) + 1;
  }
  counted_to_ = offset;
}

bool Reader::at_line_start(std::size_t i) const noexcept {
  return (i == 0 && base_ == 0) || (i > 0 && buf_[i - 1] == '\n');
}

Location Reader::locate(std::size_t i) {
  const std::uint64_t at = base_ + i;
  if (at >= counted_to_) {
    count_lines_to(at);
    return Location{line_, static_cast<int>(at - line_start_) + 1, {}};
  }
  // Looking back at a token still in the buffer.
  const char* from = buf_.data() + i;
  const char* to = buf_.data() + (counted_to_ - base_);
  const int line = line_ - static_cast<int>(std::count(from, to, '\n'));
  const void* nl = memrchr(buf_.data(), '\n', i);
  const std::size_t start =
      nl != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data()) + 1 : 0;
  return Location{line, static_cast<int>(i - start) + 1, {}};
}

// ---------------------------------------------------------------- lexing helpers

std::size_t Reader::skip_space(std::size_t i) {
  for (;;) {
    while (is_space(buf_[i])) ++i;
    if (i < end_ || !fill_from(i)) return i;
  }
}

std::size_t Reader::skip_line(std::size_t i) {
  for (;;) {
    const void* nl = std::memchr(buf_.data() + i, '\n', end_ - i);
    if (nl != nullptr)
      return static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data()) + 1;
    i = end_;
    if (!fill_from(i)) return i;
  }
}

std::size_t Reader::scan_symbol(std::size_t& start) {
  std::size_t i = start;
  for (;;) {
    while (is_symbol(buf_[i])) ++i;
    // Past the token limit the caller reports and skips the rest (skip_symbols).
    if (i < end_ || i - start > options_.max_line_bytes || !fill(start, i)) return i - start;
  }
}

std::size_t Reader::skip_symbols(std::size_t i) {
  for (;;) {
    while (is_symbol(buf_[i])) ++i;
    if (i < end_ || !fill_from(i)) return i;
  }
}

// ---------------------------------------------------------------- diagnostics

bool Reader::muted(bool error) {
  const bool first = error && !first_error_;  // the first error is always shown
  if (first ||
      (shown_in_game_ < options_.max_diagnostics_per_game && shown_ < options_.max_diagnostics))
    return false;
  if (error) {
    ++errors_;
    game_failed_ = true;
  } else {
    ++warnings_;
  }
  ++muted_in_game_;
  return true;
}

void Reader::note_muted(Visitor& v) {
  // One line instead of the diagnostics past the limits, so a hostile input cannot make
  // the caller store one error per byte.
  if (muted_in_game_ == 0) return;
  const int n = std::exchange(muted_in_game_, 0);
  if (shown_ < options_.max_diagnostics) {
    v.warning(Error{ErrorCode::kPgnLimit,
                    std::to_string(n) + " more errors and warnings in this game are not shown (" +
                        std::to_string(options_.max_diagnostics_per_game) + " are shown per game)",
                    locate(pos_)});
  } else if (!muted_note_given_) {
    muted_note_given_ = true;
    v.warning(
        Error{ErrorCode::kPgnLimit,
              std::to_string(options_.max_diagnostics) +
                  " errors and warnings shown: the rest of the input's are counted, not shown",
              locate(pos_)});
  }
}

void Reader::report_limit(Visitor& v, std::string_view before, std::size_t limit,
                          std::string_view after, std::size_t at) {
  report(v, ErrorCode::kPgnLimit, std::string(before) + std::to_string(limit) + std::string(after),
         at);
}

bool Reader::keep_comment(Visitor& v, std::size_t size, std::size_t at) {
  const bool first_over = comment_bytes_ <= options_.max_comment_bytes;
  comment_bytes_ += size;
  if (comment_bytes_ <= options_.max_comment_bytes) return true;
  if (first_over)
    report_limit(v, "comments of this game exceed ", options_.max_comment_bytes,
                 " bytes (limit); the rest are dropped", at);
  return false;
}

void Reader::report_error(Visitor& v, Error e) {
  if (muted(true)) return;
  ++errors_;
  ++shown_in_game_;
  ++shown_;
  game_failed_ = true;
  if (!first_error_) first_error_ = e;
  v.error(e);
}

void Reader::report(Visitor& v, ErrorCode code, std::string message, std::size_t at) {
  if (muted(true)) return;
  report_error(v, Error{code, std::move(message), locate(at)});
}

void Reader::warn(Visitor& v, ErrorCode code, std::string message, std::size_t at) {
  if (muted(false)) return;
  ++warnings_;
  ++shown_in_game_;
  ++shown_;
  v.warning(Error{code, std::move(message), locate(at)});
}

std::string_view Reader::utf8(Visitor& v, std::string_view text, std::size_t at) {
  bool converted = false;
  const std::string_view out = as_utf8(text, scratch_, converted);
  if (converted && !warned_latin1_) {
    warned_latin1_ = true;
    warn(v, ErrorCode::kPgnEncoding, "text is not valid UTF-8; reading the input as Latin-1", at);
  }
  return out;
}

// ---------------------------------------------------------------- games

bool Reader::skip_to_game() {
  std::size_t i = pos_;
  for (;;) {
    i = skip_space(i);
    if (i >= end_) {
      pos_ = i;
      return false;
    }
    if (buf_[i] == '%' && at_line_start(i)) {  // PGN standard 6: escape line
      i = skip_line(i);
      continue;
    }
    if (end_ - i >= 3 && std::memcmp(buf_.data() + i, kUtf8Bom.data(), 3) == 0) {
      i += 3;  // a byte-order mark left by concatenating UTF-8 files
      continue;
    }
    pos_ = i;
    return true;
  }
}

bool Reader::next(Visitor& v) {
  if (stopped_) return false;
  if (end_ == 0 && !eof_) fill_from(pos_);
  if (!skip_to_game()) return false;
  game_failed_ = false;
  variant_refused_ = false;
  fen_at_ = Location{};
  // clear() empties every bucket: after a game with many tags, a fresh set costs less
  // than clearing that many buckets for each of the games after it.
  if (tag_names_.bucket_count() > 64)
    std::unordered_set<std::string>().swap(tag_names_);
  else
    tag_names_.clear();
  result_tag_.clear();
  in_tag_only_game_ = false;
  shown_in_game_ = muted_in_game_ = 0;
  comment_bytes_ = 0;
  nags_after_move_ = 0;
  v.begin_game(locate(pos_).line);
  read_tags(v);
  // The tags are checked (a bad FEN tag is an error) whether or not movetext follows.
  pending_.reset();
  Movetext mode = v.end_tags(pending_);
  if (pending_) {
    Error e = std::move(*pending_);
    pending_.reset();
    e.where = (e.code == ErrorCode::kPgnBadFen && fen_at_.line > 0) ? fen_at_ : locate(pos_);
    report_error(v, std::move(e));
  }
  if (in_tag_only_game_) {
    v.result({});
    note_muted(v);
    v.end_game();
    if (options_.strict && game_failed_) stopped_ = true;
    return true;
  }
  if (variant_refused_) mode = Movetext::Skip;
  if (options_.strict && game_failed_) mode = Movetext::Skip;
  switch (mode) {
    case Movetext::Parse: read_movetext(v); break;
    case Movetext::Raw: skim_movetext(v, true); break;
    case Movetext::Skip: skim_movetext(v, false); break;
  }
  note_muted(v);
  v.end_game();
  if (options_.strict && game_failed_) stopped_ = true;
  return true;
}

// ---------------------------------------------------------------- tags

void Reader::read_tags(Visitor& v) {
  std::size_t i = pos_;
  bool too_many = false;
  for (;;) {
    i = skip_space(i);
    if (i >= end_) break;
    if (buf_[i] == '%' && at_line_start(i)) {
      i = skip_line(i);
      continue;
    }
    if (buf_[i] == '<') {  // e.g. HTML line breaks between tags
      i = skip_reserved(v, i);
      continue;
    }
    if (buf_[i] != '[') break;
    if (std::cmp_greater_equal(tag_names_.size(), options_.max_tags)) {
      // A bounded tag section: the lines past the limit are skipped, each in one step.
      if (!std::exchange(too_many, true))
        report_limit(v, "more than ", options_.max_tags,
                     " tag pairs in one game (limit); the rest of the tag section is skipped", i);
      i = skip_line(i);
      continue;
    }
    bool repeated = false;
    i = read_tag(v, i, repeated);
    if (repeated) {
      // Tag-only games (exports of game lists, e.g. lichess broadcasts) have neither
      // movetext nor termination marker; a repeated tag name starts the next game.
      warn(v, ErrorCode::kPgnBadResult, "game has no movetext and no termination marker", i);
      pos_ = i;
      in_tag_only_game_ = true;
      return;
    }
    if (options_.strict && game_failed_) break;
  }
  pos_ = i;
}

std::size_t Reader::read_tag(Visitor& v, std::size_t start, bool& repeated) {
  // A tag pair never spans lines: have the whole line in the buffer.
  bool cut = false;
  const std::size_t eol = buffer_line(start, options_.max_line_bytes, cut);
  if (cut) {
    report_limit(v, "tag pair line longer than ", options_.max_line_bytes,
                 " bytes (limit); the line is skipped", start);
    return skip_line(start);
  }
  const char* b = buf_.data();
  std::size_t i = start + 1;
  auto fail = [&](std::string message, std::size_t at) {
    report(v, ErrorCode::kPgnBadTag, std::move(message), at);
    // Recover at the next ']' on this line, or at the end of the line.
    const void* close = std::memchr(b + at, ']', eol - at);
    return close ? static_cast<std::size_t>(static_cast<const char*>(close) - b) + 1 : eol;
  };
  while (i < eol && (b[i] == ' ' || b[i] == '\t')) ++i;
  const std::size_t name_start = i;
  while (i < eol && (std::isalnum(static_cast<unsigned char>(b[i])) || b[i] == '_')) ++i;
  const std::string_view name(b + name_start, i - name_start);
  if (name.empty()) return fail("tag pair without a name (PGN 8.1: [Name \"value\"])", i);
  if (!tag_names_.emplace(name).second) {
    repeated = true;
    return start;
  }
  while (i < eol && (b[i] == ' ' || b[i] == '\t')) ++i;
  if (i >= eol || b[i] != '"')
    return fail("expected '\"' after tag name " + std::string(name) + " (PGN 8.1.1)", i);
  const std::size_t value_start = ++i;
  bool escaped = false;
  while (i < eol && b[i] != '"') {
    if (b[i] == '\\' && i + 1 < eol) {
      escaped = true;
      ++i;
    }
    ++i;
  }
  if (i >= eol) return fail("unterminated string in tag " + std::string(name), value_start - 1);
  std::string_view value(b + value_start, i - value_start);
  ++i;
  while (i < eol && (b[i] == ' ' || b[i] == '\t')) ++i;
  if (i >= eol || b[i] != ']') return fail("expected ']' to close tag " + std::string(name), i);
  ++i;
  if (escaped) {  // PGN standard 7: \" and \\ inside strings
    scratch2_.clear();
    for (std::size_t k = 0; k < value.size(); ++k) {
      if (value[k] == '\\' && k + 1 < value.size()) ++k;
      scratch2_.push_back(value[k]);
    }
    value = scratch2_;
  }
  value = utf8(v, value, value_start);
  if (name == "FEN") fen_at_ = locate(start);
  if (name == "Variant" && classify_variant(value) == VariantKind::Unsupported) {
    variant_refused_ = true;
    report(v, ErrorCode::kPgnUnsupportedVariant,
           "variant \"" + std::string(value) +
               "\" is not chess under the FIDE Laws; the game is skipped",
           start);
  }
  if (name == "Result") result_tag_.assign(value);
  v.tag(name, value);
  return i;
}

void Reader::check_result_tag(Visitor& v, std::string_view marker, std::size_t at) {
  // PGN standard 8.1.1.7: the Result tag and the termination marker agree.
  if (!result_tag_.empty() && is_result_marker(result_tag_) && result_tag_ != marker)
    warn(v, ErrorCode::kPgnBadResult,
         "termination marker " + std::string(marker) + " differs from the Result tag \"" +
             result_tag_ + "\"",
         at);
}

// ---------------------------------------------------------------- movetext

std::size_t Reader::buffer_line(std::size_t& start, std::size_t limit, bool& cut) {
  cut = false;
  // What earlier calls found stays known: the next line end (eol_at_) and a stretch with
  // no line end (no_eol_to_). Several tags or '<' on one line, or on a line longer than
  // the limit, then never search the same bytes twice (that was quadratic).
  if (eol_at_ > base_ + start && eol_at_ - (base_ + start) <= limit)
    return static_cast<std::size_t>(eol_at_ - base_);
  std::size_t from = start;
  if (no_eol_to_ > base_ + start) from = static_cast<std::size_t>(no_eol_to_ - base_);
  for (;;) {
    const std::size_t stop = std::min(end_, start + limit);
    if (from < stop) {
      const void* nl = std::memchr(buf_.data() + from, '\n', stop - from);
      if (nl != nullptr) {
        const auto eol = static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data());
        eol_at_ = no_eol_to_ = base_ + eol;
        return eol;
      }
      no_eol_to_ = base_ + stop;
    }
    if (end_ - start >= limit) {
      cut = true;
      return start + limit;
    }
    from = end_;
    if (!fill(start, from)) return end_;
  }
}

}  // namespace arbiter::pgn
