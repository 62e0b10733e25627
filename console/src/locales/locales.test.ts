// Every text of the console exists in en, ua and pl (product spec §9); a key missing from one file
// would silently fall back to English, so the files must match key for key. The same holds for the
// texts that load with a screen's chunk (one folder per screen here).
import { describe, expect, it } from 'vitest';
import en from './en.json';
import pl from './pl.json';
import ua from './ua.json';
import fareWatchEn from './fare-watch/en.json';
import fareWatchPl from './fare-watch/pl.json';
import fareWatchUa from './fare-watch/ua.json';
import backOfficeEn from './back-office-feed/en.json';
import backOfficePl from './back-office-feed/pl.json';
import backOfficeUa from './back-office-feed/ua.json';
import sandboxEn from './sandbox/en.json';
import sandboxPl from './sandbox/pl.json';
import sandboxUa from './sandbox/ua.json';
import requestLogEn from './request-log/en.json';
import requestLogPl from './request-log/pl.json';
import requestLogUa from './request-log/ua.json';
import workspaceEn from './workspace/en.json';
import workspacePl from './workspace/pl.json';
import workspaceUa from './workspace/ua.json';
import manageEn from './back-office-tools/en.json';
import managePl from './back-office-tools/pl.json';
import manageUa from './back-office-tools/ua.json';
import supportEn from './support/en.json';
import supportPl from './support/pl.json';
import supportUa from './support/ua.json';
import extensionEn from './extension/en.json';
import extensionPl from './extension/pl.json';
import extensionUa from './extension/ua.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf as `dotted.path` → text, so nested files compare as flat lists. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const fileSets = {
  main: { en, ua, pl },
  'fare-watch': { en: fareWatchEn, ua: fareWatchUa, pl: fareWatchPl },
  'back-office-feed': { en: backOfficeEn, ua: backOfficeUa, pl: backOfficePl },
  sandbox: { en: sandboxEn, ua: sandboxUa, pl: sandboxPl },
  'request-log': { en: requestLogEn, ua: requestLogUa, pl: requestLogPl },
  workspace: { en: workspaceEn, ua: workspaceUa, pl: workspacePl },
  extension: { en: extensionEn, ua: extensionUa, pl: extensionPl },
  'back-office-tools': { en: manageEn, ua: manageUa, pl: managePl },
  support: { en: supportEn, ua: supportUa, pl: supportPl },
};

describe.each(Object.entries(fileSets))('locale files: %s', (_set, files) => {
  const english = leaves(files.en);
  const translations = { ua: leaves(files.ua), pl: leaves(files.pl) };

  it.each(Object.entries(translations))('%s has exactly the keys of en', (_language, texts) => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(Object.entries({ en: english, ...translations }))('%s has no empty texts', (_language, texts) => {
    const empty = [...texts].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.entries(translations))('%s keeps the placeholders of en', (_language, texts) => {
    for (const [key, text] of english) {
      expect(placeholders(texts.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

it('the texts that load with a chunk use keys of their own', () => {
  const main = leaves(en);
  for (const own of [fareWatchEn, backOfficeEn, sandboxEn, requestLogEn, workspaceEn, manageEn, supportEn])
    expect([...leaves(own).keys()].filter((key) => main.has(key))).toEqual([]);
});
