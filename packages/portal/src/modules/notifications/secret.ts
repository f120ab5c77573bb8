const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this would favour the first letters (256 is not a multiple of 62): they are drawn again. */
const FAIR = 256 - (256 % ALPHABET.length);

export const GENERATED_SECRET_LENGTH = 32;

/** A random secret of letters and digits (about 190 bits), from the browser's cryptographic generator. */
export function generateSecret(length = GENERATED_SECRET_LENGTH): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) if (b < FAIR && out.length < length) out += ALPHABET[b % ALPHABET.length];
  }
  return out;
}
