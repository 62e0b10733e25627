import { describe, expect, it } from 'vitest';
import { recallStep } from './recall';

const asked = ['first', 'second', 'third'];

describe('recalling earlier questions', () => {
  it('steps back from an empty input, then forward to empty again', () => {
    let state = { recall: { index: null as number | null }, value: '' };
    const press = (key: 'ArrowUp' | 'ArrowDown') => {
      const next = recallStep(asked, state.recall, state.value, key);
      if (next) state = next;
      return state.value;
    };
    expect(press('ArrowUp')).toBe('third');
    expect(press('ArrowUp')).toBe('second');
    expect(press('ArrowUp')).toBe('first');
    expect(press('ArrowUp')).toBe('first');
    expect(press('ArrowDown')).toBe('second');
    expect(press('ArrowDown')).toBe('third');
    expect(press('ArrowDown')).toBe('');
    expect(press('ArrowDown')).toBe('');
  });

  it('leaves a draft alone', () => {
    expect(recallStep(asked, { index: null }, 'a draft', 'ArrowUp')).toBeNull();
    expect(recallStep(asked, { index: 1 }, 'second, edited', 'ArrowUp')).toBeNull();
    expect(recallStep([], { index: null }, '', 'ArrowUp')).toBeNull();
  });
});
