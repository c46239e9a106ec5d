'use strict';
/** The seeded generator, for the poll plan's simulator, which imports it from here. */
module.exports = require('../../harness/seeded');
