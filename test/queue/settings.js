'use strict';
/** The queue cluster's ports and the settings every n8n process of it shares. */

/** Every port the suite listens on: all within 5700-5749. */
const PORTS = {
	main: 5700,
	redis: 5701,
	postgres: 5702,
	/** the fake service: its API, and the origin of its result files */
	fake: 5703,
	fakeFiles: 5704,
	mainRunnerBroker: 5705,
	/** worker n (1, 2, …): its health server and its task-runner broker */
	worker: (n) => ({ health: 5708 + 2 * n, broker: 5709 + 2 * n }),
};

/**
 * How fast a lost worker is noticed: its lock on a job lasts 10 s (n8n's default: 60 s) and is
 * renewed every 2.5 s; the other workers look for stalled jobs every 5 s.
 */
const QUEUE_TIMING = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/** The environment every n8n process of the cluster shares (the runner broker port differs). */
function queueEnv() {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(PORTS.redis),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(PORTS.postgres),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_LOG_LEVEL: 'info',
		...QUEUE_TIMING,
	};
}

module.exports = { PORTS, QUEUE_TIMING, queueEnv };
