'use strict';
/** What the records of both kinds of run share: the files out, the first fields, the log line. */
const { nodeSpan, outputItems } = require('./measure');

/** The files the run produced: binaries out of our node or the hand-built download, or the upload's answer. */
function producedFiles(data, variant, side) {
	if (side === 'input') return outputItems(data, 'Read File').filter((i) => i.binary?.data).length;
	if (variant.workflow === 'upload') {
		return outputItems(data, side === 'ours' ? 'Media Generation' : 'Upload').filter(
			(i) => i.json?.video_id,
		).length;
	}
	return outputItems(data, side === 'ours' ? 'Media Generation' : 'Download').filter(
		(i) => i.binary?.data,
	).length;
}

/** The first fields of a run's record, in the order the JSON file gives them. */
const recordHead = ({ variant, side, files, repeat, data, peakRssMb }) => ({
	case: variant.key,
	label: variant.label,
	side,
	files,
	repeat,
	nodeMs: data ? nodeSpan(data) : undefined,
	peakRssMb: Math.round(peakRssMb * 10) / 10,
});

/** The run's line on stderr; `before`, `memory` and `after` add what one kind of run tells. */
function logRun(record, { before = '', memory = '', after = '' }) {
	const { requests: counts, error } = record;
	const time = record.nodeMs === undefined ? '?' : `${(record.nodeMs / 1000).toFixed(1)} s`;
	console.error(
		`  ${record.case} ${record.side.padEnd(4)} ${before}${time}, peak RSS ${record.peakRssMb} MB${memory}, ${counts.creates}/${counts.polls}/${counts.downloads} requests${after}${error ? `  ERROR ${error}` : ''}`,
	);
}

module.exports = { producedFiles, recordHead, logRun };
