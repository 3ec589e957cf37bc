'use strict';
// `npm install` could not build the addon (no C compiler or Python, or a system without mmap):
// not an error. The hub hashes with @node-rs/argon2 instead, about a fifth slower a hash
// (docs/performance.md "Inside the hash").
console.warn('@hub/argon2: the addon was not built; Account Hub will hash passwords with @node-rs/argon2.');
