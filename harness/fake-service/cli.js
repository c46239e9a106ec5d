'use strict';
/** Runs the fake service alone: `npm run fake-service -- --port 8787 [--job-ms 2000]`. */
const { startFakeService } = require('./server');
const { DEFAULT_ACCOUNTS } = require('./state');

function arg(name, fallback) {
	const i = process.argv.indexOf(`--${name}`);
	return i === -1 ? fallback : process.argv[i + 1];
}

(async () => {
	const jobMs = Number(arg('job-ms', 1500));
	const svc = await startFakeService({
		port: Number(arg('port', 0)),
		timing: { queueMs: Math.min(300, jobMs), imageMs: jobMs, videoMs: jobMs, audioMs: jobMs },
	});
	console.log(
		`Media generation fake service\n  base URL: ${svc.apiUrl}\n  files:    ${svc.filesOrigin}`,
	);
	console.log(`  API keys: ${Object.keys(DEFAULT_ACCOUNTS).join(', ')}`);
	const stop = () => svc.stop().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
})();
