import { sql } from 'kysely';
import { RENDERER_LABELS, type Report, type ReportSchedule } from '@trellis/domain';
import { formatBytes } from '@trellis/domain/format/bytes';
import { queueMail } from '../../mail/outbox.ts';
import type { Db } from '../../resources/engine.ts';
import { activeContacts } from '../identity/public.ts';
import { brandedHtml, escapeHtml, mailLook } from '../notifications/public.ts';

// A schedule's run has finished: each of the schedule's recipients who is still an active user of its account gets
// one mail, queued in the transaction that marks the report finished (jobs.ts), so none is lost or sent twice. It
// names the report and links to its page in the portal, which asks for a sign-in: never to the file itself.

/** The portal's page of a report (route `reports.details`, portal modules/reporting/routes.ts). */
export const reportPageUrl = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/reports/history/${encodeURIComponent(id)}`;
/** The portal's page of a schedule (route `reports.schedules.details`). */
const schedulePageUrl = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/reports/schedules/${encodeURIComponent(id)}`;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The schedule's recipients as it stands now (none when it was deleted meanwhile). */
async function recipientIds(db: Db, report: Report): Promise<string[]> {
  if (!report.schedule) return [];
  const { rows } = await sql<{ recipients: ReportSchedule['recipients'] | null }>`
    select data->'recipients' as recipients from report_schedules
    where id = ${report.schedule.id} and account_id = ${report.owner.id}`.execute(db);
  return (rows[0]?.recipients ?? []).map((r) => r.id);
}

/** The lines of the mail: what the report is, the failure when it failed, and the link. */
function content(report: Report, scheduleName: string, link: string) {
  const failed = report.status === 'failed';
  const name = oneLine(report.name);
  const facts: [string, string][] = [
    ['Report', name],
    ['Template', report.template.name],
    ['Format', RENDERER_LABELS[report.renderer] ?? report.renderer],
    ...(failed ? [] : ([['Size', formatBytes(report.report_size ?? 0)]] as [string, string][])),
  ];
  const intro = failed
    ? `The report of the schedule "${scheduleName}" failed:`
    : `The report of the schedule "${scheduleName}" is ready.`;
  const reason = failed ? (report.failure_output ?? 'The report failed.') : null;
  const action = failed ? 'See it in the portal:' : 'Open it in the portal (sign in to download it):';
  const text =
    `${intro}\n\n${reason ? `${reason}\n\n` : ''}` +
    `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${action}\n${link}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    (reason ? `<p style="white-space:pre-wrap">${escapeHtml(reason)}</p>` : '') +
    `<table role="presentation" cellpadding="0" cellspacing="0">${facts
      .map(
        ([k, v]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#757575">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>` +
    `<p>${escapeHtml(action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { subject: `${failed ? 'Report failed' : 'Report ready'}: ${name}`, text, html };
}

/**
 * Queue the mails of a schedule's report that has just succeeded or failed: one per recipient still an active user of
 * the account. Nothing for a report run by hand, or one still running.
 */
export async function mailScheduleRecipients(db: Db, report: Report, publicUrl: string): Promise<string[]> {
  if (!report.schedule || (report.status !== 'succeeded' && report.status !== 'failed')) return [];
  const accountId = report.owner.id;
  const to = await activeContacts(db, [accountId], await recipientIds(db, report));
  if (!to.length) return [];
  const scheduleName = oneLine(report.schedule.name);
  const { subject, text, html } = content(report, scheduleName, reportPageUrl(publicUrl, report.id));
  const footer =
    `You receive this as a recipient of the report schedule "${scheduleName}" of ${report.owner.name}: ` +
    schedulePageUrl(publicUrl, report.schedule.id);
  const look = await mailLook(db, accountId);
  const ids: string[] = [];
  for (const user of to)
    ids.push(
      await queueMail(db, {
        to: user.email,
        accountId,
        subject,
        text: `Hello ${user.name},\n\n${text}\n--\n${footer}\n`,
        html: brandedHtml(look, `<p>Hello ${escapeHtml(user.name)},</p>${html}`, footer),
      }),
    );
  return ids;
}
