'use strict';
/**
 * The queue cluster's Redis: a server on loopback that saves nothing, its folder and log in the
 * suite's folder, noted there as it starts (cleanup.js). Needs Redis installed
 * (scripts/queue-services.sh).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { remember, forget } = require('./cleanup');
const { PORTS } = require('./settings');
const { sleep } = require('../../harness/wait');

function ping(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d;
			if (answer.includes('\r\n')) {
				socket.destroy();
				resolve(answer.startsWith('+PONG'));
			}
		});
		socket.on('error', () => resolve(false));
	});
}

/** Starts redis-server, its log in the `logs` folder; returns its process at once. */
function spawnRedis(root, logs) {
	const dir = path.join(root, 'redis');
	fs.mkdirSync(dir);
	const out = fs.openSync(path.join(logs, 'redis.log'), 'a');
	const args = [
		'--port',
		String(PORTS.redis),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
		'--daemonize',
		'no',
	];
	const redis = spawn('redis-server', args, { stdio: ['ignore', out, out], detached: true });
	fs.closeSync(out);
	remember(root, { name: 'redis', pid: redis.pid, kind: 'group' });
	return redis;
}

/** Resolves once the server answers PING; throws with its log if it ends or 10 s pass. */
async function redisReady(redis, logs) {
	for (let i = 0; i < 100; i++) {
		if (await ping(PORTS.redis)) return;
		if (redis.exitCode !== null) break;
		await sleep(100);
	}
	throw new Error(`Redis did not start:\n${fs.readFileSync(path.join(logs, 'redis.log'), 'utf8')}`);
}

/** Stops the server if it still runs: SIGTERM, then SIGKILL to its group after 5 s. */
async function stopRedis(root, redis) {
	if (redis.exitCode !== null || redis.signalCode !== null) return;
	const exited = new Promise((r) => redis.once('exit', r));
	process.kill(redis.pid, 'SIGTERM');
	let timer;
	await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
	clearTimeout(timer);
	if (redis.exitCode === null && redis.signalCode === null) process.kill(-redis.pid, 'SIGKILL');
	forget(root, 'redis');
}

module.exports = { spawnRedis, redisReady, stopRedis };
