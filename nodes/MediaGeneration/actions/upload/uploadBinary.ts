import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readInputBinary } from '../../transport/binaryInput';
import { apiRequest } from '../../transport/request';
import {
	sniffImageType,
	sniffVideoType,
	UPLOAD_LIMITS,
	type ImageType,
	type VideoType,
} from '../../validation/fileType';
import { InputError } from '../../validation/inputError';

export type UploadKind = 'image' | 'video';
export type UploadFile = {
	kind: UploadKind;
	field: string;
	data: Buffer;
	fileName: string;
	type: ImageType | VideoType;
};

/**
 * Reads a binary field of the input item for an upload and checks it first: the type by its
 * content (never by name or declared MIME type) and the size against the service's limit.
 * `label` names the field in errors (the input field, or the reference field it came from).
 */
export async function readUploadFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: UploadKind,
	field: string,
	label = 'Input Binary Field',
): Promise<UploadFile> {
	const limits = UPLOAD_LIMITS[kind];
	const file = await readInputBinary(ctx, itemIndex, field);
	const type = kind === 'image' ? sniffImageType(file.data) : sniffVideoType(file.data);
	if (!type) {
		throw new InputError(
			`${label} "${field}" is not a ${limits.types} file (checked by its content); allowed: ${limits.types}`,
		);
	}
	if (file.data.length > limits.bytes) {
		throw new InputError(
			`${label} "${field}" is ${(file.data.length / 1048576).toFixed(1)} MB; ${kind} uploads may be at most ${limits.label}`,
		);
	}
	return {
		kind,
		field,
		data: file.data,
		type,
		fileName: file.fileName || `upload.${type.extension}`,
	};
}

/** Sends a checked file to POST /image/upload or /video/upload; returns the service's answer. */
export async function sendUpload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	file: UploadFile,
): Promise<IDataObject> {
	return await apiRequest<IDataObject>(ctx, {
		method: 'POST',
		path: `/${file.kind}/upload`,
		itemIndex,
		timeoutMs: 10 * 60_000,
		body: () => {
			const form = new FormData();
			form.append(
				file.kind,
				new Blob([new Uint8Array(file.data)], { type: file.type.mimeType }),
				file.fileName,
			);
			return form;
		},
	});
}
