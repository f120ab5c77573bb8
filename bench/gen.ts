import { ensureDataset } from './generate.ts';

// Make (or reuse) one dataset: `tsx bench/gen.ts pg|pglite <size> [fresh]`.
const [kind, size, fresh] = process.argv.slice(2);
const d = await ensureDataset(kind as any, Number(size), { fresh: fresh === 'fresh', log: console.log });
console.log(JSON.stringify(d));
