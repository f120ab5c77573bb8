import { useEffect, useState } from 'react';
import { PORTAL_VERSION } from './branding/brand.ts';

/** The static versions file (spec §7), served next to the portal. */
export interface VersionsFile {
  version?: string;
  components?: { spa?: string; api?: string };
  /** Microsoft Clarity project token, when the installation has one. */
  clarity?: string;
  features?: Record<string, boolean>;
}

export const VERSIONS_URL = '/versions.json';

/** Fetch the versions file; null when it cannot be had (spec §8: the portal then uses its built-in version). */
export async function fetchVersions(signal?: AbortSignal): Promise<VersionsFile | null> {
  try {
    const res = await fetch(VERSIONS_URL, { headers: { accept: 'application/json' }, cache: 'no-cache', signal });
    if (!res.ok) throw new Error(`${res.status}`);
    const body = (await res.json()) as VersionsFile;
    return body && typeof body === 'object' ? body : null;
  } catch (err) {
    if ((err as Error)?.name !== 'AbortError')
      console.warn('The versions file could not be read; using the built-in version.');
    return null;
  }
}

// Read once per page load (app/start-calls.ts starts it with the app), without the query cache: the login page's
// footer shows it, and that page's JavaScript carries no TanStack Query.
let versions: Promise<VersionsFile | null> | null = null;
let read: VersionsFile | null | undefined;

/** The versions file, asked for once (again after forgetVersions()). */
export const loadVersions = () => (versions ??= fetchVersions().then((f) => (read = f)));

/** For tests: the next loadVersions() reads the file again. */
export function forgetVersions() {
  versions = null;
  read = undefined;
}

/** The versions file; undefined while it loads. */
export function useVersions(): VersionsFile | null | undefined {
  const [file, setFile] = useState(read);
  useEffect(() => {
    let live = true;
    void loadVersions().then((f) => live && setFile(f));
    return () => {
      live = false;
    };
  }, []);
  return file;
}

/** The version to show: the served file's, or the portal's own when the file is missing or says nothing. */
export function versionOf(file: VersionsFile | null | undefined): string {
  const v = file?.version;
  return typeof v === 'string' && v.trim() ? v.trim() : PORTAL_VERSION;
}

/** The version the footer's {version} shows. */
export function usePortalVersion(): string {
  return versionOf(useVersions());
}

/** A feature flag of the versions file (off unless the file turns it on). */
export function useFeature(name: string): boolean {
  return useVersions()?.features?.[name] === true;
}
