import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EXTRA_BODY_LABEL, readExtraBody, type OwnFields } from '../validation/extraBody';

/**
 * Additional Body Fields (JSON), an option of every create: fields of the request body that the
 * node has no field for yet (the service's interface is under rapid development). They are
 * merged into the body the node builds and may not replace a field the node sets.
 */
export const additionalBodyFieldsOption: INodeProperties = {
	displayName: EXTRA_BODY_LABEL,
	name: 'additionalBodyFields',
	type: 'json',
	default: '{}',
	description:
		'Fields to add to the service\'s create request as a JSON object, for options the node does not offer yet, e.g. {"seed": 42}. Fields the node sets itself are refused: use the node\'s own field for those.',
};

/** This item's additional body fields, checked as a JSON object free of `own` fields. */
export function readAdditionalBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	own: OwnFields,
): IDataObject {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return readExtraBody(options.additionalBodyFields, own);
}
