// What a support thread accepts as a file: at most 512 KiB decoded, and only documents and images
// a person opens safely (PDF, PNG, JPEG, plain text, CSV). The declared type must agree with the
// file's first bytes, so a renamed executable is refused whatever it calls itself.
import { DomainError, invalidField } from '../errors.js';
import { newId } from '../ids.js';

export const maxAttachmentBytes = 512 * 1024;

export interface AttachmentUpload {
  file_name: string;
  content_type: string;
  content_base64: string;
}

export interface CheckedAttachment {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
  content: Buffer;
}

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const isText = (bytes: Buffer) => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const allowed: Record<string, (bytes: Buffer) => boolean> = {
  'application/pdf': (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'text/plain': isText,
  'text/csv': isText,
};

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The uploads checked and decoded, in order; the first one wrong refuses them all. */
export function checkAttachments(uploads: readonly AttachmentUpload[] | undefined): CheckedAttachment[] {
  return (uploads ?? []).map((upload, i) => {
    const pointer = `/attachments/${i}`;
    if (!base64.test(upload.content_base64))
      throw invalidField(`${pointer}/content_base64`, 'The content is not base64.');
    // Decoded size known before decoding: refuse a large file without holding it twice.
    const padding = upload.content_base64.endsWith('==') ? 2 : upload.content_base64.endsWith('=') ? 1 : 0;
    const size = (upload.content_base64.length / 4) * 3 - padding;
    if (size > maxAttachmentBytes)
      throw new DomainError(
        'attachment_too_large',
        `${upload.file_name} is ${size} bytes; an attachment holds at most ${maxAttachmentBytes}.`,
        { pointer },
      );
    const type = upload.content_type.split(';')[0]!.trim().toLowerCase();
    const content = Buffer.from(upload.content_base64, 'base64');
    const matches = allowed[type];
    if (!matches)
      throw new DomainError(
        'attachment_type_not_allowed',
        `${upload.file_name}: ${type} is not accepted; attach PDF, PNG, JPEG, plain text or CSV.`,
        { pointer: `${pointer}/content_type` },
      );
    if (!matches(content))
      throw new DomainError('attachment_type_not_allowed', `${upload.file_name} does not look like ${type}.`, {
        pointer: `${pointer}/content_base64`,
      });
    return { id: newId('att'), file_name: upload.file_name, content_type: type, size: content.length, content };
  });
}
