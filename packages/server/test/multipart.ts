/** One file of a multipart/form-data body. */
export interface FilePart {
  field: string;
  filename: string;
  body: Buffer | Uint8Array;
  type?: string;
}

/** A multipart/form-data body (fields, then files) as a browser sends it, with its content type. */
export function form(fields: Record<string, string | number>, ...files: FilePart[]) {
  const boundary = '----trellis-test-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(f.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
