import { ErrorCode, FAVICON_MAX_BYTES, LOGO_MAX_BYTES, validation, type FaviconKind } from '@trellis/domain';
import { newFileKey, sniffImage, type FileStore, type UploadedFile } from '../../files/index.ts';
import { ApiError } from '../../http/errors.ts';
import { looksLikeSvg, svgProblem } from './svg.ts';

// What a logo or a favicon may be, told by the bytes (the file name is not trusted): PNG, JPEG, GIF, WebP, a
// checked SVG (svg.ts), and for favicons the ICO format. Anything else is 'Wrong file format'.

interface Kind {
  ext: string;
  contentType: string;
}

const RASTER = ['png', 'jpg', 'gif', 'webp'];

/** An ICO file: reserved 0, type 1 (icon), at least one image, and room for its directory. */
function isIco(b: Buffer): boolean {
  return b.length >= 22 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0;
}

function kindOf(body: Buffer, field: string, allowIco: boolean): Kind {
  for (const ext of RASTER) {
    const k = sniffImage(`image.${ext}`, body);
    if (k) return k;
  }
  if (allowIco && isIco(body)) return { ext: 'ico', contentType: 'image/x-icon' };
  if (looksLikeSvg(body)) {
    const problem = svgProblem(body);
    if (problem) throw ApiError.badRequest(`${field}: This SVG image cannot be used: ${problem}.`);
    return { ext: 'svg', contentType: 'image/svg+xml' };
  }
  throw ApiError.badRequest(`${field}: ${validation.messages.FILE_TYPE}`);
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

function checkSize(file: UploadedFile, max: number) {
  if (!file.body.length) throw ApiError.badRequest(`${file.field}: The file is empty.`);
  if (file.body.length > max)
    throw new ApiError(413, ErrorCode.payloadTooLarge, [
      `${file.field}: File is too large; the limit is ${size(max)}.`,
    ]);
}

/** Store a logo after checking its size and content; returns the new file's key. */
export async function storeLogo(store: FileStore, file: UploadedFile): Promise<string> {
  checkSize(file, LOGO_MAX_BYTES);
  const kind = kindOf(file.body, file.field, false);
  const key = newFileKey(kind.ext);
  await store.put(key, file.body, { contentType: kind.contentType, name: file.filename });
  return key;
}

/** Store a favicon; returns its key and its kind (one favicon of each kind per portal). */
export async function storeFavicon(store: FileStore, file: UploadedFile): Promise<{ key: string; kind: FaviconKind }> {
  checkSize(file, FAVICON_MAX_BYTES);
  const kind = kindOf(file.body, file.field, true);
  if (kind.ext !== 'png' && kind.ext !== 'ico' && kind.ext !== 'svg')
    throw ApiError.badRequest(`${file.field}: A favicon is an ICO, PNG or SVG image.`);
  const key = newFileKey(kind.ext);
  await store.put(key, file.body, { contentType: kind.contentType, name: file.filename });
  return { key, kind: kind.ext };
}
