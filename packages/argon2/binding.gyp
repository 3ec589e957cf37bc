{
  "target_defaults": {
    "include_dirs": ["deps/argon2/include", "deps/argon2/src"],
    "cflags": ["-O3", "-fvisibility=hidden", "-Wno-type-limits"],
    "defines": ["NDEBUG"]
  },
  "conditions": [
    ["target_arch == 'x64'", {
      "targets": [
        {
          "target_name": "fill_segment_avx512",
          "type": "static_library",
          "sources": ["src/fill-segment-avx512.c"],
          "cflags": ["-mavx512f"],
          "defines": ["fill_segment=hub_fill_segment_avx512"]
        },
        {
          "target_name": "fill_segment_avx2",
          "type": "static_library",
          "sources": ["src/fill-segment-avx2.c"],
          "cflags": ["-mavx2"],
          "defines": ["fill_segment=hub_fill_segment_avx2"]
        },
        {
          "target_name": "fill_segment_sse2",
          "type": "static_library",
          "sources": ["deps/argon2/src/opt.c"],
          "cflags": ["-msse2"],
          "defines": ["fill_segment=hub_fill_segment_sse2"]
        },
        {
          "target_name": "hub_argon2",
          "dependencies": ["fill_segment_avx512", "fill_segment_avx2", "fill_segment_sse2"],
          "sources": [
            "src/addon.c",
            "src/fill-segment.c",
            "deps/argon2/src/argon2.c",
            "deps/argon2/src/core.c",
            "deps/argon2/src/encoding.c",
            "deps/argon2/src/thread.c",
            "deps/argon2/src/blake2/blake2b.c"
          ]
        }
      ]
    }, {
      "targets": [
        {
          "target_name": "hub_argon2",
          "sources": [
            "src/addon.c",
            "src/portable.c",
            "deps/argon2/src/ref.c",
            "deps/argon2/src/argon2.c",
            "deps/argon2/src/core.c",
            "deps/argon2/src/encoding.c",
            "deps/argon2/src/thread.c",
            "deps/argon2/src/blake2/blake2b.c"
          ]
        }
      ]
    }]
  ]
}
