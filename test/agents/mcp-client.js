'use strict';
/**
 * A real MCP client, the MCP TypeScript SDK's, for an MCP Server Trigger: its tool calls at the
 * SDK's default request timeout, and a fetch that keeps a copy of every answer it receives.
 */
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

/** what the MCP TypeScript SDK and n8n's MCP Client Tool allow a request by default */
const CLIENT_TIMEOUT_MS = 60_000;

/**
 * A fetch that pushes onto `received` every answer as the client reads it: its headers, then its
 * body chunks as they arrive (an event stream may stay open for the whole session).
 */
function recordingFetch(received) {
	async function record(body) {
		const reader = body.getReader();
		const decoder = new TextDecoder();
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				received.push(decoder.decode(value, { stream: true }));
			}
		} catch {
			// the client closed the stream
		}
	}

	return async (url, init) => {
		const response = await fetch(url, init);
		received.push(JSON.stringify([...response.headers]));
		if (!response.body) return response;
		const [forClient, forRecord] = response.body.tee();
		void record(forRecord);
		return new Response(forClient, {
			status: response.status,
			statusText: response.statusText,
			headers: response.headers,
		});
	};
}

/** A client connected to the MCP endpoint at `url`, its requests made with `fetch`. */
async function connectMcpClient(url, fetch) {
	const client = new Client({ name: 'media-generation-tests', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(url, { fetch }));
	return client;
}

/** One tool call at the SDK's default request timeout; its answer as the agent reads it. */
async function callTool(client, name, args) {
	const started = Date.now();
	const result = await client.callTool({ name, arguments: args }, undefined, {
		timeout: CLIENT_TIMEOUT_MS,
	});
	const ms = Date.now() - started;
	expect(result.isError).toBeFalsy();
	return { items: JSON.parse(result.content[0].text), ms };
}

module.exports = { recordingFetch, connectMcpClient, callTool };
