import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { DomainsList } from '../domains/DomainsList.tsx';

/** Settings › Users › Policies: the account's domains, each proven by a DNS record. */
export function DomainsSection() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Domains
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Domains your organisation owns. Once a domain is verified, the users of this account whose e-mail is at that
          domain are its users.
        </Typography>
        <DomainsList />
      </CardContent>
    </Card>
  );
}
