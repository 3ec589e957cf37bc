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
 * needs none: 96 shuffles a block. Register c[2r + e] lane j holds word 16r + 2j + e: word k of
 * column j.
 *
 * The loop around the rounds, the same for every width (the column order's first and last blocks
 * of a lane, the addresses, the reference block), is fill-segment-loop.h. Built with -mavx512f
 * (binding.gyp) and chosen at run time (fill-segment.c); the tests compare it with the AVX2 loop
 * (fill-segment-avx2.c, the same design four instances wide) and the reference's SSE2 one.
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

typedef __m512i vec;
#define VECS 16
INLINE vec vload(const uint64_t *p) { return _mm512_loadu_si512((const void *)p); }
INLINE void vstore(uint64_t *p, vec v) { _mm512_storeu_si512((void *)p, v); }
INLINE vec vxor(vec x, vec y) { return _mm512_xor_si512(x, y); }
INLINE uint64_t vfirst(vec x) { return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(x)); }

#include "fill-segment-loop.h"
