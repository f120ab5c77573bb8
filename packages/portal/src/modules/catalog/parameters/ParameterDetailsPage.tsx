import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { parameterResource, type Parameter } from '@trellis/domain/catalog/parameter';
import { countryName } from '@trellis/domain/format/display';
import { choicesOf } from '@trellis/domain/parameters/dependencies';
import type { ParameterPhase, ParamValue } from '@trellis/domain/parameters/types';
import { useGet } from '../../../api/hooks.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { ResourceDetail, type DetailItem } from '../../../components/ResourceDetail.tsx';
import { ParameterForm } from '../../../components/ParameterForm/index.ts';
import { deletedNotice } from '../common/notices.ts';
import { withVersion } from '../common/paths.ts';
import { useProductPart } from '../common/useProductPart.ts';
import { ReadOnlyBanner } from '../product/ReadOnlyBanner.tsx';
import { ConfigurationValues } from './ConfigurationValues.tsx';
import { parameterUrl, phaseTabUrl, useProductParameters } from './data.ts';
import { ParameterDialog } from './ParameterDialog.tsx';
import { ConstraintChips, titlesOf } from './ParametersTab.tsx';

/** The phase of the page from its route (ordering / fulfillment details, or configuration details). */
function phaseOf(pathname: string): ParameterPhase {
  if (/\/parameters\/fulfillment\//.test(pathname)) return 'fulfillment';
  if (/\/configuration\//.test(pathname)) return 'configuration';
  return 'ordering';
}

/** What a definition holds beyond its declared fields: choices, lengths, the dependency, a phone's country. */
function definitionRows(p: Parameter, titleOf: (name: string) => string): DetailItem[] {
  const c = p.constraints;
  const dep = c.dependency;
  const choices = choicesOf(p);
  const rows: DetailItem[] = [];
  if (choices.length)
    rows.push({
      label: 'Choices',
      value: choices.map((ch) => `${ch.label} (${ch.value})${ch.default ? ' — default' : ''}`).join(', '),
    });
  if (c.min_length != null || c.max_length != null)
    rows.push({
      label: 'Length',
      value: [c.min_length != null && `at least ${c.min_length}`, c.max_length != null && `at most ${c.max_length}`]
        .filter(Boolean)
        .join(', '),
    });
  if (dep?.parameter?.name)
    rows.push({
      label: 'Dependency',
      value: `Shown when ${titleOf(dep.parameter.name)} is ${dep.values?.length ? dep.values.join(' or ') : 'set'}${
        dep.hidden === false ? ' (otherwise shown, optional)' : ''
      }`,
    });
  if (p.type === 'phone') rows.push({ label: 'Default country', value: countryName(p.default_country) });
  return rows;
}

/**
 * One parameter (routes product.parameters.ordering.details, .fulfillment.details and
 * product.configuration.details): its declared fields, how its field looks, edit and delete; for a
 * configuration parameter, its values per product / item / marketplace.
 */
export default function ParameterDetailsPage() {
  const { id: productId = '', parameterId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const routePhase = phaseOf(location.pathname);
  const part = useProductPart(productId, 'parameters', parameterId, parameterResource, routePhase);
  const p = useGet<Parameter>(part.path).data; // the same query ResourceDetail reads
  const siblings = useProductParameters(productId, part.version);
  const titleOf = useMemo(() => titlesOf(siblings.data ?? []), [siblings.data]);
  const phase = p?.phase ?? routePhase;
  const back = phaseTabUrl(productId, phase, part.version);
  const [editing, setEditing] = useState(false);
  const [sample, setSample] = useState<Record<string, ParamValue>>({});
  const alone = useMemo(
    () => (p ? [{ ...p, constraints: { ...p.constraints, dependency: null, hidden: false } }] : []),
    [p],
  );
  usePageChrome({ backRoute: back }, [back]);

  return (
    <>
      <ResourceDetail<Parameter>
        key={part.path}
        resource={part.decl}
        path={part.path}
        title={(x) => x.title}
        render={{ constraints: (x) => <ConstraintChips p={x} titleOf={titleOf} /> }}
        extra={(x) => definitionRows(x, titleOf)}
        banner={() => (
          <ReadOnlyBanner
            reason={part.reason}
            owner={part.product.data?.owner?.name ?? 'another account'}
            version={part.version}
            latestUrl={withVersion(parameterUrl(productId, phase, parameterId))}
          />
        )}
        buttons={() =>
          part.readOnly ? null : (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
        onDeleted={(x) => navigate(back, { replace: true, state: deletedNotice(parameterResource, x) })}
      />
      {p && p.type !== 'heading' && p.type !== 'content' && p.phase !== 'configuration' && (
        <Paper variant="outlined" sx={{ p: 3, mt: 2 }} component="section" aria-label="Field preview">
          <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            How the field looks
          </Typography>
          <ParameterForm parameters={alone} values={sample} onChange={setSample} />
        </Paper>
      )}
      {p?.phase === 'configuration' && (
        <ConfigurationValues productId={productId} parameter={p} readOnly={part.readOnly} />
      )}
      {p && !part.readOnly && (
        <ParameterDialog
          open={editing}
          productId={productId}
          phase={p.phase}
          parameter={p}
          siblings={siblings.data ?? []}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </>
  );
}
