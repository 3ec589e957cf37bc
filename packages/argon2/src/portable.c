/* On a CPU other than x86-64, deps/argon2/src/ref.c is the `fill_segment` (binding.gyp). */
const char *hub_fill_segment_kind(void) { return "portable"; }
