/**
 * A chart's value axis: a round top at or above `max` and the ticks up to it (0, 5, 10, 15 …),
 * at most `count` steps. Counts only: the steps are whole numbers.
 */
export function niceTicks(max: number, count = 5): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  // The smallest round whole step (1, 2, 2.5, 5 × 10ⁿ) that reaches `max` within `count` steps.
  let step = 1;
  for (let power = 1; step * count < max; power *= 10) {
    step =
      [1, 2, 2.5, 5, 10]
        .map((factor) => factor * power)
        .find((candidate) => Number.isInteger(candidate) && candidate * count >= max) ?? 10 * power;
  }
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

/** Which of `length` evenly spaced labels to print so that at most `most` show (first and last kept). */
export function labelIndexes(length: number, most: number): number[] {
  if (length <= most) return Array.from({ length }, (_, index) => index);
  const every = Math.ceil((length - 1) / (most - 1));
  const picked: number[] = [];
  for (let index = 0; index < length; index += every) picked.push(index);
  // The last label, unless it would sit on top of the one before it.
  if (picked.at(-1) !== length - 1) {
    if (length - 1 - picked.at(-1)! < every * 0.75) picked.pop();
    picked.push(length - 1);
  }
  return picked;
}

/** 0–1 intensity of a heat map cell: square-root scaled so a few busy hours do not wash out the rest. */
export function intensity(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.sqrt(value / max);
}
