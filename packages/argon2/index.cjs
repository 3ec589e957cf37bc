'use strict';
// The addon that `npm install` built (binding.gyp, README.md), or null with the reason when it
// could not be built or loaded (no C compiler, Windows): the hub then hashes with @node-rs/argon2,
// which reads and writes the same PHC strings (apps/server/src/services/passwords.ts).
const { join } = require('node:path');

let addon = null;
let reason = null;
try {
  addon = require(join(__dirname, 'build', 'Release', 'hub_argon2.node'));
} catch (error) {
  reason = error instanceof Error ? error.message : String(error);
}

module.exports = { addon, reason };
