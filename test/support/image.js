'use strict';
/** Runs Image operations of the node against a fake service, as one-node workflows. */
const { runner, FAST, count } = require('./media');
const { writePng } = require('../../harness/fake-service/media/png');

const imageRunner = (ref, key) => runner(ref, 'image', key);

/** An input item with a PNG in each of these binary fields, each of its own size. */
const pngItem = (fields) => ({
	json: {},
	binary: Object.fromEntries(
		fields.map((f, i) => [
			f,
			{
				data: writePng({ width: 8 + i, height: 8 }).toString('base64'),
				mimeType: 'image/png',
				fileName: `${f}.png`,
			},
		]),
	),
});

module.exports = { imageRunner, pngItem, FAST, count };
