import { Unzip, UnzipInflate } from 'fflate';
import { posix } from 'node:path';

// An uploaded repository archive (.zip) read into its text files, path → content. Only what reports are made of is
// kept (JavaScript, JSON, markdown and text); paths are normalised and may not leave the archive. The bytes are
// counted while they inflate, so an archive that claims to be small but inflates to gigabytes stops at the limit.

/** The most a repository's kept files may hold once inflated, and how many there may be. */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
export const MAX_FILES = 500;
const KEPT = /\.(m?js|json|md|txt)$/i;

export class ArchiveProblem extends Error {}

export type RepositoryFiles = Record<string, string>;

/** A path inside the archive, normalised; null when it is a folder, hidden, or would leave the archive. */
export function cleanPath(name: string): string | null {
  const p = posix.normalize(name.replaceAll('\\', '/')).replace(/^\/+/, '');
  if (!p || p.endsWith('/') || p === '.' || p.startsWith('../') || p === '..') return null;
  if (p.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')) return null;
  return p;
}

export function readArchive(bytes: Uint8Array): RepositoryFiles {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw new ArchiveProblem('The archive is not a .zip file.');
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let count = 0;
  const unzip = new Unzip((file) => {
    const path = cleanPath(file.name);
    if (!path || !KEPT.test(path)) return;
    if (++count > MAX_FILES) throw new ArchiveProblem(`The archive holds more than ${MAX_FILES} report files.`);
    const parts: Uint8Array[] = [];
    chunks.set(path, parts);
    file.ondata = (err, data) => {
      if (err) throw new ArchiveProblem(`${path} cannot be read: ${err.message}`);
      total += data.length;
      if (total > MAX_INFLATED_BYTES)
        throw new ArchiveProblem(`The archive's files hold more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB.`);
      parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (e) {
    if (e instanceof ArchiveProblem) throw e;
    throw new ArchiveProblem(`The archive cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const files: RepositoryFiles = {};
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const [path, parts] of chunks) {
    try {
      files[path] = decoder.decode(Buffer.concat(parts));
    } catch {
      throw new ArchiveProblem(`${path} is not UTF-8 text.`);
    }
  }
  return withoutWrapper(files);
}

/** An archive made of one folder (as git hosts download them) is read from inside that folder. */
function withoutWrapper(files: RepositoryFiles): RepositoryFiles {
  if ('reports.json' in files) return files;
  const tops = new Set(Object.keys(files).map((p) => p.split('/')[0]));
  const [top] = tops;
  if (tops.size !== 1 || !(`${top}/reports.json` in files)) return files;
  return Object.fromEntries(Object.entries(files).map(([p, text]) => [p.slice(top!.length + 1), text]));
}
