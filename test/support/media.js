'use strict';
/** Runs one operation of the node against a fake service, as a one-node workflow. */
const { runWorkflow, nodeResult } = require('./run-workflow');
const { mediaNode } = require('./built-node');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

function runner(ref, resource, key = 'test-key-alice') {
	const creds = () => ({ apiKey: key, baseUrl: ref.svc.apiUrl });
	return async function run(
		params,
		{ items = [{ json: {} }], extra = {}, onStart, operation = 'generate' } = {},
	) {
		const node = mediaNode('Media', { resource, operation, ...params }, extra);
		return nodeResult(
			await runWorkflow({ nodes: [node], items, credentials: creds(), onStart }),
			'Media',
		);
	};
}

/** An input item with binary fields: {name: 'png'|'mp4:3000'} (an MP4 of that many ms). */
function binaryItem(fields, json = {}) {
	const binary = {};
	for (const [name, what] of Object.entries(fields)) {
		const [kind, arg] = what.split(':');
		const data =
			kind === 'png'
				? writePng({ width: 16, height: 9 })
				: writeMp4({ width: 64, height: 36, durationMs: Number(arg ?? 3000) });
		binary[name] = {
			data: data.toString('base64'),
			mimeType: kind === 'png' ? 'image/png' : 'video/mp4',
			fileName: `${name}.${kind}`,
		};
	}
	return { json, binary };
}

const FAST = { pollIntervalSeconds: 0.5 };
const count = (svc, route) => svc.state.requests.filter((r) => r.route === route).length;

module.exports = { runner, binaryItem, FAST, count };
