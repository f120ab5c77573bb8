import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

// The example repository shipped in examples/report-repository, as the .zip an account uploads (the demo's
// repository, and the tests').

export const EXAMPLE_REPOSITORY_DIR = fileURLToPath(
  new URL('../../../../../../examples/report-repository', import.meta.url),
);

export function zipFolder(dir: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split('\\').join('/')] = readFileSync(path);
    }
  };
  walk(dir);
  return zipSync(files);
}

export const exampleArchive = () => zipFolder(EXAMPLE_REPOSITORY_DIR);
