'use strict';
/** Ends anything the queue suite left running and removes its folder (see global-setup.js). */
const { cleanupSync } = require('./cleanup');

module.exports = async () => {
	cleanupSync(process.env.MEDIA_GEN_QUEUE_ROOT, {
		keepFolder: process.env.MEDIA_GEN_QUEUE_KEEP === '1',
	});
};
