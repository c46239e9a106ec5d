import type { IDataObject } from 'n8n-workflow';

import {
	JOB_KIND_TERMS,
	type JobKind,
	type JobKindTerms,
	type JobState,
	type ResultFile,
} from '../../contract/jobs';
import {
	sniffAudioType,
	sniffImageType,
	sniffVideoType,
	type MediaType,
} from '../../validation/fileType';
import { checkId } from '../../validation/ids';
import { expectedAudioMinutes, type ScriptSegment } from '../../validation/podcastRequest';
import { checkNamedId } from '../../validation/values';

/**
 * Everything the engine knows about one kind of job, in one table, built on the kind's terms in
 * contract/jobs.ts. Adding a kind means an entry there and here, its operations and their tests;
 * everything else reads these tables, so the compiler points to any field the new entry lacks,
 * and no kind falls through to another's default.
 */
export type JobKindSpec = JobKindTerms & {
	/** the job endpoint, below the base URL */
	path: (jobId: string) => string;
	/** the job id as the form takes it, checked (throws InputError) */
	checkJobId: (raw: string) => string;
	/** the common state, from the job endpoint's answer */
	state: (body: IDataObject) => JobState;
	/** why a failed job failed, as the service says it */
	failureReason: (body: IDataObject) => unknown;
	/** what a user can do about a failed job */
	failureAdvice: string;
	/** the files of a succeeded job, in the service's order, each with its own fields */
	files: (body: IDataObject) => ResultFile[];
	/** large files (up to 100 MB): downloaded a few at a time, sized by transfer speed */
	largeFiles: boolean;
	/**
	 * What a result file may be: recognised by its first bytes (anything else is never stored),
	 * and named so in errors
	 */
	media: { sniff: (head: Buffer) => MediaType | undefined; label: string };
	/**
	 * The Options' defaults: Generate's Maximum Wait, Check's (counted from the job's creation,
	 * generous, as durable waits are for long jobs), and the Poll Interval the form shows once added
	 */
	wait: { maxWaitMinutes: number; checkMaxWaitMinutes: number; pollIntervalSeconds: number };
	/** what one job makes, as an AI agent is told ("a video") */
	makes: string;
	/**
	 * About how long a job of this create request runs (s), for an AI agent's "expect about …".
	 * A planning figure, not a promise: audio follows the service's own rule (at least a minute
	 * of processing per minute of audio); images and videos have round figures, a video's growing
	 * with its length.
	 */
	roughRunSeconds: (body: IDataObject) => number;
};

/** image and video jobs share their status vocabulary */
function statusOf(body: IDataObject): JobState {
	const s = body.status;
	return s === 'queued' || s === 'succeeded' || s === 'failed' ? s : 'processing';
}

const id = encodeURIComponent;

/** What image and video jobs share: uuid ids, one status vocabulary, `error` on failure. */
const MEDIA_JOB = {
	checkJobId: (raw: string) => checkId(raw, 'Job ID'),
	state: statusOf,
	failureReason: (body: IDataObject) => body.error,
	failureAdvice: 'Failed jobs are not charged. Adjust the prompt or inputs and try again.',
};

export const JOB_KINDS: Record<JobKind, JobKindSpec> = {
	image: {
		...JOB_KIND_TERMS.image,
		path: (jobId) => `/image/${id(jobId)}`,
		...MEDIA_JOB,
		files: (body) => {
			const images = Array.isArray(body.images) ? (body.images as IDataObject[]) : [];
			return images.map((img, i) => ({
				url: String(img.url ?? ''),
				json: { image_number: i + 1, image_id: img.image_id, width: img.width, height: img.height },
			}));
		},
		largeFiles: false,
		media: { sniff: sniffImageType, label: 'a PNG, JPEG or WebP image' },
		wait: { maxWaitMinutes: 10, checkMaxWaitMinutes: 30, pollIntervalSeconds: 5 },
		makes: 'images',
		roughRunSeconds: () => 30,
	},
	video: {
		...JOB_KIND_TERMS.video,
		path: (jobId) => `/video/${id(jobId)}`,
		...MEDIA_JOB,
		files: (body) => {
			const { video_id, duration_ms, width, height, model } = body;
			return [
				{ url: String(body.url ?? ''), json: { video_id, duration_ms, width, height, model } },
			];
		},
		largeFiles: true,
		media: { sniff: sniffVideoType, label: 'an MP4 or MOV video' },
		wait: { maxWaitMinutes: 30, checkMaxWaitMinutes: 120, pollIntervalSeconds: 15 },
		makes: 'a video',
		// a minute, and 12 s per second of video beyond 5 s (a source-length video counts as 5 s)
		roughRunSeconds: (body) => 60 + 12 * Math.max(0, (Number(body.duration) || 5) - 5),
	},
	podcast: {
		...JOB_KIND_TERMS.podcast,
		path: (jobId) => `/podcast/${id(jobId)}`,
		// audio job ids are not uuids: checked for form only
		checkJobId: (raw) => checkNamedId(raw, 'Job ID'),
		state: (body) => {
			if (body.error === true) return 'failed';
			return body.finished === true ? 'succeeded' : 'processing';
		},
		failureReason: (body) => body.error_details,
		failureAdvice:
			'The service reported an error for this audio job. Check the voice and music ids and the script, then try again.',
		files: (body) => [{ url: String(body.url ?? ''), json: { script: body.script } }],
		largeFiles: false,
		media: { sniff: sniffAudioType, label: 'an MP3 file' },
		// conversations wait longer: see conversationWaitMinutes
		wait: { maxWaitMinutes: 30, checkMaxWaitMinutes: 240, pollIntervalSeconds: 15 },
		makes: 'audio (an MP3)',
		// a minute per minute of audio, from the script's length or the minutes a prompt states
		// (3 when it states none)
		roughRunSeconds: (body) =>
			60 *
			Math.max(
				1,
				expectedAudioMinutes({
					script: body.script as ScriptSegment[] | undefined,
					prompt: body.prompt as string | undefined,
				}) ?? 3,
			),
	},
};
