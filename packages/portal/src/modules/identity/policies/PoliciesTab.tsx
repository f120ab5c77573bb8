import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldList } from '../../../components/FieldList.tsx';
import { AccessRulesSection } from './AccessRulesSection.tsx';
import { DomainsSection } from './DomainsSection.tsx';
import { IdentityProvidersSection } from './IdentityProvidersSection.tsx';
import { SsoServicesSection } from './SsoServicesSection.tsx';
import { MfaPolicySection } from './MfaPolicySection.tsx';

/** Settings › Users › Policies: one section per policy of the account, each in its own file. */
export function PoliciesTab({ canWrite }: { canWrite: boolean }) {
  return (
    <Stack spacing={2}>
      <MfaPolicySection canWrite={canWrite} />
      <DomainsSection />
      <IdentityProvidersSection />
      <SsoServicesSection />
      <AccessRulesSection />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            Passwords
          </Typography>
          <FieldList
            items={[{ label: 'Password rule', value: '8 to 128 characters, at least one letter and one digit' }]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
