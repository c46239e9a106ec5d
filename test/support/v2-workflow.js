'use strict';
/**
 * Workflows on execution logic v2 (workflow setting `binaryMode: 'combined'`): after each node,
 * n8n moves every stored binary out of `item.binary` into the item's JSON under `_files`, and a
 * binary field is named by its path (`_files.data`), as n8n's own `assertBinaryData` reads it.
 */
const { createHash } = require('node:crypto');
const { useFakeService } = require('./fake');
const { runWorkflow, nodeResult } = require('./run-workflow');
const { mediaNode } = require('./built-node');
const { readBinary, storeBinary } = require('./binary-data');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const V2 = { binaryMode: 'combined' };
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** Files as n8n stores them on disk: {name: 'png' | 'mp4:<ms>'} → {name: {buffer, binary}} */
async function storedFiles(fields) {
	const files = {};
	for (const [name, what] of Object.entries(fields)) {
		const [kind, ms] = what.split(':');
		const buffer =
			kind === 'png'
				? writePng({ width: 16 + Object.keys(files).length, height: 9 })
				: writeMp4({ width: 64, height: 36, durationMs: Number(ms) });
		const mimeType = kind === 'png' ? 'image/png' : 'video/mp4';
		files[name] = {
			buffer,
			binary: await storeBinary(buffer, { mimeType, fileName: `${name}.${kind}` }),
		};
	}
	return files;
}

/** An input item as a v2 workflow hands it to the next node: the files under json._files. */
function v2Item(files, json = {}) {
	const _files = Object.fromEntries(Object.entries(files).map(([n, f]) => [n, f.binary]));
	return { json: { ...json, _files } };
}

/** Starts the fake for this test file; returns it with helpers that run and check v2 workflows. */
function useV2Workflow() {
	const ref = useFakeService();
	const credentials = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
	const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);
	const served = (item) => ref.svc.links.file(jobOf(item), 0).body;
	const count = (route) => ref.svc.state.requests.filter((r) => r.route === route).length;

	async function runV2(name, parameters, items, extra = {}) {
		const run = await runWorkflow({
			nodes: [mediaNode(name, parameters, extra)],
			items,
			credentials: credentials(),
			settings: V2,
		});
		return nodeResult(run, name);
	}

	/** The service's record of an uploaded file: whole when its size and digest match the source. */
	function expectUploadedWhole(kind, id, buffer) {
		const record = ref.svc.state[kind === 'image' ? 'images' : 'videos'].get(id);
		expect(record).toMatchObject({
			source: 'upload',
			bytes: buffer.length,
			sha256: sha256(buffer),
		});
	}

	/** A result file in a v2 workflow: at json._files.<field>, kept by n8n's binary storage, whole. */
	async function expectResultAt(item, field = 'data') {
		expect(item.binary).toBeUndefined();
		const binary = item.json._files?.[field];
		expect(binary).toMatchObject({ id: expect.stringMatching(/^filesystem/) });
		const bytes = await readBinary(binary);
		expect(bytes.equals(served(item))).toBe(true);
		return bytes;
	}

	return { ref, credentials, jobOf, count, runV2, expectUploadedWhole, expectResultAt };
}

module.exports = { V2, storedFiles, v2Item, useV2Workflow };
