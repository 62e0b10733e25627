// How support figures read: a duration in the largest whole unit that says it (seconds under two
// minutes, minutes under two hours, then hours), and a file read into the base64 the API takes.
import type { TFunction } from 'i18next';
import { fileAsBase64 } from '../../lib/file-base64';

export function formatDuration(seconds: number, t: TFunction): string {
  if (seconds < 120) return t('support.duration.seconds', { n: Math.round(seconds) });
  if (seconds < 7200) return t('support.duration.minutes', { n: Math.round(seconds / 60) });
  return t('support.duration.hours', { n: Math.round(seconds / 3600) });
}

export const secondsSince = (iso: string, now = Date.now()) => Math.max(0, (now - Date.parse(iso)) / 1000);

/** A chosen file as an attachment of a message. */
export async function attachmentOf(file: File) {
  const content_base64 = await fileAsBase64(file);
  return { file_name: file.name, content_type: file.type || 'application/octet-stream', content_base64 };
}
