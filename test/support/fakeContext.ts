import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { JobRequest } from '../../nodes/MediaGeneration/engine/jobs/types';
import { startFakeService, type FakeService } from '../../harness/fake-service/server';

/** Where the fake context's requests go: a fake service started by the test, with a user's key. */
export type ServiceAccess = { apiUrl: string; apiKey: string };

/**
 * n8n's request helper, for the options this node uses (JSON bodies, the full response, status
 * errors handed back), over real HTTP with fetch: the fake context talks to the fake service.
 */
async function httpRequest(options: IHttpRequestOptions) {
	if (!options.json || options.encoding === 'stream') {
		throw new Error('the fake execute context sends JSON requests only');
	}
	const response = await fetch(options.url, {
		method: options.method ?? 'GET',
		headers: { ...(options.headers as Record<string, string>), 'Content-Type': 'application/json' },
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
		redirect: options.disableFollowRedirect ? 'manual' : 'follow',
	});
	const text = await response.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		// not JSON: handed back as text, as n8n does
	}
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => (headers[name] = value));
	return { statusCode: response.status, headers, body };
}

/**
 * A small stand-in for n8n's execute context, for tests of how an operation maps its fields to
 * a request: parameters per item (dotted paths reach into collections, as n8n's do), the node,
 * and, when given a service, the credential and n8n's request helper over real HTTP. An
 * operation that reaches for anything else fails the test with the name of what it wanted.
 */
export function fakeContext(items: IDataObject[], service?: ServiceAccess): IExecuteFunctions {
	const param = (name: string, itemIndex: number, fallback?: unknown): unknown => {
		let value: unknown = items[itemIndex];
		for (const key of name.split('.')) {
			value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		}
		return value === undefined ? fallback : value;
	};
	const known: Partial<IExecuteFunctions> = {
		getNodeParameter: param as IExecuteFunctions['getNodeParameter'],
		getNode: () => ({
			id: 'test',
			name: 'Media Generation',
			type: 'n8n-nodes-media-generation.mediaGeneration',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getInputData: () => items.map((json) => ({ json })),
		continueOnFail: () => false,
		getWorkflowSettings: () => ({}),
		getExecutionCancelSignal: () => undefined,
		isToolExecution: () => false,
	};
	if (service) {
		known.getCredentials = (async () => ({
			apiKey: service.apiKey,
			baseUrl: service.apiUrl,
		})) as unknown as IExecuteFunctions['getCredentials'];
		known.helpers = { httpRequest } as unknown as IExecuteFunctions['helpers'];
	}
	return new Proxy(known as IExecuteFunctions, {
		get(target, prop) {
			if (prop in target) return target[prop as keyof IExecuteFunctions];
			if (prop === 'then') return undefined;
			throw new Error(`the fake execute context has no ${String(prop)}`);
		},
	});
}

/**
 * For a test file of an operation that reads the model listing: a fake service for the file's
 * tests, and `map(parameters)`, which runs the operation's `prepare` on one item with those
 * parameters through a fake context whose requests go to that service with a user's key.
 */
export function mapThroughFakeService(
	prepare: (this: IExecuteFunctions, itemIndex: number) => Promise<JobRequest>,
): (params: IDataObject) => Promise<JobRequest> {
	let svc: FakeService;
	beforeAll(async () => {
		svc = await startFakeService();
	});
	afterAll(async () => await svc.stop());
	return async (params) =>
		await prepare.call(fakeContext([params], { apiUrl: svc.apiUrl, apiKey: 'test-key-alice' }), 0);
}
