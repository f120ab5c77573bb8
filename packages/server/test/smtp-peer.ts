import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for the tests that send mail (SMTP_URL pointed at it), and what it received read
// back as a mail client would (postal-mime).

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

export interface ParsedMail {
  /** Header values by lower-case name, as sent (unfolded; the first of a repeated header). */
  headers: Record<string, string>;
  /** The subject, encoded words decoded. */
  subject: string;
  /** The body parts by media type: the plain text, the HTML, then any attachments. */
  parts: { type: string }[];
  text?: string;
  html?: string;
}

/**
 * Read a received message with postal-mime (transfer encodings, charsets, encoded words). It fills a missing text or
 * HTML body from the other one, so tests tell the two parts apart by what only each holds (markdown in the text,
 * tags in the HTML).
 */
export async function parseMail(raw: string): Promise<ParsedMail> {
  const email = await PostalMime.parse(raw);
  const headers: Record<string, string> = {};
  for (const h of email.headers) headers[h.key] ??= h.value;
  return {
    headers,
    subject: email.subject ?? '',
    parts: [
      ...(email.text !== undefined ? [{ type: 'text/plain' }] : []),
      ...(email.html !== undefined ? [{ type: 'text/html' }] : []),
      ...email.attachments.map((a) => ({ type: a.mimeType })),
    ],
    text: email.text,
    html: email.html,
  };
}
