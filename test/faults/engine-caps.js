'use strict';
/**
 * The most requests of each class the node's engine may have in flight at once, read from the
 * built package (engine/limits/governor.js): creates and job reads share the API limit, result
 * downloads have their own (videos a smaller one within the node's total).
 */
const path = require('node:path');

const { API_LIMITS, DOWNLOAD_LIMITS, VIDEO_DOWNLOAD_LIMITS, MAX_IN_FLIGHT } = require(
	path.resolve(__dirname, '../../dist/nodes/MediaGeneration/engine/limits/governor'),
);

function engineCaps() {
	return {
		create: API_LIMITS.max,
		read: API_LIMITS.max,
		file: DOWNLOAD_LIMITS.max + VIDEO_DOWNLOAD_LIMITS.max,
		total: MAX_IN_FLIGHT,
		source: 'engine/limits/governor',
	};
}

module.exports = { engineCaps };
