'use strict';
/**
 * The tests' clock, and the fake service's: milliseconds since 1970 like Date.now(), counted by
 * the monotonic clock from the moment the process started, so that it stands still while the
 * machine is paused. A CI machine can be frozen for minutes (its VM snapshotted) and its wall
 * clock then jumps ahead: a wait timed by Date.now() gave up at once after such a pause, and the
 * fake's jobs had all run to their end.
 */
const { performance } = require('node:perf_hooks');

const now = () => performance.timeOrigin + performance.now();

module.exports = { now };
