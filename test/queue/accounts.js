'use strict';
/** The fake service's accounts for the queue suite: the usual ones, and two workspaces on plans. */
const { DEFAULT_ACCOUNTS } = require('../../harness/fake-service/state');

/** Two workspaces on plans with different catalogues: their keys list different models. */
const CATALOGUES = {
	'test-key-plan-a': { image: ['flux-pro'], video: ['motion-fast'] },
	'test-key-plan-b': { image: ['sketch-lite', 'studio-4k'], video: ['cinema-pro', 'restyle-v2v'] },
};
const ACCOUNTS = {
	...DEFAULT_ACCOUNTS,
	'test-key-plan-a': {
		user: 'erin',
		paid: true,
		credits: 100000,
		models: [...CATALOGUES['test-key-plan-a'].image, ...CATALOGUES['test-key-plan-a'].video],
	},
	'test-key-plan-b': {
		user: 'frank',
		paid: true,
		credits: 100000,
		models: [...CATALOGUES['test-key-plan-b'].image, ...CATALOGUES['test-key-plan-b'].video],
	},
};

module.exports = { CATALOGUES, ACCOUNTS };
