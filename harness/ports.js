'use strict';
/** TCP ports on loopback, for n8n instances and processes that run side by side. */
const crypto = require('node:crypto');
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

/**
 * A port for one n8n process's task-runner broker, below the ephemeral range. Each `execute`
 * gets its own: the runner of the run before may still hold its port for a moment after that
 * process exits, and n8n then exits with code 1 at once ("n8n Task Broker's port … is already
 * in use", on stdout, nothing on stderr).
 */
function brokerPort() {
	return String(10000 + crypto.randomInt(10000));
}

module.exports = { brokerPort, freePort };
