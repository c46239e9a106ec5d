import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { JobRequest } from '../engine/jobs/types';

/** An operation done item by item: its fields, and what it does for one input item (outputs without pairedItem). */
export type ItemOperation = {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
	/** how it runs as an AI agent's tool, when that differs (Get waits for its job there) */
	asTool?: ToolOperation;
};

/** An operation whose items become jobs: it checks one item and says which job to create or fetch; the engine does the rest. */
export type JobOperation = {
	description: INodeProperties[];
	prepare: (this: IExecuteFunctions, itemIndex: number) => Promise<JobRequest>;
	/**
	 * What every item's check reads from the service (a model listing), asked for before the first
	 * item is read, so that the answer is on its way while the items' fields are read
	 */
	prefetch?: (this: IExecuteFunctions) => Promise<unknown>;
	/** an item that is passed on as it came, with no job (an upstream error item, for Check) */
	passesOn?: (this: IExecuteFunctions, itemIndex: number) => boolean;
	/** its items over the node's outputs, for an operation with more than one (Check); else all go to one */
	split?: (items: INodeExecutionData[]) => INodeExecutionData[][];
	/** how it runs as an AI agent's tool, when that differs (Check waits for its job there) */
	asTool?: ToolOperation;
};

/** An operation as an AI agent's tool runs it: a job for its one item, answered on one output. */
export type ToolOperation = Pick<JobOperation, 'prepare'>;

export type Operation = ItemOperation | JobOperation;
