/*
 * Argon2's inner loop for AVX-512F, written for the hub (CC0, as deps/argon2 is): the same blocks
 * as deps/argon2/src/opt.c, in about two thirds of its time (docs/performance.md "Our own AVX-512 loop").
 *
 * Argon2 mixes a block (128 words, eight rows of sixteen) with BLAKE2's round P, once on each of
 * its eight rows and then on each of its eight columns (a column is two adjacent words of every
 * row). The reference keeps each register a stretch of a row, so every P shuffles words across
 * registers (diagonalising) and every block swaps halves and quarters between the two phases:
 * 144 shuffles a block, and more latency than arithmetic on the chain each block waits for.
 * Here a register holds one word of eight instances of P at once, so a round needs no shuffle at
 * all; the rows and the columns are an 8x8 transpose apart (two for each of the two phases, 24
 * shuffles each), and the blocks stay in memory in the column order, so loading and storing one
 * needs none: 96 shuffles a block. Word 0, which picks the next reference block, is at the same
 * place in both orders.
 *
 * The first two blocks of a lane (written by core.c in the standard order) are reordered when its
 * first segment starts, and its last block (read by finalize) put back when its last one ends:
 * no other lane reads either at those moments (the reference area never holds another lane's
 * current slice). Addresses for the data-independent half are made in the standard order, as
 * they are read. Built with -mavx512f (binding.gyp) and chosen at run time (fill-segment.c); the
 * tests compare it with the reference's loops, which the narrower kinds still are.
 */
#include <immintrin.h>
#include <stdint.h>

#include "argon2.h"
#include "core.h"

#define INLINE static inline __attribute__((always_inline))

INLINE __m512i muladd(__m512i x, __m512i y) {
  __m512i z = _mm512_mul_epu32(x, y);
  return _mm512_add_epi64(_mm512_add_epi64(x, y), _mm512_add_epi64(z, z));
}

#define G(a, b, c, d)                                  \
  do {                                                 \
    a = muladd(a, b);                                  \
    d = _mm512_ror_epi64(_mm512_xor_si512(d, a), 32);  \
    c = muladd(c, d);                                  \
    b = _mm512_ror_epi64(_mm512_xor_si512(b, c), 24);  \
    a = muladd(a, b);                                  \
    d = _mm512_ror_epi64(_mm512_xor_si512(d, a), 16);  \
    c = muladd(c, d);                                  \
    b = _mm512_ror_epi64(_mm512_xor_si512(b, c), 63);  \
  } while (0)

/* One BLAKE2 round over eight instances at once: register k holds word k of each. */
INLINE void permute(__m512i v[16]) {
  G(v[0], v[4], v[8], v[12]);
  G(v[1], v[5], v[9], v[13]);
  G(v[2], v[6], v[10], v[14]);
  G(v[3], v[7], v[11], v[15]);
  G(v[0], v[5], v[10], v[15]);
  G(v[1], v[6], v[11], v[12]);
  G(v[2], v[7], v[8], v[13]);
  G(v[3], v[4], v[9], v[14]);
}

/* y[r] lane j = x[s*j] lane r, for j, r < 8: an 8x8 transpose of the registers x[0], x[s], ... */
INLINE void transpose(__m512i *y, int ys, const __m512i *x, int xs) {
  __m512i a0 = _mm512_unpacklo_epi64(x[0 * xs], x[1 * xs]);
  __m512i a1 = _mm512_unpackhi_epi64(x[0 * xs], x[1 * xs]);
  __m512i a2 = _mm512_unpacklo_epi64(x[2 * xs], x[3 * xs]);
  __m512i a3 = _mm512_unpackhi_epi64(x[2 * xs], x[3 * xs]);
  __m512i a4 = _mm512_unpacklo_epi64(x[4 * xs], x[5 * xs]);
  __m512i a5 = _mm512_unpackhi_epi64(x[4 * xs], x[5 * xs]);
  __m512i a6 = _mm512_unpacklo_epi64(x[6 * xs], x[7 * xs]);
  __m512i a7 = _mm512_unpackhi_epi64(x[6 * xs], x[7 * xs]);
  __m512i c0 = _mm512_shuffle_i64x2(a0, a2, 0x88);
  __m512i c2 = _mm512_shuffle_i64x2(a0, a2, 0xDD);
  __m512i c1 = _mm512_shuffle_i64x2(a1, a3, 0x88);
  __m512i c3 = _mm512_shuffle_i64x2(a1, a3, 0xDD);
  __m512i d0 = _mm512_shuffle_i64x2(a4, a6, 0x88);
  __m512i d2 = _mm512_shuffle_i64x2(a4, a6, 0xDD);
  __m512i d1 = _mm512_shuffle_i64x2(a5, a7, 0x88);
  __m512i d3 = _mm512_shuffle_i64x2(a5, a7, 0xDD);
  y[0 * ys] = _mm512_shuffle_i64x2(c0, d0, 0x88);
  y[4 * ys] = _mm512_shuffle_i64x2(c0, d0, 0xDD);
  y[2 * ys] = _mm512_shuffle_i64x2(c2, d2, 0x88);
  y[6 * ys] = _mm512_shuffle_i64x2(c2, d2, 0xDD);
  y[1 * ys] = _mm512_shuffle_i64x2(c1, d1, 0x88);
  y[5 * ys] = _mm512_shuffle_i64x2(c1, d1, 0xDD);
  y[3 * ys] = _mm512_shuffle_i64x2(c3, d3, 0x88);
  y[7 * ys] = _mm512_shuffle_i64x2(c3, d3, 0xDD);
}

/*
 * P applied to the rows, then to the columns, of a block held column-major: c[2r + e] lane j is
 * word 16r + 2j + e, so that each register holds one word of each of the eight columns.
 */
INLINE void rounds(__m512i c[16]) {
  __m512i r[16];
  /* r[k] lane i = word 16i + k = c[2i + (k & 1)] lane k >> 1 */
  transpose(r, 2, c, 2);
  transpose(r + 1, 2, c + 1, 2);
  permute(r);
  transpose(c, 2, r, 2);
  transpose(c + 1, 2, r + 1, 2);
  permute(c);
}

/* A block from the standard order (word i at i) to the column-major one, and back. */
INLINE void to_columns(__m512i c[16], const block *b) {
  const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
  const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
  for (int r = 0; r < 8; r++) {
    __m512i lo = _mm512_loadu_si512((const void *)(b->v + 16 * r));
    __m512i hi = _mm512_loadu_si512((const void *)(b->v + 16 * r + 8));
    c[2 * r] = _mm512_permutex2var_epi64(lo, even, hi);
    c[2 * r + 1] = _mm512_permutex2var_epi64(lo, odd, hi);
  }
}

INLINE void from_columns(block *b, const __m512i c[16]) {
  const __m512i first = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
  const __m512i second = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
  for (int r = 0; r < 8; r++) {
    _mm512_storeu_si512((void *)(b->v + 16 * r), _mm512_permutex2var_epi64(c[2 * r], first, c[2 * r + 1]));
    _mm512_storeu_si512((void *)(b->v + 16 * r + 8), _mm512_permutex2var_epi64(c[2 * r], second, c[2 * r + 1]));
  }
}

INLINE void load(__m512i c[16], const block *b) {
  for (int k = 0; k < 16; k++) c[k] = _mm512_loadu_si512((const void *)(b->v + 8 * k));
}

INLINE void store(block *b, const __m512i c[16]) {
  for (int k = 0; k < 16; k++) _mm512_storeu_si512((void *)(b->v + 8 * k), c[k]);
}

/* In place, a block from the standard order to the column order (a lane's first two blocks)... */
static void to_column_order(block *b) {
  __m512i c[16];
  to_columns(c, b);
  store(b, c);
}

/* ...and back (its last block, which finalize reads). */
static void to_standard_order(block *b) {
  __m512i c[16];
  load(c, b);
  from_columns(b, c);
}

/* The next block of addresses, in the standard order (as they are read). */
static void next_addresses(block *address_block, block *input_block) {
  __m512i c[16], x[16];
  input_block->v[6]++;
  to_columns(c, input_block);
  for (int round = 0; round < 2; round++) {
    for (int k = 0; k < 16; k++) x[k] = c[k];
    rounds(c);
    for (int k = 0; k < 16; k++) c[k] = _mm512_xor_si512(c[k], x[k]);
  }
  from_columns(address_block, c);
}

void fill_segment(const argon2_instance_t *instance, argon2_position_t position) {
  if (instance == NULL) return;
  block address_block, input_block;
  const uint32_t lane_length = instance->lane_length, segment_length = instance->segment_length;
  const uint32_t lanes = instance->lanes;
  block *const memory = instance->memory;
  block *const lane = memory + (size_t)position.lane * lane_length;
  const int data_independent = instance->type == Argon2_i ||
      (instance->type == Argon2_id && position.pass == 0 && position.slice < ARGON2_SYNC_POINTS / 2);
  const int with_xor = instance->version != ARGON2_VERSION_10 && position.pass != 0;

  if (data_independent) {
    init_block_value(&input_block, 0);
    input_block.v[0] = position.pass;
    input_block.v[1] = position.lane;
    input_block.v[2] = position.slice;
    input_block.v[3] = instance->memory_blocks;
    input_block.v[4] = instance->passes;
    input_block.v[5] = instance->type;
  }

  uint32_t start = 0;
  if (position.pass == 0 && position.slice == 0) {
    start = 2;
    /* The lane's first two blocks, written in the standard order, into this file's. */
    to_column_order(lane);
    to_column_order(lane + 1);
    if (data_independent) next_addresses(&address_block, &input_block);
  }

  /* core.c's index_alpha, with its per-segment part taken out of the loop and no division. */
  const uint32_t slice_start = position.slice * segment_length;
  const uint32_t same_base = position.pass == 0 ? slice_start - 1 : lane_length - segment_length - 1;
  const uint32_t other_base = position.pass == 0 ? slice_start : lane_length - segment_length;
  const uint32_t area_start = (position.pass == 0 || position.slice == ARGON2_SYNC_POINTS - 1)
      ? 0 : (position.slice + 1) * segment_length;
  const int own_lane_only = position.pass == 0 && position.slice == 0;

  uint32_t curr = slice_start + start;
  uint32_t prev = curr == 0 ? lane_length - 1 : curr - 1;
  __m512i state[16];
  load(state, lane + prev);

  for (uint32_t i = start; i < segment_length; i++, curr++) {
    uint64_t pseudo_rand;
    if (data_independent) {
      if (i % ARGON2_ADDRESSES_IN_BLOCK == 0) next_addresses(&address_block, &input_block);
      pseudo_rand = address_block.v[i % ARGON2_ADDRESSES_IN_BLOCK];
    } else {
      pseudo_rand = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(state[0]));
    }
    /* One lane (the hub's p = 1) needs no division on the path to the reference block. */
    uint32_t ref_lane = own_lane_only ? position.lane
        : lanes == 1 ? 0 : (uint32_t)((pseudo_rand >> 32) % lanes);
    uint32_t area = ref_lane == position.lane ? same_base + i : other_base - (i == 0 ? 1 : 0);
    uint64_t relative = (uint32_t)pseudo_rand;
    relative = relative * relative >> 32;
    relative = area - 1 - ((uint64_t)area * relative >> 32);
    uint32_t absolute = area_start + (uint32_t)relative;
    if (absolute >= lane_length) absolute -= lane_length;
    const block *ref = memory + (size_t)ref_lane * lane_length + absolute;
    block *next = lane + curr;

    __m512i xy[16];
    for (int k = 0; k < 16; k++) {
      state[k] = _mm512_xor_si512(state[k], _mm512_loadu_si512((const void *)(ref->v + 8 * k)));
      xy[k] = with_xor ? _mm512_xor_si512(state[k], _mm512_loadu_si512((const void *)(next->v + 8 * k))) : state[k];
    }
    rounds(state);
    for (int k = 0; k < 16; k++) {
      state[k] = _mm512_xor_si512(state[k], xy[k]);
      _mm512_storeu_si512((void *)(next->v + 8 * k), state[k]);
    }
  }

  /* The lane's last block, read by finalize in the standard order, back into it. */
  if (position.pass == instance->passes - 1 && position.slice == ARGON2_SYNC_POINTS - 1) {
    to_standard_order(lane + lane_length - 1);
  }
}
