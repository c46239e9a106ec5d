import type { IDataObject, INodeProperties } from 'n8n-workflow';

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

/** An item's additional body fields, from its Options, checked as a JSON object free of `own` fields. */
export function readAdditionalBody(options: IDataObject, own: OwnFields): IDataObject {
	return readExtraBody(options.additionalBodyFields, own);
}
