'use strict';
/**
 * The fake service's video models as the editor must show them: named in the picker's list with
 * their prices, and the choices their resolution, aspect ratio and duration dropdowns offer.
 */
const { videoModels } = require('../../harness/fake-service/catalogue');

/** The first choice of every list that follows the model: the field's empty default. */
const MODEL_DEFAULT = "Model's Default";

/** What the resolution, aspect ratio and duration dropdowns must offer for a model of the listing. */
function expectedChoices(model) {
	const dflt = (name, isDefault) => (isDefault ? `${name} (default)` : name);
	return {
		resolution: [
			MODEL_DEFAULT,
			...model.resolutions.map((r) =>
				dflt(
					r.label && r.label !== r.resolution
						? `${r.resolution} (renders ${r.label})`
						: r.resolution,
					r.resolution === model.default_resolution,
				),
			),
		],
		aspectRatio: [MODEL_DEFAULT, ...model.aspect_ratios],
		duration: [
			MODEL_DEFAULT,
			...model.durations.map((d) => dflt(`${d} s`, d === model.default_duration)),
		],
	};
}

/** A model as the picker's list names it: its title and the range of its prices. */
function listName(model) {
	const prices = model.resolutions.map((r) => r.credits_per_second);
	const [low, high] = [Math.min(...prices), Math.max(...prices)];
	const per = (n) => `${n} ${n === 1 ? 'credit' : 'credits'} per second`;
	return `${model.title} (${low === high ? per(high) : `${low} to ${per(high)}`})`;
}
const namesFor = (mode) => videoModels.filter((m) => m.modes.includes(mode)).map(listName);
const byTitle = (title) => videoModels.find((m) => m.title === title);

module.exports = { MODEL_DEFAULT, expectedChoices, listName, namesFor, byTitle };
