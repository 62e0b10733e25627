// What a support thread accepts as a file: at most 512 KiB decoded, and only documents and images
// a person opens safely (PDF, PNG, JPEG, plain text, CSV). The declared type must agree with the
// file's first bytes, so a renamed executable is refused whatever it calls itself.
import { DomainError, invalidField } from '../errors.js';
import { base64Size, isBase64, looksLike } from '../file-kinds.js';
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

// Every kind file-kinds.ts knows is one a thread takes.
const allowed: Record<string, (bytes: Buffer) => boolean> = looksLike;

/** The uploads checked and decoded, in order; the first one wrong refuses them all. */
export function checkAttachments(uploads: readonly AttachmentUpload[] | undefined): CheckedAttachment[] {
  return (uploads ?? []).map((upload, i) => {
    const pointer = `/attachments/${i}`;
    if (!isBase64(upload.content_base64)) throw invalidField(`${pointer}/content_base64`, 'The content is not base64.');
    const size = base64Size(upload.content_base64);
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
