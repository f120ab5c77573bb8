import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The server's outgoing mail in the e2e run: global setup points SMTP_URL at this sink, which stores each
 * message as a JSON file in E2E_MAIL_DIR; specs (in other processes) read it with waitForMail().
 */
export async function startMailSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        n += 1;
        writeFileSync(
          join(dir, `${Date.now()}-${String(n).padStart(4, '0')}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  file: string;
}

const decodeQP = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, v: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(v, 'base64').toString('utf8') : decodeQP(v.replace(/_/g, ' ')),
  );

function splitPart(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r?\n[ \t]+/g, ' ');
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  return { header, body };
}

/** The plain text of a message (the text/plain part of a multipart one), transfer encoding undone. */
function plainText(raw: string): string {
  const { header, body } = splitPart(raw);
  const type = header('content-type');
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'));
    const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0] ?? '';
    return plainText(part.replace(/^\r?\n/, ''));
  }
  const encoding = header('content-transfer-encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQP(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Every message sent so far, oldest first. */
export function allMail(dir = process.env.E2E_MAIL_DIR): Mail[] {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail sink runs only when global-setup.ts starts the server.');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const { to, raw } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string };
      return { to, subject: decodeWords(splitPart(raw).header('subject')), text: plainText(raw), file };
    });
}

/** The newest message to `to` (matching `subject`, if given) sent after `since` (a file name from an earlier message, or Date.now()). */
export async function waitForMail(
  to: string,
  { subject, since = 0, timeoutMs = 15_000 }: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail()
      .filter(
        (m) =>
          m.to.includes(to.toLowerCase()) &&
          (!subject || subject.test(m.subject)) &&
          Number(m.file.split('-')[0]) >= since,
      )
      .pop();
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `No e-mail to ${to}${subject ? ` with a subject like ${subject}` : ''} within ${timeoutMs / 1000} s.`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a message's text pointing at `path` (e.g. '/password/set'), as a path with query for page.goto. */
export function linkIn(mail: Mail, path: string): string {
  const url = mail.text
    .match(/https?:\/\/[^\s<>"')\]]+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname.startsWith(path));
  if (!url) throw new Error(`No ${path} link in the e-mail "${mail.subject}":\n${mail.text}`);
  return url.pathname + url.search + url.hash;
}
