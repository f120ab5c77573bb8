import { DEFAULT_BRAND } from '@trellis/domain';
import type { Db } from '../../resources/engine.ts';
import { brandById, brandOfAccount } from '../branding/public.ts';

// Notification mail in the look of the account's brand (its own, else its parent's, else Trellis's): a bar in the
// brand's primary colour with its title, the rendered body, and a footer saying why the mail came.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const colour = (c: string | undefined, fallback: string) => (c && /^#[0-9a-f]{3,8}$/i.test(c) ? c : fallback);

export interface MailLook {
  title: string;
  primary: string;
  navText: string;
}

/** The brand the account's mails wear. */
export async function mailLook(db: Db, accountId: string): Promise<MailLook> {
  const brand = (await brandById(db as never, await brandOfAccount(db, accountId))) ?? DEFAULT_BRAND;
  return {
    title: brand.title,
    primary: colour(brand.theme.primary, DEFAULT_BRAND.theme.primary),
    navText: colour(brand.theme.navText, '#ffffff'),
  };
}

/** A whole HTML mail around a body already rendered safely (markdown-it, raw HTML off); `footer` is plain text. */
export function brandedHtml(look: MailLook, bodyHtml: string, footer: string): string {
  const f = escapeHtml(footer);
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:Roboto,Helvetica,Arial,sans-serif;color:#212121">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:4px">
<tr><td style="background:${look.primary};color:${look.navText};padding:16px 24px;font-size:18px;font-weight:500;border-radius:4px 4px 0 0">${escapeHtml(look.title)}</td></tr>
<tr><td style="padding:24px;font-size:14px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#757575;border-top:1px solid #e0e0e0">${f}</td></tr>
</table></td></tr></table></body></html>`;
}
