// For a process that must not outlive the one that started it: `npm start`'s scripts/start.mjs
// under npm's shell, and the hub under start.mjs (docs/operations.md "Shutdown and output pipes").
// A parent that goes away without passing a signal on (killed outright, or a shell that died of
// one) leaves this process re-parented, running on and holding its port. Checked four times a
// second; `gone` is called once.
'use strict';

/** Calls `gone` once this process's parent is no longer `parentPid`. */
const whenParentGone = (parentPid, gone) => {
  const watch = setInterval(() => {
    if (process.ppid === parentPid) return;
    clearInterval(watch);
    gone();
  }, 250);
  watch.unref();
};

module.exports = { whenParentGone };
