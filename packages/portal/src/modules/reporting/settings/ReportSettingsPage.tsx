import { TabbedListPage } from '../../../components/TabbedListPage.tsx';
import { RepositoriesList } from './RepositoriesList.tsx';
import { TemplatesList } from './TemplatesList.tsx';

/** Settings › Reports (spec §2): the report templates, and the repositories they come from. */
export default function ReportSettingsPage() {
  return (
    <TabbedListPage
      route="settings.reports"
      tabs={{
        templates: { content: <TemplatesList /> },
        repositories: { content: <RepositoriesList /> },
      }}
    />
  );
}
