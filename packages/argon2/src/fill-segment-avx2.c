/*
 * Argon2's inner loop for AVX2, written for the hub (CC0, as deps/argon2 is): the same blocks as
 * deps/argon2/src/opt.c in about three quarters of its time (docs/performance.md "Our own AVX2
 * loop"), the design of fill-segment-avx512.c four instances wide instead of eight.
 *
 * A register holds one word of four instances of BLAKE2's round P (four rows in the first phase,
 * four columns in the second), so a round needs no shuffle to diagonalise, where the reference
 * shuffles three of its four registers there and back in every P; the two phases are 4x4
 * transposes apart (eight of them each way, eight shuffles each), and the blocks stay in memory in
 * the column order, so loading and storing one needs none. Register c[16h + 2r + e] lane m holds
 * word 16r + 8h + 2m + e: word k = 2r + e of column 4h + m. Each phase's two groups of four
 * instances are independent, and their rounds go step by step side by side, so the core has
 * eight chains of multiplications and additions to overlap rather than the reference's two.
 *
 * The loop around the rounds is fill-segment-loop.h, shared with the AVX-512 loop. Built with
 * -mavx2 (binding.gyp) and chosen at run time (fill-segment.c); the tests compare it with the
 * other loops the CPU has.
 */
#include <immintrin.h>
#include <stdint.h>

#include "argon2.h"
#include "core.h"

#define INLINE static inline __attribute__((always_inline))

INLINE __m256i muladd(__m256i x, __m256i y) {
  __m256i z = _mm256_mul_epu32(x, y);
  return _mm256_add_epi64(_mm256_add_epi64(x, y), _mm256_add_epi64(z, z));
}

INLINE __m256i ror32(__m256i x) { return _mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)); }
INLINE __m256i ror24(__m256i x) {
  const __m256i r = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7,
      0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
  return _mm256_shuffle_epi8(x, r);
}
INLINE __m256i ror16(__m256i x) {
  const __m256i r = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6,
      7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
  return _mm256_shuffle_epi8(x, r);
}
INLINE __m256i ror63(__m256i x) { return _mm256_xor_si256(_mm256_srli_epi64(x, 63), _mm256_add_epi64(x, x)); }

/* G on two groups of instances at once (x and y), each step of one beside the same of the other. */
#define G2(x, y, a, b, c, d)                                                       \
  do {                                                                             \
    x[a] = muladd(x[a], x[b]);                                                     \
    y[a] = muladd(y[a], y[b]);                                                     \
    x[d] = ror32(_mm256_xor_si256(x[d], x[a]));                                    \
    y[d] = ror32(_mm256_xor_si256(y[d], y[a]));                                    \
    x[c] = muladd(x[c], x[d]);                                                     \
    y[c] = muladd(y[c], y[d]);                                                     \
    x[b] = ror24(_mm256_xor_si256(x[b], x[c]));                                    \
    y[b] = ror24(_mm256_xor_si256(y[b], y[c]));                                    \
    x[a] = muladd(x[a], x[b]);                                                     \
    y[a] = muladd(y[a], y[b]);                                                     \
    x[d] = ror16(_mm256_xor_si256(x[d], x[a]));                                    \
    y[d] = ror16(_mm256_xor_si256(y[d], y[a]));                                    \
    x[c] = muladd(x[c], x[d]);                                                     \
    y[c] = muladd(y[c], y[d]);                                                     \
    x[b] = ror63(_mm256_xor_si256(x[b], x[c]));                                    \
    y[b] = ror63(_mm256_xor_si256(y[b], y[c]));                                    \
  } while (0)

/* One BLAKE2 round over eight instances: x[k] and y[k] each hold word k of four of them. */
INLINE void permute(__m256i x[16], __m256i y[16]) {
  G2(x, y, 0, 4, 8, 12);
  G2(x, y, 1, 5, 9, 13);
  G2(x, y, 2, 6, 10, 14);
  G2(x, y, 3, 7, 11, 15);
  G2(x, y, 0, 5, 10, 15);
  G2(x, y, 1, 6, 11, 12);
  G2(x, y, 2, 7, 8, 13);
  G2(x, y, 3, 4, 9, 14);
}

/* y[s*i] lane j = x[s*j] lane i, for i, j < 4: a 4x4 transpose of the registers x[0], x[s], ... */
INLINE void transpose(__m256i *y, const __m256i *x, int s) {
  __m256i t0 = _mm256_unpacklo_epi64(x[0 * s], x[1 * s]);
  __m256i t1 = _mm256_unpackhi_epi64(x[0 * s], x[1 * s]);
  __m256i t2 = _mm256_unpacklo_epi64(x[2 * s], x[3 * s]);
  __m256i t3 = _mm256_unpackhi_epi64(x[2 * s], x[3 * s]);
  y[0 * s] = _mm256_permute2x128_si256(t0, t2, 0x20);
  y[1 * s] = _mm256_permute2x128_si256(t1, t3, 0x20);
  y[2 * s] = _mm256_permute2x128_si256(t0, t2, 0x31);
  y[3 * s] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/*
 * The rows and the columns of a block between c (column order, above) and r, where r[16g + k]
 * lane m is word k of row 4g + m: r[16g + 8h + 2i + e] lane m = c[16h + 8g + 2m + e] lane i.
 * Swapping g and h gives the same relation from c to r, so one function goes either way.
 */
INLINE void swap_order(__m256i to[32], const __m256i from[32]) {
  for (int g = 0; g < 2; g++)
    for (int h = 0; h < 2; h++)
      for (int e = 0; e < 2; e++) transpose(to + 16 * g + 8 * h + e, from + 16 * h + 8 * g + e, 2);
}

/* P applied to the rows, then to the columns, of a block held in the column order. */
INLINE void rounds(__m256i c[32]) {
  __m256i r[32];
  swap_order(r, c);
  permute(r, r + 16);
  swap_order(c, r);
  permute(c, c + 16);
}

/* A block from the standard order (word i at i) to the column order, and back. */
INLINE void to_columns(__m256i c[32], const block *b) {
  for (int r = 0; r < 8; r++) {
    for (int h = 0; h < 2; h++) {
      /* words 16r + 8h + 0..3 and 4..7 */
      __m256i lo = _mm256_loadu_si256((const __m256i *)(b->v + 16 * r + 8 * h));
      __m256i hi = _mm256_loadu_si256((const __m256i *)(b->v + 16 * r + 8 * h + 4));
      /* (0, 4, 2, 6) and (1, 5, 3, 7), then lanes in the order 0, 2, 1, 3 */
      c[16 * h + 2 * r] = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(lo, hi), _MM_SHUFFLE(3, 1, 2, 0));
      c[16 * h + 2 * r + 1] = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(lo, hi), _MM_SHUFFLE(3, 1, 2, 0));
    }
  }
}

INLINE void from_columns(block *b, const __m256i c[32]) {
  for (int r = 0; r < 8; r++) {
    for (int h = 0; h < 2; h++) {
      /* (0, 2, 4, 6) and (1, 3, 5, 7) to (0, 4, 2, 6) and (1, 5, 3, 7), then interleaved */
      __m256i even = _mm256_permute4x64_epi64(c[16 * h + 2 * r], _MM_SHUFFLE(3, 1, 2, 0));
      __m256i odd = _mm256_permute4x64_epi64(c[16 * h + 2 * r + 1], _MM_SHUFFLE(3, 1, 2, 0));
      _mm256_storeu_si256((__m256i *)(b->v + 16 * r + 8 * h), _mm256_unpacklo_epi64(even, odd));
      _mm256_storeu_si256((__m256i *)(b->v + 16 * r + 8 * h + 4), _mm256_unpackhi_epi64(even, odd));
    }
  }
}

typedef __m256i vec;
#define VECS 32
INLINE vec vload(const uint64_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
INLINE void vstore(uint64_t *p, vec v) { _mm256_storeu_si256((__m256i *)p, v); }
INLINE vec vxor(vec x, vec y) { return _mm256_xor_si256(x, y); }
INLINE uint64_t vfirst(vec x) { return (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(x)); }

#include "fill-segment-loop.h"
