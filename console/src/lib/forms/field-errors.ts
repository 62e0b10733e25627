// Server validation errors point at the request field they are about (`source.pointer`, a JSON
// pointer such as `/first_name`). A form shows those next to its fields; whatever it has no field
// for is still shown, as notices (product spec §8: every item's detail or title reaches the user).
import { ApiError } from '@contrail/sdk';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface SplitErrors<F extends string> {
  fields: FieldErrors<F>;
  /** Texts for the notice stack: errors about no field of this form. */
  others: string[];
}

/** The field a JSON pointer names, when the form has it: `/first_name`, `/data/first_name` → `first_name`. */
export function fieldOfPointer<F extends string>(pointer: string | undefined, fields: readonly F[]): F | undefined {
  if (!pointer) return undefined;
  const last = pointer.split('/').filter(Boolean).pop();
  return fields.find((field) => field === last);
}

/** Splits an API error into field errors and the rest; `null` when it is no API error with texts. */
export function splitFieldErrors<F extends string>(error: unknown, fields: readonly F[]): SplitErrors<F> | null {
  if (!(error instanceof ApiError) || error.errors.length === 0) return null;
  const split: SplitErrors<F> = { fields: {}, others: [] };
  for (const item of error.errors) {
    const text = item.detail ?? item.title;
    if (text.trim() === '') continue;
    const field = fieldOfPointer(item.source?.pointer, fields);
    if (field && split.fields[field] === undefined) split.fields[field] = text;
    else split.others.push(text);
  }
  if (Object.keys(split.fields).length === 0 && split.others.length === 0) return null;
  return split;
}
