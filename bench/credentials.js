'use strict';
/** The bench's API key, its account on the fake service, and the n8n credentials that hold it. */

const KEY = 'bench-key';

/** The fake service's accounts: the bench's, paid, with credits that never run out. */
const accounts = { [KEY]: { user: 'bench', paid: true, credits: 1e12 } };

/** This node's credential and the hand-built workflows' header credential, both for `apiUrl`. */
const credentials = (apiUrl) => [
	{
		id: 'mediaGenCred0001',
		name: 'Media Generation account',
		type: 'mediaGenerationApi',
		data: { apiKey: KEY, baseUrl: apiUrl },
	},
	{
		id: 'benchHeaderAuth1',
		name: 'Media Generation API key (header)',
		type: 'httpHeaderAuth',
		data: { name: 'X-API-KEY', value: KEY },
	},
];

module.exports = { KEY, accounts, credentials };
