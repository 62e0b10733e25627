// A form's error state: server validation errors beside the fields they name (`source.pointer`),
// everything else through the notification stack, as every other failure is shown. Mutations that
// report through this pass `meta: { silentErrors: true }` so the query client does not show them too.
import { useCallback, useState } from 'react';
import { useNotify, useNotifyError } from '../notifications';
import { splitFieldErrors, type FieldErrors } from '../lib/forms/field-errors';

export function useFormErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const notify = useNotify();
  const notifyError = useNotifyError();

  const report = useCallback(
    (error: unknown) => {
      const split = splitFieldErrors(error, fields);
      if (!split) {
        setErrors({});
        notifyError(error);
        return;
      }
      setErrors(split.fields);
      for (const text of split.others) notify({ type: 'error', text });
    },
    [fields, notify, notifyError],
  );

  const clear = useCallback((field: F) => {
    setErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, setErrors, report, clear };
}
