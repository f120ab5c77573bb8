import { reportResource } from '@trellis/domain/reporting/report';
import { reportRepositoryResource } from '@trellis/domain/reporting/repository';
import { reportScheduleResource } from '@trellis/domain/reporting/schedule';
import { reportTemplateResource } from '@trellis/domain/reporting/template';
import { apiUrl } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';

/** The pages. */
export const reportsPath = () => pathTo('reports', { tab: 'history' });
export const schedulesPath = () => pathTo('reports', { tab: 'schedules' });
export const reportPagePath = (id: string) => pathTo('reports.details', { id });
export const schedulePagePath = (id: string) => pathTo('reports.schedules.details', { id });
export const templatePagePath = (id: string) => pathTo('settings.reports.template.details', { id });
export const repositoriesPath = () => pathTo('settings.reports', { tab: 'repositories' });
export const repositoryPagePath = (id: string) => pathTo('settings.reports.repository.details', { id });

/** The API (under /public/v1). */
export const reportApiPath = (id: string) => `${reportResource.path}/${id}`;
export const scheduleApiPath = (id: string) => `${reportScheduleResource.path}/${id}`;
export const templateApiPath = (id: string) => `${reportTemplateResource.path}/${id}`;
export const repositoryApiPath = (id: string) => `${reportRepositoryResource.path}/${id}`;
/** The succeeded report's file (a GET: the session cookie authenticates the browser's download). */
export const reportDownloadUrl = (id: string) => apiUrl(`${reportApiPath(id)}/download`);
