'use strict';
/** The two sides each case runs on, and their names in the tables. */

const SIDES = ['ours', 'hand'];
const SIDE_NAMES = { ours: 'Media Generation node, defaults', hand: "hand-built, n8n's own nodes" };

/** The side a side is compared against. */
const otherSide = (side) => (side === 'ours' ? 'hand' : 'ours');

module.exports = { SIDES, SIDE_NAMES, otherSide };
