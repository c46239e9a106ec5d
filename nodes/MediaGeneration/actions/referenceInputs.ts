import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import {
	readUploadFile,
	sendUpload,
	type UploadFile,
	type UploadKind,
} from './upload/uploadBinary';
import { withReferenceSlot } from '../engine/limits/referenceSlots';
import { inputBinaryField } from '../transport/binaryField';
import { parseIdList, parseList } from '../validation/ids';
import { InputError } from '../validation/inputError';
import {
	fetchUrls,
	namingOrigin,
	singleUrlField,
	urlListField,
	type SingleInput,
	withUrls,
	type UrlReferences,
} from './referenceUrls';
import { readParameter } from './itemField';

/** The names and labels of a pair of reference fields, shared by the form and the code reading it. */
export type ReferenceNames = {
	idsName: string;
	idsLabel: string;
	binaryName: string;
	binaryLabel: string;
	urlsName: string;
	urlsLabel: string;
};

export const REFERENCE_IMAGES: ReferenceNames = {
	idsName: 'referenceImageIds',
	idsLabel: 'Reference Image IDs',
	binaryName: 'referenceImageFields',
	binaryLabel: 'Reference Image Binary Fields',
	urlsName: 'referenceImageUrls',
	urlsLabel: 'Reference Image URLs',
};

export const REFERENCE_VIDEOS: ReferenceNames = {
	idsName: 'referenceVideoIds',
	idsLabel: 'Reference Video IDs',
	binaryName: 'referenceVideoFields',
	binaryLabel: 'Reference Video Binary Fields',
	urlsName: 'referenceVideoUrls',
	urlsLabel: 'Reference Video URLs',
};

/** The fields for one kind of input: ids, binary fields of the input item, and links, to upload. */
export function referenceFields(
	o: ReferenceNames & {
		kind: UploadKind;
		tag: 'Image' | 'Video';
		what: string;
		/** further conditions, such as the video mode that shows these fields */
		displayOptions?: IDisplayOptions;
	},
): INodeProperties[] {
	const source =
		o.kind === 'image'
			? 'Upload Image or an earlier image job'
			: 'Upload Video or an earlier video job';
	return [
		{
			displayName: o.idsLabel,
			name: o.idsName,
			type: 'string',
			default: '',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			displayOptions: o.displayOptions,
			description: `${o.what}: ${o.kind}_id values from ${source}, separated by commas. @${o.tag} 1, @${o.tag} 2, … in the prompt count these first, then the binary fields and links below.`,
		},
		{
			displayName: o.binaryLabel,
			name: o.binaryName,
			type: 'string',
			default: '',
			placeholder: 'e.g. data, logo',
			displayOptions: o.displayOptions,
			description: `${o.what} taken from binary fields of the input item (names separated by commas); each is uploaded first. They are numbered after the IDs above, in the order given.`,
		},
		urlListField(o),
	];
}

export type References = { ids: string[]; files: string[]; count: number } & UrlReferences;

/** Reads the fields, checking the ids' and links' form and that every named binary field exists. */
export function readReferences(
	ctx: IExecuteFunctions,
	itemIndex: number,
	o: ReferenceNames,
): References {
	const ids = parseIdList(readParameter(ctx, o.idsName, itemIndex, ''), o.idsLabel);
	const files = parseList(readParameter(ctx, o.binaryName, itemIndex, ''), o.binaryLabel);
	for (const field of files) inputBinaryField(ctx, itemIndex, field, o.binaryLabel);
	return withUrls(ctx, itemIndex, o, { ids, files });
}

/** Reads and checks every file first, then uploads them in order; returns all ids in prompt order. */
export async function resolveReferences(
	ctx: IExecuteFunctions,
	itemIndex: number,
	refs: References,
	kind: UploadKind,
	label: string,
): Promise<string[]> {
	return (await resolveWithUploads(ctx, itemIndex, refs, kind, label)).map((r) => r.id);
}

/** As resolveReferences, keeping what each upload answered (a video's duration_ms, for example). */
export async function resolveWithUploads(
	ctx: IExecuteFunctions,
	itemIndex: number,
	refs: References,
	kind: UploadKind,
	label: string,
): Promise<Array<{ id: string; upload?: IDataObject }>> {
	const ids = refs.ids.map((id) => ({ id }));
	if (!refs.files.length && !refs.urls?.length) return ids;
	const uploaded = await withReferenceSlot(ctx, async () => {
		const files: UploadFile[] = [];
		for (const field of refs.files)
			files.push(await readUploadFile(ctx, itemIndex, kind, field, label));
		files.push(...(await fetchUrls(ctx, itemIndex, refs, kind)));
		const sent: Array<{ id: string; upload?: IDataObject }> = [];
		for (const file of files) {
			const result = await sendUpload(ctx, itemIndex, file).catch((error: unknown) => {
				throw namingOrigin(file, error);
			});
			sent.push({ id: String(result[`${kind}_id`] ?? ''), upload: result });
		}
		return sent;
	});
	return [...ids, ...uploaded];
}

/** One input (a frame, a source video) given as an id, a binary field of the item, or a link. */
export function singleInputFields(o: SingleInput): INodeProperties[] {
	const source =
		o.kind === 'image' ? 'Upload Image or an image job' : 'Upload Video or a video job';
	return [
		{
			displayName: `${o.label} ID`,
			name: `${o.name}Id`,
			type: 'string',
			default: '',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			displayOptions: o.displayOptions,
			description: `${o.what}: an ${o.kind}_id from ${source}. Leave empty to take it from a binary field or a link instead.`,
		},
		{
			displayName: `${o.label} Binary Field`,
			name: `${o.name}Field`,
			type: 'string',
			default: '',
			placeholder: 'e.g. data',
			displayOptions: o.displayOptions,
			description: `${o.what}, taken from this binary field of the input item and uploaded first. Use one of the ID, the binary field or the link.`,
		},
		singleUrlField(o),
	];
}

/** Reads an id, binary or link input: at most one of the three, in the form the service accepts. */
export function readSingleInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): References {
	const refs = readReferences(ctx, itemIndex, {
		idsName: `${name}Id`,
		idsLabel: `${label} ID`,
		binaryName: `${name}Field`,
		binaryLabel: `${label} Binary Field`,
		urlsName: `${name}Url`,
		urlsLabel: `${label} URL`,
	});
	if (refs.count > 1) {
		throw new InputError(
			`${label}: give one ${label.toLowerCase()}, either an ID, a binary field or a URL, not ${refs.count}`,
		);
	}
	return refs;
}
