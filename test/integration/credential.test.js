'use strict';
const { useFakeService } = require('../support/fake');
const { credentialType } = require('../support/built-node');

const ref = useFakeService();

/** Resolves the credential's test request the way n8n's expressions would, then sends it. */
async function credentialTest(credentials) {
	const { request, rules } = credentialType.test;
	const expr = request.baseURL.replace(/^=\{\{(.*)\}\}$/, '$1');
	const baseURL = new Function('$credentials', `return (${expr});`)(credentials);
	const res = await fetch(`${baseURL}${request.url}`, {
		method: request.method,
		headers: { 'X-API-KEY': credentials.apiKey },
	});
	const rule = rules.find((r) => r.properties.value === res.status);
	return { status: res.status, message: rule?.properties.message };
}

describe('Media Generation API credential', () => {
	test('sends the key as X-API-KEY with a generic authenticate block', () => {
		expect(credentialType.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { 'X-API-KEY': '={{$credentials.apiKey}}' } },
		});
		const key = credentialType.properties.find((p) => p.name === 'apiKey');
		expect(key.typeOptions.password).toBe(true);
		expect(credentialType.properties.find((p) => p.name === 'baseUrl').required).toBe(true);
	});

	test("the Base URL defaults to Wondercraft's public API and stays editable", () => {
		const baseUrl = credentialType.properties.find((p) => p.name === 'baseUrl');
		expect(baseUrl).toMatchObject({ type: 'string', default: 'https://api.wondercraft.ai/v1' });
		expect(baseUrl.typeOptions?.editable).not.toBe(false);
		expect(credentialType.documentationUrl).toMatch(/^https:\/\/docs\.wondercraft\.ai/);
	});

	test('the test request passes for a good key, tolerating a trailing slash', async () => {
		expect(
			(await credentialTest({ apiKey: 'test-key-alice', baseUrl: `${ref.svc.apiUrl}/` })).status,
		).toBe(200);
		expect(
			(await credentialTest({ apiKey: 'test-key-alice', baseUrl: ` ${ref.svc.apiUrl}` })).status,
		).toBe(200);
	});

	test('a bad key or a workspace without a plan fails clearly', async () => {
		expect(await credentialTest({ apiKey: 'wrong', baseUrl: ref.svc.apiUrl })).toEqual({
			status: 401,
			message: expect.stringMatching(/API key was refused/),
		});
		expect(await credentialTest({ apiKey: 'test-key-unpaid', baseUrl: ref.svc.apiUrl })).toEqual({
			status: 403,
			message: expect.stringMatching(/paid plan/),
		});
	});

	test('a base URL without /v1 fails clearly', async () => {
		const r = await credentialTest({
			apiKey: 'test-key-alice',
			baseUrl: ref.svc.apiUrl.replace(/\/v1$/, ''),
		});
		expect(r).toEqual({ status: 404, message: expect.stringMatching(/ends in \/v1/) });
	});
});
