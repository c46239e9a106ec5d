import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { JobRequest } from '../engine/types';

/** An operation done item by item: its fields, and what it does for one input item (outputs without pairedItem). */
export type ItemOperation = {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
};

/** An operation whose items become jobs: it checks one item and says which job to create or fetch; the engine does the rest. */
export type JobOperation = {
	description: INodeProperties[];
	prepare: (this: IExecuteFunctions, itemIndex: number) => Promise<JobRequest>;
};

export type Operation = ItemOperation | JobOperation;
