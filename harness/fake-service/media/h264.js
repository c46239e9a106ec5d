'use strict';
/**
 * A tiny H.264 (Constrained Baseline) encoder for uniformly grey frames.
 * Every macroblock is I_16x16 with DC prediction and no residual (8 bits each), so a frame of
 * any size is a few kilobytes and decodes in every player.
 */
const { BitWriter, escapeRbsp } = require('./bits');

function nal(type, refIdc, writer) {
	return Buffer.concat([Buffer.from([(refIdc << 5) | type]), escapeRbsp(writer.buffer())]);
}

function sps(width, height) {
	const mbW = Math.ceil(width / 16);
	const mbH = Math.ceil(height / 16);
	const w = new BitWriter();
	w.bits(66, 8); // profile_idc: baseline
	w.bits(0xc0, 8); // constraint_set0/1 flags
	w.bits(40, 8); // level_idc 4.0
	w.ue(0); // seq_parameter_set_id
	w.ue(0); // log2_max_frame_num_minus4
	w.ue(2); // pic_order_cnt_type
	w.ue(1); // max_num_ref_frames
	w.bit(0); // gaps_in_frame_num_value_allowed_flag
	w.ue(mbW - 1);
	w.ue(mbH - 1);
	w.bit(1); // frame_mbs_only_flag
	w.bit(1); // direct_8x8_inference_flag
	const cropRight = (mbW * 16 - width) / 2;
	const cropBottom = (mbH * 16 - height) / 2;
	if (cropRight || cropBottom) {
		w.bit(1);
		w.ue(0);
		w.ue(cropRight);
		w.ue(0);
		w.ue(cropBottom);
	} else {
		w.bit(0);
	}
	w.bit(0); // vui_parameters_present_flag
	w.trailing();
	return nal(7, 3, w);
}

function pps() {
	const w = new BitWriter();
	w.ue(0); // pic_parameter_set_id
	w.ue(0); // seq_parameter_set_id
	w.bit(0); // entropy_coding_mode_flag: CAVLC
	w.bit(0); // bottom_field_pic_order_in_frame_present_flag
	w.ue(0); // num_slice_groups_minus1
	w.ue(0); // num_ref_idx_l0_default_active_minus1
	w.ue(0); // num_ref_idx_l1_default_active_minus1
	w.bit(0); // weighted_pred_flag
	w.bits(0, 2); // weighted_bipred_idc
	w.se(0); // pic_init_qp_minus26
	w.se(0); // pic_init_qs_minus26
	w.se(0); // chroma_qp_index_offset
	w.bit(1); // deblocking_filter_control_present_flag
	w.bit(0); // constrained_intra_pred_flag
	w.bit(0); // redundant_pic_cnt_present_flag
	w.trailing();
	return nal(8, 3, w);
}

function idrSlice(width, height, idrPicId) {
	const mbs = Math.ceil(width / 16) * Math.ceil(height / 16);
	const w = new BitWriter();
	w.ue(0); // first_mb_in_slice
	w.ue(7); // slice_type: I (all slices of the picture)
	w.ue(0); // pic_parameter_set_id
	w.bits(0, 4); // frame_num (log2_max_frame_num = 4)
	w.ue(idrPicId);
	w.bit(0); // no_output_of_prior_pics_flag
	w.bit(0); // long_term_reference_flag
	w.se(0); // slice_qp_delta
	w.ue(1); // disable_deblocking_filter_idc: off
	for (let i = 0; i < mbs; i++) {
		w.ue(3); // mb_type I_16x16_2_0_0: DC prediction, no coded blocks
		w.ue(0); // intra_chroma_pred_mode: DC
		w.se(0); // mb_qp_delta
		w.bit(1); // Intra16x16DCLevel coeff_token: no coefficients
	}
	w.trailing();
	return nal(5, 3, w);
}

/** Length-prefixed (AVCC) sample for one frame. */
function frameSample(width, height, index) {
	const slice = idrSlice(width, height, index % 2);
	const len = Buffer.alloc(4);
	len.writeUInt32BE(slice.length);
	return Buffer.concat([len, slice]);
}

module.exports = { sps, pps, frameSample };
