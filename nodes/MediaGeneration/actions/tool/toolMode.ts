import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { WaitSettings } from '../../engine/jobs/types';
import { madeOncePerRun, nodeOf } from '../../transport/perRun';
import { InputError } from '../../validation/inputError';
import { readNumber } from '../../validation/values';

/**
 * Whether the node runs as an AI agent's tool. n8n names the tool variant of a node after the
 * node with "Tool" appended (n8n's convertNodeToAiTool), and newer releases also say so through
 * isToolExecution. An agent receives only the JSON of a tool's output, never its binary data, so
 * in tool mode the node outputs links to the files instead of downloading them. Worked out once
 * per run.
 */
export function inToolMode(ctx: IExecuteFunctions): boolean {
	return madeOncePerRun(ctx, 'tool mode', () => {
		if (nodeOf(ctx).type.endsWith('Tool')) return true;
		const asks = (ctx as { isToolExecution?: () => boolean }).isToolExecution;
		return typeof asks === 'function' && asks.call(ctx) === true;
	});
}

/**
 * How long a request may take before MCP clients give up on it: the MCP TypeScript SDK's default
 * request timeout, and the default of n8n's own MCP Client Tool.
 */
export const CLIENT_TIMEOUT_SECONDS = 60;
/** Tool Wait's default: inside a client's timeout, with time to spare for the answer. */
export const TOOL_WAIT_SECONDS = 40;
const TOOL_WAIT_LIMIT_SECONDS = 3600;

/** The operations of a resource that wait for a job as tools: create, Get, Check and Download. */
export const toolWaitField: INodeProperties = {
	displayName: 'Tool Wait (Seconds)',
	name: 'toolWaitSeconds',
	type: 'number',
	default: TOOL_WAIT_SECONDS,
	typeOptions: { minValue: 1, maxValue: TOOL_WAIT_LIMIT_SECONDS },
	description: `Longest time this tool waits for its job. A job not done by then is answered with its job_id, for a Get or Check tool to finish (Download fails instead). MCP clients give up on a call after ${CLIENT_TIMEOUT_SECONDS} s by default: stay below that. Replaces Maximum Wait and On Timeout.`,
};

/** Tool Wait in ms, for the item at `itemIndex`. */
export function readToolWaitMs(ctx: IExecuteFunctions, itemIndex: number): number {
	const raw = ctx.getNodeParameter('toolWaitSeconds', itemIndex, TOOL_WAIT_SECONDS);
	const seconds = readNumber(raw, 'Tool Wait', TOOL_WAIT_SECONDS);
	if (!(seconds >= 1 && seconds <= TOOL_WAIT_LIMIT_SECONDS))
		throw new InputError(
			`Tool Wait must be between 1 and ${TOOL_WAIT_LIMIT_SECONDS} seconds, not ${seconds}`,
		);
	return Math.round(seconds * 1000);
}

/**
 * How a tool waits: at most Tool Wait from now, after which a job still running is output as
 * running (with its job_id and created_at), for the agent to check later.
 */
export function toolWaitSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Pick<WaitSettings, 'maxWaitMs' | 'onTimeout' | 'answerBy'> {
	const maxWaitMs = readToolWaitMs(ctx, itemIndex);
	return { maxWaitMs, onTimeout: 'outputRunning', answerBy: Date.now() + maxWaitMs };
}
