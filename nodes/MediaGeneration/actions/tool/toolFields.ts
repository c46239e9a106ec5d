import type { INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';
import { LINK_VALIDITY_MS } from '../../engine/jobs/jobOutput';
import { resources, type ResourceName } from '../node.type';
import { toolWaitField } from './toolMode';

/**
 * The fields only the tool variant of the node has (`@tool`): what the agent is told about each
 * operation, and how long a tool waits for its job. Each operation's default description says
 * what the tool does, what the agent receives and what to do next, built from the job-kind table.
 * With a field of this name n8n adds no description of its own, whose automatic text ("Generate
 * a video in Media Generation") would not say that the agent gets links, not files.
 */

/** Operations that poll an existing job: as tools they wait for it within Tool Wait. */
const CHECKS = ['check', 'get'];

const hours = LINK_VALIDITY_MS / 3_600_000;
const links = `the link to each file (url, valid ${hours} hours; the files themselves are not returned, so pass the links on)`;
const jobs = (kind: JobKind) => `${JOB_KINDS[kind].label.toLowerCase()} jobs`;

function createText(kind: JobKind): string {
	return `Makes ${JOB_KINDS[kind].makes} with Wondercraft's API and waits for it a short while. Returns JSON: job_id, status and, once done, ${links}. A job not done in time is answered with its status, created_at, expected_wait_seconds and next_step: then call the tool that checks ${jobs(kind)} with the job_id, as next_step says. Every call makes and pays for a new job: never call it again for the same request.`;
}

function checkText(kind: JobKind): string {
	return `Checks one of the ${jobs(kind)} started earlier: give its job_id. Waits for it a short while, then returns JSON: job_id, status and, once done, ${links}. While the job still runs, next_step says to call this tool again with the same job_id. A failed job is answered with its error.`;
}

function downloadText(kind: JobKind): string {
	return `Gives fresh links (url, valid ${hours} hours) to the files of a finished job among the ${jobs(kind)}: give its job_id. Fails while the job still runs: check it first.`;
}

const OTHER_TEXTS: Record<string, string> = {
	uploadImage:
		"Uploads the image in the workflow's incoming data (not something the agent gives) and returns its image_id, for later image and video jobs.",
	uploadVideo:
		"Uploads the video in the workflow's incoming data (not something the agent gives) and returns its video_id, for later video jobs.",
	listImageModels:
		'Lists the image models of the account with their resolutions, aspect ratios and prices, as JSON.',
	listVideoModels:
		'Lists the video models of the account with their modes, resolutions, aspect ratios, durations and prices, as JSON.',
};

/** The default description of one operation as a tool. */
export function toolText(resource: ResourceName, operation: string): string {
	if (!(resource in JOB_KINDS)) return OTHER_TEXTS[operation];
	const kind = resource as JobKind;
	if (operation === 'download') return downloadText(kind);
	return CHECKS.includes(operation) ? checkText(kind) : createText(kind);
}

/** One Description field per resource and text, shown for the operations it describes. */
function descriptionFields(): INodeProperties[] {
	const fields: INodeProperties[] = [];
	for (const [resource, operations] of Object.entries(resources)) {
		const byText = new Map<string, string[]>();
		for (const operation of Object.keys(operations)) {
			const text = toolText(resource as ResourceName, operation);
			byText.set(text, [...(byText.get(text) ?? []), operation]);
		}
		for (const [text, names] of byText) {
			fields.push({
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: text,
				required: true,
				typeOptions: { rows: 4 },
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: names } },
				description:
					'What the AI agent is told about this tool. Say what it makes and which fields the agent fills; the default says what the agent receives and what to do next.',
			});
		}
	}
	return fields;
}

/** Tool Wait, for every operation of a job as a tool: creates, Get, Check and Download. */
function waitField(): INodeProperties {
	const kinds = Object.keys(JOB_KINDS);
	const waiting = kinds.flatMap((kind) => Object.keys(resources[kind as ResourceName]));
	return {
		...toolWaitField,
		displayOptions: {
			show: { '@tool': [true], resource: kinds, operation: [...new Set(waiting)] },
		},
	};
}

/** The tool variant's fields: descriptions first in the form, Tool Wait last. */
export const toolDescriptionFields = descriptionFields();
export const toolWaitFields = [waitField()];
