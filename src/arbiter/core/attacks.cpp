#include "arbiter/core/attacks.hpp"

#include <vector>

namespace arbiter::core {

namespace detail {

Magic g_rook_magics[64];
Magic g_bishop_magics[64];

namespace {

// Rook tables need at most 4096 entries a square, bishops 512; shared flat storage.
Bitboard g_rook_table[0x19000];
Bitboard g_bishop_table[0x1480];

// Magics found by the search below with its fixed seeds, kept so that start-up only
// fills the tables (the search takes ~0.3 s). Each is verified while filling; a failed
// verification falls back to the search.
constexpr Bitboard kRookMagics[64] = {
    // clang-format off
0x8880104000800020ULL, 0x0840001000402000ULL, 0x1180100148806001ULL,
0x0100200408100100ULL, 0x0280080002440080ULL, 0x9300020100140008ULL,
0x0400008201081004ULL, 0x4080005020800100ULL, 0x2022800040002082ULL,
0x0000c02000401000ULL, 0x0021002001001048ULL, 0x0b81001000082104ULL,
0x0402002200100408ULL, 0x0a02000200040810ULL, 0x22ca000200810448ULL,
0x7001000041000082ULL, 0x401280800920c000ULL, 0x2c00230040010081ULL,
0x0100848020001000ULL, 0x0021010008100020ULL, 0x0102020004100920ULL,
0x821c808002000400ULL, 0x1800040010088102ULL, 0x00204a0008408104ULL,
0x0000800100204100ULL, 0x0018400040201000ULL, 0x2840421100200500ULL,
0x0084082200104201ULL, 0xd600040080800800ULL, 0x41420002801c0080ULL,
0x0200080400552610ULL, 0x0004040200004081ULL, 0x0420400094800420ULL,
0x0000201000400044ULL, 0x1810100080802000ULL, 0x00000a0042001020ULL,
0x8840080080800400ULL, 0x0400800400800201ULL, 0x0801020001010004ULL,
0x000200a102000044ULL, 0x00c0008040208000ULL, 0x0810004020004000ULL,
0x028040802a020010ULL, 0x08d8090010010020ULL, 0x0400110008010004ULL,
0x2401000400030028ULL, 0x0000083281040010ULL, 0x0002184404820025ULL,
0x008110802a004200ULL, 0x4200304081020200ULL, 0x0000100080200080ULL,
0x0002024108209200ULL, 0x2180800400080080ULL, 0x0000040080020080ULL,
0x00001001180a0c00ULL, 0x0000093040840200ULL, 0x004012002100408aULL,
0x2100210040008019ULL, 0x0100408008102202ULL, 0x1008100100080421ULL,
0x4001000210080005ULL, 0x000500040002c801ULL, 0x0300100118c20804ULL,
0x0001050030840042ULL,  // clang-format on
};
constexpr Bitboard kBishopMagics[64] = {
    // clang-format off
0x0020811000910045ULL, 0x0830822200420010ULL, 0x0048009102080000ULL,
0x0008085100050020ULL, 0x0041104009800000ULL, 0x021a08040488000aULL,
0x1020611010102000ULL, 0x0004808810904400ULL, 0x0000400204011204ULL,
0x1006024204040480ULL, 0x0011424081010060ULL, 0x8000044400801800ULL,
0x0021011040400400ULL, 0x0001c20104a04018ULL, 0x001000411008200aULL,
0x0120099c04020210ULL, 0x20a0800920016200ULL, 0xa420024304140088ULL,
0x0430000442420040ULL, 0x0094004804200854ULL, 0x102401d220a00800ULL,
0x8021084201100202ULL, 0x0001288404020208ULL, 0x8401000021011000ULL,
0x0008400144450820ULL, 0x4881104044101200ULL, 0x004082041004021aULL,
0x1004080000220040ULL, 0x0001010084104004ULL, 0x0088810000806020ULL,
0x0218085003030888ULL, 0x0801020101004140ULL, 0x01103024404838a0ULL,
0x058082c800501003ULL, 0x0005340c00020800ULL, 0x2c19020080080080ULL,
0x4610020010020104ULL, 0x80a0010110020800ULL, 0x1008809480240204ULL,
0x4084004200005101ULL, 0x0228080864400a44ULL, 0x4006094c20300200ULL,
0x8006208020811000ULL, 0x18a0206124006804ULL, 0xc800202a0a836400ULL,
0x0124011002080100ULL, 0x0190624084000110ULL, 0x04a1340900460202ULL,
0x0000423050088802ULL, 0x0088221a06600402ULL, 0x010244440404040aULL,
0x0000000084040200ULL, 0x0860011042020010ULL, 0x8800602441020001ULL,
0x018404440c1c2008ULL, 0x00203c1401806800ULL, 0x0000822808220808ULL,
0x80200480b4100200ULL, 0x000004420c420820ULL, 0x1041020048208800ULL,
0x4408412040050100ULL, 0xa200000405184200ULL, 0x000b082008060264ULL,
0x0088026404002200ULL,  // clang-format on
};

// xorshift64*: a small deterministic generator so the magics are the same every run.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() noexcept {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 2685821657736338717ULL;
  }
  // Magic candidates work best with few bits set.
  std::uint64_t sparse() noexcept { return next() & next() & next(); }

 private:
  std::uint64_t s_;
};

// The relevant occupancy mask: the rays without their last square (edges don't block).
Bitboard relevant_mask(int s, bool diagonal) {
  const Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(square_at(s)))) |
                         ((kFileA | kFileH) & ~file_bb(file_of(square_at(s))));
  return ray_attacks(s, 0, diagonal) & ~edges;
}

void init_slider(Magic* magics, Bitboard* table, bool diagonal,
                 [[maybe_unused]] const Bitboard* known) {
  [[maybe_unused]] Prng prng(diagonal ? 0x5EEDB15B0B1Full : 0x0DDC0FFEE1234567ull);
  std::vector<Bitboard> occupancy;
  std::vector<Bitboard> reference;
  [[maybe_unused]] std::vector<int> epoch(4096, 0);
  [[maybe_unused]] int attempt = 0;
  Bitboard* next_slot = table;

  for (int s = 0; s < 64; ++s) {
    Magic& m = magics[s];
    m.mask = relevant_mask(s, diagonal);
    const int bits = popcount(m.mask);
    m.shift = static_cast<unsigned>(64 - bits);
    m.attacks = next_slot;
    const std::size_t size = std::size_t{1} << bits;

    // Enumerate all subsets of the mask (Carry-Rippler) with their true attacks.
    occupancy.clear();
    reference.clear();
    Bitboard sub = 0;
    do {
      occupancy.push_back(sub);
      reference.push_back(ray_attacks(s, sub, diagonal));
      sub = (sub - m.mask) & m.mask;
    } while (sub != 0);

#if defined(ARB_USE_PEXT)
    for (std::size_t i = 0; i < size; ++i) next_slot[m.index(occupancy[i])] = reference[i];
#else
    // Try candidates until every occupancy maps to a slot without a destructive collision.
    Bitboard* slots = next_slot;
    bool use_known = true;
    for (bool found = false; !found;) {
      if (use_known) {
        m.magic = known[s];
        use_known = false;
      } else {
        do {
          m.magic = prng.sparse();
        } while (popcount((m.mask * m.magic) >> 56) < 6);
      }
      ++attempt;
      found = true;
      for (std::size_t i = 0; i < size; ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          slots[idx] = reference[i];
        } else if (slots[idx] != reference[i]) {
          found = false;
          break;
        }
      }
    }
#endif
    next_slot += size;
  }
}

struct Init {
  Init() {
    init_slider(g_rook_magics, g_rook_table, false, kRookMagics);
    init_slider(g_bishop_magics, g_bishop_table, true, kBishopMagics);
  }
};

// Runs before any other dynamic initialiser of the program's own objects.
[[gnu::init_priority(101)]] const Init g_init;

}  // namespace
}  // namespace detail

Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) noexcept {
  switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occupied);
    case PieceType::Rook: return rook_attacks(s, occupied);
    case PieceType::Queen: return queen_attacks(s, occupied);
    case PieceType::King: return king_attacks(s);
    default: return 0;
  }
}

const char* slider_backend() noexcept {
#if defined(ARB_USE_PEXT)
  return "pext";
#else
  return "magic";
#endif
}

}  // namespace arbiter::core
