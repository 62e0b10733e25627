// Bringing back earlier questions with the arrow keys, as a shell does: ArrowUp steps back through
// the questions asked, ArrowDown forward and finally to an empty input. Only when the input is
// empty or still holds the question recalled last, so the arrows never throw away a draft.
// Pure, so it is tested without a browser.

export interface Recall {
  /** The index into the asked questions of the one shown, or null when none is. */
  index: number | null;
}

/** The recall after an arrow key, and the input's new value; null when the key is not ours. */
export function recallStep(
  asked: readonly string[],
  recall: Recall,
  value: string,
  key: 'ArrowUp' | 'ArrowDown',
): { recall: Recall; value: string } | null {
  const untouched = value === '' || (recall.index !== null && asked[recall.index] === value);
  if (!untouched || asked.length === 0) return null;
  if (key === 'ArrowUp') {
    const index = recall.index === null || value === '' ? asked.length - 1 : Math.max(0, recall.index - 1);
    return { recall: { index }, value: asked[index]! };
  }
  if (recall.index === null || value === '') return null;
  const index = recall.index + 1;
  if (index >= asked.length) return { recall: { index: null }, value: '' };
  return { recall: { index }, value: asked[index]! };
}
