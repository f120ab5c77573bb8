import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Contract } from '@trellis/domain/partners/contract';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { errorMessage } from '../../../api/errors.ts';
import { FieldList } from '../../../components/FieldList.tsx';
import { shownValue } from '../../fulfillment/tier-configs/ParamValues.tsx';
import { asParamValue, useContractData, useEnrollForm } from './enrollForm.ts';

const KIND_LABELS = { enroll: 'Enrolment', product: 'Product', item: 'Item' } as const;

/** The answers the partner gave on the agreement's forms, titled as the form asks them. */
export function ContractDataTab({ contract }: { contract: Contract }) {
  const data = useContractData(contract.id);
  const enroll = useEnrollForm(contract.agreement.id);
  if (data.isError) return <Typography color="error">{errorMessage(data.error)}</Typography>;
  if (!data.data) return <Skeleton variant="rounded" height={120} />;
  const answered = data.data.filter((d) => Object.keys(d.data ?? {}).length > 0);
  if (!answered.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {contract.status === 'enrolling'
          ? `No answers yet: ${contract.owner.name} fills in the form when enrolling.`
          : 'The contract holds no form answers.'}
      </Typography>
    );
  const fields = enroll.data?.form?.schema.fields ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {answered.map((d, i) => (
        <Box key={d.id ?? i} component="section" aria-label={`${KIND_LABELS[d.type]} answers`}>
          <Typography variant="overline" component="h3" color="text.secondary">
            {[KIND_LABELS[d.type], d.product?.name, d.item?.name].filter(Boolean).join(' · ')}
            {d.form_version?.version ? ` · form version ${d.form_version.version}` : ''}
          </Typography>
          <FieldList
            items={Object.entries(d.data).map(([name, v]) => {
              const f = d.type === 'enroll' ? fields.find((x) => x.name === name) : undefined;
              const param = { type: f?.type ?? 'text', ...asParamValue(v) } as RequestParam;
              return { label: f?.title || name, value: shownValue(param) };
            })}
          />
        </Box>
      ))}
    </Box>
  );
}
