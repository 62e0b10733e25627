// A failed search read for the form: items pointing at a field of the form (`source.pointer`)
// go beside that field; every other item, and a failure with no errors body, is a notice
// (product spec §8).
import { ApiError } from '@contrail/sdk';
import type { DraftErrors } from './search-draft';

export interface SearchErrorSplit {
  fields: DraftErrors;
  /** Nothing pointed at a field: show the whole error as notices. */
  noticeOnly: boolean;
  /** Texts of items that point at nothing the form shows. */
  others: string[];
}

export function splitSearchError(error: unknown, fieldKeys: ReadonlySet<string>): SearchErrorSplit {
  if (!(error instanceof ApiError)) return { fields: {}, noticeOnly: true, others: [] };
  const fields: DraftErrors = {};
  const others: string[] = [];
  for (const item of error.errors) {
    const text = item.detail ?? item.title;
    const pointer = item.source?.pointer;
    if (pointer && fieldKeys.has(pointer)) fields[pointer] ??= text;
    else if (text.trim() !== '') others.push(text);
  }
  return { fields, noticeOnly: Object.keys(fields).length === 0, others };
}
