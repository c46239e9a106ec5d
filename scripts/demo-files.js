'use strict';
/** The demo's files: each medium a workflow made, written to disk and described in a table. */
const fs = require('node:fs');
const path = require('node:path');
const { sniffImage } = require('../harness/fake-service/media/sniff');
const { readMp4 } = require('../harness/fake-service/media/mp4');
const { mp3DurationMs } = require('../harness/fake-service/media/mp3');
const { NODE_TYPE, runData } = require('../harness/n8n-cli');

function table(rows, columns) {
	const widths = columns.map((c) =>
		Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)),
	);
	const line = (cells) => cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ');
	return [
		line(columns),
		line(widths.map((w) => '-'.repeat(w))),
		...rows.map((r) => line(columns.map((c) => r[c]))),
	].join('\n');
}

function describeFile(bytes, mimeType) {
	const image = sniffImage(bytes);
	if (image) return `${image.width}x${image.height}`;
	if (mimeType === 'audio/mpeg') return `${(mp3DurationMs(bytes) / 1000).toFixed(1)} s`;
	const video = readMp4(bytes);
	return video ? `${(video.durationMs / 1000).toFixed(1)} s, ${video.width}x${video.height}` : '?';
}

/**
 * Writes every binary output of the workflow's Media Generation nodes (their first output, Done
 * for Check, over every run of a loop) into `output`; returns table rows.
 */
function writeFiles(n8n, output, example, data, workflow) {
	const rows = [];
	const mediaNodes = workflow.nodes.filter((n) => n.type === NODE_TYPE).map((n) => n.name);
	for (const name of mediaNodes) {
		const items = (runData(data)?.[name] ?? []).flatMap((run) => run.data?.main?.[0] ?? []);
		for (const item of items) {
			if (item.json.error) {
				rows.push({
					example,
					node: name,
					file: `(failed: ${String(item.json.error).slice(0, 80)})`,
				});
				continue;
			}
			for (const binary of Object.values(item.binary ?? {})) {
				const bytes = n8n.fileBytes(binary);
				const file = path.join(output, binary.fileName);
				fs.writeFileSync(file, bytes);
				rows.push({
					example,
					node: name,
					file: path.relative(process.cwd(), file),
					type: binary.mimeType,
					size: `${(bytes.length / 1024).toFixed(1)} KB`,
					'duration or dimensions': describeFile(bytes, binary.mimeType),
				});
			}
		}
	}
	return rows;
}

module.exports = { table, writeFiles };
