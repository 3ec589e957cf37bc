/*
 * Argon2's inner loop, chosen once for the CPU it runs on, from three builds under three names
 * (binding.gyp): our own AVX-512F and AVX2 loops (fill-segment-avx512.c, fill-segment-avx2.c, on
 * the loop of fill-segment-loop.h), and deps/argon2/src/opt.c compiled with the SSE2 every x86-64
 * has; this file is the `fill_segment` the rest of the reference code calls. Chosen at run time
 * rather than with -march=native, so a build still runs on an older CPU than the one that compiled
 * it. Our loops take about a third (AVX-512F) and a quarter (AVX2) off the reference's time for
 * the same width (docs/performance.md "Our own AVX-512 loop", "Our own AVX2 loop");
 * HUB_ARGON2_SIMD=avx2 or sse2 asks for a narrower loop (never a wider one than the CPU has), for a
 * CPU that slows its clock for 512-bit work and for the tests, which compare them.
 */
#include <stdlib.h>
#include <string.h>

#include "argon2.h"
#include "core.h"

void hub_fill_segment_avx512(const argon2_instance_t *instance, argon2_position_t position);
void hub_fill_segment_avx2(const argon2_instance_t *instance, argon2_position_t position);
void hub_fill_segment_sse2(const argon2_instance_t *instance, argon2_position_t position);

enum { SSE2, AVX2, AVX512 };
static const char *const names[] = {"sse2", "avx2", "avx512"};

/* Decided by the addon's load (init calls hub_fill_segment_kind) before any hash runs on a thread. */
static int chosen = -1;

static int choose(void) {
  __builtin_cpu_init();
  /* GCC's checks include the OS's: avx512f only where the kernel saves the ZMM registers. */
  int best = __builtin_cpu_supports("avx512f") ? AVX512 : __builtin_cpu_supports("avx2") ? AVX2 : SSE2;
  const char *wanted = getenv("HUB_ARGON2_SIMD");
  if (wanted != NULL) {
    for (int kind = SSE2; kind < best; kind++) {
      if (strcmp(wanted, names[kind]) == 0) return kind;
    }
  }
  return best;
}

const char *hub_fill_segment_kind(void) {
  if (chosen < 0) chosen = choose();
  return names[chosen];
}

void fill_segment(const argon2_instance_t *instance, argon2_position_t position) {
  switch (chosen) {
    case AVX512: hub_fill_segment_avx512(instance, position); break;
    case AVX2: hub_fill_segment_avx2(instance, position); break;
    default: hub_fill_segment_sse2(instance, position);
  }
}
