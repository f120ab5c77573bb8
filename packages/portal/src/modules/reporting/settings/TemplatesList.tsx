import { reportTemplateResource, type ReportTemplate } from '@trellis/domain/reporting/template';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { templateApiPath, templatePagePath } from '../paths.ts';

/**
 * The report templates this account's side may run (declared columns), with enable / disable where the account owns
 * the template's repository (the built-in templates are Trellis's own: no account switches them off for everyone).
 */
export function TemplatesList() {
  return (
    <ResourceTable<ReportTemplate>
      resource={reportTemplateResource}
      noun="report templates"
      rowLink={(t) => templatePagePath(t.id)}
      rowActions={(t) => <ActionBar resource={reportTemplateResource} obj={t} path={templateApiPath(t.id)} />}
    />
  );
}
