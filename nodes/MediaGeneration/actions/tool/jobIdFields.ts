import type { INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';

/**
 * The Job ID field twice: as the form has it, and for the tool variant with the agent's job_id as
 * its default (`$fromAI`), which n8n offers the agent (and MCP clients) as the tool's argument.
 */
export function jobIdFields(field: INodeProperties, kind: JobKind): INodeProperties[] {
	const asked = `The job_id of the ${JOB_KINDS[kind].label.toLowerCase()} job, as the tool that started it returned it`;
	return [
		{ ...field, displayOptions: { show: { '@tool': [false] } } },
		{
			...field,
			default: `={{ $fromAI('job_id', '${asked}', 'string') }}`,
			description: `${field.description}. As a tool: the agent gives it, unless you set it here.`,
			displayOptions: { show: { '@tool': [true] } },
		},
	];
}
