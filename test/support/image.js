'use strict';
/** Runs Image operations of the node against a fake service, as one-node workflows. */
const { runner, FAST, count } = require('./media');

const imageRunner = (ref, key) => runner(ref, 'image', key);

module.exports = { imageRunner, FAST, count };
