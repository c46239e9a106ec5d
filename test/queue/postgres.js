'use strict';
/**
 * The queue cluster's PostgreSQL: a throwaway server on loopback, its data and socket in the
 * suite's folder, noted there as it starts (cleanup.js). Needs PostgreSQL installed
 * (scripts/queue-services.sh).
 */
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const { remember, forget, alive } = require('./cleanup');
const { PORTS } = require('./settings');

const run = promisify(execFile);

/** The folder of PostgreSQL's server programs (scripts/queue-services.sh exports it). */
function postgresBin() {
	if (process.env.MEDIA_GEN_PG_BIN) return process.env.MEDIA_GEN_PG_BIN;
	const versions = fs.existsSync('/usr/lib/postgresql')
		? fs.readdirSync('/usr/lib/postgresql')
		: [];
	const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
	if (!newest)
		throw new Error('PostgreSQL is not installed: run the suite with `npm run test:queue`');
	return path.join('/usr/lib/postgresql', newest, 'bin');
}

/** initdb refuses to run as root: PostgreSQL's programs run as the `postgres` user then. */
async function asPostgres(program, args, cwd) {
	const asRoot = process.getuid?.() === 0;
	const [cmd, argv] = asRoot
		? ['runuser', ['-u', 'postgres', '--', program, ...args]]
		: [program, args];
	return await run(cmd, argv, { cwd });
}

/**
 * Creates a database cluster under `root` and starts its server.
 * @returns {Promise<{bin: string, data: string, pid: number}>} its programs' folder, its data
 *   folder and its postmaster's pid
 */
async function startPostgres(root) {
	const bin = postgresBin();
	const dir = path.join(root, 'postgres');
	fs.mkdirSync(dir, { mode: 0o700 });
	if (process.getuid?.() === 0) {
		const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
		const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
		fs.chownSync(dir, uid, gid);
	}
	const data = path.join(dir, 'data');
	await asPostgres(
		path.join(bin, 'initdb'),
		['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
		dir,
	);
	const settings = [
		`-p ${PORTS.postgres}`,
		`-k ${dir}`, // its socket stays in the folder, out of /var/run
		'-c listen_addresses=127.0.0.1',
		// a throwaway database: no need to survive a power cut
		'-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
	].join(' ');
	await asPostgres(
		path.join(bin, 'pg_ctl'),
		['-D', data, '-l', path.join(dir, 'server.log'), '-o', settings, '-w', 'start'],
		dir,
	);
	const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
	remember(root, { name: 'postgres', pid, kind: 'postgres' });
	return { bin, data, pid };
}

/** Stops the server if it still runs (fast shutdown); a failed stop is left to cleanup.js. */
async function stopPostgres(root, { bin, data, pid }) {
	if (!alive(pid)) return;
	await asPostgres(
		path.join(bin, 'pg_ctl'),
		['-D', data, '-m', 'fast', '-w', 'stop'],
		path.dirname(data),
	).catch(() => undefined);
	if (!alive(pid)) forget(root, 'postgres');
}

module.exports = { startPostgres, stopPostgres };
