import { atStart } from '../start-work.ts';
import { defineArea } from '../types.ts';
import { downloadRoute } from './download.ts';
import { EXPIRE_JOB, expireReportsJob, runReportJob } from './jobs.ts';
import { reports, RUN_JOB } from './reports.ts';
import { CONFIGURE_JOB, configureRepositoryJob } from './repositories/configure.ts';
import { repositoryRoutes } from './repositories/routes.ts';
import { bindSettings } from './settings.ts';
import { reportSchedules, runSchedulesJob, SCHEDULE_JOB } from './schedules.ts';
import { reportRepositories, reportTemplates, syncBuiltins } from './templates.ts';

/**
 * Reports (MD-0008): the built-in repository and templates, accounts' uploaded repositories, reports run off the
 * request thread, their files, and schedules.
 */
export const reporting = defineArea({
  name: 'reporting',
  resources: [reportRepositories, reportTemplates, reports, reportSchedules],
  routes(api) {
    bindSettings(api.db, api.config);
    downloadRoute(api);
    repositoryRoutes(api);
    atStart(api, 'reports: the built-in templates', () => syncBuiltins(api.db));
  },
  jobs: {
    [RUN_JOB]: runReportJob,
    [EXPIRE_JOB]: expireReportsJob,
    [SCHEDULE_JOB]: runSchedulesJob,
    [CONFIGURE_JOB]: configureRepositoryJob,
  },
});
