import { pathTo } from '../../app/routes.ts';

export const leadPath = (id: string) => pathTo('leads.records.details', { id });
export const leadFormPath = (id: string) => pathTo('leads.forms.details', { id });
export const leadFormsPath = () => pathTo('leads', { tab: 'forms' });
/** The public page of a listing's lead form, as visitors (and other sites' links and iframes) open it. */
export const embedUrl = (listingId: string) => `${window.location.origin}${pathTo('leads.embed', { listingId })}`;
