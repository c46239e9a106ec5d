'use strict';
/** Execution logic v2: a binary field name that is not found lists the paths the item has. */
const { FAST } = require('../support/media');
const { storedFiles, v2Item, useV2Workflow } = require('../support/v2-workflow');

const { count, runV2, expectUploadedWhole } = useV2Workflow();

describe('execution logic v2: a name that is not found', () => {
	test('a plain name: the error lists the paths the item has, before anything is uploaded or created', async () => {
		const files = await storedFiles({ img: 'png', img2: 'png' });
		const before = count('POST /image/upload') + count('POST /image');
		const { error } = await runV2(
			'Image',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'Combine',
				model: 'flux-pro',
				referenceImageFields: 'img',
				options: FAST,
			},
			[v2Item(files)],
		);
		expect(error.message).toBe(
			'Reference Image Binary Fields: the input item has no binary field "img"; it has: _files.img, _files.img2',
		);
		expect(count('POST /image/upload') + count('POST /image')).toBe(before);
	});

	test("Upload's Input Binary Field names the paths too; an item with no files says so", async () => {
		const files = await storedFiles({ photo: 'png' });
		const upload = { resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' };
		const missing = await runV2('Upload', upload, [v2Item(files)]);
		expect(missing.error.message).toBe(
			'Input Binary Field: the input item has no binary field "data"; it has: _files.photo',
		);
		const none = await runV2('Upload', upload, [{ json: { name: 'no files' } }]);
		expect(none.error.message).toBe(
			'Input Binary Field: the input item has no binary field "data"; it has: no binary data',
		);
	});

	test('with Continue On Fail, only that item fails; the other is uploaded', async () => {
		const good = await storedFiles({ data: 'png' });
		const other = await storedFiles({ photo: 'png' });
		const { items, error } = await runV2(
			'Upload',
			{ resource: 'upload', operation: 'uploadImage', binaryPropertyName: '_files.data' },
			[v2Item(good), v2Item(other)],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expectUploadedWhole('image', items[0].json.image_id, good.data.buffer);
		expect(items[1].json.error).toBe(
			'Input Binary Field: the input item has no binary field "_files.data"; it has: _files.photo',
		);
	});
});
