'use strict';
/**
 * Imitates n8n's credentials helper for tests: hands out the credential data given to the test
 * and applies a credential's generic `authenticate` block, resolving {{$credentials.x}} as n8n does.
 */
const { ICredentialsHelper } = require('n8n-workflow');

function resolveTemplate(value, credentials) {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return value
		.slice(1)
		.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, name) => String(credentials[name] ?? ''));
}

class TestCredentialsHelper extends ICredentialsHelper {
	constructor(credentialTypes, data) {
		super();
		this.credentialTypes = credentialTypes;
		this.data = data;
	}
	getParentTypes() {
		return [];
	}
	getCredentialsProperties() {
		return [];
	}
	async authenticate(credentials, typeName, requestOptions) {
		const type = this.credentialTypes[typeName];
		const auth = type?.authenticate;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		if (!auth || auth.type !== 'generic') return requestOptions;
		const out = { ...requestOptions };
		for (const part of ['headers', 'qs', 'body', 'auth']) {
			const extra = auth.properties[part];
			if (!extra) continue;
			const resolved = Object.fromEntries(
				Object.entries(extra).map(([k, v]) => [k, resolveTemplate(v, credentials)]),
			);
			out[part] = { ...(out[part] ?? {}), ...resolved };
		}
		return out;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	getOAuth2Options() {
		return undefined;
	}
	async getDecrypted(_additionalData, _nodeCredentials, type) {
		if (!this.data[type]) throw new Error(`No test credentials of type ${type}`);
		// The credential's default Base URL is the real service: a test must always name its own.
		if (type === 'mediaGenerationApi' && !this.data[type].baseUrl) {
			throw new Error(
				'Test credentials need an explicit baseUrl (the default is the real service)',
			);
		}
		return { ...this.data[type] };
	}
	async getCredentials() {
		throw new Error('not used in tests');
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	isCredentialUsableByNode() {
		return true;
	}
}

module.exports = { TestCredentialsHelper, resolveTemplate };
