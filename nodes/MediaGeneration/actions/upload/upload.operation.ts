import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { UPLOAD_LIMITS } from '../../validation/fileType';
import { readChoice } from '../../validation/values';
import { readUploadFile, sendUpload, type UploadKind } from './uploadBinary';

/** Upload Image / Upload Video: sends a binary field of the input item, checked by content and size first. */
export function uploadOperation(kind: UploadKind) {
	const limits = UPLOAD_LIMITS[kind];
	const description: INodeProperties[] = [
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			description: `Name of the binary field of the input item that holds the ${kind} (${limits.types}, up to ${limits.label}). In a workflow on execution logic v2, its path, for example _files.data.`,
		},
	];

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		const field = readChoice(
			this.getNodeParameter('binaryPropertyName', itemIndex),
			'Input Binary Field',
		);
		const file = await readUploadFile(this, itemIndex, kind, field);
		const result = await sendUpload(this, itemIndex, file);
		return [
			{
				json: {
					...result,
					file_name: file.fileName,
					mime_type: file.type.mimeType,
					bytes: file.source.size,
				},
			},
		];
	}

	return { description, execute };
}
