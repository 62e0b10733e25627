// What a file is, by its first bytes and not by what it calls itself, and base64 sizes known before
// decoding. Support attachments and agency logos both take files this way.
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

/** Each type a file may be taken as, and whether the bytes look like it. */
export const looksLike = {
  'application/pdf': (b: Buffer) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  'image/png': (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]),
  'text/plain': isText,
  'text/csv': isText,
} satisfies Record<string, (bytes: Buffer) => boolean>;

export type FileKind = keyof typeof looksLike;

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const isBase64 = (text: string) => base64.test(text);

/** The decoded size of valid base64, so a large file is refused without holding it twice. */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
