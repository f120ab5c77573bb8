import { useMemo } from 'react';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { ParameterForm } from '../../../../components/ParameterForm/index.ts';
import { formParameter, paramValues } from '../order/order.ts';

/** The subscription's parameter values, read-only, ordering ones (the provider's) then fulfillment ones (the vendor's). */
export function AssetParams({ params }: { params: readonly RequestParam[] }) {
  const groups = useMemo(() => {
    const phase = new Map(params.map((p) => [p.id, p.phase]));
    return [
      {
        id: 'ordering',
        label: 'Ordering parameters',
        match: (p: { name: string }) => phase.get(p.name) === 'ordering',
      },
      {
        id: 'fulfillment',
        label: 'Fulfillment parameters',
        match: (p: { name: string }) => phase.get(p.name) === 'fulfillment',
      },
    ];
  }, [params]);
  return (
    <ParameterForm
      parameters={params.map(formParameter)}
      values={paramValues(params)}
      onChange={() => {}}
      readOnly
      groups={groups}
    />
  );
}
