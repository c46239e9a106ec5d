'use strict';
/** Free TCP ports on loopback, for n8n instances that run side by side (the compatibility matrix). */
const net = require('node:net');

/** A port nothing listens on now: the system picks it, and it is released at once for the caller. */
async function freePort() {
	const server = net.createServer();
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

module.exports = { freePort };
