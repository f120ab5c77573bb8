import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for the tests that send mail (SMTP_URL pointed at it), and a small MIME reader
// for what it receives: headers, encoded words, multipart bodies, quoted-printable and base64 parts.

export interface Received {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  received: Received[];
  /** smtp://127.0.0.1:<port>, for Config.smtpUrl (SMTP_URL). */
  url: string;
  close: () => Promise<void>;
}

/** A local SMTP server that keeps what it receives and refuses recipients at refused.test (550). */
export async function smtpPeer(): Promise<SmtpPeer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith('@refused.test')) {
        cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The text of a message, quoted-printable soft breaks and escapes undone. */
export const textOf = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

export interface MailPart {
  /** The media type, lower case (text/plain, text/html). */
  type: string;
  /** The decoded body (the transfer encoding undone, read as UTF-8). */
  body: string;
}

export interface ParsedMail {
  /** Header values by lower-case name, unfolded, encoded words decoded (the first of a repeated header). */
  headers: Record<string, string>;
  subject: string;
  /** The leaf parts, in order (a single-part message has one). */
  parts: MailPart[];
  text?: string;
  html?: string;
}

const qpBytes = (s: string) => {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-Fa-f]{2}$/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes);
};

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), adjacent ones joined. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, enc: string, text: string) =>
      (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text.replace(/_/g, ' '))).toString('utf8'),
    );

function splitHead(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const param = (header: string, name: string) => new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header)?.[1];

function leaves(raw: string): MailPart[] {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(contentType, 'boundary');
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`);
    // before the first delimiter: the preamble; from the closing one ("--boundary--"): the epilogue
    return sections
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .flatMap((s) => leaves(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(body)
        : Buffer.from(body, 'utf8');
  return [{ type, body: bytes.toString('utf8') }];
}

/** Read a received message: enough MIME for the tests (no mail parser is a dependency). */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = leaves(raw);
  return {
    headers,
    subject: headers.subject ?? '',
    parts,
    text: parts.find((p) => p.type === 'text/plain')?.body,
    html: parts.find((p) => p.type === 'text/html')?.body,
  };
}
