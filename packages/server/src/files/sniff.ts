import { randomBytes } from 'node:crypto';

// What an uploaded image really is: the extension must name an accepted format AND the first bytes must
// be that format's signature, so a renamed HTML or SVG file is never served back as an image.

export interface ImageKind {
  ext: string;
  contentType: string;
}

const SIGNATURES: { exts: string[]; contentType: string; test: (b: Buffer) => boolean }[] = [
  {
    exts: ['png'],
    contentType: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { exts: ['jpg', 'jpeg'], contentType: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    exts: ['gif'],
    contentType: 'image/gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    exts: ['webp'],
    contentType: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1] ?? '').toLowerCase();

/** The image format of an upload, or null when the name or the bytes are not an accepted image. */
export function sniffImage(fileName: string, body: Buffer): ImageKind | null {
  const ext = extensionOf(fileName);
  const sig = SIGNATURES.find((s) => s.exts.includes(ext));
  if (!sig || !sig.test(body)) return null;
  return { ext: sig.exts[0], contentType: sig.contentType };
}

/** An unguessable key: files are served by key alone. */
export const newFileKey = (ext: string) => `FL-${randomBytes(16).toString('hex')}.${ext}`;
