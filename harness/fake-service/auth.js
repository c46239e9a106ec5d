'use strict';
/** API keys: which account a request's key opens, and keys revoked after a number of creates. */
const { HttpError } = require('./errors');

/** The account of the request's key; a key the service does not know is a 401, an unpaid plan a 403. */
function authenticate(state, req) {
	const account = state.account(req.headers['x-api-key']);
	if (!account) throw new HttpError(401, 'Invalid or missing API key.');
	if (!account.paid) throw new HttpError(403, 'API access needs an active paid plan.');
	return account;
}

/**
 * Counts a create against `key` when it is to be revoked (`revocations`: key -> creates left).
 * After its last create the key's account is gone, so every later request gets 401.
 */
function countCreate(revocations, state, key) {
	if (!revocations.has(key)) return;
	const left = revocations.get(key) - 1;
	revocations.set(key, left);
	if (left <= 0) state.accounts.delete(key);
}

module.exports = { authenticate, countCreate };
