// The marketing locale files (separate from the back office's en/ua/pl): every language has every
// key English has and no other, no text is empty, and the FAQ has exactly 13 questions (spec §2).
import { describe, expect, it } from 'vitest';
import { keysOf, languages, messages } from '../i18n';

describe('marketing locales', () => {
  const english = keysOf(messages.en).sort();

  it.each(languages.filter((l) => l !== 'en'))('%s has exactly the keys of en', (language) => {
    expect(keysOf(messages[language]).sort()).toEqual(english);
  });

  it.each(languages)('%s has no empty text and 13 FAQ questions', (language) => {
    const m = messages[language];
    const texts = keysOf(m).map((key) =>
      key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], m),
    );
    expect(texts.filter((t) => typeof t !== 'string' || t.trim() === '')).toEqual([]);
    expect(m.faq.items).toHaveLength(13);
  });
});
