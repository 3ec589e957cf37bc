/*
 * Argon2's inner loop, chosen once for the CPU it runs on: deps/argon2/src/opt.c is compiled twice
 * (binding.gyp), with AVX2 and with the SSE2 every x86-64 has, under two names; this file is the
 * `fill_segment` the rest of the reference code calls. Chosen at run time rather than with
 * -march=native, so a build still runs on an older CPU than the one that compiled it.
 */
#include "argon2.h"
#include "core.h"

void hub_fill_segment_avx2(const argon2_instance_t *instance, argon2_position_t position);
void hub_fill_segment_sse2(const argon2_instance_t *instance, argon2_position_t position);

static int has_avx2(void) {
  static int known = -1;
  if (known < 0) {
    __builtin_cpu_init();
    known = __builtin_cpu_supports("avx2") ? 1 : 0;
  }
  return known;
}

const char *hub_fill_segment_kind(void) { return has_avx2() ? "avx2" : "sse2"; }

void fill_segment(const argon2_instance_t *instance, argon2_position_t position) {
  if (has_avx2()) hub_fill_segment_avx2(instance, position);
  else hub_fill_segment_sse2(instance, position);
}
